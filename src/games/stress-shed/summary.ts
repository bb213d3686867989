/** Where the cards of a finished Stress (shedding) hand lie, for the end-of-hand summary: each seat's hand, face-up and face-down cards, and the draw stack. */
import type { CardZone } from '../module.js';
import type { StressState } from './board.js';

export function cardZones(state: StressState): CardZone[] {
  const board = state.board;
  return [
    ...board.seats.flatMap((s, seat) => [
      { seat, label: 'hand', handles: s.hand },
      { seat, label: 'face-up', handles: s.faceUp },
      { seat, label: 'face-down', handles: s.faceDown },
    ]),
    { seat: null, label: 'draw stack', handles: board.draw },
  ];
}
