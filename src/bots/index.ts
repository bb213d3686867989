/**
 * Bots: players that choose among legal moves through the same API as a
 * person (public state + private view + seat → action), and a self-play
 * driver for tests and simulations.
 */
export type { Bot } from './types.js';
export { makeRng, type Rng } from './prng.js';
export { randomBot } from './random.js';
export { heuristicBot } from './heuristic.js';
export { stressShedHeuristic } from './stress-shed.js';
export { stressSpeedHeuristic } from './stress-speed.js';
export { autoplay, type AutoplayOptions, type AutoplayResult } from './autoplay.js';
