/**
 * End-to-end encryption of private payloads (a key share meant for one seat)
 * inside events that every peer relays and stores.
 *
 * Pairwise (what the table uses per hand): every seat announces an X25519
 * key for the hand (checked with `assertSealPublicKey`, which rejects the
 * low-order points of RFC 7748 §6.1 with a named RangeError); each pair of
 * seats derives ONE symmetric key per hand with `pairKey` — one X25519 (RFC
 * 7748 §5) and HKDF-SHA256 (RFC 5869 §2.2 extract with both public keys,
 * sorted, as salt; §2.3 expand with the table and hand as info) — and every
 * payload between them is AES-256-GCM (NIST SP 800-38D §7.1, @noble/ciphers:
 * synchronous, and unlike WebCrypto's `subtle` also on plain-http origins
 * such as a LAN address) under that key with a fresh random 96-bit nonce
 * (SP 800-38D §8.2.2: with at most a few hundred messages per key the
 * collision probability is below 2^-80). A deterministic nonce was rejected:
 * the same pair exchanges several payloads with the same table / hand /
 * packet / purpose / seats (hole cards, then draws from the same packet), so
 * a nonce derived from the context would repeat, and a counter would need
 * state that survives reloads. The associated data is `sealAad` (table,
 * hand, packet, purpose, from, to), so a payload cannot be moved to another
 * message, packet or direction; the packet also travels in clear in the
 * header so the recipient (and the audit) open it without trial decryption.
 * Layout: version 2 (1) ‖ packet (u16 BE) ‖ nonce (12) ‖ ciphertext ‖ tag (16).
 * (Version 1 was a one-shot seal, one ephemeral X25519 per payload: the
 * table no longer makes or opens it, and openWith refuses it like any other
 * version.)
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { gcm } from '@noble/ciphers/aes.js';
import { type RandomSource, Writer, abytes, aint, concatBytes, utf8 } from './bytes.js';
import { ALL_SEATS } from './cards.js';
import { randomBytes, systemRandom } from './random.js';
import { decodeU, x25519PublicKey, x25519Shared } from './x25519.js';

const TAG_BYTES = 16;

export interface SealKeyPair {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
}

/** A seat's X25519 key pair for receiving sealed payloads (publish `publicKey` with the seat). */
export function sealKeyPair(rng: RandomSource = systemRandom): SealKeyPair {
  const secretKey = randomBytes(rng, 32);
  return { secretKey, publicKey: x25519PublicKey(secretKey) };
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

/**
 * X25519 (RFC 7748 §5) on the project's arithmetic (x25519.ts); a key it
 * cannot take (on the twist) or an all-zero result (a low-order key, §6.1)
 * is a RangeError naming whose key it is.
 */
function shared(secretKey: Uint8Array, publicKey: Uint8Array, what: string): Uint8Array {
  let ss: Uint8Array;
  try {
    ss = x25519Shared(secretKey, publicKey);
  } catch (e) {
    throw new RangeError(`${what}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  if (ss.every((x) => x === 0)) throw new RangeError(`${what}: X25519 public key is of low order (no shared secret)`);
  return ss;
}

// ------------------------------------------------------------ pairwise keys

const PAIR_VERSION = 2;
const NONCE_BYTES = 12;
/** Bytes a pairwise sealed payload adds to its plaintext: version, packet, nonce, tag. */
export const PAIR_SEAL_OVERHEAD = 1 + 2 + NONCE_BYTES + TAG_BYTES;
const PAIR_LABEL = utf8('fairdeck/v1/pair-key');
const P25519 = 2n ** 255n - 19n;
/**
 * u-coordinates (mod p) of the points of order 1, 2, 4 and 8 on Curve25519
 * and its twist: the inputs whose X25519 output is all-zero for every secret
 * (RFC 7748 §6.1; the list of libsodium's `has_small_order`).
 */
const LOW_ORDER_U: readonly bigint[] = [
  0n,
  1n,
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
  P25519 - 1n,
];

/**
 * Asserts `bytes` is a usable X25519 public key: 32 bytes (TypeError) whose
 * u-coordinate (top bit masked, reduced mod p as RFC 7748 §5 decodes it) is
 * not of low order and lies on Curve25519, not its twist (RangeError). Call it when a seat announces its key, so
 * the seat is blamed before anyone seals to it.
 */
export function assertSealPublicKey(bytes: unknown, what = 'seal public key'): Uint8Array {
  const b = abytes(bytes, what, 32);
  const u = decodeU(b);
  if (LOW_ORDER_U.includes(u))
    throw new RangeError(`${what}: X25519 public key of low order (it would give an all-zero shared secret)`);
  // u³ + A·u² + u must be a square (Euler's criterion): otherwise the point lies on the quadratic twist, which
  // no honest key does (X25519(k, 9) is on the curve) and which a seal-key proof (seal-proof.ts) cannot lift.
  const rhs = (((u * u) % P25519) * (u + 486662n) + u) % P25519;
  if (ed25519.Point.Fp.pow(rhs, (P25519 - 1n) / 2n) === P25519 - 1n)
    throw new RangeError(`${what}: X25519 public key on the quadratic twist, not on Curve25519`);
  return b;
}

/** What a pair key is bound to besides the two public keys. */
export interface PairContext {
  readonly tableId: Uint8Array;
  readonly handNo: number;
}

/**
 * The symmetric key of the pair (me, them) for one hand: HKDF-SHA256 over
 * the X25519 shared secret, salt = both public keys in byte order (so both
 * seats derive the same key), info = label ‖ table ‖ hand. Throws a
 * RangeError naming "their public key" if it is of low order (including an
 * all-zero shared secret): the table blames the key's owner.
 */
export function pairKey(mine: SealKeyPair, theirPublicKey: Uint8Array, context: PairContext): Uint8Array {
  abytes(mine.secretKey, 'pairKey: my secret key', 32);
  abytes(mine.publicKey, 'pairKey: my public key', 32);
  assertSealPublicKey(theirPublicKey, 'pairKey: their public key');
  abytes(context.tableId, 'pairKey: tableId', [1, 64]);
  aint(context.handNo, 'pairKey: handNo', 0, 0xffffffff);
  const ss = shared(mine.secretKey, theirPublicKey, 'pairKey: their public key');
  if (ss.every((x) => x === 0)) throw new RangeError('pairKey: their public key: all-zero X25519 shared secret');
  return pairKeyFromShared(ss, mine.publicKey, theirPublicKey, context);
}

/**
 * The HKDF half of `pairKey`: the pair key from the X25519 shared secret of
 * the two public keys (in either order). seal-proof.ts derives it from a
 * proven shared secret, so anyone can open one disputed payload.
 */
export function pairKeyFromShared(
  shared: Uint8Array,
  onePublic: Uint8Array,
  otherPublic: Uint8Array,
  context: PairContext,
): Uint8Array {
  abytes(shared, 'pairKeyFromShared: shared secret', 32);
  abytes(context.tableId, 'pairKey: tableId', [1, 64]);
  aint(context.handNo, 'pairKey: handNo', 0, 0xffffffff);
  const [lo, hi] = compareBytes(onePublic, otherPublic) <= 0 ? [onePublic, otherPublic] : [otherPublic, onePublic];
  const info = concatBytes(PAIR_LABEL, new Writer().bytes8(context.tableId).u32(context.handNo).finish());
  return hkdf(sha256, shared, concatBytes(lo, hi), info, 32);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * Seals `plaintext` under a pair key, bound to `context` (AAD = sealAad) with
 * a fresh random nonce; the packet is written in clear in the header.
 */
export function sealWith(
  key: Uint8Array,
  plaintext: Uint8Array,
  context: SealContext,
  rng: RandomSource = systemRandom,
): Uint8Array {
  abytes(key, 'sealWith: pair key', 32);
  abytes(plaintext, 'sealWith: plaintext');
  const aad = sealAad(context);
  const nonce = randomBytes(rng, NONCE_BYTES);
  const ct = gcm(key, nonce, aad).encrypt(plaintext);
  const header = new Writer().u8(PAIR_VERSION).u16(context.packet).finish();
  return concatBytes(header, nonce, ct);
}

/** The packet a pairwise sealed payload names in its header (authenticated when it is opened). */
export function sealedPacket(sealed: Uint8Array): number {
  abytes(sealed, 'sealed payload');
  if (sealed.length < PAIR_SEAL_OVERHEAD) {
    throw new RangeError(
      `sealed payload of ${sealed.length} bytes is shorter than the ${PAIR_SEAL_OVERHEAD}-byte overhead`,
    );
  }
  if (sealed[0] !== PAIR_VERSION)
    throw new RangeError(`sealed payload: unsupported version ${sealed[0]}, expected ${PAIR_VERSION}`);
  return (sealed[1]! << 8) | sealed[2]!;
}

/**
 * Opens a pairwise sealed payload for `context` without its packet (taken
 * from the header and authenticated through the AAD). Returns the packet and
 * the plaintext; throws RangeError if the payload is malformed, was sealed
 * under another key, or for another table / hand / purpose / direction.
 */
export function openWith(
  key: Uint8Array,
  sealed: Uint8Array,
  context: Omit<SealContext, 'packet'>,
): { readonly packet: number; readonly plaintext: Uint8Array } {
  abytes(key, 'openWith: pair key', 32);
  const packet = sealedPacket(sealed);
  const aad = sealAad({ ...context, packet });
  const nonce = sealed.subarray(3, 3 + NONCE_BYTES);
  try {
    return { packet, plaintext: gcm(key, nonce, aad).decrypt(sealed.subarray(3 + NONCE_BYTES)) };
  } catch {
    throw new RangeError(
      `openWith: authentication failed (other pair key, tampered payload or other context; packet ${packet})`,
    );
  }
}
