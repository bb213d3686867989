/**
 * Public API of Fairdeck's mental-poker library (docs/PROTOCOL.md §8):
 * SRA-style commutative masking on ristretto255 (RFC 9496) with per-card keys,
 * a Terelius–Wikström shuffle argument for every shuffle step (AFRICACRYPT
 * 2010; Haenni et al. 2017, Alg. 8.4/8.5) and Chaum–Pedersen (CRYPTO '92)
 * proofs, verified in batches (Bellare–Garay–Rabin '98), an end-of-hand audit, canonical codecs,
 * and HPKE-shaped sealing (RFC 7748 / RFC 5869 / SP 800-38D) for private key
 * shares. Pure functions; only @noble/curves, @noble/hashes, @noble/ciphers (AES-GCM)
 * and the CSPRNG (`crypto.getRandomValues`).
 * See crypto/README.md for the flow and the threat model.
 */
export { type RandomSource } from './bytes.js';
export { systemRandom, seededRandom, randomPermutation, isPermutation } from './random.js';
export {
  type DeckSize,
  type Hand,
  type HandParams,
  ALL_SEATS,
  DECK_SIZES,
  MAX_SEATS,
  MIN_SEATS,
  cardPoint,
  createHand,
} from './cards.js';
export {
  type Point,
  G,
  decodePoint,
  decodeScalar,
  ed25519BaseBytes,
  encodePoint,
  encodeScalar,
  precomputeBase,
} from './group.js';
export {
  type Deck,
  type PacketInput,
  type PacketSource,
  type PacketState,
  type PacketStateBytes,
  type Phase,
  type StepKind,
  MAX_PACKET,
  openDeck,
  openReshuffle,
  packetStateBytes,
  packetStateFrom,
} from './packet.js';
export { ed25519Keyed, ed25519Key, ed25519VerifyWith, type Ed25519Key } from './ed25519-verify.js';
export { type Fault, type FaultCode } from './fault.js';
export { type Err, type Ok, type Result, ok, err } from './result.js';
export { type ShuffleProof } from './shuffle-proof.js';
export {
  type LockStep,
  type Made,
  type PacketSecrets,
  type RelayerStep,
  type ShuffleStep,
  type Step,
  type StepHeader,
  layerSecret,
  makeLockStep,
  makeShuffleStep,
  newPacketSecrets,
  verifyLockStep,
  verifyShuffleStep,
  verifyStep,
} from './steps.js';
export { makeRelayerStep, verifyRelayerStep } from './relayer-step.js';
export { type BadStep, type UnprovedStep, takeStepUnproved, verifyStepProofs } from './step-batch.js';
export {
  type KeyEntry,
  type KeyRing,
  type KeyShares,
  forwardToSeat,
  openCards,
  openablePositions,
  revealToAll,
  revealToSeat,
  verifyKeyShares,
  withKeyShares,
  withOwnKeys,
} from './keys.js';
export {
  type AuditOptions,
  type Verified,
  type AuditResult,
  type AuditedPacket,
  type HandTranscript,
  type PacketTranscript,
  audit,
} from './audit.js';
export {
  type Expect,
  decodeKeyShares,
  decodeLockStep,
  decodePacketSecrets,
  decodeRelayerStep,
  decodeShuffleStep,
  encodeKeyShares,
  encodeLockStep,
  encodePacketSecrets,
  encodeRelayerStep,
  encodeShuffleStep,
} from './codec.js';
export {
  type PairContext,
  type SealContext,
  type SealKeyPair,
  PAIR_SEAL_OVERHEAD,
  assertSealPublicKey,
  openWith,
  pairKey,
  pairKeyFromShared,
  sealAad,
  sealKeyPair,
  sealWith,
  sealedPacket,
} from './seal.js';
export {
  type SealKeyOpening,
  type SealProofContext,
  type SealProofResult,
  SEAL_PROOF_BYTES,
  proveSealKey,
  verifySealKey,
} from './seal-proof.js';
export { x25519PublicKey } from './x25519.js';
