/**
 * The persist-then-send outbox (src/table/table-outbox.ts) on a scripted
 * store, without a hand: each own event is stored (under its author and
 * number) before it is sent, in order, after the seat's secrets; a failed
 * save is retried with doubling waits and said in the log (a seat's
 * secrets retried as their newest version); one that fails
 * five times (or while the table closes) stops its own hand (the write's,
 * not the one running by then) with this browser's failure named, and
 * nothing more of that hand is sent; received events are stored best effort;
 * stored events are read back verified, undecodable and foreign ones dropped.
 * With a store that journals (the browser's localStorage journal), an own
 * event goes in the task that made it, its author's newest secrets of the
 * hand journaled with it, and is still written after; a journal that
 * refuses sends nothing ahead of the events waiting for their writes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableOutbox, errorText, type OutboxHost, type SeatSecrets } from '../../src/table/table-outbox.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { encodeEnvelope, keyHex, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import type { HandSecrets } from '../../src/table/hand-session.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'abcdefgh-0123456789abcdef';
const ann = testSigner(1);

function event(n: number, hand = 0, signer = ann, table = TABLE): EnvelopeOf<'table-event'> {
  return signEnvelope(signer, {
    kind: 'table-event',
    table,
    seq: n + 1,
    to: null,
    body: { hand, n, at: 0, hash: new Uint8Array(32), type: 'act', data: { n } },
  });
}

/** A memory store whose saves fail as scripted (per call: true = fail), recording the order of writes. */
class ScriptedStore extends MemoryTableStore {
  readonly writes: string[] = [];
  failEvents: boolean[] = [];
  failSecrets: boolean[] = [];
  override async saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array) {
    this.writes.push(`event ${hand} ${key}`);
    if (this.failEvents.shift()) throw new Error('quota exceeded');
    return super.saveHandEvent(table, hand, key, bytes);
  }
  /** Own writes, each as `hand key`, and `with seatKey` when it carries that seat's secrets. */
  readonly own: string[] = [];
  override async saveOwnEvent(table: string, hand: number, key: string, bytes: Uint8Array, secrets?: SeatSecrets) {
    this.own.push(`${hand} ${key}${secrets ? ` with ${secrets.seatKey}` : ''}`);
    return super.saveOwnEvent(table, hand, key, bytes, secrets);
  }
  override async saveHandSecrets(table: string, hand: number, seatKey: string, secrets: HandSecrets) {
    this.writes.push(`secrets ${hand} ${seatKey.slice(0, 4)}`);
    if (this.failSecrets.shift()) throw 'disk full';
    return super.saveHandSecrets(table, hand, seatKey, secrets);
  }
}

/** A scripted store with a synchronous journal (as the browser's, in localStorage), which refuses as scripted. */
class JournalingStore extends ScriptedStore {
  readonly journaled: { hand: number; key: string; secrets?: SeatSecrets }[] = [];
  refuse: boolean[] = [];
  journalOwnEvent(_table: string, hand: number, key: string, _bytes: Uint8Array, secrets?: SeatSecrets): boolean {
    if (this.refuse.shift()) return false;
    this.journaled.push({ hand, key, ...(secrets ? { secrets } : {}) });
    return true;
  }
}

function makeOutbox(retry: number | 'default' = 1, journal = false) {
  const retryMs = retry === 'default' ? undefined : retry;
  const store = journal ? new JournalingStore() : new ScriptedStore();
  const log: [string, string | undefined][] = [];
  const failed: [number, number, string][] = [];
  const state = { closed: false };
  const host: OutboxHost = {
    store,
    now: {
      table: TABLE,
      get closed() {
        return state.closed;
      },
    },
    retryMs,
    onLog: (line, level) => log.push([line, level]),
    failed: (seat, hand, detail) => failed.push([seat, hand, detail]),
  };
  return { outbox: new TableOutbox(host), store, log, failed, state, journal: store as JournalingStore };
}

const settle = async (ms = 100) => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, ms / 5));
};

afterEach(() => {
  vi.useRealTimers();
});

