/**
 * Fuzzing the crypto codec decoders of key shares and packet secrets
 * (crypto/codec.ts; cascade steps in codec-*-step.fuzz.test.ts): RUNS mutated
 * real messages per type (test/fuzz/mutate.ts) (the shared body: codec-fuzz.ts).
 */
import { decodeKeyShares, decodePacketSecrets } from '../../crypto/index.js';
import { fuzzCodecDecoders } from './codec-fuzz.js';

fuzzCodecDecoders({ keys: decodeKeyShares, secrets: decodePacketSecrets });
