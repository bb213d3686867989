/**
 * X25519 (RFC 7748 §5) for the seal keys (seal.ts), computed on edwards25519
 * with the project's constant-time arithmetic instead of noble's Montgomery
 * ladder: the same 32 bytes, 1.36 × faster and a public key 2.4 × (`npm run
 * bench -- noble`, the X25519 rows). Every seat derives a pair key with each other
 * seat at every hand, and the audit checks each disclosed seal secret
 * against its announced key.
 *
 * The map. Curve25519's u and edwards25519's y are related by the
 * birational map of RFC 7748 §4.1, y = (u − 1)/(u + 1) and u = (1 + y)/(1 − y),
 * and X25519's result depends only on u, so on y: a peer's key lifts to the
 * Edwards point with that y and an even x (edwards.ts `liftMontgomeryU`),
 * and the sign of x does not matter (−P has the same y).
 *
 * The scalar. RFC 7748 §5 clamps the secret to a = 8h with 2^251 ≤ h < 2^252 < ℓ.
 * So a·P = h·(8P), and 8P lies in the prime-order subgroup whatever torsion
 * P carries: one constant-time multiplication by h (group.ts `mulSecret`,
 * whose oblivious table scan is edwards-secret.ts's) on the plain Edwards
 * representative gives a·P exactly. A public key is 8·(h·B), h·B by the
 * fixed-base comb (group.ts `mulBase`, whose entries are exact multiples of B).
 *
 * Inputs. Every u that RFC 7748 decodes (top bit masked, reduced mod p) and
 * that lies on Curve25519 gives noble's bytes, a low-order one all-zero as
 * there (the caller refuses it: seal.ts). A u on the quadratic twist, or
 * u = −1, has no Edwards point: `x25519Shared` throws a RangeError, where
 * noble would compute on the twist. seal.ts's `assertSealPublicKey` refuses
 * such keys when a seat announces one, so no seat ever derives with it.
 * test/crypto/x25519.test.ts holds the RFC's vectors and the comparison with noble.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { abytes } from './bytes.js';
import { type Ext, P, dbl, fromExt, invertFixed, liftMontgomeryU, rd, toExt } from './edwards.js';
import { type Point, mulBase, mulSecret } from './group.js';

const Fp = ed25519.Point.Fp;

/** A little-endian byte string as an integer. */
export function littleEndian(b: Uint8Array): bigint {
  let x = 0n;
  for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i]!);
  return x;
}

/** u as RFC 7748 §5 decodes it: 32 bytes little-endian, the top bit masked, reduced mod p. */
export function decodeU(bytes: Uint8Array): bigint {
  abytes(bytes, 'X25519 u-coordinate', 32);
  const u = littleEndian(bytes) & ((1n << 255n) - 1n);
  return u >= P ? u - P : u;
}

/** The Edwards point of a u-coordinate's bytes (edwards.ts `liftMontgomeryU`), or null if u is −1 or on the twist. */
export function liftU(bytes: Uint8Array): Ext | null {
  return liftMontgomeryU(decodeU(bytes));
}

/** The secret scalar h of RFC 7748 §5's clamping, a = 8h (2^251 ≤ h < 2^252 < ℓ). */
export function clampedEighth(secretKey: Uint8Array): bigint {
  const c = Uint8Array.from(abytes(secretKey, 'X25519 secret key', 32));
  c[0]! &= 248;
  c[31]! &= 127;
  c[31]! |= 64;
  return littleEndian(c) >> 3n;
}

/**
 * The canonical X25519 encoding of a point's u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y), inverted by a fixed chain as
 * the ladder inverts (the point is secret); the identity gives all-zero, as the ladder does.
 */
function encodeU(p: Point): Uint8Array {
  const [, Y, Z] = toExt(p);
  const den = Fp.sub(Z, Y);
  return den === 0n ? new Uint8Array(32) : Fp.toBytes(rd((Z + Y) * invertFixed(den)));
}

/** X25519(a, 9): the public key of the secret key `secretKey` (RFC 7748 §6.1). */
export function x25519PublicKey(secretKey: Uint8Array): Uint8Array {
  // a·B = 8·(h·B): h < ℓ needs no reduction, and the comb's h·B is that very point, not another representative.
  return encodeU(fromExt(dbl(dbl(dbl(toExt(mulBase(clampedEighth(secretKey))))))));
}

/**
 * X25519(a, u): the shared secret of `secretKey` and a peer's `publicKey` (RFC 7748 §5), all-zero if
 * `publicKey` is of low order. Throws a RangeError when `publicKey` lies on the twist or is −1.
 */
export function x25519Shared(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const h = clampedEighth(secretKey);
  const lifted = liftU(publicKey);
  if (!lifted) throw new RangeError('X25519 public key is not on Curve25519 (it lies on the twist, or u = −1)');
  return encodeU(mulSecret(fromExt(dbl(dbl(dbl(lifted)))), h));
}
