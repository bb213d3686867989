/**
 * The prime-order group ristretto255 (RFC 9496) and its scalar field, as used
 * by every other module: strict canonical decoding of elements (RFC 9496
 * §4.3.1, plus rejection of the identity) and of scalars (32-byte
 * little-endian, RFC 9496 §4.4 convention, rejected when ≥ ℓ or zero),
 * uniform random scalars by wide reduction (RFC 9380 §5 / RFC 9496 §4.4
 * `FromUniformBytes`), fixed-base multiplication with a precomputed radix-2^8
 * table (Brickell–Gordon–McCurley–Wilson, EUROCRYPT '92), multi-scalar
 * multiplication by interleaving (Straus 1964; Möller, SAC 2001 §3) for public
 * scalars (edwards.ts) and by signed fixed-window interleaving with oblivious
 * selection for secret scalars (edwards-secret.ts), batched double-and-encode of published decks
 * (Hamburg, "Decaf", CRYPTO 2015, App. A; ristretto.group), and short random
 * weights for the small-exponent batch test (Bellare–Garay–Rabin, EUROCRYPT
 * '98, §3.1).
 */
import { ed25519, ristretto255 } from '@noble/curves/ed25519.js';
import { expand_message_xmd } from '@noble/curves/abstract/hash-to-curve.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { type RandomSource, abigint, abytes } from './bytes.js';
import { randomBytes } from './random.js';
import {
  type WnafTable,
  addCached,
  decodeRistretto,
  decodeRistrettoHinted,
  elligatorMap,
  fromExt,
  msmBuckets,
  msmVartime,
  toCached,
  toExt,
  wnafTable,
} from './edwards.js';
import {
  type CombTable,
  combTableOf,
  msmOblivious,
  mulBaseComb,
  mulComb,
  mulOblivious,
  precomputeComb,
} from './edwards-secret.js';

export const Point = ristretto255.Point;
export type Point = InstanceType<typeof ristretto255.Point>;

const Fp = Point.Fp;
/** Scalar field of ristretto255: integers mod ℓ = 2^252 + 27742317777372353535851937790883648493. */
export const Fn = Point.Fn;
export const ORDER: bigint = Fn.ORDER;
export const G: Point = Point.BASE;
export const IDENTITY: Point = Point.ZERO;

/** Byte length of an encoded element and of an encoded scalar. */
export const POINT_BYTES = 32;
export const SCALAR_BYTES = 32;
/** Bit length of the random weights of batch verification and of derived combiners. */
export const SHORT_BITS = 128;

// ---------------------------------------------------------------- points

export function encodePoint(p: Point): Uint8Array {
  return p.toBytes();
}

// RFC 9496 §4.1 constants (checked against their definitions in the tests).
const EDWARDS_D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752n;
const INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578n;
export const _constants = { EDWARDS_D, SQRT_M1, INVSQRT_A_MINUS_D } as const;

function isNeg(x: bigint): boolean {
  return (x & 1n) === 1n;
}

/**
 * Encodings of 2·P_i for a batch of elements with one shared field inversion
 * instead of one inverse square root per element: the "batched
 * double-and-encode" of the Ristretto formulas (ristretto.group, §"Encoding";
 * Hamburg, "Decaf", CRYPTO 2015, §4 and App. A). Callers compute the halves
 * P_i = (x/2)·Q and publish 2·P_i = x·Q, saving ~90 µs per published element.
 */
