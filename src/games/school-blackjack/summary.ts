/** Where the cards of a finished Blackjack (school rules) game lie, for the end-of-hand summary: each seat's hand and the deck. */
import type { CardZone } from '../module.js';
import type { BlackjackState } from './board.js';

export function cardZones(state: BlackjackState): CardZone[] {
  const board = state.board;
  return [
    ...board.hands.map((handles, seat) => ({ seat, label: 'hand', handles })),
    { seat: null, label: 'deck', handles: board.deck },
  ];
}
