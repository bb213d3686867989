/**
 * The heuristic bot: each game's own sensible strategy (its bot.ts, reached
 * through the registry once loaded: src/games/index.ts `loadBot`, which a page
 * calls only when it hosts a bot), falling back to the first legal action
 * for a game the registry does not hold. With a PRNG and `noise` > 0 it
 * makes a uniformly random legal move that often, which also breaks the
 * loops two deterministic players can fall into (Stress can cycle forever
 * between two fixed strategies).
 */
import { botLoaded, gameBot } from '../games/index.js';
import type { Rng } from './prng.js';
import type { Bot } from './types.js';

export function heuristicBot(options: { rng?: Rng; noise?: number } = {}): Bot {
  const { rng, noise = 0 } = options;
  return (game, state, seat, view) => {
    if (rng && noise > 0 && rng.next() < noise) {
      const actions = game.legalActions(state, seat, view) as unknown[];
      return actions.length === 0 ? null : (actions[rng.int(actions.length)] ?? null);
    }
    const own = gameBot(game.id);
    if (own) return own(state, seat, view);
    // A registered game plays its own bot: one not loaded yet is the caller's mistake, not a move to guess.
    if (!botLoaded(game.id)) throw new Error(`the bot of ${game.id} is not loaded yet (src/games/index.ts loadBot)`);
    const actions = game.legalActions(state, seat, view) as unknown[];
    return actions[0] ?? null;
  };
}
