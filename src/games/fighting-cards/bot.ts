/**
 * A sensible player of Fighting Cards (pure; the same signature as the
 * engine's bots, `(game, state, seat, view) → action | null`). It only uses
 * what its seat knows: its own cards and the public ones.
 * - Auction: estimates the card points it would take with its best trump
 *   (sure winners from the top of each suit, long trumps and ruffs, each
 *   winner worth its own points plus about 2.5 captured, the unseen skat
 *   about 2.5) and bids the lowest allowed bid up to that estimate less 3, else
 *   passes.
 * - Skat: plays a hand game when the estimate clears the contract by 6 or
 *   more, else takes the skat; keeps its trumps (the longest suit of the
 *   twelve) and aces, and of the other cards discards the pair that leaves
 *   the best estimate counting the discards' points (the skat is the
 *   declarer's): banking a loose king or queen, clearing a short suit.
 * - Trump: its longest suit (most points, then highest cards, on a tie).
 * - Play, by counting the cards gone: the declarer draws trumps while the
 *   defenders may hold some, then cashes sure winners, then leads low; a
 *   defender cashes a sure winner or leads low off-trump. Following, it
 *   gives points to a partner who wins as last player, wins cheaply as last
 *   player, wins early only with a sure winner, trumps when the trick holds
 *   points (or it plays last), and otherwise plays its cheapest card.
 */
import {
  viewKnowledge,
  type AnyGame,
  type AnyState,
  type CardId,
  type Knowledge,
  type PrivateView,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import type { FightingAction } from './actions.js';
import {
  MAX_BID,
  MIN_BID,
  PLAYERS,
  highBid,
  pointsOf,
  strengthOf,
  suitOf,
  winningIndex,
  type FightingState,
} from './board.js';
import { SUIT_ORDER, legalActions, playableHandles } from './legal-actions.js';
import { deck } from './setup.js';

export type FightingBot = (game: AnyGame, state: AnyState, seat: Seat, view: PrivateView) => FightingAction | null;

/** Expected points from the two skat cards nobody has seen (40 points over 32 cards). */
const UNSEEN_SKAT = 2.5;
/** Points a won trick brings in from the other two cards, on average. */
const CAPTURED = 2.5;
const HAND_MARGIN = 6;
/** Bid this much below the estimate: in self-play a margin of 2–4 points scored best (the estimate is rough). */
const BID_CAUTION = 3;

function inSuit(cards: readonly CardId[], suit: Suit): CardId[] {
  return cards.filter((c) => suitOf(c) === suit).sort((a, b) => strengthOf(b) - strengthOf(a));
}

/** The longest suit; ties by points, then by the highest cards. */
export function bestTrump(cards: readonly CardId[]): Suit {
  const key = (suit: Suit): number[] => {
    const held = inSuit(cards, suit);
    return [held.length, held.reduce((s, c) => s + pointsOf(c), 0), ...held.map(strengthOf)];
  };
  return [...SUIT_ORDER].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < Math.max(ka.length, kb.length); i++)
      if ((ka[i] ?? 0) !== (kb[i] ?? 0)) return (kb[i] ?? 0) - (ka[i] ?? 0);
    return 0;
  })[0] as Suit;
}

/** An unbroken run from the ace: the sure winners of a suit (given high first). */
function topRun(held: readonly CardId[]): number {
  let run = 0;
  while (run < held.length && strengthOf(held[run] ?? null) === 14 - run) run++;
  return run;
}

