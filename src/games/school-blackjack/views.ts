/**
 * What the table looks like for one seat or a spectator (the UI's input),
 * the named zones every card handle lies in (for invariants and scenario
 * deals), the outcome of a finished hand (the winner; the seat clockwise of
 * the dealer deals next), and the compact summary the scenario runner prints
 * and checks.
 */
import {
  compareCards,
  viewKnowledge,
  type CardId,
  type Claim,
  type Handle,
  type Json,
  type Outcome,
  type PrivateView,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import { seatAfter, type BlackjackState, type Direction, type DrawReason, type Phase, type TurnStep } from './board.js';
import { endDraws, suitToMatch } from './grammar.js';
import { currentPosition } from './rules.js';

export interface ViewCard {
  handle: Handle;
  /** null: this viewer does not know the card. */
  card: CardId | null;
}

export interface BlackjackView {
  phase: Phase;
  /** Whose turn it is; null once over. */
  turn: Seat | null;
  /** Which way play goes now: clockwise = descending seat numbers. */
  direction: Direction;
  step: TurnStep;
  /** What the seat whose turn it is owes (until it acts). */
  owed: number;
  /** What the next seat would owe if the turn ended now. */
  pickup: number;
  /** Players the current turn skips so far (8s played). */
  skips: number;
  /** Whether `end` now draws a card (uncapped, or right after a 3 or queen). */
  endDraws: boolean;
  /** The play pile, bottom first. */
  pile: CardId[];
  top: CardId | null;
  /** The suit a step-1 card must match (the top's, or the suit the top ace named); null on an empty pile. */
  suit: Suit | null;
  deckCount: number;
  /** Cards played so far this turn. */
  played: CardId[];
  hands: ViewCard[][];
  lastTurn: {
    seat: Seat;
    played: CardId[];
    reason: DrawReason;
    asked: number;
    drew: number;
    skipped: Seat[];
    next: Seat | null;
    owes: number;
    reshuffled: boolean;
  } | null;
  reshuffles: number;
  winner: Seat | null;
  /** Claims the end-of-hand audit will check. */
  claims: Claim[];
}

export function zones(state: BlackjackState): Record<string, Handle[]> {
  const board = state.board;
  const named: Record<string, Handle[]> = {};
  board.hands.forEach((hand, seat) => {
    named[`hand@${seat}`] = hand;
  });
  named.pile = board.pile;
  named.deck = board.deck;
  named.aside = board.aside;
  return named;
}

export function view(state: BlackjackState, viewer: Seat | null, privateView: PrivateView): BlackjackView {
  const board = state.board;
  const know = viewKnowledge(state, privateView);
  const ids = (handles: Handle[]): CardId[] => handles.map((h) => know(h) ?? '?');
  const position = currentPosition(state, know);
  const top = board.pile.at(-1);
  return {
    phase: board.phase,
    turn: board.phase === 'play' ? board.turn : null,
    direction: board.direction,
    step: board.step,
    owed: board.owed,
    pickup: board.pickup,
    skips: board.skips,
    endDraws: endDraws(position),
    pile: ids(board.pile),
    top: top === undefined ? null : know(top),
    suit: suitToMatch(position),
    deckCount: board.deck.length,
    played: ids(board.played),
    hands: board.hands.map((hand) => hand.map((handle) => ({ handle, card: know(handle) }))),
    lastTurn: board.lastTurn ? { ...board.lastTurn, played: ids(board.lastTurn.played) } : null,
    reshuffles: board.reshuffles,
    winner: board.winner,
    claims: state.claims,
  };
}

export function outcome(state: BlackjackState): Outcome | null {
  const board = state.board;
  if (board.phase !== 'over' || board.winner === null) return null;
  const winner = board.winner;
  const rest = board.hands.map((_, seat) => seat).filter((seat) => seat !== winner);
  const nextDealer = seatAfter(state.players, state.dealer, 1, 'clockwise');
  return {
    ranking: [[winner], rest],
    nextDealer,
    scores: null,
    carry: null,
    summary: `seat ${winner} won; seat ${nextDealer} (clockwise of the dealer) deals next`,
  };
}

/** Readable: cards by id (hidden ones as '??'), hands sorted, the deck as a count. */
export function summarize(v: BlackjackView): Json {
  const hand = (cards: ViewCard[]): string[] => {
    const known = cards.flatMap((c) => (c.card === null ? [] : [c.card])).sort(compareCards);
    return [...known, ...cards.filter((c) => c.card === null).map(() => '??')];
  };
  return {
    phase: v.phase,
    turn: v.turn,
    direction: v.direction,
    step: v.step,
    owed: v.owed,
    pickup: v.pickup,
    skips: v.skips,
    pile: v.pile,
    top: v.top,
    suit: v.suit,
    deck: v.deckCount,
    hands: v.hands.map(hand),
    handSizes: v.hands.map((h) => h.length),
    lastTurn: v.lastTurn,
    reshuffles: v.reshuffles,
    winner: v.winner,
    claims: v.claims.map((c) => c.note),
  };
}
