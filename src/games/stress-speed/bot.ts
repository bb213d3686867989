/**
 * The heuristic bot of Stress (speed), a sensible player. It calls "stress!" whenever the call is
 * valid (the opponent takes both stacks). Otherwise it plays a card, choosing
 * the play after which the opponent has the fewest plays onto the new centre
 * tops; among those, the one that leaves itself the most follow-up plays (with
 * the row cards it can already see: the card uncovered under the played one,
 * or its other slot tops); then the first in slot and stack order. Everything
 * it looks at is public, so its seat's private view does not matter.
 */
import { publicKnowledge, type CardId, type Handle, type PrivateView, type Seat } from '../../engine/index.js';
import type { SpeedAction } from './actions.js';
import { adjacent, topOf, type SpeedState } from './board.js';
import { stressSpeed } from './game.js';

type Play = Extract<SpeedAction, { type: 'play' }>;

/** How many (row top, centre top) pairs are one rank apart. */
function pairs(rowTops: readonly (CardId | null)[], centreTops: readonly (CardId | null)[]): number {
  return rowTops.reduce((sum, card) => sum + centreTops.filter((top) => adjacent(card, top)).length, 0);
}

export function stressSpeedHeuristic(state: SpeedState, seat: Seat, view: PrivateView): SpeedAction | null {
  const actions = stressSpeed.legalActions(state, seat, view);
  const call = actions.find((a) => a.type === 'stress');
  if (call) return call;
  const plays = actions.filter((a): a is Play => a.type === 'play');
  if (plays.length === 0) return null;
  const know = publicKnowledge(state);
  const board = state.board;
  const rowTops = (s: Seat, without?: Play): (CardId | null)[] =>
    (board.seats[s]?.row ?? []).map((slot, index) => {
      // After the play the slot shows the card beneath (public), or a refill nobody knows yet.
      const shown: Handle | null = without && index === without.slot ? (slot.at(-2) ?? null) : topOf(slot);
      return shown === null ? null : know(shown);
    });
  const opponent = (seat + 1) % state.players;
  const score = (play: Play): [number, number] => {
    const centre = board.stacks.map((stack, s) => (s === play.stack ? know(play.handle) : know(topOf(stack) ?? -1)));
    return [pairs(rowTops(opponent), centre), pairs(rowTops(seat, play), centre)];
  };
  let best = plays[0] ?? null;
  let bestScore = best ? score(best) : [0, 0];
  for (const play of plays.slice(1)) {
    const [theirs, mine] = score(play);
    if (theirs < (bestScore[0] ?? 0) || (theirs === bestScore[0] && mine > (bestScore[1] ?? 0))) {
      best = play;
      bestScore = [theirs, mine];
    }
  }
  return best;
}
