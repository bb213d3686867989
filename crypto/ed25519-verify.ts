/**
 * Ed25519 verification (RFC 8032 §5.1.7) for a key that signs many messages,
 * on the project's own edwards25519 arithmetic (edwards.ts): the table's mesh
 * checks a few hundred envelopes per hand from at most eight keys
 * (src/net/verify.ts `SignatureVerifier`).
 *
 * The acceptance rules are exactly those of noble's strict `ed25519.verify`
 * (`zip215: false`): A and R decode strictly (RFC 8032 §5.1.3: y < p, no
 * x = 0 with the sign bit set), A is not of small order, S < ℓ, and the
 * cofactored equation [8][S]B = [8]R + [8][k]A holds with
 * k = SHA-512(R ‖ A ‖ M) mod ℓ over the bytes as sent (§5.1.7 step 2–3).
 * test/crypto/ed25519-verify.test.ts runs both on the RFC 8032 §7.1 vectors,
 * random signatures and a table of hostile ones.
 *
 * The work is all on public values, so variable time is fine: [k]A from a
 * per-key table of 64 signed radix-16 windows (d·16^i·A for d = 1..8, the
 * recoding of Bernstein et al., "High-speed high-security signatures",
 * CHES 2011, §4) with no doubling, [S]B from the fixed-base table the signer
 * already keeps (edwards-secret.ts, one row per byte of S), and R decoded with
 * one inverse square root.
 */
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import {
  type Cached,
  type Ext,
  EXT_IDENTITY,
  addCached,
  dbl,
  dblNoT,
  decodeEdwards,
  negCached,
  toCached,
} from './edwards.js';
import { baseCombTable, signedDigits } from './edwards-secret.js';

/** ℓ, the order of the prime-order subgroup (RFC 8032 §5.1). */
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const WINDOWS = 64;

/** A public key decoded once, with its verification table. */
export interface Ed25519Key {
  readonly bytes: Uint8Array;
  /** pos[i][d − 1] = d·16^i·A and neg[i][d − 1] = −d·16^i·A, d = 1..8, cached form. */
  readonly pos: readonly (readonly Cached[])[];
  readonly neg: readonly (readonly Cached[])[];
}

/** x·(identity) test in extended coordinates: X ≡ 0 and Y ≡ Z. */
const isIdentity = (e: Ext): boolean => e[0] === 0n && e[1] === e[2];

/** [8]e: three doublings. */
const timesEight = (e: Ext): Ext => dbl(dblNoT(dblNoT(e)));

/**
 * A public key's table (64 × 8 multiples, about 500 point operations), or
 * null when the 32 bytes are not a strictly encoded point or the point is of
 * small order (noble's strict verify refuses such keys).
 */
export function ed25519Key(publicKey: Uint8Array): Ed25519Key | null {
  if (publicKey.length !== 32) return null;
  const a = decodeEdwards(publicKey);
  if (!a || isIdentity(timesEight(a))) return null;
  const pos: Cached[][] = [];
  let base: Ext = a;
  for (let i = 0; i < WINDOWS; i++) {
    const bc = toCached(base);
    const row: Cached[] = [bc];
    let cur = base;
    for (let d = 2; d <= 8; d++) {
      cur = d === 2 ? dbl(base) : addCached(cur, bc);
      row.push(toCached(cur));
    }
    pos.push(row);
    base = dbl(cur); // 16·16^i·A
  }
  return { bytes: publicKey.slice(), pos, neg: pos.map((row) => row.map(negCached)) };
}

/** Whether `signature` is a valid strict Ed25519 signature of `message` under `key`; never throws. */
export function ed25519VerifyWith(key: Ed25519Key, signature: Uint8Array, message: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const rBytes = signature.subarray(0, 32);
  const s = bytesToNumberLE(signature.subarray(32, 64));
  if (s >= L) return false;
  const r = decodeEdwards(rBytes);
  if (!r) return false;
  const k = bytesToNumberLE(sha512(concatBytes(rBytes, key.bytes, message))) % L;
  // [S]B − [k]A − R, then [8]: the identity exactly when the cofactored equation holds.
  let acc: Ext = EXT_IDENTITY;
  const rows = baseCombTable();
  let v = s;
  for (let w = 0; v !== 0n; w++) {
    const byte = Number(v & 0xffn);
    v >>= 8n;
    if (byte !== 0) acc = addCached(acc, rows[w]![byte]!);
  }
  const e = signedDigits(k);
  for (let i = 0; i < WINDOWS; i++) {
    const d = e[i]!;
    if (d > 0) acc = addCached(acc, key.neg[i]![d - 1]!);
    else if (d < 0) acc = addCached(acc, key.pos[i]![-d - 1]!);
  }
  acc = addCached(acc, negCached(toCached(r)));
  return isIdentity(timesEight(acc));
}

/** The two functions as the mesh's `SignatureVerifier` takes them (src/net/verify.ts `KeyedArithmetic`). */
export const ed25519Keyed = { key: ed25519Key, verify: ed25519VerifyWith } as const;
