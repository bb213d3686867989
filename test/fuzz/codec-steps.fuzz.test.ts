/**
 * Fuzzing the crypto codec decoders of cascade steps — shuffle, lock and
 * re-layer (crypto/codec.ts; key shares and secrets in codec.fuzz.test.ts):
 * RUNS mutated real messages per type (test/fuzz/mutate.ts) (the shared body:
 * codec-fuzz.ts).
 */
import { decodeLockStep, decodeRelayerStep, decodeShuffleStep } from '../../crypto/index.js';
import { fuzzCodecDecoders } from './codec-fuzz.js';

fuzzCodecDecoders({ shuffle: decodeShuffleStep, lock: decodeLockStep, relayer: decodeRelayerStep });
