/**
 * The deadlines of a hand, by the table's clock (`tick(now)`; the follower
 * never reads a clock itself): once play is over every seat owes its
 * disclosure for the audit within `discloseMs`, and once every commit of a
 * real-time round is in every seat owes its reveal within `revealMs`. A
 * withheld reveal cannot change the order (fixed before the round), so
 * withholding only stalls; past the deadline — or when a player stops
 * waiting — the first seat that owes is named (`no-disclosure`,
 * `no-reveal`). An abandon cannot end a hand that owes either.
 */
import type { Cascade } from './cascade.js';
import type { EventPool } from './event-pool.js';

export const DEFAULT_DISCLOSE_DEADLINE_MS = 60_000;
export const DEFAULT_REVEAL_DEADLINE_MS = 30_000;

/** What the deadlines read of a hand (the follower's public surface). */
export interface DeadlineView {
  readonly phase: string;
  readonly players: number;
  readonly pool: EventPool;
  /** The real-time round now open. */
  readonly round: number;
  /** Agreed moves of a closed round still to be applied. */
  readonly orderedPending: number;
  readonly cascade: Cascade | null;
}

/** A seat named for what it owes. */
export interface Overdue {
  readonly code: 'no-disclosure' | 'no-reveal';
  readonly seat: number;
  readonly detail: string;
}

/** Every commit of the open real-time round is in (nothing else pending): its reveals are owed. */
export function revealsOwed(hand: DeadlineView): boolean {
  return (
    hand.orderedPending === 0 &&
    !hand.cascade &&
    [...Array(hand.players).keys()].every((seat) => hand.pool.commit(hand.round, seat))
  );
}

export class HandDeadlines {
  /** By the table's clock, when every commit of the open round was in (its reveals are owed since). */
  private revealSince: number | null = null;
  private discloseSince: number | null = null;

  constructor(
    private readonly discloseMs: number = DEFAULT_DISCLOSE_DEADLINE_MS,
    private readonly revealMs: number = DEFAULT_REVEAL_DEADLINE_MS,
  ) {}

  /** A new real-time round opened: its reveals are not owed yet. */
  roundOpened(): void {
    this.revealSince = null;
  }

  /** The table's clock: a seat that has not revealed a real-time round, or disclosed once play is over, by the deadline. */
  tick(now: number, hand: DeadlineView): Overdue | null {
    if (hand.phase === 'play') return this.tickReveals(now, hand);
    if (hand.phase !== 'disclose') return null;
    this.discloseSince ??= now;
    if (now - this.discloseSince < this.discloseMs) return null;
    const missing = firstOwing(hand, 'disclose', 0);
    return missing === null
      ? null
      : {
          code: 'no-disclosure',
          seat: missing.seat,
          detail:
            missing.of === missing.seat
              ? 'did not disclose its secrets for the audit in time'
              : `did not show in time that it holds seat ${missing.of + 1}'s disclosure (every other seat does)`,
        };
  }

  private tickReveals(now: number, hand: DeadlineView): Overdue | null {
    const r = hand.round;
    if (!revealsOwed(hand)) {
      this.revealSince = null;
      return null;
    }
    this.revealSince ??= now;
    if (now - this.revealSince < this.revealMs) return null;
    const missing = firstOwing(hand, 'reveal', r);
    return missing === null
      ? null
      : {
          code: 'no-reveal',
          seat: missing.seat,
          detail:
            missing.of === missing.seat
              ? `did not reveal its moves of round ${r} in time (a withheld reveal)`
              : `did not show in time that it holds seat ${missing.of + 1}'s reveal of round ${r}`,
        };
  }
}

/**
 * The first seat (in seat order of the slots) that owes what a slot needs to
 * take effect: its own event, or — when that is held but some seat has not
 * shown it holds it — that seat (event-pool.ts `owing`). `of`: whose slot.
 */
function firstOwing(hand: DeadlineView, type: 'disclose' | 'reveal', key: number): { seat: number; of: number } | null {
  for (let of = 0; of < hand.players; of++) {
    const seat = hand.pool.owing(hand.pool.slot(type, key, of), of)[0];
    if (seat !== undefined) return { seat, of };
  }
  return null;
}

/**
 * A player gave up waiting on seat `owing`: when what is owed is a
 * disclosure or a real-time reveal, that seat is named now; null when an
 * abandon is the way to end the hand.
 */
export function stalledOwing(hand: DeadlineView, owing: number): Overdue | null {
  if (hand.phase === 'disclose')
    return {
      code: 'no-disclosure',
      seat: owing,
      detail: 'did not disclose its secrets for the audit; a player stopped waiting',
    };
  if (hand.phase === 'play' && revealsOwed(hand))
    return {
      code: 'no-reveal',
      seat: owing,
      detail: `did not reveal its moves of round ${hand.round}; a player stopped waiting`,
    };
  return null;
}
