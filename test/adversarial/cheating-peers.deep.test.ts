/**
 * The whole attacker matrix (test/adversarial/cheat-matrix.ts): every
 * registered game against a peer that cheats in each way its rules allow, a
 * new game included by the registry. Part of `npm run test:deep`; `npm test`
 * plays the share in cheating-peers.test.ts.
 */
import { describe } from 'vitest';
import { everyPair, itCatchesEach } from './cheat-matrix.js';

describe('the whole attacker matrix', () => {
  itCatchesEach(everyPair(), 3);
});
