/**
 * The small pure pieces of a hand, checked one by one without a table (fast
 * enough to run per mutant): halt.ts (the Step constructors, the seat names a
 * player reads, which engine errors are lost races, the complete list of halt
 * codes), faults.ts (the data of the fault event a halting seat signs, and
 * whether each report held agrees with this peer's own verdict: same code AND
 * same seat) and own-moves.ts (the local check before a seat signs a move:
 * tried after its own earlier moves not yet applied; turn-based moves must
 * fit exactly, real-time ones may still go when refused by a race error or
 * by crypto the table has still to do). The engine is a counter stub whose
 * refusals are named, so each refusal can be traced to the move that made it.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, AnyState } from '../../src/engine/index.js';
import { faultData, faultReports } from '../../src/table/hand/faults.js';
import type { HandFollower } from '../../src/table/hand/follower.js';
import { isRaceError, seatName, type Halt } from '../../src/table/hand/halt.js';
import { realTimeRefusal, turnRefusal } from '../../src/table/hand/own-moves.js';
import { loadedNow } from '../helpers/loaded-now.js';

describe('halt.ts', () => {
  it('ok and fail build the two kinds of step (module constants: loaded inside the test)', async () => {
    const { ok, fail } = await loadedNow(() => import('../../src/table/hand/halt.js'));
    expect(ok(7)).toEqual({ ok: true, value: 7 });
    expect(fail('desync', 1, 'why')).toEqual({ ok: false, halt: { code: 'desync', seat: 1, detail: 'why' } });
    expect(fail('abandoned', null, '')).toEqual({ ok: false, halt: { code: 'abandoned', seat: null, detail: '' } });
  });

  it.each([
    [0, 'seat 1'],
    [1, 'seat 2'],
    [5, 'seat 6'],
  ])('seat index %i is shown as "%s"', (seat, name) => {
    expect(seatName(seat)).toBe(name);
  });

  it('a race error is one the game lists, nothing else', () => {
    const game = { raceErrors: ['stale-top', 'taken'] } as unknown as AnyGame;
    expect(isRaceError(game, 'stale-top')).toBe(true);
    expect(isRaceError(game, 'taken')).toBe(true);
    expect(isRaceError(game, 'not-your-turn')).toBe(false);
    expect(isRaceError({ raceErrors: [] } as unknown as AnyGame, 'stale-top')).toBe(false);
  });

  it('HALT_CODES lists the 24 codes, each once, in the documented order', async () => {
    const { HALT_CODES } = await loadedNow(() => import('../../src/table/hand/halt.js'));
    expect(HALT_CODES).toEqual([
      'bad-event',
      'bad-setup',
      'bad-seal-key',
      'bad-step',
      'wrong-key',
      'missing-key',
      'unsealable',
      'equivocation',
      'reveal-mismatch',
      'not-a-move',
      'illegal-move',
      'false-claim',
      'unknown-handle',
      'desync',
      'future-step',
      'crypto-fault',
      'bad-disclosure',
      'no-disclosure',
      'rules-fault',
      'abandoned',
      'flood',
      'no-reveal',
      'false-report',
      'internal',
    ]);
  });
});

describe('faults.ts', () => {
  it('faultData carries code, seat and the detail cut to 300 characters', () => {
    expect(faultData({ code: 'desync', seat: 1, detail: 'short' })).toEqual({
      code: 'desync',
      seat: 1,
      detail: 'short',
    });
    const long = 'x'.repeat(299) + 'yz';
    expect(faultData({ code: 'internal', seat: null, detail: long })).toEqual({
      code: 'internal',
      seat: null,
      detail: 'x'.repeat(299) + 'y',
    });
    expect(faultData({ code: 'internal', seat: null, detail: long }).detail).toHaveLength(300);
  });

  const report = (seat: number, code: string, blamed: number | null, detail = `d${seat}`) => ({
    seat,
    data: { code, seat: blamed, detail },
  });
  const follower = (halt: Halt | null, reports: ReturnType<typeof report>[]) =>
    ({ halt, pool: { faultReports: () => reports } }) as unknown as HandFollower;

  it('each report is listed with its reporter, code, blamed seat and detail; it agrees only with the same code and seat', () => {
    const reports = [
      report(0, 'desync', 1),
      report(1, 'desync', 0),
      report(1, 'wrong-key', 1),
      report(0, 'desync', null),
    ];
    expect(faultReports(follower({ code: 'desync', seat: 1, detail: 'mine' }, reports))).toEqual([
      { reporter: 0, code: 'desync', seat: 1, detail: 'd0', agrees: true },
      { reporter: 1, code: 'desync', seat: 0, detail: 'd1', agrees: false },
      { reporter: 1, code: 'wrong-key', seat: 1, detail: 'd1', agrees: false },
      { reporter: 0, code: 'desync', seat: null, detail: 'd0', agrees: false },
    ]);
  });

  it('a peer that has not halted agrees with no report', () => {
    expect(faultReports(follower(null, [report(1, 'internal', null)]))).toEqual([
      { reporter: 1, code: 'internal', seat: null, detail: 'd1', agrees: false },
    ]);
    expect(
      faultReports(follower({ code: 'internal', seat: null, detail: '' }, [report(1, 'internal', null)]))[0]!.agrees,
    ).toBe(true);
    expect(faultReports(follower(null, []))).toEqual([]);
  });
});

/**
 * A counter engine: state { n }; action { add: k } adds k, refused 'too-big'
 * past 3, 'stale' (its race error) when k is 0, 'awaiting-crypto' while
 * state.crypto is set, and 'wrong-seat' for seat 1. Every reduce is logged.
 */
