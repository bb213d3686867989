/**
 * A sensible player of Pesten, pure (no clock, no randomness of its own: an
 * optional `random` function makes it slip now and then). It sees what a
 * person at its seat sees (public state + its private view) and picks one
 * of the seat's legal actions:
 * - always announces "Pesten" with its second-to-last card, and never plays
 *   so that a special card (which may not be played last) is all it has left;
 * - keeps 2s and jokers to answer a draw chain (answers with a 2 before a
 *   joker), and plays them otherwise only to hurt a next player close to
 *   winning, when it holds several, or when its hand is nearly empty;
 * - keeps jacks as wild cards for when nothing else goes, and wishes its
 *   longest suit; plays a 7 or K when it can follow up; an 8 or A gladly
 *   when the next player is close to winning;
 * - sheds ordinary cards from its longest suit; on a 10 passes its worst
 *   card (an ordinary card of its shortest suit);
 * - draws only when no sensible play exists or keeping its last 2/joker is
 *   worth more.
 * Signature as `Bot` in src/bots/types.ts: (game, state, seat, view) → action.
 */
import {
  SUITS,
  viewKnowledge,
  type AnyGame,
  type AnyState,
  type CardId,
  type PrivateView,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import type { PestenAction } from './actions.js';
import { isDrawCard, isSpecial, matches, rankOf, seatAfter, suitOf, type PestenState } from './board.js';
import { legalActions } from './legal-actions.js';
import { awaits } from './rules.js';

type Play = Extract<PestenAction, { type: 'play' }>;

/** How many of `cards` are of each suit (jokers and jacks left out: they go anywhere). */
function suitCounts(cards: readonly (CardId | null)[]): Map<Suit, number> {
  const counts = new Map<Suit, number>(SUITS.map((suit) => [suit, 0]));
  for (const card of cards) {
    const suit = suitOf(card);
    if (suit !== null && rankOf(card) !== 'J') counts.set(suit, (counts.get(suit) ?? 0) + 1);
  }
  return counts;
}

/** The suit this hand holds most of (first in suit order on a tie). */
export function longestSuit(cards: readonly (CardId | null)[]): Suit {
  const counts = suitCounts(cards);
  return SUITS.reduce((best, suit) => ((counts.get(suit) ?? 0) > (counts.get(best) ?? 0) ? suit : best), SUITS[0]);
}

/** How much the seat wants to keep a card (the lowest is passed on a 10). */
function keepValue(card: CardId | null, hand: readonly (CardId | null)[]): number {
  const rank = rankOf(card);
  if (rank === 'joker') return 100;
  if (rank === '2') return 90;
  if (rank === 'J') return 80;
  if (isSpecial(card)) return 40;
  return 10 + (suitCounts(hand).get(suitOf(card) ?? 'C') ?? 0);
}

function scorePlay(state: PestenState, seat: Seat, play: Play, hand: readonly (CardId | null)[]): number {
  const board = state.board;
  const rest = hand.filter((_, i) => board.hands[seat]?.[i] !== play.handle);
  if (rest.length === 0) return 1000;
  const card = play.card;
  const rank = rankOf(card);
  const counts = (s: Seat): number => board.hands[s]?.length ?? 0;
  const next = seatAfter(seat, 1, board.direction, state.players);
  const previous = seatAfter(seat, -1, board.direction, state.players);
  const threat = counts(next) <= 2 ? 25 : 0;
  const chainCards = hand.filter((c) => isDrawCard(c)).length;
  const urgent = rest.length <= 2 ? 8 : 0;
  let score: number;
  if (board.owed > 0) score = rank === '2' ? 60 : 55;
  else if (rank === '2' || rank === 'joker')
    score = (rank === '2' ? 6 : 4) + threat + (chainCards >= 2 ? 5 : 0) + urgent;
  else if (rank === 'J') score = 12 + urgent;
  else if (rank === '7' || rank === 'K')
    score = rest.some((c) => matches(c, card, null) && !(rest.length === 1 && isSpecial(c))) ? 40 : 5;
  else if (rank === '8') score = 32 + threat;
  else if (rank === 'A') score = 31 + (state.players > 2 && counts(next) < counts(previous) ? 10 : 0);
  else if (rank === '10') score = 29;
  else score = 30 + (suitCounts(rest).get(suitOf(card) ?? 'C') ?? 0);
  // Never keep only a card that may not be played last.
  if (rest.length === 1 && isSpecial(rest[0] ?? null)) score -= 50;
  // Wish the longest suit of what is left.
  if (play.wish !== undefined && play.wish !== longestSuit(rest)) score -= 1;
  return score;
}

/** The heuristic's choice for `seat` now, or null when the seat is not awaited. */
export function pestenHeuristic(state: PestenState, seat: Seat, view: PrivateView): PestenAction | null {
  if (state.requests.length > 0) return null;
  const awaiting = awaits(state);
  const awaited =
    awaiting.kind === 'move' ? awaiting.seat === seat : awaiting.kind === 'choices' && awaiting.seats.includes(seat);
  if (!awaited) return null;
  const actions = legalActions(state, seat, view);
  if (actions.length === 0) return null;
  const know = viewKnowledge(state, view);
  const handles = state.board.hands[seat] ?? [];
  const hand = handles.map((h) => know(h));
  const board = state.board;
  if (board.phase === 'wish') {
    const suit = longestSuit(hand);
    return actions.find((a) => a.type === 'wish' && a.suit === suit) ?? actions[0] ?? null;
  }
  if (board.phase === 'pass') {
    const worst = (a: PestenAction): number => (a.type === 'give' ? keepValue(know(a.handle), hand) : 1000);
    return actions.reduce((best, a) => (worst(a) < worst(best) ? a : best));
  }
  // Always announce; never forget it.
  const plays = actions.filter((a): a is Play => a.type === 'play' && (handles.length !== 2 || a.announce === true));
  const fallback = actions.find((a) => a.type === 'draw' || a.type === 'end-turn') ?? null;
  const fallbackScore = board.owed > 0 ? -100 : 10;
  let best: PestenAction | null = fallback;
  let bestScore = fallback ? fallbackScore : -Infinity;
  for (const play of plays) {
    const score = scorePlay(state, seat, play, hand);
    if (score > bestScore) {
      best = play;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The bot: the heuristic, or with `noise` > 0 and a `random` function in
 * [0, 1), a uniformly random legal action that often (slips, which also
 * vary the hands of self-play).
 */
export function pestenBot(
  options: { random?: () => number; noise?: number } = {},
): (game: AnyGame, state: AnyState, seat: Seat, view: PrivateView) => PestenAction | null {
  const { random, noise = 0 } = options;
  return (_game, state, seat, view) => {
    const pestenState = state as PestenState;
    if (random && noise > 0 && random() < noise) {
      const actions = pestenState.requests.length > 0 ? [] : legalActions(pestenState, seat, view);
      const awaiting = awaits(pestenState);
      const awaited =
        awaiting.kind === 'move'
          ? awaiting.seat === seat
          : awaiting.kind === 'choices' && awaiting.seats.includes(seat);
      if (awaited && actions.length > 0) return actions[Math.floor(random() * actions.length)] ?? null;
    }
    return pestenHeuristic(pestenState, seat, view);
  };
}
