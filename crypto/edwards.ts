/**
 * Point arithmetic on the edwards25519 representatives of ristretto255
 * elements, without allocating a point object per operation: extended
 * coordinates (X:Y:Z:T) and the "cached" form (Y−X, Y+X, 2Z, 2d·T) with the
 * addition `add-2008-hwcd-3` (8M) and doubling `dbl-2008-hwcd` (4M + 4S) of
 * Hisil, Wong, Carter & Dawson, "Twisted Edwards curves revisited",
 * ASIACRYPT 2008, §3.1–3.3. With a = −1 a square and d a non-square mod p these
 * formulas are complete (Bernstein, Birkner, Joye, Lange & Peters, "Twisted
 * Edwards curves", AFRICACRYPT 2008, §6), so identities and doublings need no
 * special case; ristretto255 equality is unaffected because the group law on
 * representatives is the group law on classes (RFC 9496 §4.2). Reduction mod
 * p = 2^255 − 19 folds the high part with 2^255 ≡ 19. On top: the interleaved
 * width-w NAF multi-scalar multiplication for public scalars (Straus 1964;
 * Möller, SAC 2001 §3), and for sums of many hundred terms the bucket method
 * (Pippenger 1976, as in Bernstein, Doumen, Lange & Oosterwijk, "Faster
 * batch forgery identification", INDOCRYPT 2012, §4, with signed digits).
 * The secret-scalar routines (fixed windows, oblivious
 * table scans) are in edwards-secret.ts. Every routine
 * is checked against noble's own arithmetic in test/crypto/group.test.ts.
 */
import { ristretto255 } from '@noble/curves/ed25519.js';
import { edwardsOf as toExt, ristrettoOf as fromExt } from './noble-internals.js';

type RPoint = InstanceType<typeof ristretto255.Point>;

export const P = 2n ** 255n - 19n;
const M255 = 2n ** 255n - 1n;
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const D2 = (2n * D) % P;

/** Extended coordinates [X, Y, Z, T], every value in [0, p). */
export type Ext = readonly [bigint, bigint, bigint, bigint];
/** Cached form [Y−X, Y+X, 2Z, 2d·T] of a point that is added many times. */
export type Cached = readonly [bigint, bigint, bigint, bigint];

/** x mod p for 0 ≤ x < 2^520 (folds 2^255 ≡ 19 twice, one final subtraction). */
export function rd(x: bigint): bigint {
  let r = (x & M255) + 19n * (x >> 255n);
  r = (r & M255) + 19n * (r >> 255n);
  return r >= P ? r - P : r;
}

/** x mod p for any (possibly negative) x. */
export function md(x: bigint): bigint {
  const r = x % P;
  return r < 0n ? r + P : r;
}

export const EXT_IDENTITY: Ext = [0n, 1n, 1n, 0n];
export const CACHED_IDENTITY: Cached = [1n, 1n, 2n, 0n];

/**
 * The Edwards representative of a ristretto255 element and back: noble keeps
 * it in a private field, read only through crypto/noble-internals.ts.
 */
export { edwardsOf as toExt, ristrettoOf as fromExt } from './noble-internals.js';

export function toCached(e: Ext): Cached {
  return [md(e[1] - e[0]), md(e[1] + e[0]), md(2n * e[2]), rd(D2 * e[3])];
}

export function negCached(c: Cached): Cached {
  return [c[1], c[0], c[2], c[3] === 0n ? 0n : P - c[3]];
}

/** e + c (add-2008-hwcd-3 with k = 2d, cached operand). */
export function addCached(e: Ext, c: Cached): Ext {
  const A = rd((e[1] - e[0] + P) * c[0]);
  const B = rd((e[1] + e[0]) * c[1]);
  const C = rd(e[3] * c[3]);
  const Dz = rd(e[2] * c[2]);
  const E = B - A + P;
  const F = Dz - C + P;
  const G = Dz + C;
  const H = B + A;
  return [rd(E * F), rd(G * H), rd(F * G), rd(E * H)];
}

