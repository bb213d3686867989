/**
 * The buffer of a hand not started yet (early-events.ts): new events kept in
 * arrival order, duplicates found by signature, and each author held to the
 * per-author limits of a hand's pool, while every key that does not sit at
 * the table shares one budget (a flood under fresh keys is bounded in total,
 * not per key). The pool's limits are mocked small here
 * (3 events, 1,000 bytes) so the edges are reached in a few events; the
 * default limits themselves are checked in event-pool.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { encodeEnvelope, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { EarlyEvents } from '../../src/table/early-events.js';
import { keyHex } from '../../src/net/envelope.js';
import { testSigner } from '../helpers/signers.js';

vi.mock('../../src/table/hand/limits.js', () => ({ LIMITS: { eventsPerAuthor: 3, bytesPerAuthor: 1000 } }));

const a = testSigner(11);
const b = testSigner(12);
const env = (signer: typeof a, seq: number, pad = 0): EnvelopeOf<'table-event'> =>
  signEnvelope(signer, {
    kind: 'table-event',
    table: 't',
    seq,
    to: null,
    body: { hand: 1, n: seq, at: 0, hash: new Uint8Array(32), type: 'abandon', data: { reason: 'x'.repeat(pad) } },
  });

describe('EarlyEvents', () => {
  it('keeps new events in order, finds duplicates by signature', () => {
    const early = new EarlyEvents();
    const e1 = env(a, 1);
    const e2 = env(b, 1);
    expect(early.add(e1)).toBe('new');
    expect(early.add(e2)).toBe('new');
    expect(early.add(e1)).toBe('duplicate');
    expect(early.add({ ...e1, seq: 9 })).toBe('duplicate');
    expect(early.events).toEqual([e1, e2]);
  });

  it('refuses an author past the per-author event limit, and only that author; a refused event is not kept', () => {
    const early = new EarlyEvents();
    const mine = [1, 2, 3].map((seq) => env(a, seq));
    for (const e of mine) expect(early.add(e)).toBe('new');
    const fourth = env(a, 4);
    expect(early.add(fourth)).toBe('over-limit');
    expect(early.add(fourth)).toBe('over-limit');
    expect(early.add(env(b, 1))).toBe('new');
    expect(early.events).toHaveLength(4);
    expect(early.events.slice(0, 3)).toEqual(mine);
  });

  it('refuses an author past the per-author byte limit, counting each envelope’s encoded size, exactly at the edge', () => {
    const one = encodeEnvelope(env(a, 1, 100)).length;
    // Two envelopes leave `left` bytes; a third of exactly that size fits, one byte more does not.
    const left = 1000 - 2 * one;
    const pad = (size: number) => 100 - (one - size);
    const exact = env(a, 3, pad(left));
    expect(encodeEnvelope(exact).length).toBe(left);
    const over = env(a, 3, pad(left) + 1);
    const early = new EarlyEvents();
    expect(early.add(env(a, 1, 100))).toBe('new');
    expect(early.add(env(a, 2, 100))).toBe('new');
    expect(early.add(over)).toBe('over-limit');
    expect(early.add(exact)).toBe('new');
    expect(early.add(env(b, 1, 600))).toBe('new');
  });

  it('shares one budget among every key that does not sit, in events and in bytes, and leaves seats their own', () => {
    const seat = a;
    const sits = (key: string) => key === keyHex(seat.publicKey);
    const early = new EarlyEvents(sits, { events: 5, bytes: 100_000 });
    // Five fresh keys, one event each: the sixth key's event is refused although it is that key's first.
    const strangers = Array.from({ length: 6 }, (_, i) => testSigner(40 + i));
    expect(strangers.map((s) => early.add(env(s, 1)))).toEqual(['new', 'new', 'new', 'new', 'new', 'over-limit']);
    // The seat is bounded by its own per-author limit (3 here), not by the strangers' budget.
    expect([1, 2, 3, 4].map((seq) => early.add(env(seat, seq)))).toEqual(['new', 'new', 'new', 'over-limit']);
    const bytes = new EarlyEvents(sits, { events: 100, bytes: 2 * encodeEnvelope(env(b, 1, 50)).length });
    expect(bytes.add(env(testSigner(50), 1, 50))).toBe('new');
    expect(bytes.add(env(testSigner(51), 1, 50))).toBe('new');
    expect(bytes.add(env(testSigner(52), 1, 0))).toBe('over-limit');
    expect(bytes.events).toHaveLength(2);
  });
});
