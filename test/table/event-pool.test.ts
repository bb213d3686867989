/**
 * The event pool's typed slots: an event fills its slot once (the same event
 * again is a duplicate, another one equivocation — also for one sequence
 * number used twice), acts are kept in their author's order whatever the
 * arrival order, and the per-author count of events held without a gap (for
 * fetch) and the next sequence number follow every insert.
 */
import { describe, expect, it } from 'vitest';
import { EventPool } from '../../src/table/hand/event-pool.js';
import type { EventType, TableEvent } from '../../src/table/transcript.js';
import { loadedNow } from '../helpers/loaded-now.js';

let sigs = 0;
function event<T extends EventType>(seat: number, n: number, type: T, data: unknown, sig = ++sigs): TableEvent<T> {
  const envelope = {
    sig: Uint8Array.from({ length: 64 }, (_, i) => (i < 4 ? (sig >> (8 * i)) & 255 : 0)),
    body: { hand: 0, n, at: 0, hash: new Uint8Array(32), type, data },
  };
  return { envelope, seat, type, data } as unknown as TableEvent<T>;
}

describe('EventPool', () => {
  it('looks events up by their typed slot', () => {
    const pool = new EventPool(3);
    const ready = event(1, 0, 'ready', { sealKey: new Uint8Array(32), setup: new Uint8Array(32) });
    const keys = event(2, 0, 'keys', { request: 4, shares: [], to: null });
    const step = event(0, 0, 'lock', { packet: 1, step: new Uint8Array(1) });
    for (const e of [ready, keys, step]) expect(pool.insert(e)).toBe('new');
    expect(pool.ready(1)).toBe(ready);
    expect(pool.ready(0)).toBeUndefined();
    expect(pool.keys(4, 2)).toBe(keys);
    expect(pool.keys(4, 1)).toBeUndefined();
    expect(pool.step('lock', 1, 0)).toBe(step);
    expect(pool.step('shuffle', 1, 0)).toBeUndefined();
    expect(pool.events()).toEqual([ready, keys, step]);
  });

  it('tells a copy from a second version of a slot, or of a sequence number', () => {
    const pool = new EventPool(2);
    const first = event(0, 0, 'commit', { round: 2, digest: new Uint8Array(32) });
    expect(pool.insert(first)).toBe('new');
    expect(pool.insert(first)).toBe('duplicate');
    expect(pool.insert(event(0, 1, 'commit', { round: 2, digest: new Uint8Array(32).fill(1) }))).toBe('equivocation');
    expect(pool.insert(event(0, 0, 'reveal', { round: 2, actions: [], salt: new Uint8Array(32) }))).toBe(
      'equivocation',
    );
    expect(pool.commit(2, 0)).toBe(first);
  });

  it('keeps acts in their author’s order and counts what is held without a gap', () => {
    const pool = new EventPool(2);
    const acts = [3, 1, 2].map((n) => event(1, n, 'act', { action: n, keys: [] }));
    for (const e of acts) pool.insert(e);
    // Event 0 of the author is missing: no act can be known to be its first, second, … yet (it waits, whatever arrived).
    expect([0, 1, 2].map((i) => pool.act(1, i)?.envelope.body.n)).toEqual([undefined, undefined, undefined]);
    expect(pool.heldInOrder(1)).toBe(0);
    expect(pool.nextSeq(1)).toBe(4);
    pool.insert(event(1, 0, 'ready', { sealKey: new Uint8Array(32), setup: new Uint8Array(32) }));
    expect(pool.heldInOrder(1)).toBe(4);
    expect([0, 1, 2].map((i) => pool.act(1, i)?.envelope.body.n)).toEqual([1, 2, 3]);
    expect(pool.heldInOrder(0)).toBe(0);
    expect(pool.nextSeq(0)).toBe(0);
  });
});

