/**
 * The own-event journal (src/app/own-journal.ts): an entry reads back as
 * written, bytes and secrets alike, by table and hand; the newest secrets of
 * a seat win; a forgotten entry is gone; a full storage refuses the write
 * (the event then waits for IndexedDB); and what is in storage is read as
 * untrusted input: a table of hostile entries, each dropped, never thrown.
 */
import { describe, expect, it } from 'vitest';
import { OwnJournal } from '../../src/app/own-journal.js';
import type { HandSecrets } from '../../src/table/hand-session.js';
import { MemoryStorage } from '../helpers/memory-storage.js';

const TABLE = 'abcdefgh-0123456789abcdef';
const secrets = (seed: number): HandSecrets => ({
  sealSecret: Uint8Array.from({ length: 32 }, (_, i) => (i * seed) & 0xff),
  packets: [Uint8Array.of(seed, 1, 2), new Uint8Array(40_000).fill(seed)],
  committed: { round: seed, actions: [{ type: 'play', slot: seed }], salt: Uint8Array.of(seed, seed) },
});

describe('own journal', () => {
  it('reads an entry back as written, by table and hand, bytes and secrets alike', () => {
    const journal = new OwnJournal(new MemoryStorage());
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => i & 0xff);
    expect(journal.write(TABLE, 2, 'ab12:7', bytes, { seatKey: 'ab12', secrets: secrets(3) })).toBe(true);
    expect(journal.write(TABLE, 3, 'ab12:8', Uint8Array.of(1))).toBe(true);
    expect(journal.entries(TABLE, 2)).toEqual([
      {
        table: TABLE,
        hand: 2,
        key: 'ab12:7',
        bytes,
        secrets: { seatKey: 'ab12', secrets: secrets(3), order: expect.any(Number) },
      },
    ]);
    expect(journal.entries(TABLE, 3)).toEqual([{ table: TABLE, hand: 3, key: 'ab12:8', bytes: Uint8Array.of(1) }]);
    expect(journal.entries('another-table', 2)).toEqual([]);
    expect(journal.entries()).toHaveLength(2);
  });

  it("gives a seat's newest secrets of a hand, also across pages (a reload journals after the page before)", () => {
    const storage = new MemoryStorage();
    const before = new OwnJournal(storage);
    before.write(TABLE, 0, 'ab12:0', Uint8Array.of(0), { seatKey: 'ab12', secrets: secrets(1) });
    before.write(TABLE, 0, 'cd34:0', Uint8Array.of(0), { seatKey: 'cd34', secrets: secrets(9) });
    const after = new OwnJournal(storage);
    after.write(TABLE, 0, 'ab12:1', Uint8Array.of(1), { seatKey: 'ab12', secrets: secrets(2) });
    after.write(TABLE, 0, 'ab12:2', Uint8Array.of(2));
    expect(after.secrets(TABLE, 0, 'ab12')).toEqual(secrets(2));
    expect(after.secrets(TABLE, 0, 'cd34')).toEqual(secrets(9));
    expect(after.secrets(TABLE, 1, 'ab12')).toBeUndefined();
  });

  it('forgets an entry', () => {
    const storage = new MemoryStorage();
    const journal = new OwnJournal(storage);
    journal.write(TABLE, 0, 'ab12:0', Uint8Array.of(0), { seatKey: 'ab12', secrets: secrets(1) });
    journal.forget(TABLE, 0, 'ab12:0');
    expect(journal.entries()).toEqual([]);
    expect(journal.secrets(TABLE, 0, 'ab12')).toBeUndefined();
    expect(storage.length).toBe(0);
  });

  it('refuses a write a full storage refuses, keeping what it held', () => {
    const journal = new OwnJournal(new MemoryStorage(2_000));
    expect(journal.write(TABLE, 0, 'ab12:0', Uint8Array.of(5))).toBe(true);
    expect(journal.write(TABLE, 0, 'ab12:1', new Uint8Array(4_000))).toBe(false);
    expect(journal.entries().map((e) => e.key)).toEqual(['ab12:0']);
  });

  it.each([
    ['not JSON', 'fairdeck.journal/t/0/k:0', '{'],
    ['no bytes', 'fairdeck.journal/t/0/k:0', '{}'],
    ['bytes not tagged', 'fairdeck.journal/t/0/k:0', '{"bytes":"AAE="}'],
    ['bytes not base64', 'fairdeck.journal/t/0/k:0', '{"bytes":{"$bytes":"%%"}}'],
    ['a hand that is not a number', 'fairdeck.journal/t/x/k:0', '{"bytes":{"$bytes":"AAE="}}'],
    ['no key', 'fairdeck.journal/t/0', '{"bytes":{"$bytes":"AAE="}}'],
    [
      'secrets without a seat',
      'fairdeck.journal/t/0/k:0',
      '{"bytes":{"$bytes":"AAE="},"order":1,"secrets":{"sealSecret":{"$bytes":"AAE="},"packets":[]}}',
    ],
    [
      'secrets without a seal secret',
      'fairdeck.journal/t/0/k:0',
      '{"bytes":{"$bytes":"AAE="},"seatKey":"k","order":1,"secrets":{"packets":[]}}',
    ],
    [
      'a packet that is not bytes',
      'fairdeck.journal/t/0/k:0',
      '{"bytes":{"$bytes":"AAE="},"seatKey":"k","order":1,"secrets":{"sealSecret":{"$bytes":"AAE="},"packets":["x"]}}',
    ],
    [
      'secrets without an order',
      'fairdeck.journal/t/0/k:0',
      '{"bytes":{"$bytes":"AAE="},"seatKey":"k","secrets":{"sealSecret":{"$bytes":"AAE="},"packets":[]}}',
    ],
    [
      'secrets that are null',
      'fairdeck.journal/t/0/k:0',
      '{"bytes":{"$bytes":"AAE="},"seatKey":"k","order":1,"secrets":null}',
    ],
  ])('drops an entry with %s', (_, name, text) => {
    const storage = new MemoryStorage();
    storage.setItem(name, text);
    storage.setItem('fairdeck.settings.v1', '{"name":"Ann"}');
    const journal = new OwnJournal(storage);
    expect(journal.entries()).toEqual([]);
    expect(journal.secrets('t', 0, 'k')).toBeUndefined();
  });
});
