/**
 * The end-of-hand summary as plain data, for components/fd-hand-summary.ts:
 * the result in words (places and scores with names, the game's own summary
 * with seats named), every card the audit opened, by seat and zone (each
 * player's remaining hand, face-up and face-down cards, the skat, the
 * stock), and the verdict (src/verify/verdict.ts). Built from the final
 * state, the audit's opened cards and the outcome; pure, so it is tested
 * without a browser.
 */
import type { AnyState, OpenCards, Outcome } from '../engine/index.js';
import { handCards, namedSummary } from '../games/hand-cards.js';
import type { HandSession } from '../table/hand-session.js';
import { handVerdict, type VerdictSummary } from '../verify/verdict.js';

export interface SummaryZone {
  readonly label: string;
  /** Card ids; null for a card the audit did not open (shown as its back). */
  readonly cards: readonly (string | null)[];
}

export interface SummarySeat {
  readonly name: string;
  /** 1 for the winner; seats sharing a place share the number; null without a ranking. */
  readonly place: number | null;
  readonly score: number | null;
  readonly zones: readonly SummaryZone[];
}

export interface HandSummaryView {
  readonly handNo: number;
  /** "Ann wins", "Hand stopped: Bob — …", "No result". */
  readonly headline: string;
  /** The game's own account, seats named ("Bob bid 18, took 70: made, +36; Cleo deals next"). */
  readonly detail: string | null;
  /** In order of place, the winner first; seats without a place after them, in seat order. */
  readonly seats: readonly SummarySeat[];
  /** Cards that belong to no seat (stock, skat, draw stack). */
  readonly table: readonly SummaryZone[];
  /** Whether the audit opened every card (false: only what was public is shown). */
  readonly opened: boolean;
  readonly verdict: VerdictSummary | null;
}

export interface HandSummaryInput {
  readonly handNo: number;
  readonly game: string;
  /** The final state; null when the hand stopped before the deal was done. */
  readonly state: AnyState | null;
  readonly names: readonly string[];
  readonly outcome: Outcome | null;
  /** Every card, once the audit opened them (null: not opened). */
  readonly open: OpenCards | null;
  readonly halt: { readonly seat: number | null; readonly detail: string } | null;
  readonly verdict: VerdictSummary | null;
}

function nameOf(names: readonly string[], seat: number): string {
  return names[seat] || `Seat ${seat + 1}`;
}

export function handSummary(input: HandSummaryInput): HandSummaryView {
  const { state, names, outcome, open, halt } = input;
  const card = (handle: number): string | null => open?.[handle] ?? state?.cards[handle]?.card ?? null;
  const zones = state ? handCards(input.game, state) : [];
  const places = new Map<number, number>();
  outcome?.ranking.forEach((group, i) => group.forEach((seat) => places.set(seat, i + 1)));
  const bySeat: SummarySeat[] = Array.from({ length: state?.players ?? names.length }, (_, seat) => ({
    name: nameOf(names, seat),
    place: places.get(seat) ?? null,
    score: outcome?.scores?.[seat] ?? null,
    zones: zones.filter((z) => z.seat === seat).map((z) => ({ label: z.label, cards: z.handles.map(card) })),
  }));
  // In order of place (the winner first); seats without a place after them, in seat order.
  const seats = bySeat
    .map((seat, i) => ({ seat, i }))
    .sort((a, b) => (a.seat.place ?? Infinity) - (b.seat.place ?? Infinity) || a.i - b.i)
    .map(({ seat }) => seat);
  const winners = outcome?.ranking[0] ?? [];
  let headline: string;
  if (halt) headline = `Hand stopped${halt.seat !== null ? `: ${nameOf(names, halt.seat)}` : ''} — ${halt.detail}`;
  else if (winners.length === 1) headline = `${nameOf(names, winners[0]!)} wins`;
  else if (winners.length > 1) headline = `${winners.map((s) => nameOf(names, s)).join(' and ')} share first place`;
  else headline = 'No result';
  return {
    handNo: input.handNo,
    headline,
    detail: outcome ? namedSummary(outcome.summary, names) : null,
    seats,
    table: zones.filter((z) => z.seat === null).map((z) => ({ label: z.label, cards: z.handles.map(card) })),
    opened: open !== null,
    verdict: input.verdict,
  };
}

/** The summary of the open table's hand once it has ended (audited or stopped); null while it runs. */
export function endOfHand(
  handNo: number,
  hand: HandSession,
  names: readonly string[],
  outcome: Outcome | null,
): HandSummaryView | null {
  if (hand.phase !== 'done' && hand.phase !== 'halted') return null;
  return handSummary({
    handNo,
    game: hand.config.game.id,
    state: hand.engineState,
    names,
    outcome,
    open: hand.auditResult?.open ?? null,
    halt: hand.halt ? { seat: hand.halt.seat, detail: hand.halt.detail } : null,
    verdict: handVerdict(hand.follower, names),
  });
}
