/**
 * The local check before a seat signs a move (src/table/hand/own-moves.ts),
 * on a counter engine whose refusals are named, so each refusal can be
 * traced to the move that made it: a move is tried after the seat's own
 * earlier moves not yet applied, in order; a turn-based move must fit
 * exactly, a real-time one may still go when refused by a race error or by
 * crypto the table has still to do. The same check over a whole table is
 * in own-moves.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, AnyState } from '../../src/engine/index.js';
import { realTimeRefusal, turnRefusal } from '../../src/table/hand/own-moves.js';
import { loadedNow } from '../helpers/loaded-now.js';

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
      return { ok: true, value: { n, crypto: n === 3 && input.action.add === 2 } };
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