/**
 * 2e without its T coordinate (set to 0): dbl-2008-hwcd reads only X, Y, Z,
 * so a doubling followed by another doubling can skip the multiplication
 * E·H (Hisil et al. §3.3, the "P² → P²" doubling of mixed representations).
 */
export function dblNoT(e: Ext): Ext {
  const A = rd(e[0] * e[0]);
  const B = rd(e[1] * e[1]);
  const C = rd(2n * e[2] * e[2]);
  const s = e[0] + e[1];
  const E = md(s * s - A - B);
  const G = B - A + P;
  const F = G - C + P;
  const H = P - A + P - B;
  return [rd(E * F), rd(G * H), rd(F * G), 0n];
}

/** 2e (dbl-2008-hwcd with a = −1). */
export function dbl(e: Ext): Ext {
  const A = rd(e[0] * e[0]);
  const B = rd(e[1] * e[1]);
  const C = rd(2n * e[2] * e[2]);
  const s = e[0] + e[1];
  const E = md(s * s - A - B);
  const G = B - A + P; // a·A + B with a = −1
  const F = G - C + P;
  const H = P - A + P - B; // a·A − B
  return [rd(E * F), rd(G * H), rd(F * G), rd(E * H)];
}

// ------------------------------------------------------------ decoding

export const SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752n;

/** x^(2^k) mod p. */
export function sqrN(x: bigint, k: number): bigint {
  let r = x;
  for (let i = 0; i < k; i++) r = rd(r * r);
  return r;
}

/** x^(2^250 − 1) mod p (the common prefix of ed25519's pow_2_252_3 and of inversion, ref10's fe_pow22523 / fe_invert). */
export function pow2250m1(x: bigint): bigint {
  const x2 = rd(rd(x * x) * x); // 2^2 − 1
  const b4 = rd(sqrN(x2, 2) * x2); // 2^4 − 1
  const b5 = rd(sqrN(b4, 1) * x); // 2^5 − 1
  const b10 = rd(sqrN(b5, 5) * b5);
  const b20 = rd(sqrN(b10, 10) * b10);
  const b40 = rd(sqrN(b20, 20) * b20);
  const b80 = rd(sqrN(b40, 40) * b40);
  const b160 = rd(sqrN(b80, 80) * b80);
  const b240 = rd(sqrN(b160, 80) * b80);
  return rd(sqrN(b240, 10) * b10);
}

/**
 * 1/x mod p as x^(p − 2) = x^(2^255 − 21) by a fixed addition chain (ref10's fe_invert): the same operations for
 * every x, for values derived from a secret (an X25519 output), where an extended-Euclid inversion's steps would
 * depend on x. 0 gives 0.
 */
export function invertFixed(x: bigint): bigint {
  const x2 = rd(x * x);
  const x11 = rd(rd(sqrN(x2, 2) * x) * x2); // x^8 · x · x^2
  return rd(sqrN(pow2250m1(x), 5) * x11); // x^((2^250 − 1)·2^5 + 11)
}

/** x^((p−5)/8) = x^(2^252 − 3) mod p (the addition chain of ed25519's pow_2_252_3). */
function powP58(x: bigint): bigint {
  return rd(sqrN(pow2250m1(x), 2) * x);
}

/**
 * ristretto255 DECODE (RFC 9496 §4.3.1) after the byte checks, for a field
 * element s that is canonical (< p) and non-negative (even): the Edwards
 * representative, or null if s encodes no element. The identity (s = 0) is
 * returned as is; callers reject it. The same formulas as noble's
 * `fromBytes` (checked against it in the tests), with the folding reduction
 * of this file: decoding is the bulk of receiving a step.
 */
export function decodeRistretto(sv: bigint): Ext | null {
  const { u1, v, u2, vv } = decodeTerms(sv);
  // SQRT_RATIO_M1(1, v·u2²) (RFC 9496 §4.2)
  const v3 = rd(rd(vv * vv) * vv);
  const v7 = rd(rd(v3 * v3) * vv);
  let r = rd(v3 * powP58(v7));
  const check = rd(vv * rd(r * r));
  const correct = check === 1n;
  const flipped = check === P - 1n;
  const flippedI = check === md(-SQRT_M1);
  if (flipped || flippedI) r = rd(r * SQRT_M1);
  if (r & 1n) r = P - r;
  if (!(correct || flipped)) return null;
  return decodeWithRoot(sv, u1, u2, v, r);
}

