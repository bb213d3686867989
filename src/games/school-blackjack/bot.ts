/**
 * A sensible player of School Blackjack, with the same signature as the
 * bots' `Bot` (game, public state, seat, private view → action; null when
 * not awaited), pure and deterministic, seeing only what its seat sees. On
 * each call it plans the rest of the turn by a bounded depth-first search
 * over the cards it holds, along the real grammar (grammar.ts), and returns
 * the plan's first action; the next call plans again from there. A plan is
 * scored in card units: +10 per card shed, −10 per card drawn (ending
 * uncapped, on a power card with an empty hand, or drawing what is owed),
 * +3 per card the next player will owe (so it ends turns on 2s and jacks
 * when it can), −7 for spending an ace when nothing is owed (aces are saved
 * to cancel pick-ups), −8 for keeping only power cards (it cannot win on
 * them), and a win above everything. An ace names the suit the bot holds most
 * of. The search is cut after a fixed number of positions, so its cost per
 * move is bounded; the best plan found so far is played.
 */
import {
  SUITS,
  viewKnowledge,
  type AnyGame,
  type AnyState,
  type CardId,
  type Handle,
  type PrivateView,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import type { BlackjackAction } from './actions.js';
import { isPower, suited, type BlackjackState, type SuitedCard } from './board.js';
import { afterCard, endDraws, playRefusal, type Position } from './grammar.js';
import { currentPosition } from './rules.js';

/** The bots' signature (src/bots/types.ts `Bot`), restated: games may not import the bots' layer. */
export type BlackjackBot = (game: AnyGame, state: AnyState, seat: Seat, view: PrivateView) => unknown;

const WIN = 100_000;
const CARD = 10;
const OWED_BONUS = 3;
const ACE_COST = 7;
const ALL_POWER_COST = 8;
/** Positions searched per decision at most. */
const BUDGET = 1500;

interface HandCard {
  handle: Handle;
  id: CardId;
  card: SuitedCard;
}

/** Play order tried first: the top's rank (long runs), plain cards, power cards, aces last. */
function order(card: SuitedCard, position: Position): number {
  if (card.rank === position.top?.rank) return 0;
  if (card.rank === 'A') return 3;
  return isPower(card) ? 2 : 1;
}

export interface Plan {
  action: BlackjackAction;
  value: number;
}

/** The best turn found for `seat` from here (its first action and the plan's value), or null if the seat is not to move. */
export function planTurn(state: BlackjackState, seat: Seat, view: PrivateView): Plan | null {
  const board = state.board;
  if (board.phase !== 'play' || board.turn !== seat || state.requests.length > 0) return null;
  const know = viewKnowledge(state, view);
  const hand: HandCard[] = (board.hands[seat] ?? []).flatMap((handle) => {
    const id = know(handle);
    const card = suited(id);
    return id !== null && card !== null ? [{ handle, id, card }] : [];
  });
  const unknown = (board.hands[seat]?.length ?? 0) - hand.length;
  const voluntary = state.options.voluntaryDraw;
  const used = hand.map(() => false);
  const memo = new Map<string, number>();
  let budget = BUDGET;

  const bestSuit = (): Suit => {
    const counts = SUITS.map(
      (suit) => hand.filter((c, i) => !used[i] && c.card.rank !== 'A' && c.card.suit === suit).length,
    );
    const most = Math.max(...counts);
    return SUITS[counts.indexOf(most)] ?? 'S';
  };
  const endValue = (position: Position, left: number): number => {
    const penalty = (left === 0 && position.top !== null && isPower(position.top)) || endDraws(position);
    if (left === 0 && !penalty) return WIN;
    const kept = hand.filter((_, i) => !used[i]);
    const allPower = left > 0 && unknown === 0 && kept.every((c) => isPower(c.card));
    return (penalty ? -CARD : 0) + OWED_BONUS * position.pickup - (allPower ? ALL_POWER_COST : 0);
  };
  const playable = (position: Position): number[] =>
    hand
      .map((c, i) => i)
      .filter((i) => !used[i] && playRefusal(position, (hand[i] as HandCard).card) === null)
      .sort(
        (a, b) => order((hand[a] as HandCard).card, position) - order((hand[b] as HandCard).card, position) || a - b,
      );
  const gain = (card: SuitedCard, position: Position): number =>
    CARD - (card.rank === 'A' && !(position.step === 'start' && position.owed > 0) ? ACE_COST : 0);
  /** The value of stopping here, if stopping is allowed (draw at the start, end later). */
  const stopValue = (position: Position, left: number, plays: number): number | null => {
    if (position.step === 'start')
      return voluntary || plays === 0 ? -CARD * (position.owed > 0 ? position.owed : 1) : null;
    return !endDraws(position) || voluntary || plays === 0 ? endValue(position, left) : null;
  };

  const value = (position: Position, left: number): number => {
    if (left === 0) return endValue(position, 0);
    const key = `${used.map((u) => (u ? 1 : 0)).join('')}|${position.step}|${Math.min(position.run, 3)}|${position.top?.rank}${position.top?.suit}|${position.namedSuit}|${position.pickup}|${position.owed}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const plays = playable(position);
    let best = stopValue(position, left, plays.length) ?? -Infinity;
    if (budget > 0) {
      budget -= 1;
      for (const i of plays) {
        const { card } = hand[i] as HandCard;
        used[i] = true;
        const next = afterCard(position, card, card.rank === 'A' ? bestSuit() : null);
        best = Math.max(best, gain(card, position) + value(next, left - 1));
        used[i] = false;
      }
    }
    if (best === -Infinity) best = endValue(position, left) - CARD;
    memo.set(key, best);
    return best;
  };

  const root = currentPosition(state, know);
  const left = board.hands[seat]?.length ?? 0;
  const plays = playable(root);
  const stop = stopValue(root, left, plays.length);
  let plan: Plan | null =
    stop === null ? null : { action: { type: root.step === 'start' ? 'draw' : 'end' }, value: stop };
  for (const i of plays) {
    const { handle, id, card } = hand[i] as HandCard;
    used[i] = true;
    const suit = card.rank === 'A' ? bestSuit() : null;
    const total = gain(card, root) + value(afterCard(root, card, suit), left - 1);
    used[i] = false;
    if (plan === null || total > plan.value)
      plan = {
        action: suit === null ? { type: 'play', handle, card: id } : { type: 'play', handle, card: id, suit },
        value: total,
      };
  }
  return plan;
}

/** The bot: the first action of the best plan found (null when the seat is not to move). */
export const schoolBlackjackBot: BlackjackBot = (game, state, seat, view) => {
  if (game.id !== 'school-blackjack') return null;
  return planTurn(state as BlackjackState, seat, view)?.action ?? null;
};

/** The module's heuristic (`GameBot`): the same player, called with the state, seat and view only. */
export function schoolBlackjackHeuristic(state: BlackjackState, seat: Seat, view: PrivateView): BlackjackAction | null {
  return planTurn(state, seat, view)?.action ?? null;
}
