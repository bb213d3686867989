/**
 * X25519 (RFC 7748 §5) for the pairwise seal keys of crypto/seal.ts: the
 * Montgomery ladder of §5 with the field arithmetic of edwards.ts (BigInt
 * products reduced by folding 2^255 ≡ 19, cheaper than the generic `%` of
 * noble's ladder): a pair key costs ≈ 25 % less CPU in a same-process A/B
 * (crypto/README.md, Performance). The scalar is SECRET (a seat's per-hand seal key): the ladder
 * runs the same 255 steps and the same field operations for every scalar, and
 * the conditional swap of §5 is arithmetic, not a branch — with a selector of
 * p or p + 1 and an offset of 6p, the construction of noble's
 * abstract/montgomery.js `cswap`, so that no operand collapses to 0n or 1n for
 * one bit value (V8 short-cuts those). What JavaScript cannot promise is in
 * crypto/README.md ("Constant time"). Decoding follows §5: the scalar is
 * clamped, the u-coordinate's top bit is masked and non-canonical values are
 * reduced. Checked against RFC 7748's test vectors and against noble's
 * `x25519` (fast-check, fixed seed) in test/crypto/x25519.test.ts.
 */
import { pow2250m1, rd, sqrN } from './edwards.js';

const P = 2n ** 255n - 19n;
const SIX_P = 6n * P;
/** (A − 2) / 4 for Curve25519's A = 486662 (RFC 7748 §5). */
const A24 = 121665n;
const BITS = 255;

function leBytesToBigint(b: Uint8Array): bigint {
  let x = 0n;
  for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i]!);
  return x;
}

/** decodeScalar25519 of RFC 7748 §5: clear bits 0–2 and 255, set bit 254. */
function clampedScalar(k: Uint8Array): bigint {
  const c = Uint8Array.from(k);
  c[0]! &= 248;
  c[31]! &= 127;
  c[31]! |= 64;
  return leBytesToBigint(c);
}

/** decodeUCoordinate of RFC 7748 §5: mask the top bit, reduce mod p (non-canonical values are accepted). */
function decodeU(u: Uint8Array): bigint {
  const x = leBytesToBigint(u) & ((1n << 255n) - 1n);
  return x >= P ? x - P : x;
}

/** The swap selector: p to keep, p + 1 to swap, from the low bit of `s` (never a 0n/1n operand). */
function selector(s: bigint): bigint {
  return P + s - ((s >> 1n) << 1n);
}

/**
 * The first of (a, b) after the swap: a when `mask` is p, b when it is p + 1,
 * for canonical a, b (the other is a + b minus it). The 6p offset vanishes
 * mod p and keeps the product positive either way.
 */
function swapped(mask: bigint, a: bigint, b: bigint): bigint {
  return rd((SIX_P + b - a) * mask + a);
}

/** z^(p − 2) = z^(2^255 − 21) mod p (ref10's fe_invert chain; 0 for z = 0). */
function invert(z: bigint): bigint {
  const z2 = rd(z * z);
  const z11 = rd(rd(sqrN(z2, 2) * z) * z2);
  return rd(sqrN(pow2250m1(z), 5) * z11);
}

/**
 * X25519(k, u) of RFC 7748 §5: the u-coordinate of clamp(k)·(u, …), 32 bytes
 * little-endian. An input of low order gives all zeros (the caller checks, as
 * RFC 7748 §6.1 asks). TypeError on lengths other than 32.
 */
export function x25519Shared(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== 32)
    throw new TypeError('x25519: secret key must be 32 bytes');
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 32)
    throw new TypeError('x25519: public key must be 32 bytes');
  const k = clampedScalar(secretKey);
  const x1 = decodeU(publicKey);
  let x2 = 1n;
  let z2 = 0n;
  let x3 = x1;
  let z3 = 1n;
  // Bit t of k ^ (k >> 1) is k_t XOR k_(t+1), the swap of round t (§5 carries it in `swap`);
  // bit 254 of k is set, so k >> t never becomes 0n.
  const kx = k ^ (k >> 1n);
  for (let t = BITS - 1; t >= 0; t--) {
    const mask = selector(kx >> BigInt(t));
    const sx = swapped(mask, x2, x3);
    x3 = x2 + x3 - sx;
    x2 = sx;
    const sz = swapped(mask, z2, z3);
    z3 = z2 + z3 - sz;
    z2 = sz;
    const A = x2 + z2;
    const AA = rd(A * A);
    const B = x2 - z2 + P;
    const BB = rd(B * B);
    const E = AA - BB + P;
    const C = x3 + z3;
    const D = x3 - z3 + P;
    const DA = rd(D * A);
    const CB = rd(C * B);
    const sum = DA + CB;
    const diff = DA - CB + P;
    x3 = rd(sum * sum);
    z3 = rd(x1 * rd(diff * diff));
    x2 = rd(AA * BB);
    z2 = rd(E * (AA + rd(A24 * E)));
  }
  const mask = selector(k);
  let u = rd(swapped(mask, x2, x3) * invert(swapped(mask, z2, z3)));
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    out[i] = Number(u & 0xffn);
    u >>= 8n;
  }
  return out;
}
