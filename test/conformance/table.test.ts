/**
 * Table-level conformance for every registered game (src/games/index.ts
 * `gameModules`): bot peers, each with its own keys, play over the in-memory
 * transport with the real cryptography, at every player count the game's
 * module's range ends at (minPlayers and maxPlayers, as issue 8 asks). Every
 * hand must end with one agreed state hash and a clean audit on every peer.
 *
 * Why the counts are not all run alike: every peer's cascades and proofs run
 * in this one process, so a hand costs roughly (players)² shuffle proofs on
 * one core — a 3-seat School Blackjack pair of hands took ~4 minutes on the
 * loaded test machine. So the full work (two hands, the last seat's page
 * reloaded from its stored data only at step 10 of hand 2) runs at the
 * game's minimum (and its maximum when that is at most 3 seats); a larger
 * maximum plays one hand, no reload (seed 100 + players like the others).
 * The counts between the ends are covered by `npm run simulate -- --game G
 * --players N` runs recorded in the games' issue notes, and a large table's
 * reload by `npm run simulate -- --players N --hands 3 --reload-at 2:10`.
 */
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { simulate } from '../../src/table/simulation.js';

/** Player counts up to this run two hands with a reload mid-hand 2; larger ones one hand. */
const FULL_RUN_MAX_PLAYERS = 3;

/** The ends of a game's range: its minimum and its maximum (once when equal). */
function playerCounts(min: number, max: number): number[] {
  return min === max ? [min] : [min, max];
}

describe.each(gameModules.map((m) => [m.id, m.rules] as const))('%s at a table', (id, game) => {
  const counts = playerCounts(game.minPlayers, game.maxPlayers);
  it('covers both ends of the range of player counts', () => {
    expect(counts[0]).toBe(game.minPlayers);
    expect(counts.at(-1)).toBe(game.maxPlayers);
    expect(new Set(counts).size).toBe(counts.length);
  });

  const full = counts.filter((n) => n <= FULL_RUN_MAX_PLAYERS);
  it.each(full)(
    '%i peers: two hands, a reload mid-hand 2, one hash and a clean audit each',
    async (players) => {
      const results = await simulate({
        game: id,
        players,
        hands: 2,
        seed: 100 + players,
        reloadAt: { hand: 2, step: 10 },
      });
      expect(results).toHaveLength(2);
      for (const result of results) {
        expect(result.peers.map((p) => p.halt)).toEqual(result.peers.map(() => null));
        expect(result.agreedHash).toMatch(/^[0-9a-f]{64}$/);
        expect(result.allClean).toBe(true);
      }
    },
    1_800_000,
  );

  const large = counts.filter((n) => n > FULL_RUN_MAX_PLAYERS);
  // Games whose range stops at 3 seats have no larger count (vitest would refuse an empty table).
  if (large.length > 0)
    it.each(large)(
      '%i peers: one hand, one hash and a clean audit',
      async (players) => {
        const results = await simulate({ game: id, players, hands: 1, seed: 100 + players });
        expect(results).toHaveLength(1);
        const [result] = results;
        expect(result!.peers).toHaveLength(players);
        expect(result!.peers.map((p) => p.halt)).toEqual(result!.peers.map(() => null));
        expect(result!.agreedHash).toMatch(/^[0-9a-f]{64}$/);
        expect(result!.allClean).toBe(true);
      },
      1_800_000,
    );
});
