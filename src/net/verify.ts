/**
 * Strict ed25519 signature verification (RFC 8032 §5.1.7, not ZIP-215) with a
 * per-author cache. Verifying costs one scalar multiplication by the author's
 * key A; @noble/curves's `ed25519.verify` decodes A and multiplies by it with
 * a one-shot table every time (~1.3 ms in Node 20). A table sends a few
 * hundred envelopes per hand from at most eight keys, so this keeps each
 * author's decoded point with a precomputed window table and runs the same
 * equation on it: with the project's own arithmetic once crypto/ has loaded
 * (`useKeyedArithmetic`; a table in ~2 ms, ~0.3 ms per signature), with
 * noble's `Point.precompute` before (~11 ms, ~0.4 ms).
 *
 * A key enters the cache only after a strict verification accepted a
 * signature under it, which means A decoded canonically and is not of small
 * order. With the own arithmetic that first verification runs on the key's
 * table (building it costs about what noble's `verify` of one signature
 * does, so the first signature costs ~1.8 ms instead of noble's ~1.4 plus
 * the table's ~1.4); a peer spraying fresh keys costs that once per key, and
 * only a key with a valid signature is kept. Without it, noble's strict
 * `verify` checks the first signature. Every other check is per signature and is noble's, in noble's
 * order: S < ℓ, R decoded canonically (y < p, no "negative zero"), and the
 * cofactored equation [8][S]B = [8]R + [8][k]A with k = SHA-512(R ‖ A ‖ M) mod ℓ
 * over the bytes as sent. So both paths accept exactly the same signatures
 * (test/net/envelope.test.ts checks them against each other and against
 * hostile vectors).
 *
 * Why not WebCrypto's Ed25519 (~0.17 ms in Node 20): it is asynchronous, and
 * implementations differ on what they accept (cofactorless equations, small-
 * order keys), so peers on different browsers could disagree on an envelope a
 * hostile author built for that; see docs/adr/0002-no-webcrypto-signatures.md.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';

type EdPoint = ReturnType<typeof ed25519.Point.fromBytes>;
const { Point } = ed25519;
const ORDER = Point.Fn.ORDER;
/** wNAF window of a cached key's table: 2^5 points per window, ~0.4 ms per verify (W=8 is barely faster and 4× larger). */
const WINDOW_BITS = 6;

/** Verifies with noble's strict (RFC 8032, non-ZIP-215) rules; never throws. */
export function verifyStrict(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}

/**
 * Verification under one decoded key with other arithmetic than noble's: the
 * project's own (crypto/ed25519-verify.ts `ed25519Keyed`, about 5× cheaper to
 * learn a key and a quarter cheaper per signature). It must accept exactly
 * what `verifyStrict` accepts; test/net/envelope.test.ts runs every vector
 * through both.
 */
export interface KeyedArithmetic<K = unknown> {
  /** The key's table, or null if noble's strict rules would refuse the key. */
  key(publicKey: Uint8Array): K | null;
  verify(key: K, signature: Uint8Array, message: Uint8Array): boolean;
}

let installed: KeyedArithmetic | undefined;

/**
 * Makes every `SignatureVerifier` built without its own arithmetic use `arithmetic` for keys it learns from
 * now on. crypto/ is not in the lobby's first load (docs/ARCHITECTURE.md §2): the table installs it when it
 * has loaded (src/table/signature-base.ts); until then keys are noble's. Either way the same signatures pass.
 */
export function useKeyedArithmetic(arithmetic: KeyedArithmetic): void {
  installed = arithmetic;
}

type CachedKey =
  | { readonly kind: 'noble'; readonly point: EdPoint }
  | { readonly kind: 'own'; readonly arithmetic: KeyedArithmetic; readonly key: unknown };

export class SignatureVerifier {
  private readonly keys = new Map<string, CachedKey>();

