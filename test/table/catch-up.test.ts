/**
 * The pure parts of rejoin and drop-outs: which hand a page that came back
 * follows (catch-up.ts) and who a waiting hand names (gone-seats.ts): a seat
 * whose links are silent, never a live one that is thinking, never this
 * page's own seats.
 */
import { describe, expect, it } from 'vitest';
import { CatchUp, MAX_BLOCKED_TICKS } from '../../src/table/catch-up.js';
import { FIRST_CONTACT_GRACE_MS, GoneSeats, SLOW_TURN_TIMERS, stallOf } from '../../src/table/gone-seats.js';

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

  it('never moves on the word of an event: only a seat\'s own fetch says where it is; a seat at this page\'s hand means it plays live', () => {
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

  it('ignores hand numbers that are not hands', () => {
    const c = new CatchUp();
    c.note('b', -1, true);
    c.note('b', Number.NaN, true);
    c.note('b', 2 ** 60, true);
    expect(c.latest()).toBe(-1);
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
    expect(g.update(seats('offline', 'offline'), 2_000)).toEqual([expect.stringMatching(/^Ann has lost the connection/)]);
    expect(g.update(seats('offline', 'offline'), 3_000)).toEqual([]);
    expect(g.update(seats('offline', 'offline'), FIRST_CONTACT_GRACE_MS)).toEqual([expect.stringMatching(/^Bob has lost the connection/)]);
    expect(g.goneFor(1, 12_000)).toBe(10_000);
    expect(g.update(seats('direct', 'offline'), 12_000)).toEqual(['Ann is back']);
    expect(g.isGone(1)).toBe(false);
  });

  it('names only owing remote seats: gone ones with the turn timer, connected ones only after several timers, never local seats', () => {
    const g = new GoneSeats(0);
    g.update(seats('direct', 'direct'), 0);
    const waiting = { seats: [0, 1, 2], what: 'to choose' };
    const local = (seat: number) => seat === 0;
    expect(stallOf(waiting, local, g, 0, 30_000, 30_000)).toBeNull();
    expect(stallOf({ seats: [0], what: 'to play' }, local, g, 0, 10 * 30_000, 30_000)).toBeNull();
    const slow = stallOf(waiting, local, g, 0, SLOW_TURN_TIMERS * 30_000, 30_000);
    expect(slow).toMatchObject({ seats: [1, 2], gone: false, canEnd: true });
    g.update(seats('offline', 'direct'), 1_000);
    expect(stallOf(waiting, local, g, 11_000, 20_000, 30_000)).toMatchObject({ seats: [1], gone: true, canEnd: false, forMs: 10_000 });
    expect(stallOf(waiting, local, g, 31_000, 40_000, 30_000)).toMatchObject({ seats: [1], gone: true, canEnd: true });
    // Progress by someone else restarts the turn timer.
    expect(stallOf(waiting, local, g, 31_000, 2_000, 30_000)).toMatchObject({ canEnd: false });
  });
});
