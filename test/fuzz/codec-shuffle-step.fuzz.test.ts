/**
 * Fuzzing the crypto codec's decoder of shuffle steps (crypto/codec.ts): RUNS
 * mutated real messages (test/fuzz/mutate.ts; the shared body: codec-fuzz.ts).
 */
import { decodeShuffleStep } from '../../crypto/index.js';
import { fuzzCodecDecoders } from './codec-fuzz.js';

fuzzCodecDecoders({ shuffle: decodeShuffleStep }, 0);
