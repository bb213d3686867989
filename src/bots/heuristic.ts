/**
 * The heuristic bot: each game's own sensible strategy (its module's
 * `bots.heuristic`, looked up in the registry by the game's id), falling back
 * to the first legal action for a game without one. With a PRNG and `noise`
 * > 0 it makes a uniformly random legal move that often, which also breaks
 * the loops two deterministic players can fall into (Stress can cycle
 * forever between two fixed strategies).
 */
import { gameModule } from '../games/index.js';
import type { Rng } from './prng.js';
import type { Bot } from './types.js';

export function heuristicBot(options: { rng?: Rng; noise?: number } = {}): Bot {
  const { rng, noise = 0 } = options;
  return (game, state, seat, view) => {
    if (rng && noise > 0 && rng.next() < noise) {
      const actions = game.legalActions(state, seat, view) as unknown[];
      return actions.length === 0 ? null : (actions[rng.int(actions.length)] ?? null);
    }
    const own = gameModule(game.id)?.bots.heuristic;
    if (own) return own(state, seat, view);
    const actions = game.legalActions(state, seat, view) as unknown[];
    return actions[0] ?? null;
  };
}