function counter() {
  const calls: { n: number; action: unknown }[] = [];
  const game = {
    raceErrors: ['stale'],
    reduce(state: { n: number; crypto?: boolean }, input: { kind: string; seat: number; action: { add: number } }) {
      calls.push({ n: state.n, action: input.action });
      expect(input.kind).toBe('act');
      if (state.crypto) return { ok: false, error: 'awaiting-crypto' };
      if (input.seat === 1) return { ok: false, error: 'wrong-seat' };
      if (input.action.add === 0) return { ok: false, error: 'stale' };
      const n = state.n + input.action.add;
      if (n > 3) return { ok: false, error: 'too-big' };
      return { ok: true, state: { n, crypto: n === 3 && input.action.add === 2 } };
    },
  };
  return { game: game as unknown as AnyGame, calls };
}
const st = (n: number, crypto = false) => ({ n, crypto }) as unknown as AnyState;
const add = (k: number) => ({ add: k });

describe('own-moves.ts turnRefusal', () => {
  it('a move that fits alone, with no earlier moves, is allowed (null)', () => {
    const { game, calls } = counter();
    expect(turnRefusal(game, st(0), 0, [], add(1))).toBeNull();
    expect(calls).toEqual([{ n: 0, action: add(1) }]);
  });

  it('the move is tried after the earlier ones, in order, on the state they lead to', () => {
    const { game, calls } = counter();
    expect(turnRefusal(game, st(0), 0, [add(1), add(1)], add(1))).toBeNull();
    expect(calls.map((c) => c.n)).toEqual([0, 1, 2]);
    expect(turnRefusal(game, st(0), 0, [add(1), add(1)], add(2))).toBe('too-big');
  });

  it('an earlier move that no longer fits is the refusal (the new one is not judged)', () => {
    const { game, calls } = counter();
    expect(turnRefusal(game, st(3), 0, [add(1)], add(0))).toBe('too-big');
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['a race error', st(0), add(0), 'stale'],
    ['crypto the table has still to do', st(0, true), add(1), 'awaiting-crypto'],
    ['the rules', st(3), add(1), 'too-big'],
  ])('a turn-based move refused by %s is refused', (_why, state, action, error) => {
    const { game } = counter();
    expect(turnRefusal(game, state, 0, [], action)).toBe(error);
  });

  it('the seat given is the one that moves', () => {
    const { game } = counter();
    expect(turnRefusal(game, st(0), 1, [], add(1))).toBe('wrong-seat');
  });
});

describe('own-moves.ts realTimeRefusal', () => {
  it('a move that fits is allowed; one the rules refuse is refused with the engine error', () => {
    const { game } = counter();
    expect(realTimeRefusal(game, st(0), 0, [], add(1))).toBeNull();
    expect(realTimeRefusal(game, st(3), 0, [], add(1))).toBe('too-big');
    expect(realTimeRefusal(game, st(0), 1, [], add(1))).toBe('wrong-seat');
  });

  it('refused only by a race error or by pending crypto: it may still go', async () => {
    // The engine's pending-crypto error is a module constant of own-moves.ts: loaded inside the test.
    const { realTimeRefusal } = await loadedNow(() => import('../../src/table/hand/own-moves.js'));
    const { game } = counter();
    expect(realTimeRefusal(game, st(0), 0, [], add(0))).toBeNull();
    expect(realTimeRefusal(game, st(0, true), 0, [], add(5))).toBeNull();
  });

  it('tried after the own earlier moves that fit: they count', () => {
    const { game, calls } = counter();
    expect(realTimeRefusal(game, st(0), 0, [add(1), add(1)], add(2))).toBe('too-big');
    expect(calls.map((c) => c.n)).toEqual([0, 1, 2]);
    expect(realTimeRefusal(game, st(0), 0, [add(1), add(1)], add(1))).toBeNull();
  });

  it('an own earlier move that fails is skipped (it would bounce), the rest still count', () => {
    const { game, calls } = counter();
    expect(realTimeRefusal(game, st(1), 0, [add(3), add(1)], add(2))).toBe('too-big');
    expect(calls.map((c) => c.n)).toEqual([1, 1, 2]);
    expect(realTimeRefusal(game, st(1), 0, [add(3), add(1)], add(1))).toBeNull();
  });

  it('an earlier move that leads to pending crypto stops the check: the move may go', async () => {
    const { realTimeRefusal } = await loadedNow(() => import('../../src/table/hand/own-moves.js'));
    const { game, calls } = counter();
    // 1 + 2 = 3 with crypto pending; the next earlier move answers awaiting-crypto.
    expect(realTimeRefusal(game, st(1), 0, [add(2), add(1)], add(9))).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