export function encodeDoubled(halves: readonly Point[]): Uint8Array {
  const n = halves.length;
  const st = new Array<{ e: bigint; f: bigint; g: bigint; h: bigint; eg: bigint; fh: bigint }>(n);
  const prods = new Array<bigint>(n);
  for (let i = 0; i < n; i++) {
    const [X, Y, Z, T] = toExt(halves[i]!);
    const XX = Fp.sqr(X);
    const YY = Fp.sqr(Y);
    const ZZ = Fp.sqr(Z);
    const dTT = Fp.mul(Fp.sqr(T), EDWARDS_D);
    const e = Fp.mul(Fp.add(X, X), Y);
    const f = Fp.add(ZZ, dTT);
    const g = Fp.add(YY, XX);
    const h = Fp.sub(ZZ, dTT);
    const eg = Fp.mul(e, g);
    const fh = Fp.mul(f, h);
    const prod = Fp.mul(eg, fh);
    if (prod === 0n) throw new RangeError(`encodeDoubled: element ${i} is the identity`);
    st[i] = { e, f, g, h, eg, fh };
    prods[i] = prod;
  }
  const invs = Fp.invertBatch(prods);
  const out = new Uint8Array(32 * n);
  for (let i = 0; i < n; i++) {
    const { e, f, g, h, eg, fh } = st[i]!;
    const inv = invs[i]!;
    const zInv = Fp.mul(eg, inv);
    const tInv = Fp.mul(fh, inv);
    const rotate = isNeg(Fp.mul(eg, zInv));
    let e1 = e;
    let g1 = g;
    let h1 = h;
    let magic = INVSQRT_A_MINUS_D;
    if (rotate) {
      e1 = g;
      g1 = Fp.neg(e);
      h1 = Fp.mul(f, SQRT_M1);
      magic = SQRT_M1;
    }
    if (isNeg(Fp.mul(Fp.mul(h1, e1), zInv))) g1 = Fp.neg(g1);
    let s = Fp.mul(Fp.sub(h1, g1), Fp.mul(magic, Fp.mul(g1, tInv)));
    if (isNeg(s)) s = Fp.neg(s);
    let v = s;
    for (let j = 0; j < 32; j++) {
      out[32 * i + j] = Number(v & 0xffn);
      v >>= 8n;
    }
  }
  return out;
}

/** 2^-1 mod ℓ: multiply a secret by it to get the half whose double is published. */
export const HALF: bigint = (Point.Fn.ORDER + 1n) / 2n;

function le255(b: Uint8Array): bigint {
  let x = 0n;
  for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i]!);
  return x;
}

/**
 * Canonical decoding of one ristretto255 element (RFC 9496 §4.3.1) that also
 * rejects the identity. Messages name the field so a hostile input can be
 * reported precisely. With `hint` (32 bytes: the inverse square root of the
 * element's decoding, `decodeHintsOf`), the same element for a fraction of
 * the work, or a RangeError if the hint is not that root; the hint must be
 * canonical (< p, even), so a message carrying hints has one encoding too.
 */
export function decodePoint(bytes: Uint8Array, what: string, hint?: Uint8Array): Point {
  abytes(bytes, what, POINT_BYTES);
  const s = le255(bytes);
  if (s >= Fp.ORDER) throw new RangeError(`${what}: non-canonical encoding (field element ≥ p)`);
  if (s & 1n) throw new RangeError(`${what}: non-canonical encoding (negative field element)`);
  if (s === 0n) throw new RangeError(`${what}: identity element`);
  if (hint !== undefined) {
    abytes(hint, `${what} hint`, POINT_BYTES);
    const r = le255(hint);
    if (r >= Fp.ORDER || r & 1n)
      throw new RangeError(`${what}: non-canonical decode hint (not an even field element < p)`);
    const e = decodeRistrettoHinted(s, r);
    if (e) return fromExt(e);
  }
  // No hint, or a hint that failed: the long way, which also says which of the two was wrong.
  const e = decodeRistretto(s);
  if (!e) throw new RangeError(`${what}: not a ristretto255 element`);
  if (hint !== undefined) throw new RangeError(`${what}: wrong decode hint (not the root of this element's decoding)`);
  return fromExt(e);
}

const MASK255 = (1n << 255n) - 1n;

/** A 32-byte string as a field element for the map: little-endian, bit 255 masked, reduced mod p (RFC 9496 §4.3.4). */
function mapInput(b: Uint8Array): bigint {
  const x = le255(b) & MASK255;
  return x >= Fp.ORDER ? x - Fp.ORDER : x;
}

/**
 * hash_to_ristretto255 (RFC 9380 Appendix B; expand_message_xmd with SHA-512,
 * §5.3.1, then the element derivation of RFC 9496 §4.3.4: MAP of each half,
 * added) under `dst`, as noble's `ristretto255_hasher.hashToCurve`, with the
 * map on edwards.ts's field arithmetic (faster: crypto/README.md, "Own arithmetic or noble's"; compared with noble in
 * the tests). For public inputs (card points, generators).
 */
export function hashToGroup(msg: Uint8Array, dst: string): Point {
  const b = expand_message_xmd(msg, dst, 64, sha512);
  const p1 = elligatorMap(mapInput(b.subarray(0, 32)));
  const p2 = elligatorMap(mapInput(b.subarray(32, 64)));
  return fromExt(addCached(p1, toCached(p2)));
}

// ---------------------------------------------------------------- scalars

