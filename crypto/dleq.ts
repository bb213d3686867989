/**
 * Chaum–Pedersen proofs of equality of discrete logarithms (Chaum &
 * Pedersen, "Wallet databases with observers", CRYPTO '92, §3.2), one per
 * card, for the lock and re-layer steps: for every card c the same secret
 * factor f_c links the seat's layer commitment to its new one
 * (base_c → target_c, e.g. S_i → K_ic) and the card point before → after
 * (X_c → Y_c). Each card has its own commitment A_c = r_c·base_c and response
 * z_c = r_c + e·f_c under one Fiat–Shamir challenge e (an AND-composition of
 * the per-card Σ-protocols, Cramer–Damgård–Schoenmakers CRYPTO '94 §2). The
 * second Chaum–Pedersen equation z_c·X_c = B_c + e·Y_c is aggregated with
 * 128-bit weights ρ_c derived from the whole statement, B = Σ ρ_c·r_c·X_c, as
 * the "composites" of the batched DLEQ proof of RFC 9497 §2.2.1: if any card
 * has Y_c ≠ f_c·X_c (f_c being fixed by the first equation) then
 * Σ ρ_c (Y_c − f_c X_c) = 0 with probability ≤ 2^-128. This saves the prover
 * one variable-base multiplication per card and the verifier one decode per
 * card. The first equations are checked together with the aggregated one by
 * the small-exponent batch test (Bellare, Garay & Rabin, EUROCRYPT '98, §3.1)
 * with fresh 128-bit weights μ_c of the verifier, as one multi-scalar
 * multiplication:
 *   B + e·(Σρ_c Y_c + Σμ_c target_c) + Σμ_c A_c − Σρ_c z_c X_c − Σμ_c z_c base_c = 0.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { type RandomSource, concatBytes, utf8 } from './bytes.js';
import { Transcript, deriveWeights } from './fiat-shamir.js';
import {
  type Point,
  type MsmTable,
  Fn,
  HALF,
  deckMsmTable,
  encodePoint,
  encodeScalar,
  hashToScalarWide,
  msm,
  msmSecret,
  mulBase,
  randomShort,
} from './group.js';
import { type Deck, deckFromHalves } from './packet.js';
import { randomBytes } from './random.js';
import { MsmTerms } from './msm-terms.js';

export interface DleqBatchProof {
  /** Per-card commitments A_c = r_c·base_c. */
  readonly A: Deck;
  /** Aggregated commitment B = Σ ρ_c·r_c·X_c. */
  readonly B: Point;
  readonly Bbytes: Uint8Array;
  /** Per-card responses z_c = r_c + e·f_c. */
  readonly z: readonly bigint[];
}

/**
 * For every card c: target_c = f_c·base_c and Y_c = f_c·X_c. `base` and
 * `target` are either one point shared by every card or one point per card.
 */
export interface DleqBatchStatement {
  readonly context: Uint8Array;
  readonly base: Deck;
  readonly target: Deck;
  readonly X: Deck;
  readonly Y: Deck;
}

function size(st: DleqBatchStatement): number {
  return st.X.points.length;
}

function statementDigest(st: DleqBatchStatement): Uint8Array {
  return new Transcript('dleq-statement')
    .bytes(st.context)
    .bytes(st.base.bytes)
    .bytes(st.target.bytes)
    .bytes(st.X.bytes)
    .bytes(st.Y.bytes)
    .digest();
}

function challenge(digest: Uint8Array, A: Uint8Array, B: Uint8Array): bigint {
  return new Transcript('dleq-challenge').bytes(digest).bytes(A).bytes(B).challenge();
}

/**
 * Proves the statement. `f[c]` is the factor of card c and `baseLog[c]` (or
 * the single `baseLog[0]` when the base is shared) is log_G(base_c), so that
 * A_c = (r_c·log base_c)·G comes from the fixed-base table.
 */
export function proveDleqBatch(
  st: DleqBatchStatement,
  f: readonly bigint[],
  baseLog: readonly bigint[],
  rng: RandomSource,
): DleqBatchProof {
  const m = size(st);
  const digest = statementDigest(st);
  const rho = deriveWeights('dleq-rho', digest, m);
  const noise = randomBytes(rng, 32);
  const label = utf8('fairdeck/v1/dleq-nonce');
  const r = new Array<bigint>(m);
  const A = new Array<Point>(m);
  const rr = new Array<bigint>(m);
  const idx = new Uint8Array(4);
  for (let c = 0; c < m; c++) {
    idx[0] = c >>> 24;
    idx[1] = c >>> 16;
    idx[2] = c >>> 8;
    idx[3] = c;
    let rc = hashToScalarWide(sha512(concatBytes(label, noise, encodeScalar(f[c]!), digest, idx)));
    if (rc === 0n) rc = 1n;
    r[c] = rc;
    const lb = baseLog.length === 1 ? baseLog[0]! : baseLog[c]!;
    A[c] = mulBase(Fn.mul(Fn.mul(rc, lb), HALF));
    rr[c] = Fn.mul(rho[c]!, rc);
  }
  const B = msmSecret(st.X.points, rr);
  const Adeck = deckFromHalves(A);
  const Bbytes = encodePoint(B);
  const e = challenge(digest, Adeck.bytes, Bbytes);
  const z = r.map((rc, c) => Fn.add(rc, Fn.mul(e, f[c]!)));
  return { A: Adeck, B, Bbytes, z };
}

