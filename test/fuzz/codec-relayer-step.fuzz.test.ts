/**
 * Fuzzing the crypto codec's decoder of re-layer steps (crypto/codec.ts): RUNS
 * mutated real messages (test/fuzz/mutate.ts; the shared body: codec-fuzz.ts).
 */
import { decodeRelayerStep } from '../../crypto/index.js';
import { fuzzCodecDecoders } from './codec-fuzz.js';

fuzzCodecDecoders({ relayer: decodeRelayerStep }, 2);