/** One event of each slotted type for `seat`, keyed by `k` (packet, request or round). */
function slotted(seat: number, n: number, k: number): Record<string, TableEvent> {
  return {
    ready: event(seat, n, 'ready', { sealKey: new Uint8Array(32), setup: new Uint8Array(32) }),
    disclose: event(seat, n, 'disclose', { secrets: [], sealSecret: new Uint8Array(32) }),
    abandon: event(seat, n, 'abandon', { reason: 'r' }),
    fault: event(seat, n, 'fault', { code: 'internal', seat: null, detail: 'd' }),
    shuffle: event(seat, n, 'shuffle', { packet: k, step: new Uint8Array(1) }),
    lock: event(seat, n, 'lock', { packet: k, step: new Uint8Array(1) }),
    reshuffle: event(seat, n, 'reshuffle', { packet: k, step: new Uint8Array(1) }),
    keys: event(seat, n, 'keys', { request: k, shares: [], to: null }),
    commit: event(seat, n, 'commit', { round: k, digest: new Uint8Array(32) }),
    reveal: event(seat, n, 'reveal', { round: k, actions: [], salt: new Uint8Array(32) }),
  };
}

/** The pool's lookup for a slotted type. */
function lookup(pool: EventPool, type: string, seat: number, k: number): TableEvent | undefined {
  switch (type) {
    case 'ready':
      return pool.ready(seat);
    case 'disclose':
      return pool.disclose(seat);
    case 'abandon':
      return pool.abandon()?.seat === seat ? pool.abandon() : undefined;
    case 'fault':
      return pool.faultReports().find((f) => f.seat === seat);
    case 'shuffle':
    case 'lock':
    case 'reshuffle':
      return pool.step(type, k, seat);
    case 'keys':
      return pool.keys(k, seat);
    case 'commit':
      return pool.commit(k, seat);
    default:
      return pool.reveal(k, seat);
  }
}

const TYPES = ['ready', 'disclose', 'abandon', 'fault', 'shuffle', 'lock', 'reshuffle', 'keys', 'commit', 'reveal'];

