/**
 * The pure parts of rejoin and drop-outs: which hand a page that came back
 * follows (catch-up.ts) and who a waiting hand names (gone-seats.ts): a seat
 * whose links are silent, never a live one that is thinking, never this
 * page's own seats.
 */
import { describe, expect, it } from 'vitest';
import { CatchUp, MAX_BLOCKED_TICKS } from '../../src/table/catch-up.js';
import {
  FIRST_CONTACT_GRACE_MS,
  GoneSeats,
  HOLDS_UP,
  SLOW_TURN_TIMERS,
  blamedOf,
  stallOf,
} from '../../src/table/gone-seats.js';

describe('catching up with the table', () => {
  it('a resumed page makes no move until a remote seat has said (by a fetch) which hand it is at, or for at most the bound', () => {
    const c = new CatchUp();
    expect(c.blocksMoves(['b'])).toBe(true);
    c.note('b', 3, false); // an old event resent: not a statement of where b is now
    expect(c.blocksMoves(['b'])).toBe(true);
    c.note('b', 4, true);
    expect(c.blocksMoves(['b'])).toBe(false);
    const d = new CatchUp();
    for (let i = 0; i < MAX_BLOCKED_TICKS; i++) d.tick();
    expect(d.blocksMoves(['b'])).toBe(false);
    expect(new CatchUp().blocksMoves([])).toBe(false);
  });

  it('follows at once from a hand that is over only while resuming; a live page keeps its rematch choice', () => {
    const c = new CatchUp();
    c.note('b', 5, true);
    expect(c.decide({ handNo: 5, over: true, owing: [] })).toBe('stay');
    expect(c.decide({ handNo: 4, over: true, owing: [] })).toBe('follow');
    // Resuming, a running hand is behind the table even when it waits on this page's own move.
    expect(c.decide({ handNo: 4, over: false, owing: ['me'] })).toBe('fetch');
    c.settle();
    expect(c.decide({ handNo: 4, over: true, owing: [] })).toBe('stay');
  });

  it('a running hand that waits on a seat gone ahead is fetched once more, then followed a tick later; one waiting on others stays', () => {
    const c = new CatchUp();
    c.settle();
    c.note('b', 5, true);
    c.note('c', 4, true);
    expect(c.decide({ handNo: 4, over: false, owing: ['c'] })).toBe('stay');
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('fetch');
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('stay');
    c.tick();
    c.tick();
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('follow');
  });

  it("never moves on the word of an event: only a seat's own fetch says where it is; a seat at this page's hand means it plays live", () => {
    const c = new CatchUp();
    c.note('b', 5, false); // an event of hand 5: any seat could have forged it
    expect(c.latest()).toBe(5);
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('stay');
    expect(c.decide({ handNo: 4, over: true, owing: [] })).toBe('stay');
    c.note('c', 4, true, 4); // c says it is at this page's hand 4
    expect(c.resuming).toBe(false);
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('stay');
    c.note('b', 5, true, 4); // b itself says it is at hand 5, and the hand waits on b
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('fetch');
  });

  it("hand 0 is a hand; a fetch counts as this page's hand only when it names it", () => {
    const c = new CatchUp();
    c.note('b', 0, false);
    expect(c.latest()).toBe(0);
    c.note('b', 1, true); // no current hand given: says nothing about being live
    expect(c.resuming).toBe(true);
    expect(c.toldHand('b')).toBe(1);
    expect(c.toldHand('nobody')).toBe(-1);
    c.note('b', 0, true); // an older statement does not lower what b said
    expect(c.toldHand('b')).toBe(1);
    expect(c.latest()).toBe(1);
  });

  it('a page that acted is not blocked, nor one before any hand; with no seat told it stays', () => {
    const c = new CatchUp();
    c.settle();
    expect(c.blocksMoves(['b'])).toBe(false);
    const d = new CatchUp();
    d.note('b', 0, true);
    expect(d.decide({ handNo: -1, over: true, owing: [] })).toBe('stay');
    const first = new CatchUp();
    first.note('b', 1, true);
    expect(first.decide({ handNo: 0, over: true, owing: [] })).toBe('follow');
    const two = new CatchUp();
    two.note('c', 0, true);
    expect(two.blocksMoves(['b', 'c'])).toBe(false); // one remote seat said where it is: enough
    const none = new CatchUp();
    none.note('b', 7, false);
    expect(none.decide({ handNo: 0, over: true, owing: [] })).toBe('stay');
  });

  it('a live page whose hand waits on nobody stays; a seat that answers between fetch and follow restarts the wait', () => {
    const c = new CatchUp();
    c.settle();
    c.note('b', 5, true);
    c.note('c', 4, true);
    expect(c.decide({ handNo: 4, over: false, owing: [] })).toBe('stay');
    c.tick();
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('fetch');
    c.tick();
    expect(c.decide({ handNo: 4, over: false, owing: ['c'] })).toBe('stay'); // no longer stuck
    c.tick();
    c.tick();
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('fetch'); // fetched afresh, not followed
    c.tick();
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('stay');
    c.tick();
    expect(c.decide({ handNo: 4, over: false, owing: ['b'] })).toBe('follow');
  });

  it('ignores hand numbers that are not hands', () => {
    const c = new CatchUp();
    c.note('b', -1, true);
    c.note('b', Number.NaN, true);
    c.note('b', 2 ** 60, true);
    expect(c.latest()).toBe(-1);
    expect(c.toldHand('b')).toBe(-1);
    // A fetch naming hand -1 (no hand) is not this page's "no hand" either: the page stays resuming.
    expect(c.resuming).toBe(true);
    expect(c.blocksMoves(['b'])).toBe(true);
  });
});

