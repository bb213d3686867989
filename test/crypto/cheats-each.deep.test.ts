/**
 * The cheats of cheat-cases.ts with every step's proofs checked on arrival,
 * as the one-by-one fallback of a phase check and the audit check them: the
 * same seat is named as with a phase at once (cheats.test.ts).
 */
import { cheatsAreCaught } from './cheat-cases.js';

cheatsAreCaught('each step checked on arrival', 'each');
