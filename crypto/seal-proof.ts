/**
 * A proof that a published X25519 shared secret is the right one: the
 * recipient of a sealed payload (seal.ts) that does not open, or opens to
 * something wrong, publishes the Diffie–Hellman value Z = X25519(a, B) of its
 * own seal key a and the sender's announced key B, with a Chaum–Pedersen
 * proof (Chaum & Pedersen, "Wallet databases with observers", CRYPTO '92,
 * §3.2; the DLEQ form of RFC 9497 §2.2) that the discrete logarithm linking
 * the base point to the recipient's announced key A = X25519(a, 9) also links
 * the sender's key to Z. Anyone then derives the pair key (seal.ts
 * `pairKeyFromShared`, the same HKDF the seats use), opens that payload and
 * sees for itself whether the sender sealed something wrong — without the
 * recipient revealing its seal secret.
 *
 * The group. The seal keys are X25519 (RFC 7748): u-coordinates on the
 * Montgomery curve, whose group has order 8ℓ (cofactor 8), and a DLEQ proof
 * needs a prime-order group. The statement is carried to edwards25519 through
 * the birational map of RFC 7748 §4.1 (y = (u − 1)/(u + 1)): each announced u
 * lifts to the Edwards point with that y and an even x (RFC 8032 §5.1.3
 * decoding; a u on the quadratic twist has no lift and is refused, as
 * `assertSealPublicKey` now refuses it when the key is announced). X25519
 * clamps its scalar to a = 8h (RFC 7748 §5), so with Ĝ = 8·B₀ (B₀ the base
 * point) and P̂ = 8·lift(B) — both in the prime-order subgroup whatever
 * torsion lift(B) carries — the honest values are lift(A) = ±h·Ĝ and
 * lift(Z) = ±h·P̂. The sign comes from the lift (u forgets x's sign), so the
 * proof carries one bit saying whether the second base is P̂ or −P̂; either way
 * u(Z) = u(h·P̂) = X25519(a, B). lift(A) and lift(Z) must be torsion-free (the
 * small-subgroup check): an honest X25519 public key and an honest X25519
 * output always are, and without the check a prover could add a point of
 * order 2 or 4 that the proof cannot see. Prime-order points map one-to-one
 * to ristretto255 elements (RFC 9496 §4), so the proof itself is the
 * project's batched Chaum–Pedersen proof (dleq.ts, one card) over
 * ristretto255, with its Fiat–Shamir transcript (fiat-shamir.ts).
 *
 * Switching the seal keys to ristretto255 would have spared the lift, but
 * changes every seat's `ready` and the pair keys; the lift costs three square
 * roots and two torsion checks, and only when a fault is proven.
 *
 * The context binds the proof to one table, hand, sender and recipient and to
 * `message` (the caller's digest of the one sealed message in dispute), so a
 * proof cannot be replayed for another message. Z is the pair's key for the
 * whole hand: publishing it opens every payload between the two seats in
 * that hand, which the caller accepts only when the sender is to be named and
 * the hand halts (what that shows is in crypto/README.md, "Proving a sealed
 * share wrong").
 *
 * Wire: Z is the canonical 32-byte X25519 output (u < p, top bit clear: the
 * HKDF input must be the very bytes both seats derived); the proof is
 * flip (1: 0 or 1) ‖ A_c (32) ‖ B (32) ‖ z (32) = 97 bytes.
 */
import { ed25519, ristretto255 } from '@noble/curves/ed25519.js';
import { type RandomSource, Writer, abytes, aint, concatBytes, utf8 } from './bytes.js';
import { proveDleqBatch, verifyDleqBatch, type DleqBatchStatement } from './dleq.js';
import { Fn, type Point, decodePoint, decodeResponse, encodeScalar, mulBase } from './group.js';
import { deckFromPoints } from './packet.js';
import { assertSealPublicKey, pairKeyFromShared, type PairContext, type SealKeyPair } from './seal.js';
import { type Result, err, ok } from './result.js';
import { clampedEighth, liftU as liftX25519, littleEndian, x25519Shared } from './x25519.js';

