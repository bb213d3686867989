/**
 * Pesten between bots that pick uniformly among their legal moves, at 4
 * seats: such players draw far more than people do, so the stock is rebuilt
 * from the discard pile dozens of times in one hand (every rebuild a full
 * reshuffle that every peer proves and verifies). The hand still ends, every
 * peer agrees on it and its audit is clean. In the deep suite: about two
 * minutes of CPU.
 */
import { expect, it } from 'vitest';
import { simulate } from '../../tools/sim/simulation.js';

it('a 4-seat Pesten hand between random bots, with many reshuffles, ends agreed and audited clean', async () => {
  const [result] = await simulate({ game: 'pesten', players: 4, hands: 1, seed: 1, bot: 'random' });
  expect(result!.peers.map((p) => p.halt)).toEqual([null, null, null, null]);
  expect(result!.agreedHash).not.toBeNull();
  expect(result!.allClean).toBe(true);
  expect(result!.winner).not.toBeNull();
  // Seed 1 rebuilds the stock 49 times: the case the test is for.
  expect(result!.reshuffles).toBeGreaterThan(20);
}, 900_000);
