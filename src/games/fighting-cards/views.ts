/**
 * What the table looks like for one seat or a spectator (the UI's input),
 * the named zones every card handle lies in (for invariants and scenario
 * deals), the outcome of a finished deal (the match totals, places by total,
 * the next dealer, the carry for the next deal, the deal's score table row),
 * the result, outcome and view once the audit is in (a renege the live game
 * could not see, or an earlier one than the renege it proved), and the
 * compact summary the scenario runner prints and checks.
 *
 * Before the audit a scored deal is marked `awaitingAudit`: only the audit
 * sees every hand, so only it knows the earliest renege of the deal, which is
 * the one that counts (docs/rules/fighting-cards.md §4). Once it is in,
 * `viewAfterAudit` gives the view with the audited result, score row and
 * totals, the same ones `outcomeAfterAudit` carries into the next deal.
 */
import {
  compareCards,
  viewKnowledge,
  type AuditReport,
  type CardId,
  type Claim,
  type Handle,
  type Json,
  type Outcome,
  type PrivateView,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import {
  actor,
  highBid,
  nextSeat,
  sumPoints,
  wonBy,
  type Call,
  type DealResult,
  type DealRow,
  type FightingState,
  type Phase,
} from './board.js';
import { dealRow, rankByTotals, scoreDeal, totalsAfter } from './scoring.js';

export interface ViewCard {
  handle: Handle;
  /** null: this viewer does not know the card. */
  card: CardId | null;
}

export interface FightingSeatView {
  hand: ViewCard[];
  /** Tricks won so far. */
  tricks: number;
  /** Card points in the tricks won (played cards are public). */
  points: number;
  /** Suits this seat claimed to lack (by playing off the led suit). */
  voids: Suit[];
}

export interface FightingView {
  phase: Phase;
  dealer: Seat;
  /** Who is awaited (bidding, skat, discard, trump, play); null when scoring or over. */
  turn: Seat | null;
  auction: Call[];
  highBid: Call | null;
  declarer: Seat | null;
  contract: number | null;
  handGame: boolean | null;
  trump: Suit | null;
  seats: FightingSeatView[];
  skat: ViewCard[];
  /** The trick on the table, leader first. */
  trick: Array<{ seat: Seat; card: CardId | null }>;
  lastTrick: { cards: Array<{ seat: Seat; card: CardId | null }>; winner: Seat } | null;
  tricksPlayed: number;
  renege: { seat: Seat; suit: Suit } | null;
  thrownIn: boolean;
  result: DealResult | null;
  /** The deal is scored but its audit is not in yet: the result may still change (an earlier renege only the audit sees). */
  awaitingAudit: boolean;
  /**
   * The match: deals counted (this one once scored), totals, whether it is over, the seats with the highest total
   * once it is over (several share the win; empty before), and the score table's rows (this deal's last once
   * scored). The rules' view gives only this deal's row; the table puts the earlier deals' rows before it from
   * the hands' stored results (rows.ts `withMatchRows`).
   */
  match: { deals: number; played: number; totals: number[]; over: boolean; winners: Seat[]; history: DealRow[] };
  claims: Claim[];
}

export function zones(state: FightingState): Record<string, Handle[]> {
  const board = state.board;
  const named: Record<string, Handle[]> = {};
  board.hands.forEach((hand, seat) => {
    named[`hand@${seat}`] = hand;
  });
  named.skat = board.skat;
  named.trick = board.trick.map((c) => c.handle);
  board.hands.forEach((_, seat) => {
    named[`won@${seat}`] = wonBy(board, seat);
  });
  return named;
}

/**
 * The match after this deal: deals completed, totals, whether the match is over, and this deal's score table row
 * once it is counted (the rows of earlier deals are not in the state: rows.ts).
 */
function matchAfter(state: FightingState, result: DealResult | null): FightingView['match'] {
  const board = state.board;
  const counted = board.phase === 'over' && !board.thrownIn && result !== null;
  const played = board.match.played + (counted ? 1 : 0);
  const history = counted ? [dealRow(played, state.dealer, board.trump, result, board.hands.length)] : [];
  const totals = totalsAfter(board.match, counted ? result : null);
  const over = played >= state.options.deals;
  return {
    deals: state.options.deals,
    played,
    totals,
    over,
    winners: over ? (rankByTotals(totals)[0] ?? []) : [],
    history,
  };
}

export function view(state: FightingState, _viewer: Seat | null, privateView: PrivateView): FightingView {
  const board = state.board;
  const know = viewKnowledge(state, privateView);
  const cards = (handles: Handle[]): ViewCard[] => handles.map((handle) => ({ handle, card: know(handle) }));
  const last = board.tricks.at(-1);
  const trickCards = (handles: Handle[], leader: Seat) =>
    handles.map((h, i) => ({ seat: (leader + i) % board.hands.length, card: know(h) }));
  return {
    phase: board.phase,
    dealer: state.dealer,
    turn: actor(board),
    auction: board.auction.map((c) => ({ ...c })),
    highBid: highBid(board),
    declarer: board.declarer,
    contract: board.contract,
    handGame: board.handGame,
    trump: board.trump,
    seats: board.hands.map((hand, seat) => ({
      hand: cards(hand),
      tricks: board.tricks.filter((t) => t.winner === seat).length,
      points: sumPoints(wonBy(board, seat), know),
      voids: [...(board.voids[seat] ?? [])],
    })),
    skat: cards(board.skat),
    trick: board.trick.map((c) => ({ seat: c.seat, card: know(c.handle) })),
    lastTrick: last ? { cards: trickCards(last.cards, last.leader), winner: last.winner } : null,
    tricksPlayed: board.tricks.length,
    renege: board.renege ? { seat: board.renege.seat, suit: board.renege.suit } : null,
    thrownIn: board.thrownIn,
    result: board.result,
    awaitingAudit: board.result !== null,
    match: matchAfter(state, board.result),
    claims: state.claims,
  };
}

function outcomeWith(state: FightingState, result: DealResult | null): Outcome {
  const board = state.board;
  const match = matchAfter(state, result);
  const nextDealer = nextSeat(state.dealer);
  const carry = match.over ? null : { played: match.played, totals: match.totals };
  // "seat 1 wins the match", "seats 0, 1 share the match win" (the summary names them: "Ann and Bob share …").
  const matchWinner =
    match.winners.length === 1
      ? `seat ${match.winners[0]} wins the match`
      : `seats ${match.winners.join(', ')} share the match win`;
  const ranking = rankByTotals(match.totals);
  let summary: string;
  if (board.thrownIn) summary = `all passed: thrown in; seat ${nextDealer} deals`;
  else if (result === null) summary = 'no result';
  else {
    const how = result.renege !== null ? ` (seat ${result.renege} reneged)` : '';
    summary =
      `seat ${result.declarer} bid ${result.bid}${result.handGame ? ' hand' : ''}, took ${result.points}: ` +
      `${result.made ? 'made' : `failed by ${result.shortfall}`}, ${result.score > 0 ? '+' : ''}${result.score}${how}; ` +
      (match.over
        ? `match over after ${match.played} deal${match.played === 1 ? '' : 's'}: ${matchWinner}`
        : `seat ${nextDealer} deals next`);
  }
  // This deal's score table row (none when thrown in), kept with the hand's result outside the state.
  const row = (match.history.at(-1) ?? null) as unknown as Json;
  return { ranking, nextDealer, scores: match.totals, carry, summary, row };
}

export function outcome(state: FightingState): Outcome | null {
  if (state.board.phase !== 'over') return null;
  return outcomeWith(state, state.board.result);
}

/**
 * The deal's result once the end-of-hand audit has run. The audit replays the
 * deal with every hand open and stops at the first card played off the led
 * suit by a seat that held it: the earliest renege in play order. If it names
 * a seat for `must-follow-suit`, the deal is scored as a renege by that seat
 * (docs/rules/fighting-cards.md §4: as in Skat), whether the live game proved
 * no renege or a later one by another seat; otherwise the live result stands.
 * Other faults are the table's business (a cheated shuffle or a false card is
 * not a game result).
 */
export function resultAfterAudit(state: FightingState, report: AuditReport): DealResult | null {
  const result = state.board.result;
  if (result === null || report.verdict !== 'fault' || report.seat === null) return result;
  if (!report.reason.startsWith('must-follow-suit')) return result;
  return scoreDeal({ ...result, renege: report.seat });
}

/** The outcome once the end-of-hand audit has run: the deal scored with `resultAfterAudit`. */
export function outcomeAfterAudit(state: FightingState, report: AuditReport): Outcome | null {
  if (state.board.phase !== 'over') return null;
  return outcomeWith(state, resultAfterAudit(state, report));
}

/**
 * `view` of the finished deal once its audit is in: the audited result, score row and totals, no longer awaiting it
 * (rows of earlier deals that `seen` holds stay before this deal's).
 */
export function viewAfterAudit(state: FightingState, report: AuditReport, seen: FightingView): FightingView {
  if (state.board.phase !== 'over') return seen;
  const result = resultAfterAudit(state, report);
  const match = matchAfter(state, result);
  const earlier = seen.match.history.filter((row) => row.deal <= state.board.match.played);
  return { ...seen, result, awaitingAudit: false, match: { ...match, history: [...earlier, ...match.history] } };
}

/** Readable: cards by id (hidden ones as '??'), hands and skat sorted, calls as numbers or "pass". */
export function summarize(v: FightingView): Json {
  const ids = (cards: ViewCard[]): string[] => {
    const known = cards.flatMap((c) => (c.card === null ? [] : [c.card])).sort(compareCards);
    return [...known, ...cards.filter((c) => c.card === null).map(() => '??')];
  };
  const result = v.result as unknown as Json;
  return {
    phase: v.phase,
    turn: v.turn,
    auction: v.auction.map((c) => c.bid ?? 'pass'),
    declarer: v.declarer,
    contract: v.contract,
    handGame: v.handGame,
    trump: v.trump,
    hands: v.seats.map((s) => ids(s.hand)),
    skat: ids(v.skat),
    trick: v.trick.map((c) => c.card ?? '??'),
    lastTrick: v.lastTrick ? { cards: v.lastTrick.cards.map((c) => c.card ?? '??'), winner: v.lastTrick.winner } : null,
    tricks: v.seats.map((s) => s.tricks),
    points: v.seats.map((s) => s.points),
    voids: v.seats.map((s) => s.voids),
    renege: v.renege,
    thrownIn: v.thrownIn,
    result,
    awaitingAudit: v.awaitingAudit,
    totals: v.match.totals,
    played: v.match.played,
    winners: v.match.winners,
    rows: v.match.history as unknown as Json,
    claims: v.claims.map((c) => c.note),
  };
}