/**
 * The same DECODE given the inverse square root r = 1/√(v·u2²) that the
 * element's author sent beside it (a "decode hint"): r is accepted exactly
 * when v·u2²·r² = 1, which holds only if v·u2² is a non-zero square — the
 * case where DECODE succeeds — and then r is ± its root. The sign does not
 * matter: the decoded x is taken in absolute value and y uses r², so the
 * result is the element DECODE returns. Some fifteen multiplications instead
 * of the ~265 of the exponentiation.
 */
export function decodeRistrettoHinted(sv: bigint, r: bigint): Ext | null {
  const { u1, v, u2, vv } = decodeTerms(sv);
  if (rd(vv * rd(r * r)) !== 1n) return null;
  return decodeWithRoot(sv, u1, u2, v, r);
}

/** DECODE's u1 = 1 − s², u2 = 1 + s², v = −d·u1² − u2² and v·u2² (RFC 9496 §4.3.1). */
export function decodeTerms(sv: bigint): { u1: bigint; u2: bigint; v: bigint; vv: bigint } {
  const ss = rd(sv * sv);
  const u1 = md(1n - ss);
  const u2 = md(1n + ss);
  const u2sq = rd(u2 * u2);
  const v = md(-rd(D * rd(u1 * u1)) - u2sq);
  return { u1, u2, v, vv: rd(v * u2sq) };
}

/** DECODE's last lines from the root r: the representative, or null (t negative or y = 0). */
function decodeWithRoot(sv: bigint, u1: bigint, u2: bigint, v: bigint, r: bigint): Ext | null {
  const denX = rd(r * u2);
  const denY = rd(rd(r * denX) * v);
  let x = rd(2n * sv * denX);
  if (x & 1n) x = P - x;
  const y = rd(u1 * denY);
  const t = rd(x * y);
  if (t & 1n || y === 0n) return null;
  return [x, y, 1n, t];
}

/**
 * Strict edwards25519 point decoding (RFC 8032 §5.1.3) of 32 bytes: y from the
 * low 255 bits (rejected unless y < p), x from x² = (y² − 1)/(d·y² + 1) with
 * the sign bit choosing its parity, and x = 0 with the sign bit set rejected.
 * The exact point, not a ristretto255 representative; null if the bytes
 * encode none. The same acceptance as noble's `Point.fromBytes(bytes, false)`
 * (crypto/ed25519-verify.ts's tests compare them).
 */
export function decodeEdwards(bytes: Uint8Array): Ext | null {
  if (bytes.length !== 32) return null;
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? bytes[i]! & 0x7f : bytes[i]!);
  if (y >= P) return null;
  const yy = rd(y * y);
  const [square, root] = sqrtRatioM1(md(yy - 1n), rd(D * yy + 1n));
  if (!square) return null;
  const sign = (bytes[31]! & 0x80) !== 0;
  if (root === 0n && sign) return null;
  const x = sign ? P - root : root; // the root is even (non-negative)
  return [x, y, 1n, rd(x * y)];
}

/**
 * The edwards25519 point with the y that Curve25519's u maps to (RFC 7748 §4.1: y = (u − 1)/(u + 1)) and an
 * even x, for u in [0, p); null for u = −1 (no y) and for a u on the quadratic twist (no x). Projective, so no
 * inversion: Y = u − 1, Z = u + 1, and x from x² = (y² − 1)/(d·y² + 1) = −4u / (d·(u − 1)² + (u + 1)²).
 */
export function liftMontgomeryU(u: bigint): Ext | null {
  if (u === P - 1n) return null;
  const y = u === 0n ? P - 1n : u - 1n;
  const z = u + 1n;
  const [square, x] = sqrtRatioM1(md(-4n * u), rd(D * rd(y * y) + rd(z * z)));
  return square ? [rd(x * z), y, z, rd(x * y)] : null;
}