describe('own events', () => {
  it('are stored under author:n, then sent, in order, after the secrets', async () => {
    const { outbox, store, log, failed } = makeOutbox();
    const sent: number[] = [];
    outbox.keepSecrets(1, 0, 'beef' + keyHex(ann.publicKey), { s: 1 } as unknown as HandSecrets);
    outbox.sendAfterStoring(1, event(0), () => sent.push(0));
    outbox.sendAfterStoring(1, event(1), () => sent.push(1));
    expect(sent).toEqual([]);
    await settle();
    expect(sent).toEqual([0, 1]);
    const author = keyHex(ann.publicKey);
    expect(store.writes).toEqual(['secrets 0 beef', `event 0 ${author}:0`, `event 0 ${author}:1`]);
    expect(await store.loadHandSecrets(TABLE, 0, 'beef' + author)).toEqual({ s: 1 });
    expect(await outbox.storedEvents(0)).toEqual([event(0), event(1)]);
    expect(log).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('hands `send` the very bytes it stored (the mesh broadcasts them without encoding again)', async () => {
    const { outbox } = makeOutbox();
    const sent: Uint8Array[] = [];
    outbox.sendAfterStoring(1, event(0), (bytes) => sent.push(bytes));
    await settle();
    expect(sent).toEqual([encodeEnvelope(event(0))]);
  });

  it('a fresh outbox holds no hand as unstorable: the first own event of hand 1 is stored and sent', async () => {
    const { outbox, store, failed } = makeOutbox();
    const sent: number[] = [];
    outbox.sendAfterStoring(0, event(0, 1), () => sent.push(0));
    await settle();
    expect(sent).toEqual([0]);
    expect(store.writes).toEqual([`event 1 ${keyHex(ann.publicKey)}:0`]);
    expect(failed).toEqual([]);
  });

  it('a failed save is retried with doubling waits, said each time, and then sent', async () => {
    vi.useFakeTimers();
    const { outbox, store, log, failed } = makeOutbox(100);
    store.failEvents = [true, true, true];
    const sent: number[] = [];
    outbox.sendAfterStoring(0, event(0), () => sent.push(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.writes.length).toBe(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(store.writes.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.writes.length).toBe(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(store.writes.length).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.writes.length).toBe(3);
    await vi.advanceTimersByTimeAsync(399);
    expect(store.writes.length).toBe(3);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.writes.length).toBe(4);
    expect(sent).toEqual([0]);
    expect(log).toEqual(
      Array.from({ length: 3 }, () => ['storing its act event failed (quota exceeded); trying again', 'warn']),
    );
    expect(failed).toEqual([]);
  });

  it("a retried save of a seat's secrets stores its newest ones, never older ones over them", async () => {
    // The seat keeps its secrets twice (its ready, then its shuffle); the first write fails once, and the second lands
    // at once (a secrets write starts as the seat makes them). The retry must not put the older secrets back: the
    // shuffle step goes out after it, and a reload would come back without the keys it was made with.
    const { outbox, store, failed } = makeOutbox(1);
    store.failSecrets = [true];
    const sent: number[] = [];
    const key = 'beef' + keyHex(ann.publicKey);
    outbox.keepSecrets(0, 0, key, { s: 'ready' } as unknown as HandSecrets);
    outbox.sendAfterStoring(0, event(0), () => sent.push(0));
    outbox.keepSecrets(0, 0, key, { s: 'shuffle' } as unknown as HandSecrets);
    outbox.sendAfterStoring(0, event(1), () => sent.push(1));
    await settle();
    expect(sent).toEqual([0, 1]);
    expect(failed).toEqual([]);
    expect(store.writes.filter((w) => w.startsWith('secrets'))).toHaveLength(3);
    expect(await store.loadHandSecrets(TABLE, 0, key)).toEqual({ s: 'shuffle' });
  });

  it('waits 250 ms first unless told otherwise', async () => {
    vi.useFakeTimers();
    const { outbox, store } = makeOutbox('default');
    store.failEvents = [true];
    outbox.sendAfterStoring(0, event(0), () => {});
    await vi.advanceTimersByTimeAsync(249);
    expect(store.writes.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.writes.length).toBe(2);
  });

  it('five failures stop the hand with this browser named; nothing more of the hand is sent', async () => {
    const { outbox, store, log, failed } = makeOutbox(1);
    store.failEvents = [true, true, true, true, true];
    const sent: number[] = [];
    outbox.sendAfterStoring(2, event(0), () => sent.push(0));
    outbox.sendAfterStoring(2, event(1), () => sent.push(1));
    await settle(200);
    const detail =
      'this browser could not store its act event (quota exceeded), so it was not sent: free some storage and reload';
    expect(failed).toEqual([[2, 0, detail]]);
    expect(log.at(-1)).toEqual([detail, 'error']);
    expect(log.filter(([, level]) => level === 'warn')).toHaveLength(4);
    expect(store.writes.length).toBe(5);
    expect(sent).toEqual([]);
    // The next hand is stored and sent again.
    outbox.sendAfterStoring(2, event(0, 1), () => sent.push(10));
    await settle();
    expect(sent).toEqual([10]);
    expect(failed.length).toBe(1);
  });

  it("a write that fails for good names its own hand, even once the next hand's writes are queued; those still go out", async () => {
    const { outbox, store, failed } = makeOutbox(1);
    store.failEvents = [true, true, true, true, true];
    const sent: number[] = [];
    // Hand 1's last event (say its abandon) is still being retried when a rematch queues hand 2's first events.
    outbox.sendAfterStoring(0, event(3, 0), () => sent.push(3));
    outbox.keepSecrets(0, 1, 'cafe', {} as HandSecrets);
    outbox.sendAfterStoring(0, event(0, 1), () => sent.push(10));
    await settle(200);
    expect(failed.map(([seat, hand]) => [seat, hand])).toEqual([[0, 0]]);
    expect(sent).toEqual([10]);
  });

  it('a failure while the table closes stops at once; a stored event is not sent once closed', async () => {
    const { outbox, store, failed, log, state } = makeOutbox(1);
    const sent: number[] = [];
    state.closed = true;
    outbox.sendAfterStoring(0, event(0), () => sent.push(0));
    await settle();
    expect(sent).toEqual([]);
    expect(store.writes.length).toBe(1);
    store.failEvents = [true];
    outbox.sendAfterStoring(0, event(1), () => sent.push(1));
    await settle();
    expect(store.writes.length).toBe(2);
    expect(failed).toEqual([
      [
        0,
        0,
        'this browser could not store its act event (quota exceeded), so it was not sent: free some storage and reload',
      ],
    ]);
    expect(log).toEqual([[failed[0]![2], 'error']]);
  });

  it('secrets that cannot be stored stop the hand before its events go out', async () => {
    const { outbox, store, failed } = makeOutbox(1);
    store.failSecrets = [true, true, true, true, true];
    const sent: number[] = [];
    outbox.keepSecrets(1, 0, 'cafe', {} as HandSecrets);
    outbox.sendAfterStoring(1, event(0), () => sent.push(0));
    await settle(200);
    expect(failed).toEqual([
      [
        1,
        0,
        'this browser could not store its act event and the secrets it depends on (disk full), so it was not sent: free some storage and reload',
      ],
    ]);
    expect(sent).toEqual([]);
    expect(store.writes.filter((w) => w.startsWith('secrets')).length).toBe(5);
    expect(store.writes.filter((w) => w.startsWith('event')).length).toBe(0);
  });

  it('secrets kept alone are written once the code that kept them has run; a failed write is retried in the queue', async () => {
    const { outbox, store, failed, log } = makeOutbox(1);
    store.failSecrets = [true];
    outbox.keepSecrets(1, 3, 'cafe', { s: 2 } as unknown as HandSecrets);
    expect(store.writes).toEqual([]);
    await Promise.resolve();
    expect(store.writes).toEqual(['secrets 3 cafe']);
    await settle();
    expect(store.writes).toEqual(['secrets 3 cafe', 'secrets 3 cafe']);
    expect(log).toEqual([['storing its secrets failed (disk full); trying again', 'warn']]);
    expect(failed).toEqual([]);
    expect(await store.loadHandSecrets(TABLE, 3, 'cafe')).toEqual({ s: 2 });
  });

  it('an event carries the secrets its seat kept for it in one write, which starts at once when nothing is queued', async () => {
    const { outbox, store } = makeOutbox();
    const author = keyHex(ann.publicKey);
    outbox.keepSecrets(1, 0, 'beef', { s: 1 } as unknown as HandSecrets);
    outbox.sendAfterStoring(1, event(0), () => {});
    // Another seat of this page (a bot it hosts) keeps its own: they go with its own event, not with this one.
    outbox.keepSecrets(2, 0, 'cafe', { s: 2 } as unknown as HandSecrets);
    outbox.sendAfterStoring(2, event(1), () => {});
    expect(store.own).toEqual([`0 ${author}:0 with beef`]);
    await settle();
    expect(store.own).toEqual([`0 ${author}:0 with beef`, `0 ${author}:1 with cafe`]);
    expect(store.writes).toEqual(['secrets 0 beef', `event 0 ${author}:0`, 'secrets 0 cafe', `event 0 ${author}:1`]);
  });

  it("an event of another seat or hand than the kept secrets' does not carry them: they are written first, on their own", async () => {
    const { outbox, store } = makeOutbox();
    const author = keyHex(ann.publicKey);
    const sent: number[] = [];
    outbox.keepSecrets(1, 0, 'beef', { s: 1 } as unknown as HandSecrets);
    outbox.sendAfterStoring(2, event(0), () => sent.push(0));
    outbox.keepSecrets(1, 0, 'beef', { s: 2 } as unknown as HandSecrets);
    outbox.sendAfterStoring(1, event(1, 1), () => sent.push(1));
    await settle();
    expect(store.own).toEqual([`0 ${author}:0`, `1 ${author}:1`]);
    expect(store.writes).toEqual(['secrets 0 beef', `event 0 ${author}:0`, 'secrets 0 beef', `event 1 ${author}:1`]);
    expect(sent).toEqual([0, 1]);
    expect(await store.loadHandSecrets(TABLE, 0, 'beef')).toEqual({ s: 2 });
  });
});

describe('own events through a journal', () => {
  const author = keyHex(ann.publicKey);

  it("go in the task that made them, journaled with their author's newest secrets of the hand, and are written after", async () => {
    const { outbox, store, journal, failed } = makeOutbox(1, true);
    const sent: number[] = [];
    outbox.keepSecrets(0, 0, author, { s: 1 } as unknown as HandSecrets);
    outbox.sendAfterStoring(0, event(0), () => sent.push(0));
    outbox.sendAfterStoring(0, event(1), () => sent.push(1));
    expect(sent).toEqual([0, 1]);
    expect(journal.journaled).toEqual([
      { hand: 0, key: `${author}:0`, secrets: { seatKey: author, secrets: { s: 1 } } },
      { hand: 0, key: `${author}:1`, secrets: { seatKey: author, secrets: { s: 1 } } },
    ]);
    await settle();
    expect(store.own).toEqual([`0 ${author}:0 with ${author}`, `0 ${author}:1`]);
    expect(await outbox.storedEvents(0)).toEqual([event(0), event(1)]);
    expect(outbox.withheld(event(1))).toBe(false);
    expect(failed).toEqual([]);
  });

  it("do not carry another hand's secrets", () => {
    const { outbox, journal } = makeOutbox(1, true);
    outbox.keepSecrets(0, 0, author, { s: 1 } as unknown as HandSecrets);
    outbox.sendAfterStoring(0, event(0, 1), () => {});
    expect(journal.journaled).toEqual([{ hand: 1, key: `${author}:0` }]);
  });

  it('a refused journal entry waits for its write, and a later event does not overtake it', async () => {
    const { outbox, journal } = makeOutbox(1, true);
    journal.refuse = [true];
    const sent: number[] = [];
    outbox.sendAfterStoring(0, event(0), () => sent.push(0));
    outbox.sendAfterStoring(0, event(1), () => sent.push(1));
    expect(sent).toEqual([]);
    expect(outbox.withheld(event(0))).toBe(true);
    await settle();
    expect(sent).toEqual([0, 1]);
    // Nothing waits any more: the next one goes at once again.
    outbox.sendAfterStoring(0, event(2), () => sent.push(2));
    expect(sent).toEqual([0, 1, 2]);
  });

  it('a journaled event whose write fails for good stops its hand, said as sent; nothing more of that hand goes', async () => {
    const { outbox, store, journal, failed } = makeOutbox(1, true);
    store.failEvents = [true, true, true, true, true];
    const sent: number[] = [];
    outbox.sendAfterStoring(2, event(0), () => sent.push(0));
    await settle(200);
    expect(sent).toEqual([0]);
    expect(failed).toEqual([
      [
        2,
        0,
        'this browser could not store its act event (quota exceeded) after sending it: free some storage and reload',
      ],
    ]);
    outbox.sendAfterStoring(2, event(1), () => sent.push(1));
    await settle();
    expect(sent).toEqual([0]);
    expect(journal.journaled).toHaveLength(1);
  });

  it('nothing is journaled or sent once the table is closed', async () => {
    const { outbox, journal, state } = makeOutbox(1, true);
    state.closed = true;
    const sent: number[] = [];
    outbox.sendAfterStoring(0, event(0), () => sent.push(0));
    await settle();
    expect(sent).toEqual([]);
    expect(journal.journaled).toEqual([]);
  });
});

describe('received events', () => {
  it('are stored by hand and key; a failure is only logged', async () => {
    const { outbox, store, log, failed } = makeOutbox();
    const bo = testSigner(2);
    outbox.saveReceived(event(4, 2, bo));
    await settle();
    store.failEvents = [true];
    outbox.saveReceived(event(5, 2, bo));
    await settle();
    expect(store.writes).toEqual([`event 2 ${keyHex(bo.publicKey)}:4`, `event 2 ${keyHex(bo.publicKey)}:5`]);
    expect(log).toEqual([['could not store an event of hand 3: quota exceeded', 'warn']]);
    expect(failed).toEqual([]);
    expect(await outbox.storedEvents(2)).toEqual([event(4, 2, bo)]);
  });
});

describe('stored events', () => {
  it('are read back verified: garbage, other kinds and other tables are dropped', async () => {
    const { outbox, store } = makeOutbox();
    await store.saveHandEvent(TABLE, 0, 'a', encodeEnvelope(event(0)));
    await store.saveHandEvent(TABLE, 0, 'b', new Uint8Array([1, 2, 3]));
    await store.saveHandEvent(TABLE, 0, 'c', encodeEnvelope(event(1, 0, ann, 'zzzzzzzz-0123456789abcdef')));
    await store.saveHandEvent(
      TABLE,
      0,
      'd',
      encodeEnvelope(signEnvelope(ann, { kind: 'leave', table: TABLE, seq: 9, to: null, body: { rosterVersion: 1 } })),
    );
    await store.saveHandEvent(TABLE, 1, 'e', encodeEnvelope(event(2, 1)));
    expect(await outbox.storedEvents(0)).toEqual([event(0)]);
    expect(await outbox.storedEvents(1)).toEqual([event(2, 1)]);
  });

  it('are dropped when their signature is wrong, also from an author whose events it has verified before', async () => {
    const { outbox, store } = makeOutbox();
    await store.saveHandEvent(TABLE, 0, 'a', encodeEnvelope(event(0)));
    expect(await outbox.storedEvents(0)).toEqual([event(0)]);
    // Ann's key is known now; a later event of hers with one bit of its signature flipped, or with its body
    // changed under her signature, is still not read back.
    const flipped = event(1);
    const sig = flipped.sig.slice();
    sig[5]! ^= 1;
    const changed = event(2);
    await store.saveHandEvent(TABLE, 0, 'b', encodeEnvelope({ ...flipped, sig }));
    await store.saveHandEvent(TABLE, 0, 'c', encodeEnvelope({ ...changed, body: { ...changed.body, n: 3 } }));
    expect(await outbox.storedEvents(0)).toEqual([event(0)]);
  });
});

describe('error text', () => {
  it("is an error's message, or the thrown value as text", () => {
    expect(errorText(new TypeError('bad'))).toBe('bad');
    expect(errorText('plain')).toBe('plain');
    expect(errorText(42)).toBe('42');
  });
});
