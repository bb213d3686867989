/** Where the cards of a finished Fighting Cards deal lie, for the end-of-hand summary: each seat's hand (empty after ten tricks) and the skat. */
import type { CardZone } from '../module.js';
import type { FightingState } from './board.js';

export function cardZones(state: FightingState): CardZone[] {
  const board = state.board;
  return [
    ...board.hands.map((handles, seat) => ({ seat, label: 'hand', handles })),
    { seat: null, label: 'skat', handles: board.skat },
  ];
}
