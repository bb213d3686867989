/**
 * Whole hands of stress-shed from random seeds (fast-check, the deep suite's
 * seed), at 2 and 3 seats, among peers that each hold their own keys over the
 * in-memory transport with the real cryptography: every peer agrees on the
 * hash, the audit is clean, and every card is in exactly one place at every
 * step. The fixed-seed hands are hands.test.ts, in `npm test`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { census } from '../../src/engine/index.js';
import { gameById } from '../../src/games/index.js';
import { handFinished, resultOf, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll } from '../helpers/table-page.js';

const game = gameById('stress-shed')!;
let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

describe('property: any seed, 2 or 3 peers', () => {
  it('every peer agrees on the hash, the audit is clean, and every card is in exactly one place', async () => {
    const fc = (await import('fast-check')).default;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 3 }), fc.nat(1_000_000), async (players, seed) => {
        const { peers } = await seatPeers({ game: 'stress-shed', players, hands: 1, seed, bot: 'heuristic' });
        running = peers;
        try {
          await until(() => {
            for (const peer of peers) {
              const state = peer.session.current?.session.engineState;
              if (state) expect(census(game, state)).toEqual([]);
            }
            return peers.every(handFinished);
          }, 20);
          const result = resultOf(peers, 'stress-shed');
          expect(result.peers.map((p) => p.halt)).toEqual(peers.map(() => null));
          expect(result.agreedHash).not.toBeNull();
          expect(result.allClean).toBe(true);
        } finally {
          for (const p of peers) {
            p.session.close();
            p.mesh.stop();
          }
          running = [];
        }
      }),
      { numRuns: 6 },
    );
  }, 600_000);
});
