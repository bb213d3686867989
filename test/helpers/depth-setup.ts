/**
 * Vitest setup file of the `unit` and `deep` projects: gives fast-check the
 * run's seed (test/helpers/depth.ts) so a fast run is repeatable, and in a
 * deep run prints beside each file the seed that repeats it.
 */
import fc from 'fast-check';
import { DEEP, SEED } from './depth.js';

fc.configureGlobal({ seed: SEED });
if (DEEP) console.log(`fast-check seed ${SEED} (repeat with FAIRDECK_SEED=${SEED})`);
