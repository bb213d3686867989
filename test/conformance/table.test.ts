/**
 * Table-level conformance for every registered game (src/games/index.ts
 * `gameModules`): bot peers, each with its own keys, play over the in-memory
 * transport with the real cryptography. Every hand must end with one agreed
 * state hash and a clean audit on every peer.
 *
 * `npm test` plays each game at its smallest table: two hands, the last
 * seat's page reloaded from its stored data only at step 10 of hand 2. Every
 * peer's cascades and proofs run in this one process, so a hand costs roughly
 * (players)² shuffle proofs on one core; the other end of each game's range
 * of player counts is table-sizes.deep.test.ts, in the deep suite.
 */
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { simulate } from '../../tools/sim/simulation.js';

describe.each(gameModules.map((m) => [m.id, m.rules] as const))('%s at its smallest table', (id, game) => {
  it(`${game.minPlayers} peers: two hands, a reload mid-hand 2, one hash and a clean audit each`, async () => {
    const players = game.minPlayers;
    const results = await simulate({
      game: id,
      players,
      hands: 2,
      seed: 100 + players,
      reloadAt: { hand: 2, step: 10 },
    });
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.peers).toHaveLength(players);
      expect(result.peers.map((p) => p.halt)).toEqual(result.peers.map(() => null));
      expect(result.agreedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(result.allClean).toBe(true);
    }
    expect(results[0]!.agreedHash).not.toBe(results[1]!.agreedHash);
  }, 600_000);
});
