/**
 * Schnorr non-interactive zero-knowledge proof of knowledge of a discrete
 * logarithm, RFC 8235 §3 (Schnorr NIZK proof, Fiat–Shamir variant) over
 * ristretto255, with a generator that may differ from G: the shuffle step
 * proves knowledge of s_i with S_i = s_i·L_i, where L_i is the seat's previous
 * layer commitment (G for a fresh deck, T_i after a re-layer cascade).
 * RFC 8235 names: commitment V = v·L, challenge c = H(L ‖ V ‖ A ‖ UserID ‖
 * OtherInfo), response r = v − a·c mod ℓ; here V is `R`, r is `z`, UserID is
 * the seat and OtherInfo is the step context plus the step's input and output
 * decks (so a proof cannot be moved to another table, hand, packet or step).
 * The nonce is hedged: derived from the secret, fresh randomness and the
 * statement, as in RFC 6979 §3.6 / RFC 8032 §5.1.6.
 */
import { type RandomSource } from './bytes.js';
import { Transcript } from './fiat-shamir.js';
import {
  type Point,
  Fn,
  encodePoint,
  encodeScalar,
  hashToScalarWide,
  msm,
  mulBase,
  mulSecret,
  G,
} from './group.js';
import { randomBytes } from './random.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8 } from './bytes.js';

export interface SchnorrProof {
  /** Commitment R = v·L (RFC 8235 "V"). */
  readonly R: Point;
  readonly Rbytes: Uint8Array;
  /** Response z = v − c·a (RFC 8235 "r"). */
  readonly z: bigint;
}

export interface SchnorrStatement {
  /** Step context digest (table, hand, packet, step kind, seat). */
  readonly context: Uint8Array;
  /** Generator L and its encoding. */
  readonly base: Point;
  readonly baseBytes: Uint8Array;
  /** Public value A = a·L and its encoding. */
  readonly pub: Point;
  readonly pubBytes: Uint8Array;
  /** Extra statement bytes bound into the challenge (deck digests). */
  readonly extra: Uint8Array;
}

function challenge(st: SchnorrStatement, Rbytes: Uint8Array): bigint {
  return new Transcript('schnorr')
    .bytes(st.context)
    .bytes(st.baseBytes)
    .bytes(Rbytes)
    .bytes(st.pubBytes)
    .bytes(st.extra)
    .challenge();
}

export function proveSchnorr(st: SchnorrStatement, secret: bigint, rng: RandomSource): SchnorrProof {
  const noise = randomBytes(rng, 32);
  let v = hashToScalarWide(
    sha512(concatBytes(utf8('fairdeck/v1/schnorr-nonce'), encodeScalar(secret), noise, st.context, st.pubBytes)),
  );
  if (v === 0n) v = 1n;
  const R = st.base === G ? mulBase(v) : mulSecret(st.base, v);
  const Rbytes = encodePoint(R);
  const c = challenge(st, Rbytes);
  const z = Fn.sub(v, Fn.mul(c, secret));
  return { R, Rbytes, z };
}

/** R == z·L + c·A. */
export function verifySchnorr(st: SchnorrStatement, proof: SchnorrProof): boolean {
  const c = challenge(st, proof.Rbytes);
  const check = msm([st.base, st.pub, proof.R], [proof.z, c, Fn.neg(1n)]);
  return check.is0();
}