/** 32-byte little-endian encoding of a scalar in [0, ℓ). */
export function encodeScalar(x: bigint): Uint8Array {
  const out = new Uint8Array(SCALAR_BYTES);
  let v = x;
  for (let i = 0; i < SCALAR_BYTES; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** Strict decoding of a scalar: exactly 32 bytes, < ℓ (canonical), non-zero. */
export function decodeScalar(bytes: Uint8Array, what: string): bigint {
  abytes(bytes, what, SCALAR_BYTES);
  const x = le255(bytes);
  if (x >= ORDER) throw new RangeError(`${what}: scalar out of range (≥ group order)`);
  if (x === 0n) throw new RangeError(`${what}: zero scalar`);
  return x;
}

/**
 * Strict decoding of a Σ-protocol response: exactly 32 bytes, < ℓ
 * (canonical); zero is a valid response (ω + e·w is uniform in Z_ℓ).
 */
export function decodeResponse(bytes: Uint8Array, what: string): bigint {
  abytes(bytes, what, SCALAR_BYTES);
  const x = le255(bytes);
  if (x >= ORDER) throw new RangeError(`${what}: scalar out of range (≥ group order)`);
  return x;
}

/** Asserts an in-memory scalar is a bigint in [1, ℓ). */
export function ascalar(x: unknown, what: string): bigint {
  abigint(x, what);
  const v = x as bigint;
  if (v <= 0n || v >= ORDER) throw new RangeError(`${what}: scalar out of range 1..ℓ-1`);
  return v;
}

/** Uniform non-zero scalar: 64 random bytes reduced mod ℓ (bias < 2^-250). */
export function randomScalar(rng: RandomSource): bigint {
  for (;;) {
    const x = Fn.create(le255(randomBytes(rng, 64)));
    if (x !== 0n) return x;
  }
}

/** Uniform non-zero 128-bit weight for batch verification. */
export function randomShort(rng: RandomSource): bigint {
  for (;;) {
    const x = le255(randomBytes(rng, SHORT_BITS / 8));
    if (x !== 0n) return x;
  }
}

/** A 64-byte digest reduced mod ℓ (wide reduction, as RFC 8032 §5.1.6 reduces SHA-512 outputs). */
export function hashToScalarWide(digest64: Uint8Array): bigint {
  return Fn.create(le255(digest64));
}

export function leToBigint(b: Uint8Array): bigint {
  return le255(b);
}

export const invMod = (a: bigint): bigint => Fn.inv(a);

// ------------------------------------------------- fixed-base multiplication

/** Builds the fixed-base table (32 × 256 points, ≈ 8 k additions) now instead of on first use. */
export function precomputeBase(): void {
  precomputeComb();
}

/**
 * k·G for a secret k in [0, ℓ): one table addition per 8-bit window (32 in
 * all), the same sequence for every k, every table entry of a row touched.
 */
export function mulBase(k: bigint): Point {
  return mulBaseComb(k >= 0n && k < ORDER ? k : Fn.create(k));
}

/**
 * The RFC 8032 encoding of k·B on edwards25519 for a secret k (an ed25519
 * signature's R = r·B, §5.1.6 step 3): `mulBase`'s table, whose entries are
 * exact multiples of B (ristretto255's G is represented by B itself,
 * noble-internals.ts checks it), so the sum is k·B itself and not another
 * representative of its class; encoded by noble's own `toBytes`, as
 * `ed25519.Point.BASE.multiply(k).toBytes()` would be (test/net/signer.test.ts).
 */
export function ed25519BaseBytes(k: bigint): Uint8Array {
  const [X, Y, Z, T] = toExt(mulBase(k));
  return new ed25519.Point(X, Y, Z, T).toBytes();
}

/** A precomputed fixed-base table of a public point other than G (see `mulFixed`). */
export interface FixedBase {
  readonly point: Point;
  readonly table: CombTable;
}

/** Builds the 32 × 256 fixed-base table of a public point (≈ 8 k additions; cache the result). */
export function fixedBase(point: Point): FixedBase {
  return { point, table: combTableOf(point) };
}

/** k·B for a secret k in [0, ℓ) and a precomputed base, as `mulBase` does for G. */
export function mulFixed(base: FixedBase, k: bigint): Point {
  return mulComb(base.table, k >= 0n && k < ORDER ? k : Fn.create(k));
}

/**
 * k·P for a secret k and a variable base: 64 signed radix-16 windows with an
 * oblivious table scan (edwards-secret.ts), faster than noble's
 * constant-time `Point.multiply` (crypto/README.md, "Own arithmetic or noble's"). k is
 * reduced mod ℓ; k ≡ 0 gives the identity.
 */
export function mulSecret(p: Point, k: bigint): Point {
  return mulOblivious(p, k >= 0n && k < ORDER ? k : Fn.create(k));
}

/**
 * k·P for a public k (may be zero): a one-term `msm` (wNAF, variable time), about 1.4 × faster than
 * noble's `multiplyUnsafe` (crypto/README.md, "Own arithmetic or noble's").
 */
export function mulPublic(p: Point, k: bigint): Point {
  return msmVartime([p], [Fn.create(k)]);
}

// ------------------------------------------------- multi-scalar multiplication

/**
 * From how many terms `msm` takes the bucket method (edwards.ts
 * `msmBuckets`, no tables needed) instead of interleaved wNAF. Measured side
 * by side on the sums the checks make (deck and generator tables already
 * built, which favours the interleaved form): one lock proof (108 terms)
 * and a three-seat lock phase (215) are faster interleaved, one shuffle
 * argument (219) even; a three-seat shuffle phase (383) and a four-seat
 * lock phase (322) take about 0.7–0.9 of the time in buckets, and the
 * phases at 8 players (750 and 1,200 terms) about half.
 */
export const BUCKET_MSM_FROM = 300;

/**
 * Σ scalars[i]·points[i] for PUBLIC scalars (any bigint, reduced mod ℓ).
 * Interleaved wNAF (Straus/Möller): one shared doubling chain, so a 128-bit
 * weight costs about half of a full-width one; `tables` (each point's own,
 * if it has one) save it the precomputation. From BUCKET_MSM_FROM terms the
 * bucket method, which reads no tables.
 */
export function msm(
  points: readonly Point[],
  scalars: readonly bigint[],
  tables?: readonly (MsmTable | undefined)[],
): Point {
  if (points.length !== scalars.length) throw new RangeError('msm: length mismatch');
  if (tables && tables.length !== points.length) throw new RangeError('msm: tables length mismatch');
  if (points.length >= BUCKET_MSM_FROM)
    return msmBuckets(
      points,
      scalars.map((s) => Fn.create(s)),
    );
  return msmVartime(
    points,
    scalars.map((s) => Fn.create(s)),
    tables,
  );
}

/** A point's precomputed odd multiples for `msm` (made by `msmTable`; must belong to that point). */
export type MsmTable = WnafTable;

/**
 * The odd-multiples table of a point that takes part in many public MSMs
 * (fixed generators: width 7, 32 entries; any point: width 5). Passing it to
 * `msm` skips the per-call precomputation, and a wider table needs fewer
 * additions (≈ 253/(w+1) per full-width scalar).
 */
export function msmTable(point: Point, width = 5): MsmTable {
  if (!Number.isInteger(width) || width < 4 || width > 8) throw new RangeError(`msmTable: width ${width} outside 4..8`);
  return wnafTable(point, width);
}

/**
 * Width-5 MSM tables of deck points, kept while the points live: the output
 * deck a peer verifies is the input deck of the next step it verifies
 * (shuffle-proof.ts and dleq.ts share them).
 */
const deckTables = new WeakMap<Point, MsmTable>();
export function deckMsmTable(p: Point): MsmTable {
  let t = deckTables.get(p);
  if (!t) {
    t = msmTable(p);
    deckTables.set(p, t);
  }
  return t;
}

/**
 * Σ points (public points: one addition each, no multiplication), with
 * noble's `add`: the own arithmetic was no more than 15 % faster here
 * (crypto/README.md, "Own arithmetic or noble's").
 */
export function sumPoints(points: readonly Point[]): Point {
  return points.reduce((acc, p) => acc.add(p), IDENTITY);
}

/**
 * Σ scalars[i]·points[i] for SECRET scalars (reduced mod ℓ): 64 signed
 * radix-16 windows, 4 shared doublings and exactly one addition per point per
 * window, each digit selected by scanning the whole table.
 */
export function msmSecret(points: readonly Point[], scalars: readonly bigint[]): Point {
  if (points.length !== scalars.length) throw new RangeError('msmSecret: length mismatch');
  return msmOblivious(
    points,
    scalars.map((k) => (k >= 0n && k < ORDER ? k : Fn.create(k))),
  );
}