// RFC 9496 §4.1 constants of the MAP (the same values as noble's; the tests compare the map with noble's).
const ONE_MINUS_D_SQ = 1159843021668779879193775521855586647937357759715417654439879720876111806838n;
const D_MINUS_ONE_SQ = 40440834346308536858101042469323190826248399146238708352240133220865137265952n;
const SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235n;

/** SQRT_RATIO_M1(u, v) of RFC 9496 §4.2 for u, v in [0, p): [was_square, non-negative r]. */
function sqrtRatioM1(u: bigint, v: bigint): [boolean, bigint] {
  const v3 = rd(rd(v * v) * v);
  const v7 = rd(rd(v3 * v3) * v);
  let r = rd(rd(u * v3) * powP58(rd(u * v7)));
  const check = rd(v * rd(r * r));
  const nu = u === 0n ? 0n : P - u;
  const correct = check === u;
  const flipped = check === nu;
  const flippedI = check === rd(nu * SQRT_M1);
  if (flipped || flippedI) r = rd(r * SQRT_M1);
  if (r & 1n) r = P - r;
  return [correct || flipped, r];
}

/**
 * MAP of RFC 9496 §4.3.4 (the Elligator map of element derivation, used twice
 * by hash_to_ristretto255, RFC 9380 Appendix B) for a field element t in
 * [0, p), with this file's reduction: card points and generators are hashed
 * to the group at every hand, and noble's map with the generic `%` costs
 * more (crypto/README.md, "Own arithmetic or noble's"). Public inputs only (hashes of
 * public data).
 */
export function elligatorMap(t: bigint): Ext {
  const r = rd(SQRT_M1 * rd(t * t));
  const u = rd((r + 1n) * ONE_MINUS_D_SQ);
  const v = rd((P - 1n - rd(r * D) + P) * (r + D));
  const [square, s0] = sqrtRatioM1(u, v);
  let s = s0;
  let c = P - 1n;
  if (!square) {
    const st = rd(s0 * t);
    s = st & 1n ? st : st === 0n ? 0n : P - st; // −CT_ABS(s·t)
    c = r;
  }
  const N = md(rd(rd(c * (r - 1n + P)) * D_MINUS_ONE_SQ) - v);
  const ss = rd(s * s);
  const w0 = rd(2n * s * v);
  const w1 = rd(N * SQRT_AD_MINUS_ONE);
  const w2 = md(1n - ss);
  const w3 = rd(1n + ss);
  return [rd(w0 * w3), rd(w2 * w1), rd(w1 * w3), rd(w0 * w2)];
}

/** Width-w NAF digits, least significant first. */
function wnaf(n: bigint, w: number): Int8Array {
  const size = 1 << w;
  const half = size >> 1;
  const mask = BigInt(size - 1);
  const out = new Int8Array(260);
  let i = 0;
  let k = n;
  while (k > 0n) {
    let d = 0;
    if (k & 1n) {
      d = Number(k & mask);
      if (d >= half) d -= size;
      k -= BigInt(d);
    }
    out[i++] = d;
    k >>= 1n;
  }
  return out.subarray(0, i);
}

/** Odd multiples P, 3P, …, (2^(w−1) − 1)·P of one point in cached form, and their negatives. */
export interface WnafTable {
  readonly w: number;
  readonly pos: readonly Cached[];
  readonly neg: readonly Cached[];
}

/** The width-w odd-multiples table of a point (2^(w−2) entries); cache it for points used in many MSMs. */
export function wnafTable(point: RPoint, w: number): WnafTable {
  const p = toExt(point);
  const twice = toCached(dbl(p));
  const odd: Ext[] = [p];
  for (let j = 1; j < 1 << (w - 2); j++) odd.push(addCached(odd[j - 1]!, twice));
  const pos = odd.map(toCached);
  return { w, pos, neg: pos.map(negCached) };
}

/**
 * Σ scalars[i]·points[i] for PUBLIC scalars in [0, 2^256): interleaved wNAF
 * with one doubling chain; width 5 for long scalars, 4 for short ones, or
 * the width of a table supplied in `tables[i]` (precomputed for that point).
 */
