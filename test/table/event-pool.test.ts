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

let sigs = 0;
function event<T extends EventType>(seat: number, n: number, type: T, data: unknown, sig = ++sigs): TableEvent<T> {
  const envelope = { sig: Uint8Array.from({ length: 64 }, (_, i) => (i < 4 ? (sig >> (8 * i)) & 255 : 0)), body: { hand: 0, n, at: 0, hash: new Uint8Array(32), type, data } };
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
    expect(pool.insert(event(0, 0, 'reveal', { round: 2, actions: [], salt: new Uint8Array(32) }))).toBe('equivocation');
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
