/**
 * The board of Fighting Cards: where every card handle lies (each seat's
 * hand, the skat, the trick on the table, the finished tricks), the phase,
 * the auction, the contract (declarer, bid, hand game, trump), the voids each
 * seat has claimed by not following suit, a renege proved live, the deal's
 * result and the match carried in from earlier deals (deals counted and
 * totals: only what the rules read). Plus the small
 * card and seat queries the rules, views and bot share.
 *
 * Seat order: "next" is the next seat number (s + 1 mod 3), as everywhere in
 * the engine. The game plays anticlockwise ("next" = the player to the
 * right; docs/rules/fighting-cards.md §2); as for Stress, where seats go in
 * ascending order on screen, the table draws ascending seats anticlockwise, so seat s + 1
 * sits at seat s's right.
 */
import {
  parseCard,
  type CardId,
  type Handle,
  type Knowledge,
  type Seat,
  type State,
  type Suit,
} from '../../engine/index.js';
import type { FightingOptions } from './options.js';

export type Phase = 'bidding' | 'skat' | 'discard' | 'trump' | 'play' | 'scoring' | 'over';

export const PLAYERS = 3;
export const HAND_SIZE = 10;
export const SKAT_SIZE = 2;
export const TRICKS = 10;
export const MIN_BID = 21;
export const MAX_BID = 40;

/** One call of the auction: a bid, or a pass (null). */
export interface Call {
  seat: Seat;
  bid: number | null;
}

export interface Trick {
  /** Who led it. */
  leader: Seat;
  /** The cards in play order, the leader's first. */
  cards: Handle[];
  winner: Seat;
}

/** How the deal was scored. */
export interface DealResult {
  declarer: Seat;
  bid: number;
  handGame: boolean;
  /** Card points in the declarer's tricks. */
  trickPoints: number;
  /** Card points in the skat (the declarer's whether seen or not). */
  skatPoints: number;
  /** A: the points the contract is judged on (trick + skat points; with a renege 0 or the bid). */
  points: number;
  made: boolean;
  /** B = bid − A when failed, else 0. */
  shortfall: number;
  /** The declarer's score for the deal (doubled for a hand game). */
  score: number;
  /** The seat whose renege decided the deal, or null. */
  renege: Seat | null;
}

/**
 * One counted deal of the match as the score table shows it (thrown-in deals have none). Display only: the
 * state holds none (a deal's outcome gives its `row`, kept with the hand's result; rows.ts).
 */
export interface DealRow {
  /** The deal's number among the counted deals, from 1. */
  deal: number;
  dealer: Seat;
  declarer: Seat;
  bid: number;
  handGame: boolean;
  /** The trump the declarer named (null only if the deal ended before one was named). */
  trump: Suit | null;
  /** A: the points the contract was judged on. */
  points: number;
  made: boolean;
  /** The seat whose renege decided the deal, or null. */
  renege: Seat | null;
  /** What each seat scored in this deal (only the declarer scores). */
  scores: number[];
}

/** The match so far, before this deal: deals completed and each seat's total. */
export interface MatchCarry {
  played: number;
  totals: number[];
}

export interface FightingBoard {
  phase: Phase;
  /** Per seat; known to the owner only until played. */
  hands: Handle[][];
  /** Two handles nobody is shown (after a take and before the discard: empty). */
  skat: Handle[];
  /** Whose call or card it is (bidding, play); the declarer in the skat, discard and trump phases. */
  turn: Seat;
  auction: Call[];
  declarer: Seat | null;
  contract: number | null;
  /** True: played without the skat; false: skat taken; null: not decided yet. */
  handGame: boolean | null;
  trump: Suit | null;
  /** The trick being played: the leader's card first. */
  trick: Array<{ seat: Seat; handle: Handle }>;
  tricks: Trick[];
  /** Suits each seat claimed to lack by playing off the led suit. */
  voids: Suit[][];
  /** A renege proved live: the seat played a suit it had claimed to lack. */
  renege: { seat: Seat; suit: Suit; step: number } | null;
  /** All three passed in the first round: no score, the next seat deals. */
  thrownIn: boolean;
  result: DealResult | null;
  match: MatchCarry;
}

export type FightingState = State<FightingBoard, FightingOptions>;

export function nextSeat(seat: Seat): Seat {
  return (seat + 1) % PLAYERS;
}

export function suitOf(card: CardId | null): Suit | null {
  const parsed = card === null ? null : parseCard(card);
  return parsed && parsed.kind === 'suited' ? parsed.suit : null;
}

/** Rank strength, 7 (low) … 14 (ace): A K Q J 10 9 8 7 is plain value order. */
export function strengthOf(card: CardId | null): number {
  const parsed = card === null ? null : parseCard(card);
  return parsed && parsed.kind === 'suited' ? parsed.value : 0;
}

/** Card points: A=4, K=3, Q=2, J=1, others 0. */
export function pointsOf(card: CardId | null): number {
  const parsed = card === null ? null : parseCard(card);
  if (!parsed || parsed.kind !== 'suited') return 0;
  return { A: 4, K: 3, Q: 2, J: 1 }[parsed.rank as string] ?? 0;
}

export function sumPoints(handles: readonly Handle[], know: Knowledge): number {
  return handles.reduce((sum, h) => sum + pointsOf(know(h)), 0);
}

/** The highest bid so far, or null. */
export function highBid(board: FightingBoard): Call | null {
  for (let i = board.auction.length - 1; i >= 0; i--) {
    const call = board.auction[i];
    if (call && call.bid !== null) return call;
  }
  return null;
}

/**
 * Who wins a trick: the highest trump, else the highest card of the led
 * suit. Returns the index into `cards` (play order), or -1 if empty.
 */
export function winningIndex(cards: readonly (CardId | null)[], trump: Suit | null): number {
  const led = suitOf(cards[0] ?? null);
  let best = -1;
  let bestKey = -1;
  cards.forEach((card, i) => {
    const suit = suitOf(card);
    const key = suit !== null && suit === trump ? 100 + strengthOf(card) : suit === led ? strengthOf(card) : 0;
    if (key > bestKey) {
      best = i;
      bestKey = key;
    }
  });
  return best;
}

/** The seat awaited in the current phase (bidding, play: `turn`; skat, discard, trump: the declarer). */
export function actor(board: FightingBoard): Seat | null {
  switch (board.phase) {
    case 'bidding':
    case 'play':
      return board.turn;
    case 'skat':
    case 'discard':
    case 'trump':
      return board.declarer;
    case 'scoring':
    case 'over':
      return null;
  }
}

/** Handles in the tricks `seat` won. */
export function wonBy(board: FightingBoard, seat: Seat): Handle[] {
  return board.tricks.filter((t) => t.winner === seat).flatMap((t) => t.cards);
}
