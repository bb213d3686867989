/**
 * The heuristic bot: a per-game sensible strategy, looked up by game id,
 * falling back to the first legal action for games without one yet. With a
 * PRNG and `noise` > 0 it makes a uniformly random legal move that often,
 * which also breaks the loops two deterministic players can fall into
 * (Stress can cycle forever between two fixed strategies).
 */
import type { StressState } from '../games/stress-shed/index.js';
import type { SpeedState } from '../games/stress-speed/index.js';
import type { Rng } from './prng.js';
import { stressShedHeuristic } from './stress-shed.js';
import { stressSpeedHeuristic } from './stress-speed.js';
import type { Bot } from './types.js';

export function heuristicBot(options: { rng?: Rng; noise?: number } = {}): Bot {
  const { rng, noise = 0 } = options;
  return (game, state, seat, view) => {
    if (rng && noise > 0 && rng.next() < noise) {
      const actions = game.legalActions(state, seat, view) as unknown[];
      return actions.length === 0 ? null : (actions[rng.int(actions.length)] ?? null);
    }
    if (game.id === 'stress-shed') return stressShedHeuristic(state as StressState, seat, view);
    if (game.id === 'stress-speed') return stressSpeedHeuristic(state as SpeedState, seat, view);
    const actions = game.legalActions(state, seat, view) as unknown[];
    return actions[0] ?? null;
  };
}