type EdPoint = InstanceType<typeof ed25519.Point>;
const EdPoint = ed25519.Point;
const P = 2n ** 255n - 19n;

/** Bytes of a seal-key proof: flip ‖ A ‖ B ‖ z. */
export const SEAL_PROOF_BYTES = 1 + 32 + 32 + 32;

/** What a seal-key proof is bound to. */
export interface SealProofContext extends PairContext {
  /** The seat that sealed (its key is the sender's). */
  readonly from: number;
  /** The seat that proves (its key is the recipient's). */
  readonly to: number;
  /** The caller's digest of the one sealed message in dispute (1–64 bytes). */
  readonly message: Uint8Array;
}

/** The recipient's published opening: Z and the proof that it is X25519(a, B). */
export interface SealKeyOpening {
  readonly shared: Uint8Array;
  readonly proof: Uint8Array;
}

/** The pair key the opening proves, or why the proof is refused. */
export type SealProofResult = Result<Uint8Array, string>;

/** u (as RFC 7748 §5 decodes it) → the Edwards point with y = (u−1)/(u+1) and even x; null on the twist or u = −1. */
function liftU(bytes: Uint8Array): EdPoint | null {
  const e = liftX25519(bytes);
  return e && new EdPoint(e[0], e[1], e[2], e[3]);
}

/** Canonical X25519 output: 32 bytes, top bit clear, u < p. */
function canonicalU(bytes: Uint8Array): boolean {
  return bytes.length === 32 && (bytes[31]! & 0x80) === 0 && littleEndian(bytes) < P;
}

const toRistretto = (p: EdPoint): Point => new ristretto255.Point(p) as Point;
/** Ĝ = 8·B₀ as a ristretto255 element (the base point's coset). */
const G8 = (): Point => mulBase(8n);

function contextBytes(
  ctx: SealProofContext,
  recipient: Uint8Array,
  sender: Uint8Array,
  shared: Uint8Array,
): Uint8Array {
  abytes(ctx.tableId, 'seal proof: tableId', [1, 64]);
  aint(ctx.handNo, 'seal proof: handNo', 0, 0xffffffff);
  aint(ctx.from, 'seal proof: from', 0, 254);
  aint(ctx.to, 'seal proof: to', 0, 254);
  abytes(ctx.message, 'seal proof: message', [1, 64]);
  return concatBytes(
    utf8('fairdeck/v1/seal-key-proof'),
    new Writer()
      .bytes8(ctx.tableId)
      .u32(ctx.handNo)
      .u8(ctx.from)
      .u8(ctx.to)
      .bytes8(ctx.message)
      .bytes8(recipient)
      .bytes8(sender)
      .bytes8(shared)
      .finish(),
  );
}

interface Lifted {
  readonly A: EdPoint;
  readonly P8: EdPoint;
  readonly Z: EdPoint;
}

/** The three lifted points, or why the keys or Z cannot be part of an honest statement. */
function lift(recipient: Uint8Array, sender: Uint8Array, shared: Uint8Array): Lifted | string {
  const A = liftU(recipient);
  if (!A) return "the recipient's seal key is not on Curve25519";
  if (A.is0() || !A.isTorsionFree()) return "the recipient's seal key is not in the prime-order subgroup";
  const B = liftU(sender);
  if (!B) return "the sender's seal key is not on Curve25519";
  const P8 = B.clearCofactor();
  if (P8.is0()) return "the sender's seal key is of low order";
  if (!canonicalU(shared)) return 'the shared secret is not a canonical X25519 output';
  const Z = liftU(shared);
  if (!Z) return 'the shared secret is not on Curve25519';
  if (Z.is0() || !Z.isTorsionFree()) return 'the shared secret is not in the prime-order subgroup';
  return { A, P8, Z };
}

function statement(l: Lifted, flip: boolean, context: Uint8Array): DleqBatchStatement {
  const X = toRistretto(flip ? l.P8.negate() : l.P8);
  return {
    context,
    base: deckFromPoints([G8()]),
    target: deckFromPoints([toRistretto(l.A)]),
    X: deckFromPoints([X]),
    Y: deckFromPoints([toRistretto(l.Z)]),
  };
}