/** Card points the declarer may expect to take in tricks with these cards and trump (skat not included; a rough figure that may pass 40 for a very strong hand). */
export function estimateTricks(cards: readonly CardId[], trump: Suit): number {
  const trumps = inSuit(cards, trump);
  const trumpRun = topRun(trumps);
  // Long trumps win once the others are drawn: every trump beyond four that is not a top card.
  const long = Math.max(0, trumps.length - Math.max(trumpRun, 4));
  let spareTrumps = trumps.length - trumpRun - long;
  let estimate = 0;
  for (const suit of SUIT_ORDER) {
    const held = inSuit(cards, suit);
    // A side suit runs out after about three rounds.
    const winners = suit === trump ? trumpRun : Math.min(topRun(held), 3);
    estimate += held.slice(0, winners).reduce((s, c) => s + pointsOf(c) + CAPTURED, 0);
    // Points in cards that are not sure winners: about half of them come home.
    estimate += held.slice(winners).reduce((s, c) => s + pointsOf(c) / 2, 0);
    if (suit !== trump && held.length <= 1 && spareTrumps > 0) {
      // A void (or singleton) side suit and a spare trump: a ruff.
      spareTrumps -= 1;
      estimate += CAPTURED + 1;
    }
  }
  estimate += long * (CAPTURED + 0.5);
  return estimate;
}

export function handEstimate(cards: readonly CardId[]): number {
  return Math.min(40, estimateTricks(cards, bestTrump(cards)) + UNSEEN_SKAT);
}

function cheapest(cards: readonly CardId[], trump: Suit | null): CardId | undefined {
  const cost = (c: CardId): number => pointsOf(c) * 100 + (suitOf(c) === trump ? 50 : 0) + strengthOf(c);
  return [...cards].sort((a, b) => cost(a) - cost(b))[0];
}

function dearest(cards: readonly CardId[]): CardId | undefined {
  return [...cards].sort((a, b) => pointsOf(b) - pointsOf(a) || strengthOf(a) - strengthOf(b))[0];
}

/** Cards of `suit` this seat has not seen played and does not hold (what the others may still have). */
function outstanding(state: FightingState, know: Knowledge, mine: readonly CardId[], suit: Suit): CardId[] {
  const gone = new Set<CardId>();
  for (const trick of state.board.tricks) for (const h of trick.cards) gone.add(know(h) ?? '');
  for (const { handle } of state.board.trick) gone.add(know(handle) ?? '');
  for (const h of state.board.skat) gone.add(know(h) ?? '');
  return deck().filter((c) => suitOf(c) === suit && !gone.has(c) && !mine.includes(c));
}

/** Whether `card` beats every card of its suit still out. */
function isTop(state: FightingState, know: Knowledge, mine: readonly CardId[], card: CardId): boolean {
  const suit = suitOf(card);
  return suit !== null && outstanding(state, know, mine, suit).every((c) => strengthOf(c) < strengthOf(card));
}

function lead(state: FightingState, seat: Seat, know: Knowledge, mine: CardId[], legal: CardId[]): CardId | undefined {
  const trump = state.board.trump;
  const trumps = legal.filter((c) => suitOf(c) === trump);
  if (
    seat === state.board.declarer &&
    trump !== null &&
    trumps.length > 0 &&
    outstanding(state, know, mine, trump).length > 0
  ) {
    const top = trumps.sort((a, b) => strengthOf(b) - strengthOf(a))[0];
    return top !== undefined && isTop(state, know, mine, top) ? top : trumps.at(-1);
  }
  const winners = legal.filter(
    (c) =>
      isTop(state, know, mine, c) &&
      (suitOf(c) === trump ||
        seat === state.board.declarer ||
        outstanding(state, know, mine, trump ?? 'S').length === 0 ||
        strengthOf(c) === 14),
  );
  if (winners.length > 0) return dearest(winners);
  return cheapest(legal, trump);
}

