/**
 * End-to-end encryption of private payloads (a key share meant for one seat)
 * inside events that every peer relays and stores. One-shot hybrid public-key
 * encryption in the shape of HPKE Base mode (RFC 9180 §5.1.1, single-shot
 * API §6.1): an ephemeral X25519 key agreement with the recipient's key
 * (RFC 7748 §5 and §6.1; all-zero shared secrets from low-order points are
 * rejected), HKDF-SHA256 extract-and-expand (RFC 5869 §2.2–2.3) with both
 * public keys as salt and the context as info, and AES-256-GCM from
 * @noble/ciphers (NIST SP 800-38D §7.1; synchronous, and unlike WebCrypto's
 * `subtle` it also exists on plain-http origins such as a LAN address) with the table / hand / packet / step / seats bound
 * as associated data, so a ciphertext cannot be moved to another message.
 * The ephemeral key is fresh for every payload, so the derived (key, nonce)
 * pair is never reused. Layout: version(1) ‖ ephemeral public key(32) ‖
 * ciphertext ‖ tag(16).
 */
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { gcm } from '@noble/ciphers/aes.js';
import { type RandomSource, Writer, abytes, aint, concatBytes, utf8 } from './bytes.js';
import { ALL_SEATS } from './cards.js';
import { randomBytes, systemRandom } from './random.js';

const VERSION = 1;
const TAG_BYTES = 16;
export const SEAL_OVERHEAD = 1 + 32 + TAG_BYTES;
const LABEL = utf8('fairdeck/v1/seal');

export interface SealKeyPair {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
}

/** A seat's X25519 key pair for receiving sealed payloads (publish `publicKey` with the seat). */
export function sealKeyPair(rng: RandomSource = systemRandom): SealKeyPair {
  const secretKey = randomBytes(rng, 32);
  return { secretKey, publicKey: x25519.getPublicKey(secretKey) };
}

/** What a sealed payload is bound to; encoded as the AEAD associated data. */
export interface SealContext {
  readonly tableId: Uint8Array;
  readonly handNo: number;
  readonly packet: number;
  /** What the payload is, e.g. 'keys'. */
  readonly purpose: string;
  readonly from: number;
  readonly to: number;
}

/** Canonical associated data of a seal context. */
export function sealAad(ctx: SealContext): Uint8Array {
  abytes(ctx.tableId, 'seal context tableId', [1, 64]);
  aint(ctx.handNo, 'seal context handNo', 0, 0xffffffff);
  aint(ctx.packet, 'seal context packet', 0, 0xffff);
  aint(ctx.from, 'seal context from', 0, 254);
  aint(ctx.to, 'seal context to', 0, ALL_SEATS);
  const purpose = utf8(ctx.purpose);
  abytes(purpose, 'seal context purpose', [1, 64]);
  return new Writer()
    .bytes8(ctx.tableId)
    .u32(ctx.handNo)
    .u16(ctx.packet)
    .bytes8(purpose)
    .u8(ctx.from)
    .u8(ctx.to)
    .finish();
}

function shared(secretKey: Uint8Array, publicKey: Uint8Array, what: string): Uint8Array {
  try {
    return x25519.getSharedSecret(secretKey, publicKey);
  } catch {
    throw new RangeError(`${what}: X25519 public key is of low order (no shared secret)`);
  }
}

function aeadFor(ss: Uint8Array, ephPub: Uint8Array, recipientPub: Uint8Array, aad: Uint8Array) {
  const okm = hkdf(sha256, ss, concatBytes(ephPub, recipientPub), concatBytes(LABEL, aad), 44);
  return gcm(okm.subarray(0, 32), okm.subarray(32, 44), aad);
}

/** Seals `plaintext` to the holder of `recipientPublicKey`, bound to `aad` (use sealAad). */
export function seal(
  recipientPublicKey: Uint8Array,
  plaintext: Uint8Array,
  aad: Uint8Array,
  rng: RandomSource = systemRandom,
): Uint8Array {
  abytes(recipientPublicKey, 'seal: recipient public key', 32);
  abytes(plaintext, 'seal: plaintext');
  abytes(aad, 'seal: associated data');
  const ephSecret = randomBytes(rng, 32);
  const ephPub = x25519.getPublicKey(ephSecret);
  const ss = shared(ephSecret, recipientPublicKey, 'seal: recipient public key');
  const ct = aeadFor(ss, ephPub, recipientPublicKey, aad).encrypt(plaintext);
  return concatBytes(new Uint8Array([VERSION]), ephPub, ct);
}

/**
 * Opens a sealed payload; throws RangeError if it was not sealed to this key
 * with this `aad`. Pass the recipient's public key too to save one X25519
 * multiplication.
 */
export function unseal(
  recipientSecretKey: Uint8Array,
  sealed: Uint8Array,
  aad: Uint8Array,
  recipientPublicKey?: Uint8Array,
): Uint8Array {
  abytes(recipientSecretKey, 'unseal: recipient secret key', 32);
  if (recipientPublicKey !== undefined) abytes(recipientPublicKey, 'unseal: recipient public key', 32);
  abytes(sealed, 'unseal: sealed payload');
  abytes(aad, 'unseal: associated data');
  if (sealed.length < SEAL_OVERHEAD) {
    throw new RangeError(`unseal: sealed payload of ${sealed.length} bytes is shorter than the ${SEAL_OVERHEAD}-byte overhead`);
  }
  if (sealed[0] !== VERSION) throw new RangeError(`unseal: unsupported version ${sealed[0]}, expected ${VERSION}`);
  const ephPub = sealed.subarray(1, 33);
  const recipientPub = recipientPublicKey ?? x25519.getPublicKey(recipientSecretKey);
  const ss = shared(recipientSecretKey, ephPub, 'unseal: ephemeral public key');
  try {
    return aeadFor(ss, ephPub, recipientPub, aad).decrypt(sealed.subarray(33));
  } catch {
    throw new RangeError('unseal: authentication failed (wrong recipient, tampered payload or other associated data)');
  }
}
