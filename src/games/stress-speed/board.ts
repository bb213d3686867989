/**
 * The board of Stress (speed): where every card handle lies (each seat's row
 * of four slots and its face-down pile, the two centre stacks, and the cards a
 * scenario leaves out of play), the phase, the stalemate being resolved, the
 * last stress call and the end of the hand; plus the small queries the rules,
 * legal actions, views and bots share (tops, adjacency, whether anyone can
 * play, whether a stress call would be valid). Every card in a row or on a
 * centre stack is public, so every query here is decided by public cards.
 */
import { valueOf, type CardId, type Handle, type Knowledge, type Seat, type State } from '../../engine/index.js';
import type { SpeedOptions } from './options.js';

/** Slots in a row (docs/rules/stress-speed.md §2: a row of four). */
export const ROW_SLOTS = 4;
/** Cards in each seat's pile before the deal (a 52-card deck split in two). */
export const PILE_SIZE = 26;

export interface SpeedSeat {
  /**
   * The row, left to right: each slot bottom first, its last handle the top
   * (public). A slot holds more than one card only after the setup covered a
   * duplicate rank; a slot is empty only while its owner's pile is empty
   * (it is refilled as soon as the pile has cards again).
   */
  row: Handle[][];
  /** The face-down pile: the first handle is dealt next. Known to nobody, the owner included. */
  pile: Handle[];
}

/**
 * The phase of the hand:
 * - `deal`: the rows are being dealt and duplicate ranks covered (crypto only);
 * - `turn`: the centre cards (or, in a scenario position, every row and stack
 *   card) are being turned face-up; play starts when they are public;
 * - `play`: real time, both seats act whenever they like;
 * - `over`: a seat won, or no card can ever be played again (blocked).
 */
export type Phase = 'deal' | 'turn' | 'play' | 'over';

/**
 * A stalemate being resolved (its crypto is pending): `deal` — each listed
 * seat with a pile deals one card onto its own centre stack; `restack` —
 * neither seat had a pile, so each listed seat's centre stack is being
 * reshuffled into its new pile, after which each deals one card.
 */
export interface Stalemate {
  kind: 'deal' | 'restack';
  seats: Seat[];
}

export interface SpeedBoard {
  phase: Phase;
  seats: SpeedSeat[];
  /** The two centre stacks, bottom first: `stacks[s]` is seat s's own (the one it deals onto). */
  stacks: Handle[][];
  /** Scenario positions only: cards out of play (empty in a real hand). */
  aside: Handle[];
  /** The stalemate resolution under way, or null. The UI may show its countdown while the crypto is pending. */
  stalemate: Stalemate | null;
  /** How many stalemates have been resolved in this hand (each counts once, a restack with its deal too). */
  stalemates: number;
  /** The last valid stress call: who called and who took both stacks; null before the first. */
  lastStress: { caller: Seat; taker: Seat } | null;
  /** How many valid stress calls there have been. */
  stresses: number;
  /** The seat that emptied its row and pile first, once the hand is over. */
  winner: Seat | null;
  /** True when the hand ended because no card could ever be played again (no winner). */
  blocked: boolean;
}

export type SpeedState = State<SpeedBoard, SpeedOptions>;

/** The top card handle of a slot or stack, or null when empty. */
export function topOf(cards: readonly Handle[]): Handle | null {
  return cards.at(-1) ?? null;
}

/**
 * Whether two cards are one rank apart, aces high and low: the ranks form a
 * circle 2 3 … K A 2, so K–A and A–2 are neighbours and Q–A are not.
 */
export function adjacent(a: CardId | null, b: CardId | null): boolean {
  const x = a === null ? null : valueOf(a);
  const y = b === null ? null : valueOf(b);
  if (x === null || y === null) return false;
  const distance = (((x - y) % 13) + 13) % 13;
  return distance === 1 || distance === 12;
}

/** Whether two cards share a rank. */
export function sameRank(a: CardId | null, b: CardId | null): boolean {
  const x = a === null ? null : valueOf(a);
  return x !== null && b !== null && x === valueOf(b);
}

/** Every (slot, stack) pair where the seat's slot top may go on that stack's top now. */
export function playsOf(
  board: SpeedBoard,
  seat: Seat,
  know: Knowledge,
): Array<{ slot: number; handle: Handle; stack: number; onTop: Handle }> {
  const mine = board.seats[seat];
  if (!mine) return [];
  const plays: Array<{ slot: number; handle: Handle; stack: number; onTop: Handle }> = [];
  mine.row.forEach((slot, index) => {
    const handle = topOf(slot);
    if (handle === null) return;
    board.stacks.forEach((stack, s) => {
      const onTop = topOf(stack);
      if (onTop !== null && adjacent(know(handle), know(onTop))) plays.push({ slot: index, handle, stack: s, onTop });
    });
  });
  return plays;
}

/** The two current centre tops when a stress call would be valid (both show the same rank), else null. */
export function stressTops(board: SpeedBoard, know: Knowledge): [Handle, Handle] | null {
  const a = topOf(board.stacks[0] ?? []);
  const b = topOf(board.stacks[1] ?? []);
  return a !== null && b !== null && sameRank(know(a), know(b)) ? [a, b] : null;
}

/** Whether either seat can play a card or call stress: false means stalemate. */
export function anyoneCanAct(board: SpeedBoard, know: Knowledge): boolean {
  return stressTops(board, know) !== null || board.seats.some((_, seat) => playsOf(board, seat, know).length > 0);
}

/** Cards a seat still has to get rid of: its row and its pile. */
export function cardsLeft(mine: SpeedSeat): number {
  return mine.row.reduce((sum, slot) => sum + slot.length, 0) + mine.pile.length;
}

/** Whether a seat's row is empty. */
export function rowEmpty(mine: SpeedSeat): boolean {
  return mine.row.every((slot) => slot.length === 0);
}