function follow(
  state: FightingState,
  seat: Seat,
  know: Knowledge,
  mine: CardId[],
  legal: CardId[],
): CardId | undefined {
  const board = state.board;
  const trump = board.trump;
  const played = board.trick.map((c) => know(c.handle));
  const winnerSeat = board.trick[winningIndex(played, trump)]?.seat;
  const friendly = seat !== board.declarer && winnerSeat !== board.declarer;
  const last = board.trick.length === PLAYERS - 1;
  const onTable = played.reduce((s, c) => s + pointsOf(c), 0);
  const beats = legal.filter((c) => winningIndex([...played, c], trump) === played.length);
  if (friendly) return last ? dearest(legal) : cheapest(legal, trump);
  if (beats.length === 0) return cheapest(legal, trump);
  const cheapWin = [...beats].sort(
    (a, b) => (suitOf(a) === trump ? 1 : 0) - (suitOf(b) === trump ? 1 : 0) || strengthOf(a) - strengthOf(b),
  )[0];
  if (last) return cheapWin;
  const led = suitOf(played[0] ?? null);
  const sure = beats.filter((c) => suitOf(c) === led && isTop(state, know, mine, c));
  if (sure.length > 0) return dearest(sure);
  const ruffing = led !== trump && beats.every((c) => suitOf(c) === trump);
  if (ruffing && onTable >= 2) return cheapWin;
  return cheapest(legal, trump);
}

function choosePlay(state: FightingState, seat: Seat, view: PrivateView): FightingAction | null {
  const know = viewKnowledge(state, view);
  const mine = (state.board.hands[seat] ?? []).flatMap((h) => {
    const c = know(h);
    return c === null ? [] : [c];
  });
  const handles = playableHandles(state, seat, view);
  const legal = handles.flatMap((h) => {
    const c = know(h);
    return c === null ? [] : [c];
  });
  const card =
    state.board.trick.length === 0 ? lead(state, seat, know, mine, legal) : follow(state, seat, know, mine, legal);
  const handle = handles.find((h) => know(h) === card);
  return card === undefined || handle === undefined ? null : { type: 'play', handle, card };
}

function chooseDiscard(state: FightingState, seat: Seat, view: PrivateView): FightingAction | null {
  const know = viewKnowledge(state, view);
  const hand = state.board.hands[seat] ?? [];
  const trump = bestTrump(hand.map((h) => know(h) ?? ''));
  const keep = (h: number): boolean => suitOf(know(h)) === trump || strengthOf(know(h)) === 14;
  const pairs = legalActions(state, seat, view).filter(
    (a): a is Extract<FightingAction, { type: 'discard' }> => a.type === 'discard',
  );
  // Trumps and aces are control: discard them only when there is nothing else.
  const loose = pairs.filter((a) => !a.handles.some(keep));
  let best: FightingAction | null = null;
  let bestValue = -Infinity;
  for (const action of loose.length > 0 ? loose : pairs) {
    const [a, b] = action.handles;
    const rest = hand.filter((h) => h !== a && h !== b).map((h) => know(h) ?? '');
    const value = estimateTricks(rest, trump) + pointsOf(know(a)) + pointsOf(know(b));
    if (value > bestValue) {
      best = action;
      bestValue = value;
    }
  }
  return best;
}

export function fightingCardsMove(state: FightingState, seat: Seat, view: PrivateView): FightingAction | null {
  const board = state.board;
  const know = viewKnowledge(state, view);
  const hand = (board.hands[seat] ?? []).flatMap((h) => {
    const c = know(h);
    return c === null ? [] : [c];
  });
  const legal = legalActions(state, seat, view);
  if (legal.length === 0) return null;
  switch (board.phase) {
    case 'bidding': {
      const next = Math.max(MIN_BID, (highBid(board)?.bid ?? 0) + 1);
      const willing = Math.min(MAX_BID, Math.floor(handEstimate(hand) - BID_CAUTION));
      return next <= willing ? { type: 'bid', bid: next } : { type: 'pass' };
    }
    case 'skat':
      return handEstimate(hand) >= (board.contract ?? MAX_BID) + HAND_MARGIN ? { type: 'hand' } : { type: 'take' };
    case 'discard':
      return chooseDiscard(state, seat, view);
    case 'trump':
      return { type: 'trump', suit: bestTrump(hand) };
    case 'play':
      return choosePlay(state, seat, view);
    default:
      return null;
  }
}

/** The bot, as the engine's bot interface calls it (the game must be Fighting Cards). */
export const fightingCardsBot: FightingBot = (game, state, seat, view) =>
  game.id === 'fighting-cards' ? fightingCardsMove(state as FightingState, seat, view) : null;