/** The Fiat–Shamir values of a proof, as prover and verifier both derive them: the weights ρ_c and the challenge e. */
export function dleqChallenges(
  st: DleqBatchStatement,
  proof: Pick<DleqBatchProof, 'A' | 'Bbytes'>,
): { readonly rho: readonly bigint[]; readonly e: bigint } {
  const digest = statementDigest(st);
  return { rho: deriveWeights('dleq-rho', digest, size(st)), e: challenge(digest, proof.A.bytes, proof.Bbytes) };
}

/**
 * How a proof enters a batch of several steps' checks (step-batch.ts).
 * `weight`: the verifier's random weight of the aggregated equation (1 when
 * the proof is checked alone; in a batch each proof's needs its own, or two
 * proofs' errors could cancel: the per-card weights μ_c are fresh for each
 * proof anyway). `outputInBatch`: the next step, whose input deck is this
 * proof's Y, is in the same batch, so each Y_c joins the full-width term
 * that step makes of it instead of a separate Σ ρ_c·Y_c.
 */
export interface DleqBatchPlace {
  readonly weight: bigint;
  readonly outputInBatch: boolean;
}

const ALONE: DleqBatchPlace = { weight: 1n, outputInBatch: false };

/** Batch verification with verifier weights from `rng` (never the prover's). */
export function verifyDleqBatch(st: DleqBatchStatement, proof: DleqBatchProof, rng: RandomSource): boolean {
  const terms = new MsmTerms();
  return dleqTerms(st, proof, rng, terms) && terms.isZero();
}

/**
 * Adds the proof's verification equation (the module comment's, its
 * aggregated part weighted by `place.weight`) to `terms`; false (and nothing
 * added) if the proof has the wrong shape.
 */
export function dleqTerms(
  st: DleqBatchStatement,
  proof: DleqBatchProof,
  rng: RandomSource,
  terms: MsmTerms,
  place: DleqBatchPlace = ALONE,
): boolean {
  const m = size(st);
  if (proof.A.points.length !== m || proof.z.length !== m || st.Y.points.length !== m) return false;
  const sharedBase = st.base.points.length === 1;
  const sharedTarget = st.target.points.length === 1;
  const { rho, e } = dleqChallenges(st, proof);
  const mu = Array.from({ length: m }, () => randomShort(rng));
  const g = place.weight;

  // Short parts (128-bit weights, one shared 128-step doubling chain each), then scaled by e:
  // Σ ρ_c Y_c (by γ·e; with Y's tables, kept: Y is the input deck of the next step this peer
  // verifies) unless the next step is in the batch, and Σ μ_c target_c (by e). Alone (γ = 1)
  // both are one MSM, V.
  const vp: Point[] = [];
  const vs: bigint[] = [];
  const vt: (MsmTable | undefined)[] = [];
  const outY = place.outputInBatch;
  if (outY) st.Y.points.forEach((y, c) => terms.add(y, g * e * rho[c]!, () => deckMsmTable(y)));
  else if (g !== 1n) terms.add(msm(st.Y.points, rho, st.Y.points.map(deckMsmTable)), g * e);
  else {
    vp.push(...st.Y.points);
    vs.push(...rho);
    vt.push(...st.Y.points.map(deckMsmTable));
  }
  let muSum = 0n;
  for (let c = 0; c < m; c++) muSum += mu[c]!;
  if (!sharedTarget) {
    vp.push(...st.target.points);
    vs.push(...mu);
    vt.push(...st.target.points.map(() => undefined));
  }
  if (vp.length > 0) terms.add(msm(vp, vs, vt), e);

  // Full part: γ·B + Σ μ_c A_c − γ·Σ ρ_c z_c X_c − Σ μ_c z_c base_c (+ e·Σμ_c·target).
  terms.add(proof.B, g);
  for (let c = 0; c < m; c++) terms.add(proof.A.points[c]!, mu[c]!);
  for (let c = 0; c < m; c++) {
    const x = st.X.points[c]!;
    terms.add(x, -g * rho[c]! * proof.z[c]!, () => deckMsmTable(x)); // built when X was verified as a deck (or now, kept)
  }
  if (sharedBase) {
    let s = 0n;
    for (let c = 0; c < m; c++) s += mu[c]! * proof.z[c]!;
    terms.add(st.base.points[0]!, -s);
  } else {
    // Many per-card bases may be the same point (G for public cards): one term each.
    for (let c = 0; c < m; c++) terms.add(st.base.points[c]!, -mu[c]! * proof.z[c]!);
  }
  if (sharedTarget) terms.add(st.target.points[0]!, e * muSum);
  return true;
}
