/**
 * What the table looks like for one seat or a spectator (the UI's input),
 * the named zones every card handle lies in (for invariants and scenario
 * deals), the outcome of a finished round (the winner's point, the match
 * points carried to the next round, the dealer one seat clockwise), and the
 * compact summary the scenario runner prints and checks.
 */
import {
  compareCards,
  viewKnowledge,
  type CardId,
  type Handle,
  type Json,
  type Outcome,
  type PrivateView,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import { clockwiseOf, topHandle, type Direction, type PestenState, type Phase } from './board.js';

export interface ViewCard {
  handle: Handle;
  /** null: this viewer does not know the card. */
  card: CardId | null;
}

export interface SeatView {
  hand: ViewCard[];
  count: number;
  points: number;
  /** Pass round: this seat has picked its card. */
  passed: boolean;
  /** Where this seat's card goes on a 10: its clockwise neighbour. */
  passesTo: Seat;
}

export interface PestenView {
  phase: Phase;
  /** Whose move it is (the dealer while wishing at the start); null during a pass round, the deal and when over. */
  turn: Seat | null;
  dealer: Seat;
  /** Clockwise = descending seat order on screen. */
  direction: Direction;
  /** The discard pile, bottom first; the last card is the top. */
  discard: CardId[];
  top: CardId | null;
  stockCount: number;
  wish: Suit | null;
  owed: number;
  /** After a 7 or K: the seat to move plays again. */
  again: boolean;
  /** With drawThenPlay: the card just drawn, the only one that may be played. */
  drawn: ViewCard | null;
  seats: SeatView[];
  reshuffles: number;
  winner: Seat | null;
  targetPoints: number;
  /** True once a seat has `targetPoints` points. */
  matchOver: boolean;
}

export function zones(state: PestenState): Record<string, Handle[]> {
  const board = state.board;
  const named: Record<string, Handle[]> = {};
  board.hands.forEach((hand, seat) => {
    named[`hand@${seat}`] = hand;
  });
  named.discard = board.discard;
  named.stock = board.stock;
  named.aside = board.aside;
  return named;
}

function matchOver(state: PestenState): boolean {
  const winner = state.board.winner;
  return winner !== null && (state.board.points[winner] ?? 0) >= state.options.targetPoints;
}

export function view(state: PestenState, _viewer: Seat | null, privateView: PrivateView): PestenView {
  const board = state.board;
  const know = viewKnowledge(state, privateView);
  const cards = (handles: Handle[]): ViewCard[] => handles.map((handle) => ({ handle, card: know(handle) }));
  const top = topHandle(board);
  return {
    phase: board.phase,
    turn: board.phase === 'play' || board.phase === 'wish' ? board.turn : null,
    dealer: state.dealer,
    direction: board.direction,
    discard: board.discard.map((h) => know(h) ?? '?'),
    top: top === null ? null : know(top),
    stockCount: board.stock.length,
    wish: board.wish,
    owed: board.owed,
    again: board.again,
    drawn: board.drawn === null ? null : { handle: board.drawn, card: know(board.drawn) },
    seats: board.hands.map((hand, seat) => ({
      hand: cards(hand),
      count: hand.length,
      points: board.points[seat] ?? 0,
      passed: board.phase === 'pass' && board.passes[seat] !== null,
      passesTo: clockwiseOf(seat, state.players),
    })),
    reshuffles: board.reshuffles,
    winner: board.winner,
    targetPoints: state.options.targetPoints,
    matchOver: matchOver(state),
  };
}

export function outcome(state: PestenState): Outcome | null {
  const board = state.board;
  if (board.phase !== 'over' || board.winner === null) return null;
  const winner = board.winner;
  const others = board.hands.map((_, seat) => seat).filter((seat) => seat !== winner);
  const over = matchOver(state);
  const nextDealer = clockwiseOf(state.dealer, state.players);
  return {
    ranking: [[winner], ...(others.length > 0 ? [others] : [])],
    nextDealer,
    scores: [...board.points],
    carry: over ? null : { points: [...board.points] },
    summary: over
      ? `seat ${winner} won the round and the match with ${board.points[winner] ?? 0} points`
      : `seat ${winner} won the round (points ${board.points.join('–')}); seat ${nextDealer} deals next`,
  };
}

/** Readable: cards by id (hidden ones as '??'), hands sorted, the stock as a count. */
export function summarize(v: PestenView): Json {
  const ids = (cards: ViewCard[]): string[] => {
    const known = cards.flatMap((c) => (c.card === null ? [] : [c.card])).sort(compareCards);
    return [...known, ...cards.filter((c) => c.card === null).map(() => '??')];
  };
  return {
    phase: v.phase,
    turn: v.turn,
    direction: v.direction,
    top: v.top,
    discard: v.discard,
    stock: v.stockCount,
    wish: v.wish,
    owed: v.owed,
    again: v.again,
    drawn: v.drawn?.card ?? null,
    hands: v.seats.map((s) => ids(s.hand)),
    points: v.seats.map((s) => s.points),
    passed: v.seats.map((s) => s.passed),
    reshuffles: v.reshuffles,
    winner: v.winner,
    matchOver: v.matchOver,
  };
}
