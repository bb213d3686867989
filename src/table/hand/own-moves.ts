/**
 * The local check a seat makes before it signs a move: the move is tried on
 * the agreed state *after this seat's own earlier moves that are not applied
 * yet* — a simultaneous choice waiting for the other seats' ('choices'), or
 * real-time moves queued, committed or ordered but not yet played. A move
 * those earlier moves make illegal (a second "ready" after a double click)
 * is refused here, unsigned and unsent, instead of reaching the table and
 * getting its honest author named for an illegal move. Pure: no I/O.
 *
 * Turn-based moves and choices must fit exactly. A real-time move may still
 * go when the refusal is a race error (`game.raceErrors`: the round may make
 * it fit, and a lost race bounces blamelessly, real-time.ts) or when the
 * state after this seat's own moves waits for the table's crypto (the
 * ordered move waits for it too: play.ts `advance` serves crypto first); an
 * own earlier real-time move that fails the simulation is skipped, as it
 * would bounce. The same own moves, applied, are what the seat's table shows
 * until they are ordered (`shownAfter`).
 */
import type { AnyGame, AnyState } from '../../engine/index.js';
import { isRaceError } from './halt.js';

/** What the engine answers for an act while crypto is pending (engine/game.ts `applyAction`). */
const AWAITING_CRYPTO = 'awaiting-crypto';

/**
 * The engine's error for `action` by `seat`, tried after `earlier` (this
 * seat's own moves taken in but not applied, oldest first) on `state`, or
 * null when the move fits. For a turn-based hand: an earlier move that no
 * longer fits is reported too (the new one cannot be judged after it).
 */
export function turnRefusal(
  game: AnyGame,
  state: AnyState,
  seat: number,
  earlier: readonly unknown[],
  action: unknown,
): string | null {
  let current = state;
  for (const move of earlier) {
    const next = game.reduce(current, { kind: 'act', seat, action: move });
    if (!next.ok) return next.error;
    current = next.value;
  }
  const trial = game.reduce(current, { kind: 'act', seat, action });
  return trial.ok ? null : trial.error;
}

/**
 * The engine's error that refuses a real-time `action` by `seat` for good,
 * or null when it may go: it fits after this seat's own pending moves, or is
 * refused only by a race error or by crypto the table has still to do.
 */
export function realTimeRefusal(
  game: AnyGame,
  state: AnyState,
  seat: number,
  earlier: readonly unknown[],
  action: unknown,
): string | null {
  let current = state;
  for (const move of earlier) {
    const next = game.reduce(current, { kind: 'act', seat, action: move });
    if (next.ok) current = next.value;
    else if (next.error === AWAITING_CRYPTO) return null; // cannot be judged before the table's crypto is done
  }
  const trial = game.reduce(current, { kind: 'act', seat, action });
  if (trial.ok || trial.error === AWAITING_CRYPTO || isRaceError(game, trial.error)) return null;
  return trial.error;
}

/**
 * What a seat's own table shows while its real-time moves wait for the round
 * that orders them: `state` with `earlier` (those moves, oldest first)
 * applied in turn, each that fits — one that does not would bounce, so its
 * card stays where it is — and the table's pending crypto looked past, both
 * what `state` waits for and what the moves ask for (a refilled slot: its card
 * is being turned, unknown to the seat until it is open). The seat's next move
 * is chosen on it, so a second card played on the first names the first as
 * the top it saw. A move that would end the hand is not shown before it is
 * ordered. The state itself when there is nothing to apply. Pure; for
 * display and the seat's choice only, never applied to the hand: the ordered
 * moves alone change the agreed state, and a lost race takes its card back.
 */
export function shownAfter(game: AnyGame, state: AnyState, seat: number, earlier: readonly unknown[]): AnyState {
  if (earlier.length === 0) return state;
  let current: AnyState = { ...state, requests: [] };
  for (const move of earlier) {
    const next = game.reduce(current, { kind: 'act', seat, action: move });
    // A move that would end the hand waits for its round: a win shown and then taken back by a lost race would mislead.
    if (next.ok && game.awaits(next.value).kind !== 'over') current = { ...next.value, requests: [] };
  }
  return current;
}