describe('gone seats and stalls', () => {
  const seats = (r1: 'direct' | 'offline', r2: 'direct' | 'offline') => [
    { seat: 0, name: 'Me', reachability: null },
    { seat: 1, name: 'Ann', reachability: r1 },
    { seat: 2, name: 'Bob', reachability: r2 },
  ];

  it('a seat heard once and then silent is gone at once and logged once; a seat never heard only after the grace', () => {
    const g = new GoneSeats(0);
    expect(g.update(seats('direct', 'offline'), 1_000)).toEqual([]);
    expect(g.update(seats('offline', 'offline'), 2_000)).toEqual([
      expect.stringMatching(/^Ann has lost the connection/),
    ]);
    expect(g.update(seats('offline', 'offline'), 3_000)).toEqual([]);
    expect(g.update(seats('offline', 'offline'), FIRST_CONTACT_GRACE_MS)).toEqual([
      expect.stringMatching(/^Bob has lost the connection/),
    ]);
    expect(g.goneFor(1, 12_000)).toBe(10_000);
    expect(g.update(seats('direct', 'offline'), 12_000)).toEqual(['Ann is back']);
    expect(g.isGone(1)).toBe(false);
  });

  it("counts the grace from the page's opening; a seat seated later is not heard before it speaks; a freed seat is no longer gone, silently", () => {
    const g = new GoneSeats(5_000);
    const free = [{ seat: 1, name: 'Ann', reachability: null }];
    const off = [{ seat: 1, name: 'Ann', reachability: 'offline' as const }];
    expect(g.update(free, 6_000)).toEqual([]);
    expect(g.update(off, 7_000)).toEqual([]);
    expect(g.isGone(1)).toBe(false);
    expect(g.goneFor(1, 7_000)).toBeNull();
    expect(g.update(off, 5_000 + FIRST_CONTACT_GRACE_MS - 1)).toEqual([]);
    expect(g.update(off, 5_000 + FIRST_CONTACT_GRACE_MS)).toEqual([
      'Ann has lost the connection: nothing has come from their page for a few seconds (closed or offline)',
    ]);
    expect(g.goneFor(1, 20_000)).toBe(5_000);
    expect(g.update(free, 21_000)).toEqual([]);
    expect(g.isGone(1)).toBe(false);
  });

  it('no stall while the hand waits on nobody', () => {
    const g = new GoneSeats(0);
    expect(stallOf(null, () => false, g, 0, 10 ** 9, 30_000)).toBeNull();
    expect(stallOf({ seats: [], what: 'x' }, () => false, g, 0, 10 ** 9, 30_000)).toBeNull();
  });

  it('names only owing remote seats: gone ones with the turn timer, connected ones only after several timers, never local seats', () => {
    const g = new GoneSeats(0);
    g.update(seats('direct', 'direct'), 0);
    const waiting = { seats: [0, 1, 2], what: 'to choose' };
    const local = (seat: number) => seat === 0;
    expect(stallOf(waiting, local, g, 0, 30_000, 30_000)).toBeNull();
    expect(stallOf({ seats: [0], what: 'to play' }, local, g, 0, 10 * 30_000, 30_000)).toBeNull();
    const slow = stallOf(waiting, local, g, 0, SLOW_TURN_TIMERS * 30_000, 30_000);
    expect(slow).toEqual({
      seats: [1, 2],
      what: 'to choose',
      forMs: SLOW_TURN_TIMERS * 30_000,
      gone: false,
      canEnd: true,
    });
    expect(stallOf(waiting, local, g, 0, SLOW_TURN_TIMERS * 30_000 - 1, 30_000)).toBeNull();
    g.update(seats('offline', 'direct'), 1_000);
    expect(stallOf(waiting, local, g, 11_000, 20_000, 30_000)).toMatchObject({
      seats: [1],
      gone: true,
      canEnd: false,
      forMs: 10_000,
    });
    expect(stallOf(waiting, local, g, 31_000, 40_000, 30_000)).toMatchObject({ seats: [1], gone: true, canEnd: true });
    // Progress by someone else restarts the turn timer.
    expect(stallOf(waiting, local, g, 31_000, 2_000, 30_000)).toMatchObject({ canEnd: false });
  });

  it('names a gone seat that owes nothing when a connected seat owes: the connected one may be waiting for its word', () => {
    const g = new GoneSeats(0);
    g.update(seats('direct', 'direct'), 0);
    g.update(seats('direct', 'offline'), 1_000);
    const local = (seat: number) => seat === 0;
    // Ann (seat 1) owes a move; Bob (seat 2) is gone. Ann's page takes in this page's last move only once Bob has
    // shown he holds it, so the stall is Bob's, with his timer, never Ann's.
    const annToPlay = { seats: [1], what: 'to play' };
    expect(stallOf(annToPlay, local, g, 11_000, 20_000, 30_000)).toEqual({
      seats: [2],
      what: HOLDS_UP,
      forMs: 10_000,
      gone: true,
      canEnd: false,
    });
    expect(stallOf(annToPlay, local, g, 31_000, 40_000, 30_000)).toMatchObject({ seats: [2], canEnd: true });
    expect(blamedOf([1], g, local)).toEqual([2]);
    // A gone seat that owes is named with what it owes; a hand that waits only on this page waits on nobody.
    expect(stallOf({ seats: [1, 2], what: 'to play' }, local, g, 11_000, 20_000, 30_000)).toMatchObject({
      seats: [2],
      what: 'to play',
    });
    expect(stallOf({ seats: [0], what: 'to play' }, local, g, 31_000, 40_000, 30_000)).toBeNull();
    expect(blamedOf([], g, local)).toEqual([]);
    // This page's own seats are never named, even if the lobby once saw them silent.
    expect(blamedOf([1], g, (seat) => seat !== 1)).toEqual([1]);
    // Where End hand names the owing seat (an owed disclosure or reveal), the stall names that seat, as End hand will.
    expect(stallOf(annToPlay, local, g, 11_000, 20_000, 30_000, false)).toBeNull();
    expect(stallOf(annToPlay, local, g, 0, SLOW_TURN_TIMERS * 30_000, 30_000, false)).toMatchObject({
      seats: [1],
      gone: false,
    });
    expect(blamedOf([1], g, local, false)).toEqual([1]);
  });
});
