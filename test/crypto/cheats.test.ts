/**
 * The cheats of cheat-cases.ts with a whole cascade's proofs checked at once
 * when its packet is locked (crypto/step-batch.ts), as the table checks them.
 */
import { cheatsAreCaught } from './cheat-cases.js';

cheatsAreCaught("a cascade's proofs checked at once", 'cascade');
