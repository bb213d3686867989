/**
 * Enumerating the moves a seat may make now, for bots, UI highlighting and
 * tests: every play of a row slot's top onto a centre stack whose top is one
 * rank away (naming that top as `onTop`), in slot then stack order, and the
 * stress call (naming both tops) while both tops share a rank. Everything it
 * looks at is public, so the private view does not matter. Outside play (and
 * while crypto is pending) there are none; the engine checks that first.
 */
import { publicKnowledge, type Seat } from '../../engine/index.js';
import type { SpeedAction } from './actions.js';
import { playsOf, stressTops, type SpeedState } from './board.js';

export function legalActions(state: SpeedState, seat: Seat): SpeedAction[] {
  const board = state.board;
  if (board.phase !== 'play' || state.requests.length > 0) return [];
  const know = publicKnowledge(state);
  const actions: SpeedAction[] = playsOf(board, seat, know).map(({ slot, handle, stack, onTop }) => ({
    type: 'play',
    slot,
    handle,
    stack: stack === 0 ? 0 : 1,
    onTop,
  }));
  const tops = stressTops(board, know);
  if (tops !== null) actions.push({ type: 'stress', tops });
  return actions;
}
