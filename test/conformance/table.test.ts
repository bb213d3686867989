/**
 * Table-level conformance for every registered game (src/games/index.ts
 * `games`): bot peers, each with its own keys, play two hands over the
 * in-memory transport with the real cryptography, and the last seat's page
 * is reloaded from its stored data only at step 10 of hand 2. Every hand
 * must end with one agreed state hash and a clean audit on every peer.
 * Player counts: the game's minimum and its maximum, capped at 3 — a
 * 4-seat stress-shed pair of hands took ~5 minutes on a loaded machine and a
 * 6-seat one far more, in one process (every peer's
 * cascades and proofs run on one core); `npm run simulate -- --players 6`
 * covers the full table by hand.
 */
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { simulate } from '../../src/table/simulation.js';

const TABLE_MAX_PLAYERS = 3;

describe.each(gameModules.map((m) => [m.id, m.rules] as const))('%s at a table', (id, game) => {
  const counts = [...new Set([game.minPlayers, Math.min(game.maxPlayers, TABLE_MAX_PLAYERS)])];
  it.each(counts)('%i peers: two hands, a reload mid-hand 2, one hash and a clean audit each', async (players) => {
    const results = await simulate({ game: id, players, hands: 2, seed: 100 + players, reloadAt: { hand: 2, step: 10 } });
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.peers.map((p) => p.halt)).toEqual(result.peers.map(() => null));
      expect(result.agreedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(result.allClean).toBe(true);
    }
  }, 600_000);
});
