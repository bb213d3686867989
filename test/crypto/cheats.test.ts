/**
 * The cheats of cheat-cases.ts with a phase's proofs checked at once when it
 * is over (crypto/step-batch.ts), as the table checks them.
 */
import { cheatsAreCaught } from './cheat-cases.js';

cheatsAreCaught("a phase's proofs checked at once", 'phase');
