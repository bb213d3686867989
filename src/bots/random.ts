/**
 * The random-legal bot: uniform over `legalActions` for its seat, with its
 * own seeded PRNG. Any game, no strategy; the baseline for property tests.
 */
import type { Rng } from './prng.js';
import type { Bot } from './types.js';

export function randomBot(rng: Rng): Bot {
  return (game, state, seat, view) => {
    const actions = game.legalActions(state, seat, view) as unknown[];
    return actions.length === 0 ? null : (actions[rng.int(actions.length)] ?? null);
  };
}
