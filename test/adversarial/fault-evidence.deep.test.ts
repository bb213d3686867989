/**
 * The fault-evidence cheats (tools/sim/cheats-evidence.ts) over a sweep of
 * seeds in every game that seats three: a report naming nobody (to one seat,
 * to all), key shares sealed wrong (an entry left out, a wrong key, garbage)
 * and a false accusation with a real proof. Each seed deals other cards, so
 * the sealed share tampered with, its recipient and the step a report names
 * all move. Every honest peer must name the cheater with the expected code,
 * and the cheater's knowledge monitor must read no card
 * (test/adversarial/cheat-matrix.ts's one test per pair, over more seeds).
 * Part of `npm run test:deep`; fault-evidence.test.ts is the fast share.
 */
import { describe } from 'vitest';
import { everyPair, itCatchesEach } from './cheat-matrix.js';
import { runs } from '../helpers/depth.js';

const EVIDENCE = new Set([
  'false-report-one',
  'false-report-all',
  'sealed-missing-key',
  'sealed-wrong-key',
  'sealed-garbage',
  'sealed-false-accusation',
]);

const pairs = everyPair().filter((pair) => EVIDENCE.has(pair.kind));

describe.each(Array.from({ length: runs(1, 2) }, (_, i) => 11 + 7 * i))('fault evidence, seed %i', (seed) => {
  itCatchesEach(pairs, seed);
});
