/**
 * Multiplications by SECRET scalars on the edwards25519 representatives of
 * ristretto255 elements (arithmetic in edwards.ts): a signed fixed-window
 * multi-scalar multiplication for variable bases (radix 16 with digits in
 * [−8, 8], the recoding of Bernstein, Duif, Lange, Schwabe & Yang,
 * "High-speed high-security signatures", CHES 2011, §4; interleaved over the
 * points as in Straus 1964) and the fixed-base radix-2^8 table (Brickell,
 * Gordon, McCurley & Wilson, EUROCRYPT '92). Both run the same sequence of
 * field operations for every scalar: a fixed number of windows, one addition
 * per window (the identity for a zero digit), and every table entry read when
 * a digit is selected; the selection and the conditional negation are
 * comparisons of small integers, never an index or a branch on the digit.
 * What JavaScript cannot promise is in crypto/README.md ("Constant time").
 * Checked against noble in test/crypto/group.test.ts.
 */
import { ristretto255 } from '@noble/curves/ed25519.js';
import {
  type Cached,
  type Ext,
  CACHED_IDENTITY,
  EXT_IDENTITY,
  addCached,
  dbl,
  dblNoT,
  fromExt,
  negCached,
  toCached,
  toExt,
} from './edwards.js';

type RPoint = InstanceType<typeof ristretto255.Point>;

/** Number of signed radix-16 digits of a scalar below 2^253 (the last absorbs the carry). */
const DIGITS = 64;

/**
 * Signed radix-16 digits e_0..e_63 of k in [0, 2^253), Σ e_i·16^i = k,
 * e_i in [−8, 8): the unsigned nibbles, then a carry pass with shifts only
 * (ref10's `ge_scalarmult_base` recoding; no branch on a digit).
 */
export function signedDigits(k: bigint): Int8Array {
  const e = new Int8Array(DIGITS);
  let v = k;
  for (let i = 0; i < DIGITS; i++) {
    e[i] = Number(v & 15n);
    v >>= 4n;
  }
  let carry = 0;
  for (let i = 0; i < DIGITS - 1; i++) {
    const x = e[i]! + carry;
    carry = (x + 8) >> 4;
    e[i] = x - (carry << 4);
  }
  e[DIGITS - 1] = e[DIGITS - 1]! + carry;
  return e;
}

/** [identity, P, 2P, …, 8P] in cached form: the table of one point (7 additions). */
function smallMultiples(point: RPoint): Cached[] {
  const p = toExt(point);
  const pc = toCached(p);
  const t: Cached[] = [CACHED_IDENTITY, pc];
  let cur = p;
  for (let d = 2; d <= 8; d++) {
    cur = d === 2 ? dbl(p) : addCached(cur, pc);
    t.push(toCached(cur));
  }
  return t;
}

/** |d|·P from the table by a full scan, negated when d < 0 by a select (digit d in [−8, 8]). */
function select(t: readonly Cached[], d: number): Cached {
  const sign = d >> 31; // −1 or 0
  const abs = (d ^ sign) - sign;
  let sel = t[0]!;
  for (let j = 1; j <= 8; j++) sel = j === abs ? t[j]! : sel;
  const neg = negCached(sel);
  return sign === -1 ? neg : sel;
}

/**
 * Σ scalars[i]·points[i] for SECRET scalars in [0, ℓ): 64 signed radix-16
 * windows, 4 shared doublings per window (the first three without T) and
 * exactly one addition per point per window.
 */
export function msmOblivious(points: readonly RPoint[], scalars: readonly bigint[]): RPoint {
  const n = points.length;
  const tables: Cached[][] = new Array(n);
  const digits: Int8Array[] = new Array(n);
  for (let i = 0; i < n; i++) {
    tables[i] = smallMultiples(points[i]!);
    digits[i] = signedDigits(scalars[i]!);
  }
  let acc: Ext = EXT_IDENTITY;
  for (let w = DIGITS - 1; w >= 0; w--) {
    if (w !== DIGITS - 1) {
      acc = dbl(dblNoT(dblNoT(dblNoT(acc))));
    }
    for (let i = 0; i < n; i++) acc = addCached(acc, select(tables[i]!, digits[i]![w]!));
  }
  return fromExt(acc);
}

/** k·P for a secret k in [0, ℓ) and a variable base P (`msmOblivious` with one point). */
export function mulOblivious(point: RPoint, k: bigint): RPoint {
  const t = smallMultiples(point);
  const e = signedDigits(k);
  let acc: Ext = EXT_IDENTITY;
  for (let w = DIGITS - 1; w >= 0; w--) {
    if (w !== DIGITS - 1) acc = dbl(dblNoT(dblNoT(dblNoT(acc))));
    acc = addCached(acc, select(t, e[w]!));
  }
  return fromExt(acc);
}

const COMB_W = 8;
const COMB_WINDOWS = Math.ceil(253 / COMB_W);

/** A fixed-base table: row w holds d·2^(8w)·B for d = 0..255 (cached form). */
export type CombTable = readonly (readonly Cached[])[];

/** Builds the 32 × 256 fixed-base table of any base point (≈ 8 k additions). */
export function combTableOf(point: RPoint): CombTable {
  const size = 1 << COMB_W;
  const rows: Cached[][] = [];
  let base = toExt(point);
  for (let w = 0; w < COMB_WINDOWS; w++) {
    const bc = toCached(base);
    const row: Cached[] = [CACHED_IDENTITY, bc];
    let cur = base;
    for (let d = 2; d < size; d++) {
      cur = addCached(cur, bc);
      row.push(toCached(cur));
    }
    rows.push(row);
    base = addCached(cur, bc); // 2^(8(w+1))·B
  }
  return rows;
}

let comb: CombTable | undefined;

function combTable(): CombTable {
  comb ??= combTableOf(ristretto255.Point.BASE);
  return comb;
}

/** The fixed-base table of B (built on first use): row w holds d·2^(8w)·B exactly, for public multiplications too. */
export function baseCombTable(): CombTable {
  return combTable();
}

/** Builds the fixed-base table (32 × 256 cached points) now instead of on first use. */
export function precomputeComb(): void {
  combTable();
}

/**
 * k·B for a secret k in [0, 2^256) and the table of B: one addition per 8-bit
 * window, the same sequence for every k, every entry of a row touched when
 * selecting.
 */
export function mulComb(rows: CombTable, k: bigint): RPoint {
  let acc: Ext = EXT_IDENTITY;
  let v = k;
  for (let w = 0; w < COMB_WINDOWS; w++) {
    const digit = Number(v & 0xffn);
    v >>= 8n;
    const row = rows[w]!;
    let sel = row[0]!;
    for (let i = 1; i < row.length; i++) sel = i === digit ? row[i]! : sel;
    acc = addCached(acc, sel);
  }
  return fromExt(acc);
}

/** k·G for a secret k in [0, 2^256) (the table of G, built on first use). */
export function mulBaseComb(k: bigint): RPoint {
  return mulComb(combTable(), k);
}
