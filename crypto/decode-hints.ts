/**
 * Decode hints: what the author of a step sends beside each point so that a
 * receiver decodes it without an exponentiation (codec.ts, version 2; the
 * check is group.ts `decodePoint` with edwards.ts `decodeRistrettoHinted`).
 * The hint of an element is the inverse square root r = 1/√(v·u2²) of its
 * RFC 9496 §4.3.1 decoding. The author holds the element already, so it
 * finds r from its coordinates with one inversion shared by a whole deck
 * (Montgomery's trick) instead of one square root per element.
 */
import type { Point } from './group.js';
import { type Ext, P, SQRT_M1, decodeTerms, rd, sqrN, pow2250m1, toExt } from './edwards.js';

/**
 * The decode hints of elements the caller holds, with one shared inversion
 * instead of an exponentiation per element: `points[i]` is any Edwards
 * representative of the element whose canonical encoding is `s[i]`. DECODE
 * returns a representative of the same class, P + T for a 4-torsion T, whose
 * x is ±x_P or ±√−1·y_P (RFC 9496 §4.2: the class of (x, y) holds (−x, −y)
 * and (√−1·y, √−1·x)); its root is x / (2·s·u2) up to sign, so each
 * candidate is tried against v·u2²·r² = 1. The non-negative root, or null
 * where neither fits (s = 0, or a point that does not match its encoding).
 */
export function decodeHints(points: readonly Ext[], s: readonly bigint[]): (bigint | null)[] {
  const n = points.length;
  const dens = new Array<bigint>(n);
  const terms = new Array<ReturnType<typeof decodeTerms>>(n);
  for (let i = 0; i < n; i++) {
    terms[i] = decodeTerms(s[i]!);
    // 1/(Z·2s·u2) gives both 1/Z (for the affine x, y) and 1/(2s·u2).
    dens[i] = rd(rd(points[i]![2] * 2n * s[i]!) * terms[i]!.u2);
  }
  const invs = invertBatch(dens);
  return points.map(([X, Y], i) => {
    const inv = invs[i]!;
    if (inv === 0n) return null;
    const vv = terms[i]!.vv;
    for (const cand of [X, rd(SQRT_M1 * Y)]) {
      // x/(Z·2s·u2) with x = X/Z·Z: the candidate's X over Z·2s·u2, times Z/Z.
      let r = rd(cand * inv);
      if (rd(vv * rd(r * r)) === 1n) {
        if (r & 1n) r = P - r;
        return r;
      }
    }
    return null;
  });
}

/** 1/x for each x (0 stays 0) with one inversion: Montgomery's trick. */
function invertBatch(xs: readonly bigint[]): bigint[] {
  const n = xs.length;
  const prefix = new Array<bigint>(n);
  let acc = 1n;
  for (let i = 0; i < n; i++) {
    prefix[i] = acc;
    if (xs[i] !== 0n) acc = rd(acc * xs[i]!);
  }
  let inv = invert(acc);
  const out = new Array<bigint>(n);
  for (let i = n - 1; i >= 0; i--) {
    if (xs[i] === 0n) {
      out[i] = 0n;
      continue;
    }
    out[i] = rd(inv * prefix[i]!);
    inv = rd(inv * xs[i]!);
  }
  return out;
}

/** x^(p−2) = 1/x mod p (Fermat), on the chain of pow2250m1 (ref10's fe_invert). */
function invert(x: bigint): bigint {
  return rd(sqrN(pow2250m1(x), 5) * rd(rd(sqrN(x, 1) * x) * sqrN(x, 3)));
}

/**
 * The decode hints of `points` (32 bytes each, in order) whose encodings are
 * `bytes`: what a message's author sends so that each receiver decodes its
 * elements without an exponentiation each (`decodeHints`).
 */
export function decodeHintsOf(points: readonly Point[], bytes: Uint8Array): Uint8Array {
  const n = points.length;
  if (bytes.length !== 32 * n) throw new RangeError(`decode hints: ${n} points but ${bytes.length} bytes`);
  const s = Array.from({ length: n }, (_, i) => leField(bytes.subarray(32 * i, 32 * i + 32)));
  const roots = decodeHints(points.map(toExt), s);
  const out = new Uint8Array(32 * n);
  roots.forEach((r, i) => {
    if (r === null) throw new RangeError(`decode hints: point ${i} does not match its encoding`);
    out.set(encodeFieldLe(r), 32 * i);
  });
  return out;
}

function encodeFieldLe(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let j = 0; j < 32; j++, x >>= 8n) out[j] = Number(x & 0xffn);
  return out;
}

function leField(b: Uint8Array): bigint {
  let x = 0n;
  for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i]!);
  return x;
}
