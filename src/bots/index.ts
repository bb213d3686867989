/**
 * Bots: players that choose among legal moves through the same API as a
 * person (public state + private view + seat → action), and a self-play
 * driver for tests and simulations. Game-specific strategies live in each
 * game's folder (src/games/<id>/bot.ts) and are reached through the registry.
 */
export type { Bot } from './types.js';
export { makeRng, type Rng } from './prng.js';
export { randomBot } from './random.js';
export { heuristicBot } from './heuristic.js';
export { autoplay, type AutoplayOptions, type AutoplayResult } from './autoplay.js';
