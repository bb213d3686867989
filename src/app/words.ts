/**
 * The words the elements print, from the one place the games' log lines take
 * them (src/games/describe.ts): cards with their suit symbols ("J♦") and
 * counts with their noun ("1 card", "3 cards"). Components may not call into
 * the games, so they read them here.
 */
export { cardName, count } from '../games/describe.js';
