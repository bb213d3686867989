/**
 * Where a table session (table-session.ts) is in its hands, as one typed value
 * with named transitions. Each transition is pure: the phase and an event in,
 * the next phase out, or null when the event is refused in that phase (the
 * session then does nothing).
 *
 *   phase          event                        next phase
 *   seating        choose                       choosing (a seated page reads storage for its first hand)
 *   choosing       chosen                       seating (the start of the chosen hand follows at once)
 *   seating,
 *   choosing, at n begin h  (h > n, or h awaited) starting h, from that phase
 *   starting n     begin h  (h > n)             starting h, from at n
 *   starting n     begin n, or h < n            refused
 *   at n           begin h  (h ≤ n, not awaited) refused
 *   any            noRules h                    at h (starting h while a start is in flight)
 *   starting n     settle (a start has ended)   at n, whichever start it was
 *   starting h     fail h                       the phase it was started from
 *   at h           fail h                       at the failed start's previous hand (seating if none)
 *   other          fail h                       as settle
 *
 * "at n" is one phase for what the hand's own session tells apart (`stageOf` below, which `TableSession.stage` calls): its set-up awaited
 * from its seats' readies (table-history.ts `pending`), being played, or over (done or halted) — between hands.
 * A page that holds no seat of hand n is at it too, as a watcher. Hand numbers count from 0; -1 is "none".
 */
import type { HandPhase } from './hand/follower.js';

/** The phases a start returns to when it fails, and the ones no start is in flight in. */
export type SettledPhase =
  /** No hand yet: the lobby fills its seats (or a page without a seat has not begun to follow the table). */
  | { readonly kind: 'seating' }
  /** A (re)opened seated page reads storage to decide which hand it starts at (table-hand-start.ts `firstHand`). */
  | { readonly kind: 'choosing' }
  /** Hand `hand` is this page's: awaited, being played, or over (`stageOf`). */
  | { readonly kind: 'at'; readonly hand: number };

export type TablePhase =
  | SettledPhase
  /** Between deciding to start hand `hand` and having its sessions: events for it wait as early events. */
  | { readonly kind: 'starting'; readonly hand: number; readonly from: SettledPhase };

export const SEATING: SettledPhase = { kind: 'seating' };

/** The hand the table is at or starting (-1: none yet). */
export function handOf(phase: TablePhase): number {
  return phase.kind === 'at' || phase.kind === 'starting' ? phase.hand : -1;
}

/** A start is in flight: the hand's sessions are not there yet. */
export function isStarting(phase: TablePhase): boolean {
  return phase.kind === 'starting';
}

/** A seated page with every seat taken picks its first hand (only once, and only before any hand). */
export function choose(phase: TablePhase): TablePhase | null {
  return phase.kind === 'seating' ? { kind: 'choosing' } : null;
}

/** The first hand is chosen: a start that came meanwhile (a Rematch) no longer returns to choosing if it fails. */
export function chosen(phase: TablePhase): TablePhase {
  if (phase.kind === 'choosing') return SEATING;
  if (phase.kind === 'starting' && phase.from.kind === 'choosing') return { ...phase, from: SEATING };
  return phase;
}

/**
 * Begins starting hand `hand`: refused for a hand at or before the current one (unless its set-up is the one awaited,
 * `awaited`: table-history.ts `pending`) and for the hand being started. A later hand may begin while an earlier one
 * is still starting: the later one is the table's hand from then on.
 */
export function begin(phase: TablePhase, hand: number, awaited: number | null): TablePhase | null {
  const current = handOf(phase);
  if ((hand <= current && awaited !== hand) || (phase.kind === 'starting' && hand === current)) return null;
  return { kind: 'starting', hand, from: settle(phase) };
}

/** The hand's game has no rules built here: the table is at that hand, with no sessions of it (a start in flight stays so). */
export function noRules(phase: TablePhase, hand: number): TablePhase {
  return phase.kind === 'starting' ? { ...phase, hand } : { kind: 'at', hand };
}

/** A start has ended (its sessions are set up, or its set-up is awaited): whichever start it was, none is in flight now. */
export function settle(phase: TablePhase): SettledPhase {
  return phase.kind === 'starting' ? { kind: 'at', hand: phase.hand } : phase;
}

/**
 * Starting hand `hand` failed (storage could not be read): the table goes back to where it was before that start,
 * `previousHand` (-1: none) — unless a later hand has begun meanwhile, which is left alone. No start is in flight after.
 * A start that had already settled (its sessions were set up, or a later start failed back to it) keeps only the hand
 * number it began from: without a hand, that is seating, even if the first hand's choice is still being read.
 */
export function fail(phase: TablePhase, hand: number, previousHand: number): SettledPhase {
  if (handOf(phase) !== hand) return settle(phase);
  if (phase.kind === 'starting') return phase.from;
  return previousHand < 0 ? SEATING : { kind: 'at', hand: previousHand };
}

/** What a reader of the table sees: the phase, with "at n" told apart by the hand's own session. */
export type TableStage =
  | { readonly kind: 'seating' | 'choosing' }
  | { readonly kind: 'starting' | 'awaiting-setup' | 'playing' | 'between'; readonly hand: number };

/**
 * The stage of a table: `awaited` is the hand whose set-up waits for its seats' readies (table-history.ts `pending`),
 * `session` the phase of this page's session of the current hand (undefined: none). A hand with no session (its rules
 * are not built here) counts as over.
 */
export function stageOf(phase: TablePhase, awaited: number | null, session: HandPhase | undefined): TableStage {
  if (phase.kind !== 'at') return phase.kind === 'starting' ? { kind: 'starting', hand: phase.hand } : phase;
  if (awaited === phase.hand) return { kind: 'awaiting-setup', hand: phase.hand };
  const over = session === undefined || session === 'done' || session === 'halted';
  return { kind: over ? 'between' : 'playing', hand: phase.hand };
}
