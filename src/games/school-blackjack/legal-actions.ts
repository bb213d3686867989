/**
 * Enumerating the moves a seat may make, from what that seat knows (the
 * public pile plus its private view of its hand), for bots, UI highlighting
 * and tests: each known hand card that may be played now (an ace once per
 * suit it may name), `draw` at the start of a turn, `end` once a card was
 * played. With `voluntaryDraw: false`, `draw` and an `end` that would draw
 * are offered only when no hand card may be played (a hand card the seat
 * does not know cannot be claimed, so it is never offered).
 */
import { SUITS, viewKnowledge, type PrivateView, type Seat } from '../../engine/index.js';
import type { BlackjackAction } from './actions.js';
import { suited, type BlackjackState } from './board.js';
import { endDraws, playRefusal } from './grammar.js';
import { currentPosition } from './rules.js';

export function legalActions(state: BlackjackState, seat: Seat, view: PrivateView): BlackjackAction[] {
  const board = state.board;
  if (board.phase !== 'play' || board.turn !== seat) return [];
  const know = viewKnowledge(state, view);
  const position = currentPosition(state, know);
  const plays: BlackjackAction[] = [];
  for (const handle of board.hands[seat] ?? []) {
    const card = know(handle);
    const parsed = suited(card);
    if (card === null || parsed === null || playRefusal(position, parsed) !== null) continue;
    if (parsed.rank === 'A') for (const suit of SUITS) plays.push({ type: 'play', handle, card, suit });
    else plays.push({ type: 'play', handle, card });
  }
  const mayStop = state.options.voluntaryDraw || plays.length === 0;
  if (position.step === 'start') return mayStop ? [...plays, { type: 'draw' }] : plays;
  return !endDraws(position) || mayStop ? [...plays, { type: 'end' }] : plays;
}
