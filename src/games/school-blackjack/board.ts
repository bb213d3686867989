/**
 * The board of School Blackjack: where every card handle lies (each seat's
 * hand, the deck, the play pile; `aside` only in scenario layouts), whose
 * turn it is and which way play goes, how far the current turn has got in
 * the seed's three-step grammar, what the next player will owe, skips, the
 * suit an ace named, the last finished turn and the winner; plus the small
 * card and seat queries rules, views and the bot share.
 *
 * Direction: the engine numbers seats so that "next" in ascending order is
 * what the games call counter-clockwise. This game starts **clockwise**, i.e.
 * in *descending* seat order (seat 3, then 2, then 1, …), and a king flips it;
 * `board.direction` says which way play currently goes.
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
import type { BlackjackOptions } from './options.js';

export type Direction = 'clockwise' | 'counterclockwise';

/**
 * Where the current turn stands in the seed's grammar:
 * - `start`: nothing played yet (step 1; with `owed` > 0 only an ace or a
 *   matching 2/jack answers the pick-up; `draw` ends the turn);
 * - `more`: one step-1 card of the top's rank lies on top (step 2: more of
 *   that rank, or end the turn);
 * - `cap`: step-2 cards were played: `run` cards of the top's rank in a row;
 *   a step-1 card (the cap) or more of that rank may follow; ending now is
 *   capped when `run` ≥ 3 (the last one is the cap) or the rank is 2 or J;
 * - `three`: a 3 was played: a card matching it (or an ace) must follow;
 * - `queen`: a queen was played: any card must follow.
 * Ending in `cap` (uncapped), `three` or `queen` draws 1.
 */
export type TurnStep = 'start' | 'more' | 'cap' | 'three' | 'queen';

export type Phase = 'play' | 'over';

/** Why a turn ended with a draw: `draw` chosen at the start, a `pick-up` owed, `uncapped` after step 2, `no-follower` after a 3 or queen, `power-card` as the last card (null: no draw). */
export type DrawReason = 'draw' | 'pick-up' | 'uncapped' | 'no-follower' | 'power-card' | null;

export interface LastTurn {
  seat: Seat;
  /** The cards played in that turn, in order. */
  played: Handle[];
  /** Why the seat drew at the end (null: no draw). */
  reason: DrawReason;
  /** How many cards it asked to draw, and how many it got (fewer when deck and pile ran out). */
  asked: number;
  drew: number;
  /** Seats the turn's 8s skipped, in play order. */
  skipped: Seat[];
  /** Who plays next, and what they owe (null/0 once the hand is over). */
  next: Seat | null;
  owes: number;
  /** Whether the draw needed the play pile reshuffled into the deck. */
  reshuffled: boolean;
}

export interface BlackjackBoard {
  phase: Phase;
  /** Per seat: cards in hand (known to the owner only). */
  hands: Handle[][];
  /** The deck to draw from; the first handle is drawn next. Empty at the start: every card is dealt. */
  deck: Handle[];
  /** The play pile, bottom first: the last handle is the top. Starts empty. */
  pile: Handle[];
  /** Scenario layouts only: cards out of play (always empty in a real hand). */
  aside: Handle[];
  turn: Seat;
  direction: Direction;
  step: TurnStep;
  /** In `more`/`cap`: how many cards of the top's rank were played in a row since the step-1 card that began the run. */
  run: number;
  /** What the seat whose turn it is owes, until it acts (an ace cancels it, a 2/jack adds to it, `draw` takes it). */
  owed: number;
  /** What the next seat would owe if the turn ended now: the trailing run of 2s and jacks (plus the answered `owed`). */
  pickup: number;
  /** 8s played this turn: players skipped when it ends. */
  skips: number;
  /** Cards played so far this turn, in order. */
  played: Handle[];
  /** The suit the top ace named (null when the top is not an ace). */
  namedSuit: Suit | null;
  /** A draw waiting for a reshuffle of the play pile: the rest is dealt once it is done. */
  drawing: { seat: Seat; count: number } | null;
  /** How often the play pile was reshuffled into the deck. */
  reshuffles: number;
  lastTurn: LastTurn | null;
  winner: Seat | null;
}

export type BlackjackState = State<BlackjackBoard, BlackjackOptions>;

/** Power cards (docs/rules/school-blackjack.md §4): the last card of a hand may not be one of these. */
export const POWER_RANKS: readonly Rank[] = ['A', '2', '3', '8', 'J', 'Q', 'K'];

export interface SuitedCard {
  rank: Rank;
  suit: Suit;
}

/** Rank and suit of a card id; null for anything else (jokers are not in this deck). */
export function suited(card: CardId | null): SuitedCard | null {
  const parsed = card === null ? null : parseCard(card);
  return parsed && parsed.kind === 'suited' ? { rank: parsed.rank, suit: parsed.suit } : null;
}

export function isPower(card: SuitedCard): boolean {
  return POWER_RANKS.includes(card.rank);
}

/** Cards the next player picks up for one card at the end of a turn: 2 per 2, 3 per red jack, 5 per black jack, else 0. */
export function pickupValue(card: SuitedCard): number {
  if (card.rank === '2') return 2;
  if (card.rank === 'J') return card.suit === 'H' || card.suit === 'D' ? 3 : 5;
  return 0;
}

/** The seat `steps` turns after `from` going `direction` (clockwise = descending seat numbers). */
export function seatAfter(players: number, from: Seat, steps: number, direction: Direction): Seat {
  const delta = direction === 'clockwise' ? -steps : steps;
  return (((from + delta) % players) + players) % players;
}

export function flip(direction: Direction): Direction {
  return direction === 'clockwise' ? 'counterclockwise' : 'clockwise';
}