export function msmVartime(
  points: readonly RPoint[],
  scalars: readonly bigint[],
  tables?: readonly (WnafTable | undefined)[],
): RPoint {
  const n = points.length;
  const pos: (readonly Cached[])[] = [];
  const neg: (readonly Cached[])[] = [];
  const digits: Int8Array[] = [];
  let max = 0;
  for (let i = 0; i < n; i++) {
    const s = scalars[i]!;
    if (s === 0n) continue;
    const t = tables?.[i] ?? wnafTable(points[i]!, s >> 160n ? 5 : 4);
    const d = wnaf(s, t.w);
    if (d.length > max) max = d.length;
    pos.push(t.pos);
    neg.push(t.neg);
    digits.push(d);
  }
  let acc: Ext = EXT_IDENTITY;
  for (let bit = max - 1; bit >= 0; bit--) {
    if (bit !== max - 1) acc = dbl(acc);
    for (let i = 0; i < digits.length; i++) {
      const d = digits[i]!;
      if (bit >= d.length) continue;
      const v = d[bit]!;
      if (v > 0) acc = addCached(acc, pos[i]![(v - 1) >> 1]!);
      else if (v < 0) acc = addCached(acc, neg[i]![(-v - 1) >> 1]!);
    }
  }
  return fromExt(acc);
}

/**
 * Σ scalars[i]·points[i] for PUBLIC scalars in [0, 2^256) by the bucket
 * method: each scalar in signed base-2^c digits (in [−2^(c−1), 2^(c−1)]);
 * per window every point is added once into the bucket of its digit, and the
 * buckets are summed as Σ k·B_k by running sums (2 additions per bucket); the
 * windows are joined by c doublings each. About (bits/c)·(N + 2^c)
 * additions, against interleaved wNAF's ≈ bits/(w+1) per point plus a table
 * per point: it wins from a few hundred terms (the phase sums of
 * step-batch.ts), and needs no precomputed tables.
 */
export function msmBuckets(points: readonly RPoint[], scalars: readonly bigint[]): RPoint {
  const n = points.length;
  const c = Math.max(4, Math.round(Math.log2(Math.max(n, 1))) - 2);
  const half = 1 << (c - 1);
  const full = 1 << c;
  const mask = BigInt(full - 1);
  const shift = BigInt(c);
  let max = 0n;
  for (const s of scalars) if (s > max) max = s;
  const bits = max === 0n ? 0 : max.toString(2).length;
  const windows = Math.ceil(bits / c) + 1; // one more for the carry of the top signed digit
  const cached: Cached[] = [];
  const digits: Int16Array[] = [];
  for (let i = 0; i < n; i++) {
    let k = scalars[i]!;
    if (k === 0n) continue;
    const d = new Int16Array(windows);
    for (let w = 0; w < windows && k > 0n; w++) {
      let v = Number(k & mask);
      k >>= shift;
      if (v > half) {
        v -= full;
        k += 1n;
      }
      d[w] = v;
    }
    cached.push(toCached(toExt(points[i]!)));
    digits.push(d);
  }
  const negated = cached.map(negCached);
  let acc: Ext = EXT_IDENTITY;
  const buckets: (Ext | null)[] = new Array<Ext | null>(half + 1);
  for (let w = windows - 1; w >= 0; w--) {
    for (let j = 0; j < c; j++) acc = dbl(acc);
    buckets.fill(null);
    for (let i = 0; i < digits.length; i++) {
      const v = digits[i]![w]!;
      if (v === 0) continue;
      const k = v > 0 ? v : -v;
      buckets[k] = addCached(buckets[k] ?? EXT_IDENTITY, v > 0 ? cached[i]! : negated[i]!);
    }
    // Σ k·B_k = Σ_k (B_half + … + B_k): a running sum added up.
    let running: Ext | null = null;
    let sum: Ext | null = null;
    for (let k = half; k >= 1; k--) {
      const b = buckets[k];
      if (b) running = running ? addCached(running, toCached(b)) : b;
      if (running) sum = sum ? addCached(sum, toCached(running)) : running;
    }
    if (sum) acc = addCached(acc, toCached(sum));
  }
  return fromExt(acc);
}
