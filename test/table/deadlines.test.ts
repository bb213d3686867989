/**
 * The hand's deadlines (hand/deadlines.ts) by an injected clock: once play is
 * over every seat owes its disclosure within `discloseMs`, and once every
 * commit of a real-time round is in (nothing else pending) every seat owes
 * its reveal within `revealMs`; past the deadline the first seat that owes
 * is named with its code and the words a player sees. A player who stops
 * waiting names the seat at once (`stalledOwing`). Hand-built views over a
 * real EventPool; no wall clock.
 */
import { describe, expect, it } from 'vitest';
import { HandDeadlines, revealsOwed, stalledOwing, type DeadlineView } from '../../src/table/hand/deadlines.js';
import { EventPool } from '../../src/table/hand/event-pool.js';
import type { Cascade } from '../../src/table/hand/cascade.js';
import type { EventType, TableEvent } from '../../src/table/transcript.js';

let sigs = 0;
function event<T extends EventType>(seat: number, type: T, data: unknown): TableEvent<T> {
  const sig = ++sigs;
  const envelope = {
    sig: Uint8Array.from({ length: 64 }, (_, i) => (i < 4 ? (sig >> (8 * i)) & 255 : 0)),
    body: { hand: 0, n: sig, at: 0, hash: new Uint8Array(32), type, data },
  };
  return { envelope, seat, type, data } as unknown as TableEvent<T>;
}
const commit = (seat: number, round: number) => event(seat, 'commit', { round, digest: new Uint8Array(32) });
const reveal = (seat: number, round: number) => event(seat, 'reveal', { round, actions: [], salt: new Uint8Array(32) });
const disclose = (seat: number) => event(seat, 'disclose', { secrets: [], sealSecret: new Uint8Array(32) });

function view(phase: string, pool: EventPool, more: Partial<DeadlineView> = {}): DeadlineView {
  return { phase, players: pool.players, pool, round: 2, orderedPending: 0, cascade: null, ...more };
}

describe('revealsOwed', () => {
  it('only once every commit of the open round is in, nothing ordered is pending and no cascade runs', () => {
    const pool = new EventPool(3);
    pool.insert(commit(0, 2));
    pool.insert(commit(1, 2));
    pool.insert(commit(2, 1)); // another round's commit does not count
    expect(revealsOwed(view('play', pool))).toBe(false);
    pool.insert(commit(2, 2));
    expect(revealsOwed(view('play', pool))).toBe(true);
    expect(revealsOwed(view('play', pool, { orderedPending: 1 }))).toBe(false);
    expect(revealsOwed(view('play', pool, { cascade: {} as Cascade }))).toBe(false);
    expect(revealsOwed(view('play', pool, { round: 1 }))).toBe(false);
  });
});

describe('HandDeadlines', () => {
  it('by default a seat that owes its disclosure is named after 60 s, one that owes its reveal after 30 s', () => {
    const pool = new EventPool(2);
    const d = new HandDeadlines();
    expect(d.tick(1000, view('disclose', pool))).toBeNull();
    expect(d.tick(60_999, view('disclose', pool))).toBeNull();
    expect(d.tick(61_000, view('disclose', pool))).toMatchObject({ code: 'no-disclosure', seat: 0 });
    const r = new HandDeadlines();
    const rp = new EventPool(2);
    rp.insert(commit(0, 2));
    rp.insert(commit(1, 2));
    expect(r.tick(0, view('play', rp))).toBeNull();
    expect(r.tick(29_999, view('play', rp))).toBeNull();
    expect(r.tick(30_000, view('play', rp))).toMatchObject({ code: 'no-reveal', seat: 0 });
  });

  it('names the first seat that has not disclosed once the deadline has passed, counted from the first tick in disclose', () => {
    const pool = new EventPool(3);
    pool.insert(disclose(0));
    const d = new HandDeadlines(100, 50);
    expect(d.tick(5, view('play', pool))).toBeNull(); // play, no round owed: the disclosure clock has not started
    expect(d.tick(1000, view('disclose', pool))).toBeNull();
    expect(d.tick(1099, view('disclose', pool))).toBeNull();
    expect(d.tick(1100, view('disclose', pool))).toEqual({
      code: 'no-disclosure',
      seat: 1,
      detail: 'did not disclose its secrets for the audit in time',
    });
    pool.insert(disclose(1));
    expect(d.tick(1200, view('disclose', pool))).toMatchObject({ code: 'no-disclosure', seat: 2 });
    pool.insert(disclose(2));
    expect(d.tick(1300, view('disclose', pool))).toBeNull();
  });

  it('has no deadline in other phases', () => {
    const pool = new EventPool(2);
    const d = new HandDeadlines(1, 1);
    for (const phase of ['ready', 'dealing', 'done', 'halted']) {
      expect(d.tick(0, view(phase, pool))).toBeNull();
      expect(d.tick(1_000_000, view(phase, pool))).toBeNull();
    }
  });

  it('names the first seat that has not revealed once every commit has been in for revealMs, and restarts when a round opens or is no longer owed', () => {
    const pool = new EventPool(3);
    for (const s of [0, 1, 2]) pool.insert(commit(s, 2));
    pool.insert(reveal(0, 2));
    pool.insert(reveal(2, 1)); // an older round's reveal does not count
    const d = new HandDeadlines(1000, 50);
    expect(d.tick(100, view('play', pool))).toBeNull();
    expect(d.tick(149, view('play', pool))).toBeNull();
    expect(d.tick(150, view('play', pool))).toEqual({
      code: 'no-reveal',
      seat: 1,
      detail: 'did not reveal its moves of round 2 in time (a withheld reveal)',
    });
    // Not owed (a move still to apply): the clock resets.
    expect(d.tick(160, view('play', pool, { orderedPending: 1 }))).toBeNull();
    expect(d.tick(200, view('play', pool))).toBeNull();
    expect(d.tick(249, view('play', pool))).toBeNull();
    expect(d.tick(250, view('play', pool))?.seat).toBe(1);
    d.roundOpened();
    expect(d.tick(260, view('play', pool))).toBeNull();
    expect(d.tick(310, view('play', pool))?.seat).toBe(1);
    pool.insert(reveal(1, 2));
    expect(d.tick(400, view('play', pool))).toMatchObject({ code: 'no-reveal', seat: 2 });
    pool.insert(reveal(2, 2));
    expect(d.tick(500, view('play', pool))).toBeNull();
  });
});

describe('stalledOwing', () => {
  it('names the seat at once for a disclosure or an owed reveal, else leaves it to an abandon', () => {
    const pool = new EventPool(2);
    expect(stalledOwing(view('disclose', pool), 1)).toEqual({
      code: 'no-disclosure',
      seat: 1,
      detail: 'did not disclose its secrets for the audit; a player stopped waiting',
    });
    expect(stalledOwing(view('play', pool), 1)).toBeNull();
    pool.insert(commit(0, 2));
    pool.insert(commit(1, 2));
    expect(stalledOwing(view('play', pool), 0)).toEqual({
      code: 'no-reveal',
      seat: 0,
      detail: 'did not reveal its moves of round 2; a player stopped waiting',
    });
    expect(stalledOwing(view('dealing', pool), 0)).toBeNull();
    expect(stalledOwing(view('ready', pool), 0)).toBeNull();
  });
});
