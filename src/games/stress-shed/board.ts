/**
 * The board of Stress (shedding): where every card handle lies (each seat's
 * hand, face-up and face-down cards; the draw stack, the game stack, the
 * cemetery, a blind card being turned over), the phase, whose turn it is,
 * the swap-phase choices, the finishing order and the endless-hands record;
 * plus the small queries the rules, views and bots share (current source,
 * next seat, cards left).
 */
import type { Handle, Seat, State } from '../../engine/index.js';
import type { StressOptions } from './options.js';

export interface SeatCards {
  /** Known to the owner only (unless picked up from the stack, which is public). */
  hand: Handle[];
  /** Public. */
  faceUp: Handle[];
  /** Known to nobody until played. */
  faceDown: Handle[];
}

/** One exchange of the swap phase: a hand card goes face-up, a face-up card goes to the hand. */
export interface Swap {
  hand: Handle;
  faceUp: Handle;
}

export type Phase = 'swap' | 'play' | 'over';
/** Why a hand ended before one player was left: a position occurred a third time, or too long without progress. */
export type EndlessEnd = 'repetition' | 'no-progress';
export type Source = 'hand' | 'faceUp' | 'faceDown';

export interface StressBoard {
  phase: Phase;
  seats: SeatCards[];
  /** Swap phase: each seat's exchanges once it pressed "ready" (null: not yet); applied in seat order when all are in. */
  ready: (Swap[] | null)[];
  /** The draw stack; the first handle is the next one drawn. */
  draw: Handle[];
  /** The game stack, bottom first: the last handle is the top. */
  stack: Handle[];
  /** Burned cards, out of play. */
  cemetery: Handle[];
  /** A blind face-down card on its way to the stack, waiting to be revealed to all. */
  flipping: { seat: Seat; handle: Handle } | null;
  /** Whose move it is in the play phase (in the swap phase: who will start). */
  turn: Seat;
  /** Seats that are out, in finishing order: out[0] won. */
  out: Seat[];
  /** The last seat left when play ended, or null (game not over, stopped at the first winner, or an endless hand). */
  loser: Seat | null;
  /**
   * Endless hands (option `endlessHandsEnd`, endless.ts): the hashes of the
   * positions since the last progress, oldest first (the first one is the
   * position the last progress left). Empty in the swap phase and with the
   * option off.
   */
  positions: string[];
  /** Set when the endless-hands rule ended the hand (then `loser` is null). */
  endless: EndlessEnd | null;
}

export type StressState = State<StressBoard, StressOptions>;

/** Where the seat must play from: hand, else face-up, else face-down; null when it has no cards (out). */
export function sourceOf(cards: SeatCards): Source | null {
  if (cards.hand.length > 0) return 'hand';
  if (cards.faceUp.length > 0) return 'faceUp';
  if (cards.faceDown.length > 0) return 'faceDown';
  return null;
}

export function cardsLeft(cards: SeatCards): number {
  return cards.hand.length + cards.faceUp.length + cards.faceDown.length;
}

export function isOut(board: StressBoard, seat: Seat): boolean {
  return board.out.includes(seat);
}

/** Seats still playing, ascending. */
export function activeSeats(board: StressBoard): Seat[] {
  return board.seats.map((_, seat) => seat).filter((seat) => !isOut(board, seat));
}

/**
 * The seat `steps` places after `from` in play order (ascending seat numbers),
 * counting only seats still in play. `from` itself may be out already.
 */
export function seatAfter(board: StressBoard, from: Seat, steps: number): Seat {
  const players = board.seats.length;
  if (activeSeats(board).length === 0) return from;
  let seat = from;
  for (let left = steps; left > 0;) {
    seat = (seat + 1) % players;
    if (!isOut(board, seat)) left -= 1;
  }
  return seat;
}
