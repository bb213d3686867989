/** Where the cards of a finished Pesten round lie, for the end-of-hand summary: each seat's hand and the stock. */
import type { CardZone } from '../module.js';
import type { PestenState } from './board.js';

export function cardZones(state: PestenState): CardZone[] {
  const board = state.board;
  return [
    ...board.hands.map((handles, seat) => ({ seat, label: 'hand', handles })),
    { seat: null, label: 'stock', handles: board.stock },
  ];
}
