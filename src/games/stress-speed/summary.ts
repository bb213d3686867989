/** Where the cards of a finished Stress (speed) hand lie, for the end-of-hand summary: each seat's row and pile. */
import type { CardZone } from '../module.js';
import type { SpeedState } from './board.js';

export function cardZones(state: SpeedState): CardZone[] {
  return state.board.seats.flatMap((s, seat) => [
    { seat, label: 'row', handles: s.row.flat() },
    { seat, label: 'pile', handles: s.pile },
  ]);
}
