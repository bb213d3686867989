/**
 * Fuzzing the crypto codec's decoder of lock steps (crypto/codec.ts): RUNS
 * mutated real messages (test/fuzz/mutate.ts; the shared body: codec-fuzz.ts).
 */
import { decodeLockStep } from '../../crypto/index.js';
import { fuzzCodecDecoders } from './codec-fuzz.js';

fuzzCodecDecoders({ lock: decodeLockStep }, 1);
