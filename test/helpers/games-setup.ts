/**
 * Vitest setup file of the Node projects: registers every game's module
 * (src/games/all.ts), as every Node process of the project does, so a test
 * may ask the registry for any game's rules without loading it first. The
 * page loads a game only when a table of it opens; test/games/load-game.test.ts
 * covers that path.
 */
import '../../src/games/all.js';
