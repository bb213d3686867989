/**
 * Vitest setup file of the `unit` and `deep` projects: gives fast-check the
 * run's seed (test/helpers/depth.ts), so a fast run is repeatable and a deep
 * run explores from the seed its global setup chose (depth-global.ts). A
 * deep file also prints the seed beside its own output.
 */
import fc from 'fast-check';
import { DEEP, SEED } from './depth.js';

fc.configureGlobal({ seed: SEED });
if (DEEP) console.log(`fast-check seed ${SEED} (repeat with FAIRDECK_SEED=${SEED})`);
