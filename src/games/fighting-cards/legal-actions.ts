/**
 * Enumerating the moves a seat may make, from what that seat knows (public
 * cards plus its private view), for bots, UI highlighting and tests:
 * - auction: pass, and every bid above the highest so far up to 40;
 * - skat: hand or take; discard: every pair of the declarer's known cards
 *   (66 of twelve); trump: the four suits;
 * - play: every known hand card that may go (the led suit if the seat knows
 *   it holds one, else any). A card the seat does not know cannot be named,
 *   so it is never offered; an honest seat never reneges.
 */
import { viewKnowledge, type Handle, type PrivateView, type Seat, type Suit } from '../../engine/index.js';
import type { FightingAction } from './actions.js';
import { MAX_BID, MIN_BID, actor, highBid, suitOf, type FightingState } from './board.js';

export const SUIT_ORDER: readonly Suit[] = ['C', 'D', 'H', 'S'];

/** The hand cards `seat` may play now, given what it knows (handles in hand order). */
export function playableHandles(state: FightingState, seat: Seat, view: PrivateView): Handle[] {
  const board = state.board;
  const know = viewKnowledge(state, view);
  const known = (board.hands[seat] ?? []).filter((h) => know(h) !== null);
  const lead = board.trick[0];
  const led = lead ? suitOf(know(lead.handle)) : null;
  const following = known.filter((h) => suitOf(know(h)) === led);
  return led !== null && following.length > 0 ? following : known;
}

export function legalActions(state: FightingState, seat: Seat, view: PrivateView): FightingAction[] {
  const board = state.board;
  if (actor(board) !== seat) return [];
  const know = viewKnowledge(state, view);
  switch (board.phase) {
    case 'bidding': {
      const high = highBid(board)?.bid ?? MIN_BID - 1;
      const bids: FightingAction[] = [];
      for (let value = Math.max(MIN_BID, high + 1); value <= MAX_BID; value++) bids.push({ type: 'bid', bid: value });
      return [{ type: 'pass' }, ...bids];
    }
    case 'skat':
      return [{ type: 'hand' }, { type: 'take' }];
    case 'discard': {
      const known = (board.hands[seat] ?? []).filter((h) => know(h) !== null);
      const pairs: FightingAction[] = [];
      known.forEach((a, i) => known.slice(i + 1).forEach((b) => pairs.push({ type: 'discard', handles: [a, b] })));
      return pairs;
    }
    case 'trump':
      return SUIT_ORDER.map((suit) => ({ type: 'trump', suit }));
    case 'play':
      return playableHandles(state, seat, view).map((handle) => ({ type: 'play', handle, card: know(handle) ?? '' }));
    case 'scoring':
    case 'over':
      return [];
  }
}