/**
 * The recipient's opening of its pair key with the sender (`senderPublic`):
 * Z = X25519(mine.secretKey, senderPublic) and its proof. Throws RangeError
 * when a key cannot take part (low order, on the twist, torsion) or when
 * `mine.publicKey` is not the public key of `mine.secretKey`.
 */
export function proveSealKey(
  mine: SealKeyPair,
  senderPublic: Uint8Array,
  ctx: SealProofContext,
  rng: RandomSource,
): SealKeyOpening {
  abytes(mine.secretKey, 'proveSealKey: my secret key', 32);
  abytes(mine.publicKey, 'proveSealKey: my public key', 32);
  assertSealPublicKey(senderPublic, 'proveSealKey: sender public key');
  const shared = x25519Shared(mine.secretKey, senderPublic); // RFC 7748 §5; the key is asserted above
  const l = lift(mine.publicKey, senderPublic, shared);
  if (typeof l === 'string') throw new RangeError(`proveSealKey: ${l}`);
  const h = clampedEighth(mine.secretKey); // a = 8h, 2^251 ≤ h < 2^252 < ℓ
  const G8ed = EdPoint.BASE.multiply(8n);
  const hA = G8ed.multiply(h);
  if (!hA.equals(l.A) && !hA.negate().equals(l.A))
    throw new RangeError('proveSealKey: my public key is not the X25519 public key of my secret key');
  const x = hA.equals(l.A) ? h : Fn.neg(h);
  const flip = !l.P8.multiply(x).equals(l.Z);
  const proof = proveDleqBatch(
    statement(l, flip, contextBytes(ctx, mine.publicKey, senderPublic, shared)),
    [x],
    [8n],
    rng,
  );
  return {
    shared,
    proof: concatBytes(Uint8Array.of(flip ? 1 : 0), proof.A.bytes, proof.Bbytes, encodeScalar(proof.z[0]!)),
  };
}

/**
 * Checks an opening against the two announced keys: on success, the pair key
 * of (recipient, sender) for `ctx`'s table and hand — the key both seats
 * derive with seal.ts `pairKey` — else why it does not hold. `rng` gives the
 * verifier's batch weights (never the prover's). Never throws.
 */
export function verifySealKey(
  recipientPublic: Uint8Array,
  senderPublic: Uint8Array,
  opening: SealKeyOpening,
  ctx: SealProofContext,
  rng: RandomSource,
): SealProofResult {
  try {
    abytes(recipientPublic, 'recipient public key', 32);
    abytes(senderPublic, 'sender public key', 32);
    abytes(opening.shared, 'shared secret', 32);
    abytes(opening.proof, 'seal-key proof', SEAL_PROOF_BYTES);
    assertSealPublicKey(senderPublic, "the sender's seal key");
    assertSealPublicKey(recipientPublic, "the recipient's seal key");
    const flipByte = opening.proof[0]!;
    if (flipByte > 1) return err('seal-key proof: flip byte is neither 0 nor 1');
    const l = lift(recipientPublic, senderPublic, opening.shared);
    if (typeof l === 'string') return err(l);
    const A = decodePoint(opening.proof.subarray(1, 33), 'seal-key proof commitment A');
    const B = decodePoint(opening.proof.subarray(33, 65), 'seal-key proof commitment B');
    const z = decodeResponse(opening.proof.subarray(65, 97), 'seal-key proof response');
    const st = statement(l, flipByte === 1, contextBytes(ctx, recipientPublic, senderPublic, opening.shared));
    const proof = { A: deckFromPoints([A]), B, Bbytes: opening.proof.slice(33, 65), z: [z] };
    if (!verifyDleqBatch(st, proof, rng))
      return err('seal-key proof does not verify (Z is not the Diffie–Hellman of the two keys)');
    return ok(pairKeyFromShared(opening.shared, recipientPublic, senderPublic, ctx));
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
}
