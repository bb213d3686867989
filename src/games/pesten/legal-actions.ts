/**
 * Enumerating the moves a seat may make, from what that seat knows (public
 * cards plus its private view), for bots, UI highlighting and tests:
 * - the start J's wish: one `wish` per suit;
 * - a pass round: one `give` per hand card (the seat knows its hand);
 * - a turn: every legal play of a known hand card (a J once per wished suit;
 *   the second-to-last card both with and without "Pesten": forgetting it is
 *   legal and costs two cards), then `draw` (always allowed), or after a
 *   `drawThenPlay` draw the drawn card's plays and `end-turn`.
 * Cards the seat does not know cannot be claimed, so they are never offered.
 */
import { SUITS, viewKnowledge, type PrivateView, type Seat } from '../../engine/index.js';
import type { PestenAction } from './actions.js';
import { isDrawCard, isSpecial, matches, rankOf, topHandle, type PestenState } from './board.js';

export function legalActions(state: PestenState, seat: Seat, view: PrivateView): PestenAction[] {
  const board = state.board;
  const hand = board.hands[seat] ?? [];
  const know = viewKnowledge(state, view);
  switch (board.phase) {
    case 'wish':
      return board.turn === seat ? SUITS.map((suit) => ({ type: 'wish', suit })) : [];
    case 'pass':
      return board.passes[seat] === null && hand.length > 0 ? hand.map((handle) => ({ type: 'give', handle })) : [];
    case 'deal':
    case 'over':
      return [];
    case 'play':
      break;
  }
  if (board.turn !== seat) return [];
  const top = know(topHandle(board) ?? -1);
  const candidates = board.drawn !== null ? [board.drawn] : hand;
  const plays: PestenAction[] = [];
  for (const handle of candidates) {
    const card = know(handle);
    if (card === null) continue;
    const legal = board.owed > 0 ? isDrawCard(card) : matches(card, top, board.wish);
    if (!legal || (hand.length === 1 && isSpecial(card))) continue;
    const announces = hand.length === 2 ? [true, false] : [false];
    const wishes = rankOf(card) === 'J' ? SUITS.map((suit) => ({ wish: suit })) : [{}];
    for (const wish of wishes) {
      for (const announce of announces)
        plays.push({ type: 'play', handle, card, ...wish, ...(announce ? { announce } : {}) });
    }
  }
  plays.push(board.drawn !== null ? { type: 'end-turn' } : { type: 'draw' });
  return plays;
}