  /**
   * `capacity`: how many authors' tables to keep (a table has at most 8 seats; bots add keys). `arithmetic`:
   * the one to learn keys with (null: noble's always), else the one installed by `useKeyedArithmetic`, else noble's.
   */
  constructor(
    private readonly capacity = 32,
    private readonly arithmetic?: KeyedArithmetic | null,
  ) {
    if (!Number.isSafeInteger(capacity) || capacity < 1)
      throw new RangeError(`SignatureVerifier: capacity must be a positive integer, got ${capacity}`);
  }

  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
    if (signature.length !== 64 || publicKey.length !== 32) return false;
    const id = bytesToHex(publicKey);
    let cached = this.keys.get(id);
    const own = this.arithmetic === null ? undefined : (this.arithmetic ?? installed);
    if (!cached && own) {
      // The key's table, then the signature on it: the table is kept only if the signature verifies.
      const key = own.key(publicKey);
      if (key === null) return false;
      if (!verifyOwn(own, key, signature, message)) return false;
      this.keep(id, { kind: 'own', arithmetic: own, key });
      return true;
    }
    if (!cached) {
      const valid = verifyStrict(signature, message, publicKey);
      if (valid) this.learn(id, publicKey);
      return valid;
    }
    if (cached.kind === 'noble' && own) {
      // The own arithmetic arrived after this key was learnt: move the key over (same signatures pass).
      const key = own.key(publicKey);
      if (key !== null) this.keys.set(id, (cached = { kind: 'own', arithmetic: own, key }));
    }
    if (cached.kind === 'own') return verifyOwn(cached.arithmetic, cached.key, signature, message);
    try {
      return verifyWithPoint(cached.point, publicKey, signature, message);
    } catch {
      return false;
    }
  }

  /** How many authors are cached (for tests). */
  get cachedKeys(): number {
    return this.keys.size;
  }

  /** Which arithmetic a key's table is in, or null if the key is not cached (for tests). */
  arithmeticOf(publicKey: Uint8Array): 'noble' | 'own' | null {
    return this.keys.get(bytesToHex(publicKey))?.kind ?? null;
  }

  /** Caches a key noble's strict verify has accepted a signature under, in noble's arithmetic (no own one is in use). */
  private learn(id: string, publicKey: Uint8Array): void {
    // Strict decode cannot fail here: noble's strict verify accepted a signature under these bytes.
    this.keep(id, { kind: 'noble', point: Point.fromBytes(publicKey, false).precompute(WINDOW_BITS, false) });
  }

  /** Adds a key that a signature verified under, forgetting the oldest when full. */
  private keep(id: string, cached: CachedKey): void {
    if (this.keys.size >= this.capacity) {
      const oldest = this.keys.keys().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
    this.keys.set(id, cached);
  }
}

/** The own arithmetic's verification; never throws. */
function verifyOwn(arithmetic: KeyedArithmetic, key: unknown, signature: Uint8Array, message: Uint8Array): boolean {
  try {
    return arithmetic.verify(key, signature, message);
  } catch {
    return false;
  }
}

/** RFC 8032 §5.1.7 with A already decoded (and known canonical, not of small order). */
function verifyWithPoint(A: EdPoint, publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array): boolean {
  const rBytes = signature.subarray(0, 32);
  // Step 1: S must be in [0, ℓ) and R must decode strictly.
  const s = bytesToNumberLE(signature.subarray(32, 64));
  if (s >= ORDER) return false;
  let R: EdPoint;
  try {
    R = Point.fromBytes(rBytes, false);
  } catch {
    return false;
  }
  // Step 2: k = SHA-512(dom2(F, C) ‖ R ‖ A ‖ PH(M)); for pure Ed25519 dom2 is empty and PH the identity.
  const k = bytesToNumberLE(sha512(concatBytes(rBytes, publicKey, message))) % ORDER;
  // Step 3: [8][S]B = [8]R + [8][k]A'.
  const sB = Point.BASE.multiplyUnsafe(s);
  return R.add(A.multiplyUnsafe(k)).subtract(sB).clearCofactor().is0();
}
