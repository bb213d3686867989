/**
 * Fuzzing the crypto codec decoders of cascade steps — shuffle, lock and
 * re-layer (crypto/codec.ts; key shares and secrets in codec.fuzz.test.ts):
 * 10,000 mutated real messages per type, fixed seeds (the shared body:
 * codec-fuzz.ts).
 */
import { decodeLockStep, decodeRelayerStep, decodeShuffleStep } from '../../crypto/index.js';
import { fuzzCodecDecoders } from './codec-fuzz.js';

fuzzCodecDecoders({ shuffle: decodeShuffleStep, lock: decodeLockStep, relayer: decodeRelayerStep });
