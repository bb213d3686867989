/**
 * When a seat's signed abandon ends the hand. An abandon ends it unless it was
 * made once play was over (then the disclosures are owed all the same). One
 * made at a step this peer has not reached (a slower link) waits until the
 * peer is there — so an abandon sent after the last move never ends a hand
 * whose disclosures are owed — but a date no hand can reach, or beyond the
 * step at which play ended, is refused (`future-step`): it would otherwise
 * wait for ever. One dated before steps its author had already signed events
 * at is refused as backdated. Play is over at the step whose state the engine
 * awaits nothing more of, the same step on every page: an abandon dated there
 * never counts, whether it arrives before this peer takes that last step or
 * after (`playOver` is true from the step itself, not from the moment the
 * disclosure round opens). The follower asks `abandonRuling` at every step
 * and acts on the answer; nothing here changes the hand.
 */
import { MAX_REVEAL_MOVES, type TableEvent } from '../transcript.js';
import type { EventPool, PoolLimits } from './event-pool.js';
import type { HandFollower } from './follower.js';
import type { Halt } from './halt.js';

/** Where the hand stands, as an abandon is judged against it. */
export interface AbandonView {
  /** The abandons held and whether one is backdated (the event pool). */
  readonly pool: Pick<EventPool, 'abandonsHeld' | 'backdated'>;
  /** The engine step this peer has reached. */
  readonly step: number;
  readonly players: number;
  readonly limits: PoolLimits;
  /**
   * Play is over at `step`: the engine's state there awaits nothing more, so
   * the disclosures are owed (whether or not this peer has opened their round yet).
   */
  readonly playOver: boolean;
}

/**
 * What the abandons held (in seat order) do now: the first that ends the
 * hand, or the halt that refuses one (the first refused stops the judging),
 * or nothing. `waiting`: the seat of the first abandon met that waits for
 * this peer to reach its step during play, or null.
 */
export type AbandonRuling =
  | { readonly kind: 'none'; readonly waiting: number | null }
  | { readonly kind: 'counts'; readonly abandon: TableEvent<'abandon'>; readonly waiting: number | null }
  | { readonly kind: 'refused'; readonly halt: Halt & { seat: number }; readonly waiting: number | null };

/**
 * Where a follower's hand stands, for judging the abandons held. Play is over
 * as soon as the last step is recorded, one advance before the disclosure
 * round opens: an abandon judged in between must meet the same ruling as one
 * judged in that round, or pages would part on arrival order.
 */
export function abandonView(f: HandFollower, limits: PoolLimits): AbandonView {
  const playOver =
    f.phase === 'disclose' ||
    (f.phase === 'play' && !f.cascade && f.state !== null && f.game.awaits(f.state).kind === 'over');
  return { pool: f.pool, players: f.players, limits, step: Math.max(0, f.hashes.length - 1), playOver };
}

export function abandonRuling(view: AbandonView): AbandonRuling {
  let waiting: number | null = null;
  for (const abandon of view.pool.abandonsHeld()) {
    const judged = judgeAbandon(abandon, view);
    if (judged === 'counts') return { kind: 'counts', abandon, waiting };
    if (judged !== 'waits') return { kind: 'refused', halt: judged, waiting };
    if (!view.playOver) waiting ??= abandon.seat;
  }
  return { kind: 'none', waiting };
}

function judgeAbandon(
  abandon: TableEvent<'abandon'>,
  view: AbandonView,
): 'counts' | 'waits' | (Halt & { seat: number }) {
  const seat = abandon.seat;
  if (view.pool.backdated(abandon))
    return {
      code: 'bad-event',
      seat,
      detail: 'sent an abandon dated before steps it had already signed events at (backdated)',
    };
  const at = abandon.envelope.body.at;
  const now = view.step;
  const reachable = maxSteps(view.players, view.limits);
  if (at > reachable)
    return {
      code: 'future-step',
      seat,
      detail: `dated its abandon at step ${at}, beyond any step a hand can reach (at most ${reachable})`,
    };
  if (at > now) {
    if (!view.playOver) return 'waits';
    return { code: 'future-step', seat, detail: `dated its abandon at step ${at}, but play ended at step ${now}` };
  }
  if (!view.playOver) return 'counts';
  return at < now ? 'counts' : 'waits';
}

/**
 * The most engine steps a hand can have under the pool's limits: every step
 * takes in at least one event of the pool (a move, a seat's key shares for
 * one request, the steps of a reshuffle) or one of the moves of a real-time
 * reveal (at most MAX_REVEAL_MOVES each), and the pool holds at most
 * `eventsPerAuthor` events per seat.
 */
export function maxSteps(players: number, limits: PoolLimits): number {
  return players * limits.eventsPerAuthor * MAX_REVEAL_MOVES;
}
