/**
 * Table-level conformance for every registered game (src/games/index.ts
 * `gameModules`): bot peers, each with its own keys, play over the in-memory
 * transport with the real cryptography. Every hand must end with one agreed
 * state hash and a clean audit on every peer.
 *
 * `npm test` plays one hand of each game at its smallest table, the last
 * seat's page reloaded from its stored data only at step 10. Every peer's
 * cascades and proofs run in this one process, so a hand costs roughly
 * (players)² shuffle proofs on one core. The deep suite
 * (table-sizes.deep.test.ts) plays two hands at the smallest table, the
 * reload in the second (the set-up carried from the first hand), and each
 * game's largest table.
 */
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { simulate } from '../../tools/sim/simulation.js';

describe.each(gameModules.map((m) => [m.id, m.rules] as const))('%s at its smallest table', (id, game) => {
  it(`${game.minPlayers} peers: a hand with a reload at step 10, one hash and a clean audit`, async () => {
    const players = game.minPlayers;
    const results = await simulate({
      game: id,
      players,
      hands: 1,
      seed: 100 + players,
      reloadAt: { hand: 1, step: 10 },
    });
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result!.peers).toHaveLength(players);
    expect(result!.peers.map((p) => p.halt)).toEqual(result!.peers.map(() => null));
    expect(result!.agreedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(result!.allClean).toBe(true);
  }, 600_000);
});
