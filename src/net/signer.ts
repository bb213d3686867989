/**
 * An ed25519 signer (RFC 8032 §5.1.6, pure Ed25519) that derives its key
 * once. @noble/curves's `ed25519.sign(message, secretKey)` hashes the secret
 * key and multiplies the base point by the private scalar again for every
 * signature (RFC 8032 §5.1.5, to know A), then once more for R; a page signs
 * every event it sends with one key. Here the expanded key (scalar s, prefix
 * and A, from noble's `utils.getExtendedPublicKey`) is kept, so a signature
 * costs one constant-time base multiplication (noble's `Point.BASE.multiply`)
 * and two SHA-512: r = SHA-512(prefix ‖ M) mod ℓ, R = r·B,
 * k = SHA-512(R ‖ A ‖ M) mod ℓ, S = (r + k·s) mod ℓ. The caller may pass
 * that base multiplication (`baseBytes`: the encoding of r·B for a secret r,
 * constant time): the pages and the simulator pass crypto/group.ts
 * `ed25519BaseBytes`, the project's fixed-base table (about a quarter of
 * noble's cost); src/net itself cannot reach crypto/. Ed25519 signatures are
 * deterministic, so the bytes are noble's own either way
 * (test/net/signer.test.ts compares them).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import type { Signer } from './envelope.js';

const { Point } = ed25519;
const Fn = Point.Fn;

/** A digest read as a little-endian integer, mod ℓ (RFC 8032 §5.1.6 steps 2 and 4). */
function modL(digest: Uint8Array): bigint {
  return Fn.create(bytesToNumberLE(digest));
}

/** r·B encoded (RFC 8032 §5.1.2) for a secret r in [0, ℓ), with noble's constant-time multiplication. */
export const nobleBaseBytes = (r: bigint): Uint8Array => Point.BASE.multiply(r).toBytes();

/** The signer of a 32-byte ed25519 secret key; `publicKey` is `ed25519.getPublicKey(secretKey)`. */
export function ed25519Signer(secretKey: Uint8Array, baseBytes: (r: bigint) => Uint8Array = nobleBaseBytes): Signer {
  const { prefix, scalar, pointBytes } = ed25519.utils.getExtendedPublicKey(secretKey);
  return {
    publicKey: pointBytes,
    sign(message: Uint8Array): Uint8Array {
      const r = modL(sha512(concatBytes(prefix, message)));
      const R = baseBytes(r);
      const k = modL(sha512(concatBytes(R, pointBytes, message)));
      return concatBytes(R, Fn.toBytes(Fn.create(r + k * scalar)));
    },
  };
}