describe('EventPool slots, type by type', () => {
  it.each(TYPES)('%s: found in its own slot only, a copy is a duplicate, a second version equivocation', (type) => {
    const pool = new EventPool(2);
    const e = slotted(1, 0, 5)[type]!;
    expect(pool.insert(e)).toBe('new');
    expect(lookup(pool, type, 1, 5)).toBe(e);
    expect(lookup(pool, type, 0, 5)).toBeUndefined();
    // No other type's slot holds it.
    for (const other of TYPES.filter((t) => t !== type)) expect(lookup(pool, other, 1, 5)).toBeUndefined();
    expect(pool.insert(e)).toBe('duplicate');
    // The same slot again under another sequence number and signature: equivocation.
    expect(pool.insert(slotted(1, 7, 5)[type]!)).toBe('equivocation');
    expect(pool.held(1)).toEqual({ events: 1, bytes: 0 });
    expect(pool.events()).toEqual([e]);
  });

  it.each(['shuffle', 'lock', 'reshuffle', 'keys', 'commit', 'reveal'])(
    '%s: another packet, request or round is another slot',
    (type) => {
      const pool = new EventPool(2);
      const a = slotted(0, 0, 1)[type]!;
      const b = slotted(0, 1, 2)[type]!;
      expect(pool.insert(a)).toBe('new');
      expect(pool.insert(b)).toBe('new');
      expect(lookup(pool, type, 0, 1)).toBe(a);
      expect(lookup(pool, type, 0, 2)).toBe(b);
      expect(lookup(pool, type, 0, 3)).toBeUndefined();
      // The other seat's slot for the same key is its own.
      const c = slotted(1, 0, 1)[type]!;
      expect(pool.insert(c)).toBe('new');
      expect(lookup(pool, type, 1, 1)).toBe(c);
      expect(lookup(pool, type, 0, 1)).toBe(a);
    },
  );

  it('acts have no slot but their sequence number: two acts are both new, the same number twice is equivocation', () => {
    const pool = new EventPool(1);
    const a = event(0, 0, 'act', { action: 1, keys: [] });
    const b = event(0, 1, 'act', { action: 1, keys: [] });
    expect(pool.insert(a)).toBe('new');
    expect(pool.insert(b)).toBe('new');
    expect(pool.insert(a)).toBe('duplicate');
    expect(pool.insert(event(0, 1, 'act', { action: 2, keys: [] }))).toBe('equivocation');
    expect([pool.act(0, 0), pool.act(0, 1), pool.act(0, 2)]).toEqual([a, b, undefined]);
    expect(pool.act(5, 0)).toBeUndefined();
  });

  it('keeps acts sorted by number whatever the arrival order, equal neighbours included', () => {
    const pool = new EventPool(1);
    const ns = [0, 4, 2, 1, 3, 6, 5];
    for (const n of ns) pool.insert(event(0, n, 'act', { action: n, keys: [] }));
    expect(Array.from({ length: 7 }, (_, i) => pool.act(0, i)?.envelope.body.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pool.heldInOrder(0)).toBe(7);
    expect(pool.nextSeq(0)).toBe(7);
  });

  it('an act is not its author’s i-th until every earlier event of the author is held', () => {
    const pool = new EventPool(1);
    pool.insert(event(0, 0, 'ready', { sealKey: new Uint8Array(32), setup: new Uint8Array(32) }));
    const act = event(0, 2, 'act', { action: 0, keys: [] });
    pool.insert(act);
    expect(pool.heldInOrder(0)).toBe(1);
    expect(pool.act(0, 0)).toBeUndefined();
    pool.insert(event(0, 1, 'commit', { round: 0, digest: new Uint8Array(32) }));
    expect(pool.heldInOrder(0)).toBe(3);
    expect(pool.act(0, 0)).toBe(act);
  });

  it('counts events and bytes per author against the limits, exactly at the edge', () => {
    const pool = new EventPool(2, { eventsPerAuthor: 2, bytesPerAuthor: 100 });
    expect(pool.insert(event(0, 0, 'act', { action: 0, keys: [] }), 60)).toBe('new');
    expect(pool.insert(event(0, 1, 'act', { action: 0, keys: [] }), 41)).toBe('over-limit');
    expect(pool.insert(event(0, 1, 'act', { action: 0, keys: [] }), 40)).toBe('new');
    expect(pool.held(0)).toEqual({ events: 2, bytes: 100 });
    expect(pool.insert(event(0, 2, 'act', { action: 0, keys: [] }), 0)).toBe('over-limit');
    expect(pool.held(0)).toEqual({ events: 2, bytes: 100 });
    expect(pool.nextSeq(0)).toBe(2);
    expect(pool.held(1)).toEqual({ events: 0, bytes: 0 });
    // Seats outside the table hold nothing.
    expect(pool.held(9)).toEqual({ events: 0, bytes: 0 });
    expect(pool.heldInOrder(9)).toBe(0);
    expect(pool.nextSeq(9)).toBe(0);
  });

  it('the default limits are those documented: 20,000 events and 8 MiB per author', () => {
    const pool = new EventPool(1);
    expect(pool.insert(event(0, 0, 'act', { action: 0, keys: [] }), 8 * 1024 * 1024 + 1)).toBe('over-limit');
    expect(pool.insert(event(0, 0, 'act', { action: 0, keys: [] }), 8 * 1024 * 1024)).toBe('new');
  });

  it('the default limits, read from the module loaded in the test: 20,000 events and 8 MiB per author, the byte limit exact', async () => {
    // Loaded here (not at the top): LIMITS is built when the module loads (test/helpers/loaded-now.ts).
    const fresh = await loadedNow(() => import('../../src/table/hand/event-pool.js'));
    expect(fresh.LIMITS).toEqual({ eventsPerAuthor: 20_000, bytesPerAuthor: 8 * 1024 * 1024 });
    const pool = new fresh.EventPool(1);
    expect(pool.insert(event(0, 0, 'act', { action: 0, keys: [] }), 8 * 1024 * 1024 + 1)).toBe('over-limit');
    expect(pool.insert(event(0, 0, 'act', { action: 0, keys: [] }), 8 * 1024 * 1024)).toBe('new');
    expect(pool.held(0)).toEqual({ events: 1, bytes: 8 * 1024 * 1024 });
  });

  it('the first abandon in seat order, every fault report in seat order, every envelope in arrival order', () => {
    const pool = new EventPool(3);
    expect(pool.abandon()).toBeUndefined();
    expect(pool.faultReports()).toEqual([]);
    const f2 = slotted(2, 0, 0).fault!;
    const a2 = slotted(2, 1, 0).abandon!;
    const a1 = slotted(1, 0, 0).abandon!;
    const f0 = slotted(0, 0, 0).fault!;
    for (const e of [f2, a2, a1, f0]) pool.insert(e);
    expect(pool.abandon()).toBe(a1);
    expect(pool.faultReports()).toEqual([f0, f2]);
    expect(pool.envelopes()).toEqual([f2, a2, a1, f0].map((e) => e.envelope));
    expect(pool.players).toBe(3);
  });

  it('an abandon held is judged backdated by the events that arrive after it too', () => {
    const dated = (n: number, step: number, type: 'commit' | 'abandon') => {
      const e =
        type === 'abandon'
          ? event(0, n, 'abandon', { reason: 'r' })
          : event(0, n, 'commit', { round: n, digest: new Uint8Array(32) });
      (e.envelope.body as { at: number }).at = step;
      return e;
    };
    const pool = new EventPool(1);
    const abandon = dated(5, 4, 'abandon') as TableEvent<'abandon'>;
    pool.insert(dated(1, 2, 'commit'));
    pool.insert(abandon);
    expect(pool.backdated(abandon)).toBe(false);
    pool.insert(dated(7, 9, 'commit')); // numbered after it: says nothing
    expect(pool.backdated(abandon)).toBe(false);
    pool.insert(dated(3, 6, 'commit')); // numbered before it, at a later step
    expect(pool.backdated(abandon)).toBe(true);
    expect(pool.abandonsHeld()).toEqual([abandon]);
  });

  it('20,000 acts sent newest first are handed out in their author’s order once the first arrives', () => {
    const pool = new EventPool(1);
    const total = 20_000;
    for (let n = total - 1; n >= 1; n--) pool.insert(event(0, n, 'act', { action: n, keys: [] }));
    expect(pool.act(0, 0)).toBeUndefined();
    expect(pool.heldInOrder(0)).toBe(0);
    pool.insert(event(0, 0, 'act', { action: 0, keys: [] }));
    expect(pool.heldInOrder(0)).toBe(total);
    expect([0, 1, 9_999, total - 1].map((i) => pool.act(0, i)?.envelope.body.n)).toEqual([0, 1, 9_999, total - 1]);
    expect(pool.act(0, total)).toBeUndefined();
  });

  it('an abandon is backdated only when its author signed an earlier-numbered event at a later step', () => {
    const at = (seat: number, n: number, step: number, type: 'commit' | 'abandon') => {
      const e =
        type === 'abandon'
          ? event(seat, n, 'abandon', { reason: 'r' })
          : event(seat, n, 'commit', { round: n, digest: new Uint8Array(32) });
      (e.envelope.body as { at: number }).at = step;
      return e;
    };
    const pool = new EventPool(2);
    pool.insert(at(0, 0, 3, 'commit'));
    pool.insert(at(1, 0, 9, 'commit')); // another author's later step says nothing
    pool.insert(at(0, 5, 9, 'commit')); // a later-numbered event of the author says nothing
    expect(pool.backdated(at(0, 1, 3, 'abandon') as TableEvent<'abandon'>)).toBe(false);
    expect(pool.backdated(at(0, 1, 2, 'abandon') as TableEvent<'abandon'>)).toBe(true);
    expect(pool.backdated(at(0, 0, 2, 'abandon') as TableEvent<'abandon'>)).toBe(false);
    expect(pool.backdated(at(1, 1, 8, 'abandon') as TableEvent<'abandon'>)).toBe(true);
    expect(pool.backdated(at(1, 1, 9, 'abandon') as TableEvent<'abandon'>)).toBe(false);
  });
});
