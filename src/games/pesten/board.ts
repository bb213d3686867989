/**
 * The board of Pesten: where every card handle lies (each seat's hand, the
 * stock, the discard pile, cards a scenario leaves out), the phase, the
 * direction of play, whose turn it is and what that turn owes (a pending
 * draw sum, a wish, a 7/K follow-up, a drawn card with `drawThenPlay`), the
 * 10's pass round, a draw interrupted by a reshuffle of the stock, and the
 * match points; plus the small queries the rules, legal actions, views and
 * the bot share (seat arithmetic, card classes, matching).
 *
 * Direction. The engine's "next" is ascending seat order, which the other
 * games draw as counter-clockwise. Pesten starts clockwise, so here
 * **clockwise = descending seat order** (seat 3 → 2 → 1 → 0 → 3 …) and
 * counter-clockwise = ascending. `direction` is explicit in the board and the
 * view; an A flips it. The 10's passes always go to the clockwise neighbour
 * (seat s gives to s − 1), whatever the direction; the dealer moves one seat
 * clockwise each round (s → s − 1).
 */
import {
  parseCard,
  type CardId,
  type Handle,
  type Rank,
  type Seat,
  type State,
  type Suit,
} from '../../engine/index.js';
import type { PestenOptions } from './options.js';

/** Cards dealt to each seat (docs/rules/pesten.md §2). */
export const HAND_SIZE = 5;

export type Direction = 'clockwise' | 'counterclockwise';

/**
 * - `deal`: hands are being shown to their owners and the start card turned
 *   (crypto only); its effect applies when that is done;
 * - `wish`: the start card is a J: the dealer names a suit before the first turn;
 * - `play`: turns;
 * - `pass`: a 10 was played: every seat with cards picks one to pass clockwise;
 * - `over`: a seat played its last card.
 */
export type Phase = 'deal' | 'wish' | 'play' | 'pass' | 'over';

/** A draw cut short by an empty stock: finished from the reshuffled stock once the reshuffle is done. */
export interface PendingDraw {
  seat: Seat;
  count: number;
  /** With `drawThenPlay`: the drawn card becomes the one card the seat may still play. */
  thenPlay: boolean;
}

export interface PestenBoard {
  phase: Phase;
  /** Each seat's hand, in the order received; known to the owner (and to whoever passed a card to it). */
  hands: Handle[][];
  /** The stock, face down: the first handle is drawn next. Known to nobody. */
  stock: Handle[];
  /** The discard pile, bottom first: the last handle is the top. Public. */
  discard: Handle[];
  /** Scenario positions only: cards out of play, face up (empty in a real hand). */
  aside: Handle[];
  direction: Direction;
  /** Whose move it is in `play` (in `wish`: the dealer). */
  turn: Seat;
  /** The suit a J asked for; null when no wish stands. */
  wish: Suit | null;
  /** Cards the seat to move owes from a chain of 2s and jokers (0: none). */
  owed: number;
  /** After a 7 or K: the same seat must play again (or draw one, which ends the turn). */
  again: boolean;
  /** With `drawThenPlay`: the card just drawn, the only one the seat may play now; null otherwise. */
  drawn: Handle | null;
  /** Pass round: each seat's pick (null: not yet, or a seat without cards); applied in seat order when all are in. */
  passes: (Handle | null)[];
  /** Pass round: the seat after which play continues once the cards are passed (who played the 10, or the dealer). */
  passFrom: Seat | null;
  /** A draw waiting for the stock's reshuffle. */
  pendingDraw: PendingDraw | null;
  /** How often the stock was rebuilt from the discard pile in this round. */
  reshuffles: number;
  /** Round wins per seat, carried across rounds, this round's included once it is over. */
  points: number[];
  /** The seat that played its last card. */
  winner: Seat | null;
}

export type PestenState = State<PestenBoard, PestenOptions>;

/** +1 (ascending) or −1 (descending) per step in a direction. */
function stepOf(direction: Direction): number {
  return direction === 'clockwise' ? -1 : 1;
}

/** The seat `steps` places after `from` in `direction`. */
export function seatAfter(from: Seat, steps: number, direction: Direction, players: number): Seat {
  return (((from + stepOf(direction) * steps) % players) + players) % players;
}

/** The clockwise neighbour: where a seat passes its card on a 10, and where the deal moves. */
export function clockwiseOf(seat: Seat, players: number): Seat {
  return seatAfter(seat, 1, 'clockwise', players);
}

export function flip(direction: Direction): Direction {
  return direction === 'clockwise' ? 'counterclockwise' : 'clockwise';
}

/** The rank of a card, 'joker' for a joker, null for a non-card. */
export function rankOf(card: CardId | null): Rank | 'joker' | null {
  const parsed = card === null ? null : parseCard(card);
  if (parsed === null) return null;
  return parsed.kind === 'joker' ? 'joker' : parsed.rank;
}

/** The suit of a card, null for a joker or a non-card. */
export function suitOf(card: CardId | null): Suit | null {
  const parsed = card === null ? null : parseCard(card);
  return parsed !== null && parsed.kind === 'suited' ? parsed.suit : null;
}

const SPECIAL: ReadonlySet<string> = new Set(['2', '7', '8', '10', 'J', 'K', 'A', 'joker']);

/** 2, 7, 8, 10, J, K, A and the jokers: the cards that may not be a player's last (docs/rules/pesten.md §3). */
export function isSpecial(card: CardId | null): boolean {
  const rank = rankOf(card);
  return rank !== null && SPECIAL.has(rank);
}

/** A 2 or a joker: the cards that pass a draw obligation on. */
export function isDrawCard(card: CardId | null): boolean {
  const rank = rankOf(card);
  return rank === '2' || rank === 'joker';
}

/** How many cards the next seat owes for this card (2 → 2, joker → 5, else 0). */
export function owedFor(card: CardId | null): number {
  const rank = rankOf(card);
  return rank === '2' ? 2 : rank === 'joker' ? 5 : 0;
}

/**
 * Whether `card` may go on `top` by the matching rules: a J or joker on
 * anything; anything on a joker; with a wish standing, its suit; otherwise
 * the top's suit or rank. Owing cards and the drawn-card limit are the
 * rules' business, not this one's.
 */
export function matches(card: CardId | null, top: CardId | null, wish: Suit | null): boolean {
  const rank = rankOf(card);
  if (rank === null) return false;
  if (rank === 'J' || rank === 'joker') return true;
  const topRank = rankOf(top);
  if (topRank === null || topRank === 'joker') return true;
  if (wish !== null) return suitOf(card) === wish;
  return suitOf(card) === suitOf(top) || rank === topRank;
}

/** The top card of the discard pile's handle, or null. */
export function topHandle(board: PestenBoard): Handle | null {
  return board.discard.at(-1) ?? null;
}
