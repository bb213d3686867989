/**
 * What the table looks like for one seat or a spectator (the UI's input; in
 * Stress (speed) everyone sees the same: rows and centre cards are public,
 * piles are unknown to all), the named zones every card handle lies in (for
 * invariants and scenario deals), the outcome of a finished hand (the winner
 * first; the loser deals next), and the compact summary the scenario runner
 * prints and checks.
 */
import {
  publicKnowledge,
  viewKnowledge,
  type CardId,
  type Handle,
  type Json,
  type Outcome,
  type PrivateView,
  type Seat,
} from '../../engine/index.js';
import { cardsLeft, stressTops, topOf, type Phase, type SpeedState, type Stalemate } from './board.js';

export interface ViewCard {
  handle: Handle;
  /** null: this viewer does not know the card (a pile card, or one still being turned over). */
  card: CardId | null;
}

export interface SlotView {
  /** The card that can be played from this slot; null when the slot is empty. */
  top: ViewCard | null;
  /** Every card in the slot, bottom first (more than one only after a duplicate was covered at the deal). */
  cards: ViewCard[];
}

export interface SeatView {
  row: SlotView[];
  /** The face-down pile, next dealt first (unknown to everyone). */
  pile: ViewCard[];
  pileCount: number;
  /** Row and pile cards still to get rid of. */
  cardsLeft: number;
}

export interface StackView {
  top: ViewCard | null;
  /** Bottom first. */
  cards: ViewCard[];
  size: number;
}

export interface SpeedView {
  phase: Phase;
  seats: SeatView[];
  /** The centre stacks; `stacks[s]` is seat s's own. */
  stacks: StackView[];
  /** Both centre tops share a rank: a stress call would be valid now. */
  stressable: boolean;
  /** A stalemate being resolved (deals or restack pending): the UI's cue for its countdown. */
  stalemate: Stalemate | null;
  stalemates: number;
  lastStress: { caller: Seat; taker: Seat } | null;
  stresses: number;
  winner: Seat | null;
  /** The hand ended with no card playable ever again, and no winner. */
  blocked: boolean;
}

export function zones(state: SpeedState): Record<string, Handle[]> {
  const board = state.board;
  const named: Record<string, Handle[]> = {};
  board.seats.forEach((mine, seat) => {
    mine.row.forEach((slot, index) => {
      named[`slot${index}@${seat}`] = slot;
    });
    named[`pile@${seat}`] = mine.pile;
  });
  board.stacks.forEach((stack, s) => {
    named[`stack@${s}`] = stack;
  });
  named.aside = board.aside;
  return named;
}

export function view(state: SpeedState, _viewer: Seat | null, privateView: PrivateView): SpeedView {
  const board = state.board;
  const know = viewKnowledge(state, privateView);
  const cards = (handles: readonly Handle[]): ViewCard[] => handles.map((handle) => ({ handle, card: know(handle) }));
  const top = (handles: readonly Handle[]): ViewCard | null => {
    const handle = topOf(handles);
    return handle === null ? null : { handle, card: know(handle) };
  };
  return {
    phase: board.phase,
    seats: board.seats.map((mine) => ({
      row: mine.row.map((slot) => ({ top: top(slot), cards: cards(slot) })),
      pile: cards(mine.pile),
      pileCount: mine.pile.length,
      cardsLeft: cardsLeft(mine),
    })),
    stacks: board.stacks.map((stack) => ({ top: top(stack), cards: cards(stack), size: stack.length })),
    stressable:
      board.phase === 'play' && state.requests.length === 0 && stressTops(board, publicKnowledge(state)) !== null,
    stalemate: board.stalemate,
    stalemates: board.stalemates,
    lastStress: board.lastStress,
    stresses: board.stresses,
    winner: board.winner,
    blocked: board.blocked,
  };
}

export function outcome(state: SpeedState): Outcome | null {
  const board = state.board;
  if (board.phase !== 'over') return null;
  if (board.winner === null) {
    const nextDealer = (state.dealer + 1) % state.players;
    return {
      ranking: [[0, 1]],
      nextDealer,
      scores: null,
      carry: null,
      summary: `blocked: no card can be played any more; no winner; seat ${nextDealer} deals next`,
    };
  }
  const loser = (board.winner + 1) % state.players;
  return {
    ranking: [[board.winner], [loser]],
    nextDealer: loser,
    scores: null,
    carry: null,
    summary: `seat ${board.winner} won; seat ${loser} deals next`,
  };
}

/** Readable: cards by id (unknown ones as '??'); rows as slots bottom first, piles next dealt first, stacks bottom first. */
export function summarize(v: SpeedView): Json {
  const ids = (cards: ViewCard[]): string[] => cards.map((c) => c.card ?? '??');
  return {
    phase: v.phase,
    rows: v.seats.map((s) => s.row.map((slot) => ids(slot.cards))),
    piles: v.seats.map((s) => ids(s.pile)),
    stacks: v.stacks.map((s) => ids(s.cards)),
    tops: v.stacks.map((s) => s.top?.card ?? null),
    stressable: v.stressable,
    stalemates: v.stalemates,
    stresses: v.stresses,
    lastStress: v.lastStress,
    winner: v.winner,
    blocked: v.blocked,
  };
}
