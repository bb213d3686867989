/**
 * Table-level conformance at both ends of every registered game's range of
 * seats (`npm test` plays one hand of each at its smallest table,
 * table.test.ts): bot peers with the real cryptography over the in-memory
 * transport, one agreed state hash and a clean audit on every peer. At the
 * smallest table, and at a largest one of at most three seats, two hands
 * with the last seat reloaded mid-hand 2 (the set-up carried from hand 1 and
 * rebuilt from storage); a larger table plays one hand (a hand costs roughly
 * (players)² shuffle proofs on one core: Pesten at 8 seats is minutes of CPU).
 */
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { simulate } from '../../tools/sim/simulation.js';

/** Player counts up to this run two hands with a reload mid-hand 2; larger ones one hand. */
const FULL_RUN_MAX_PLAYERS = 3;

const larger = gameModules.filter((m) => m.rules.maxPlayers > m.rules.minPlayers);
const tables = [
  ...gameModules.map((m) => [m.id, 'smallest', m.rules.minPlayers] as const),
  ...larger.map((m) => [m.id, 'largest', m.rules.maxPlayers] as const),
];

describe.each(tables)('%s at its %s table', (id, _end, players) => {
  const hands = players <= FULL_RUN_MAX_PLAYERS ? 2 : 1;
  it(`${players} peers: ${hands} hand(s), one hash and a clean audit each`, async () => {
    const results = await simulate({
      game: id,
      players,
      hands,
      seed: 100 + players,
      ...(hands === 2 ? { reloadAt: { hand: 2, step: 10 } } : {}),
    });
    expect(results).toHaveLength(hands);
    for (const result of results) {
      expect(result.peers).toHaveLength(players);
      expect(result.peers.map((p) => p.halt)).toEqual(result.peers.map(() => null));
      expect(result.agreedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(result.allClean).toBe(true);
    }
    if (hands === 2) expect(results[0]!.agreedHash).not.toBe(results[1]!.agreedHash);
  }, 1_800_000);
});
