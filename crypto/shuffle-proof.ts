/**
 * Zero-knowledge argument of one shuffle step (an exponentiation shuffle): the
 * output deck is a permutation of the input deck multiplied by the seat's
 * secret s, the same s as in its published layer S = s·L. Statement: public
 * X_0..X_{n−1} (input), Y_0..Y_{n−1} (output), L (G for a fresh deck, T_i
 * after a re-layer) and S; witness π and s with Y_j = s·X_{π(j)} for every j
 * and S = s·L. (π(j) is the input position at output j, `perm[j]` in
 * steps.ts; σ = π⁻¹.)
 *
 * The permutation part is the commitment-consistent proof of a shuffle of
 * Terelius & Wikström ("Proofs of restricted shuffles", AFRICACRYPT 2010,
 * §3–4), in the form of Haenni, Locher, Koenig & Dubuis ("Pseudo-code
 * algorithms for verifiable re-encryption mix-nets", FC 2017 workshops,
 * Alg. 8.4 GenShuffleProof / 8.5 CheckShuffleProof), adapted: the
 * re-encryption equation is replaced by Σ_j u'_j·Y_j = s·Z with
 * Z = Σ_i u_i·X_i, and S = s·L proves s (replacing the old Schnorr proof).
 *
 *   generators  H, H_0..H_{n−1} from hash-to-curve (shuffle-generators.ts)
 *   commitment  c_i = r_i·G + H_{σ(i)}   (column i of the permutation matrix, i an input position)
 *   challenges  u = 128-bit weights of hash(context, L, S, X, Y, c);  u'_j = u_{π(j)}
 *   chain       ĉ_0 = H, ĉ_j = r̂_j·G + u'_j·ĉ_{j−1}  (j = 1..n; computed as R̂_j·G + (∏_{k≤j} u'_k)·H)
 *   relations   Σc_i − ΣH_j = r̄·G                   (E1)
 *               ĉ_n − (∏u_i)·H = r̂·G                (E2)
 *               Σu_i·c_i = r̃·G + Σu'_j·H_j          (E3)
 *               Σu'_j·Y_j − s·Z = 0                  (E4)
 *               S = s·L                              (E5)
 *               ĉ_j = r̂_j·G + u'_j·ĉ_{j−1}, each j  (E6_j)
 * proved by one Σ-protocol (commitments t1..t5, t̂_j; one Fiat–Shamir
 * challenge e over everything, Bernhard–Pereira–Warinschi's strong form), so
 * the same u' and s appear in every relation. Soundness: S fixes
 * s = log_L S and c fixes a matrix before u is drawn; E1–E3 and E6 force it
 * to be a permutation matrix and u' = u∘π (TW Thm. 1, error ≤ n/2^128);
 * then E4 reads Σ_i u_i·(Y_{σ(i)} − s·X_i) = 0 for 128-bit u drawn after
 * every Y_{σ(i)} − s·X_i was fixed, so each term is 0 except with
 * probability 2^-128. See crypto/README.md.
 *
 * Verification is one random linear combination of E1–E6 with fresh
 * 128-bit weights of the verifier (Bellare, Garay & Rabin, EUROCRYPT '98,
 * §3.1), i.e. one multi-scalar multiplication of 4n + 12 terms, with Σc_j,
 * Σu_j·c_j and Z = Σu_j·X_j computed first (a sum and two MSMs with the
 * 128-bit u_j: the same combination, regrouped). Nonces are
 * hedged (secret, permutation, fresh randomness and statement hashed, as
 * RFC 6979 §3.6 / RFC 8032 §5.1.6); secret multiplications use the
 * fixed-base tables of G and H and the oblivious MSM.
 */
import { shake256 } from '@noble/hashes/sha3.js';
import { type RandomSource, utf8 } from './bytes.js';
import { MsmTerms } from './msm-terms.js';
import { Transcript, deriveWeights } from './fiat-shamir.js';
import {
  Fn,
  G,
  ascalar,
  HALF,
  hashToScalarWide,
  encodeScalar,
  msm,
  msmSecret,
  deckMsmTable as deckTable,
  sumPoints,
  mulBase,
  mulFixed,
  mulSecret,
  randomShort,
} from './group.js';
import { type Deck, deckFromHalves } from './packet.js';
import { isPermutation, randomBytes } from './random.js';
import {
  chainGenerator,
  chainTable,
  fixedMsmTables,
  shuffleGeneratorHalves,
  shuffleGenerators,
} from './shuffle-generators.js';

/** Number of points in `t` and of scalars in `z`. */
export const SHUFFLE_T = 5;
export const SHUFFLE_Z = 4;

export interface ShuffleProof {
  /** Permutation commitment c_i = r_i·G + H_{σ(i)}, by input position i. */
  readonly c: Deck;
  /** Chain ĉ_1..ĉ_n. */
  readonly chain: Deck;
  /** Σ-protocol commitments t1..t5 of E1..E5. */
  readonly t: Deck;
  /** Σ-protocol commitments t̂_1..t̂_n of E6_j. */
  readonly tChain: Deck;
  /** Responses [z̄ (r̄), ẑ (r̂), z̃ (r̃), z_s (s)]. */
  readonly z: readonly bigint[];
  /** Responses ẑ_j (r̂_j), j = 1..n. */
  readonly zChain: readonly bigint[];
  /** Responses z'_j (u'_j), j = 1..n. */
  readonly zPerm: readonly bigint[];
}

export interface ShuffleStatement {
  /** Step context digest (table, hand, packet, step kind, seat). */
  readonly context: Uint8Array;
  /** The seat's base L (one-point deck). */
  readonly base: Deck;
  /** The published layer S = s·L (one-point deck). */
  readonly layer: Deck;
  readonly X: Deck;
  readonly Y: Deck;
}

function statementDigest(st: ShuffleStatement): Uint8Array {
  return new Transcript('shuffle-statement')
    .bytes(st.context)
    .bytes(st.base.bytes)
    .bytes(st.layer.bytes)
    .bytes(st.X.bytes)
    .bytes(st.Y.bytes)
    .digest();
}

/** u_0..u_{n−1}: 128-bit non-zero weights bound to the statement and the permutation commitment. */
function challengesU(digest: Uint8Array, c: Deck, n: number): bigint[] {
  return deriveWeights('shuffle-u', new Transcript('shuffle-u').bytes(digest).bytes(c.bytes).digest(), n);
}

function challengeE(digest: Uint8Array, p: Pick<ShuffleProof, 'c' | 'chain' | 't' | 'tChain'>): bigint {
  return new Transcript('shuffle-challenge')
    .bytes(digest)
    .bytes(p.c.bytes)
    .bytes(p.chain.bytes)
    .bytes(p.t.bytes)
    .bytes(p.tChain.bytes)
    .challenge();
}

/** Hedged nonces: a SHAKE256 stream of label, fresh noise, the witness and the statement; 64 bytes per scalar. */
function nonceStream(noise: Uint8Array, s: bigint, perm: readonly number[], digest: Uint8Array): () => bigint {
  const permBytes = new Uint8Array(2 * perm.length);
  perm.forEach((p, j) => {
    permBytes[2 * j] = p >>> 8;
    permBytes[2 * j + 1] = p & 0xff;
  });
  const xof = shake256
    .create({})
    .update(utf8('fairdeck/v1/shuffle-nonce'))
    .update(noise)
    .update(encodeScalar(s))
    .update(permBytes)
    .update(digest);
  return () => {
    const x = hashToScalarWide(xof.xof(64));
    return x === 0n ? 1n : x;
  };
}

/**
 * Proves the statement for witness (s, perm). It does not check the witness:
 * a cheating seat may call it on a deck that is not s·X permuted, and the
 * proof will not verify.
 */
export function proveShuffle(
  st: ShuffleStatement,
  s: bigint,
  perm: readonly number[],
  rng: RandomSource,
): ShuffleProof {
  const n = st.X.points.length;
  ascalar(s, 'shuffle proof: s');
  if (st.Y.points.length !== n) throw new RangeError(`shuffle proof: ${st.Y.points.length} outputs for ${n} inputs`);
  if (!isPermutation(perm, n)) throw new RangeError(`shuffle proof: perm is not a permutation of 0..${n - 1}`);
  const H = shuffleGenerators(n).H;
  const Hhalf = shuffleGeneratorHalves(n);
  const Ht = chainTable();
  const X = st.X.points;
  const digest = statementDigest(st);
  const next = nonceStream(randomBytes(rng, 32), s, perm, digest);
  const sigma = new Array<number>(n);
  perm.forEach((p, j) => (sigma[p] = j));

  // Permutation commitment, by input position.
  const r = Array.from({ length: n }, next);
  const c = deckFromHalves(r.map((ri, i) => mulBase(Fn.mul(ri, HALF)).add(Hhalf[sigma[i]!]!)));
  const u = challengesU(digest, c, n);
  const up = perm.map((p) => u[p]!);

  // Chain ĉ_j = R̂_j·G + U_j·H with U_j = ∏_{k≤j} u'_k, so r̂_j = R̂_j − u'_j·R̂_{j−1}.
  const Rh = Array.from({ length: n }, next); // R̂_1..R̂_n
  const U = new Array<bigint>(n); // U_1..U_n
  let acc = 1n;
  for (let j = 0; j < n; j++) U[j] = acc = Fn.mul(acc, up[j]!);
  const chain = deckFromHalves(Rh.map((R, j) => mulBase(Fn.mul(R, HALF)).add(mulFixed(Ht, Fn.mul(U[j]!, HALF)))));
  const rh = Rh.map((R, j) => Fn.sub(R, Fn.mul(up[j]!, j === 0 ? 0n : Rh[j - 1]!)));

  let rBar = 0n;
  let rTilde = 0n;
  for (let i = 0; i < n; i++) {
    rBar += r[i]!;
    rTilde += u[i]! * r[i]!;
  }
  rBar = Fn.create(rBar);
  rTilde = Fn.create(rTilde);

  // Σ-protocol commitments.
  const w1 = next();
  const w2 = next();
  const w3 = next();
  const ws = next();
  const wh = Array.from({ length: n }, next); // ω̂_j
  const wp = Array.from({ length: n }, next); // ω'_j
  const L = st.base.points[0]!;
  // t4 = Σ_j ω'_j·Y_j − ω_s·Z = Σ_i (s·ω'_{σ(i)} − ω_s·u_i)·X_i for an honest Y.
  const t4coef = X.map((_, i) => Fn.mul(Fn.sub(Fn.mul(s, wp[sigma[i]!]!), Fn.mul(ws, u[i]!)), HALF));
  const t = deckFromHalves([
    mulBase(Fn.mul(w1, HALF)),
    mulBase(Fn.mul(w2, HALF)),
    mulBase(Fn.mul(w3, HALF)).add(
      msmSecret(
        H,
        wp.map((w) => Fn.mul(w, HALF)),
      ),
    ),
    msmSecret(X, t4coef),
    L === G ? mulBase(Fn.mul(ws, HALF)) : mulSecret(L, Fn.mul(ws, HALF)),
  ]);
  // t̂_j = ω̂_j·G + ω'_j·ĉ_{j−1} = (ω̂_j + ω'_j·R̂_{j−1})·G + (ω'_j·U_{j−1})·H.
  const tChain = deckFromHalves(
    wh.map((w, j) => {
      const g = Fn.add(w, Fn.mul(wp[j]!, j === 0 ? 0n : Rh[j - 1]!));
      const h = Fn.mul(wp[j]!, j === 0 ? 1n : U[j - 1]!);
      return mulBase(Fn.mul(g, HALF)).add(mulFixed(Ht, Fn.mul(h, HALF)));
    }),
  );

  const e = challengeE(digest, { c, chain, t, tChain });
  const resp = (w: bigint, x: bigint) => Fn.add(w, Fn.mul(e, x));
  return {
    c,
    chain,
    t,
    tChain,
    z: [resp(w1, rBar), resp(w2, Rh[n - 1]!), resp(w3, rTilde), resp(ws, s)],
    zChain: wh.map((w, j) => resp(w, rh[j]!)),
    zPerm: wp.map((w, j) => resp(w, up[j]!)),
  };
}

/** Checks the shapes of a proof against n; false if anything has the wrong length. */
function wellFormed(p: ShuffleProof, n: number): boolean {
  const deckOk = (d: Deck, m: number) => d.points.length === m && d.bytes.length === 32 * m;
  return (
    deckOk(p.c, n) &&
    deckOk(p.chain, n) &&
    deckOk(p.t, SHUFFLE_T) &&
    deckOk(p.tChain, n) &&
    p.z.length === SHUFFLE_Z &&
    p.zChain.length === n &&
    p.zPerm.length === n
  );
}

/**
 * How a shuffle argument enters a batch of several steps' checks
 * (step-batch.ts). `weight`: the verifier's random weight of E1 (1 when the
 * argument is checked alone; in a batch each step's E1 needs its own, or two
 * steps' errors could cancel). `inputInBatch`: the step before, whose output
 * deck is this step's input X, is in the same batch, so each X_j joins the
 * term that step made of it instead of a separate Σ u_j·X_j.
 */
export interface BatchPlace {
  readonly weight: bigint;
  readonly inputInBatch: boolean;
}

const ALONE: BatchPlace = { weight: 1n, inputInBatch: false };

/**
 * Batch verification with verifier weights from `rng` (never the prover's):
 * Σ_k β_k·E_k + Σ_j μ_j·E6_j = 0 as one multi-scalar multiplication (β_1 = 1).
 */
export function verifyShuffle(st: ShuffleStatement, proof: ShuffleProof, rng: RandomSource): boolean {
  const terms = new MsmTerms();
  return shuffleTerms(st, proof, rng, terms) && terms.isZero();
}

/**
 * Adds the argument's verification equation, Σ_k β_k·E_k + Σ_j μ_j·E6_j with
 * β_1 = `place.weight` and the other weights drawn from `rng`, to `terms`;
 * false (and nothing added) if the statement or the proof has the wrong shape.
 */
export function shuffleTerms(
  st: ShuffleStatement,
  proof: ShuffleProof,
  rng: RandomSource,
  terms: MsmTerms,
  place: BatchPlace = ALONE,
): boolean {
  const n = st.X.points.length;
  if (n < 1 || st.Y.points.length !== n || st.base.points.length !== 1 || st.layer.points.length !== 1) return false;
  if (!wellFormed(proof, n)) return false;
  const { H, Htables } = shuffleGenerators(n);
  const fixed = fixedMsmTables();
  const digest = statementDigest(st);
  const u = challengesU(digest, proof.c, n);
  const e = challengeE(digest, proof);
  const [z1, z2, z3, zs] = proof.z as [bigint, bigint, bigint, bigint];
  const zh = proof.zChain;
  const zp = proof.zPerm;
  const b1 = place.weight;
  const b2 = randomShort(rng);
  const b3 = randomShort(rng);
  const b4 = randomShort(rng);
  const b5 = randomShort(rng);
  const mu = Array.from({ length: n }, () => randomShort(rng));

  let uProd = 1n;
  for (const ui of u) uProd = Fn.mul(uProd, ui);
  let gCoef = b1 * z1 + b2 * z2 + b3 * z3;
  for (let j = 0; j < n; j++) gCoef += mu[j]! * zh[j]!;

  const L = st.base.points[0]!;
  terms.add(chainGenerator(), b2 * e * uProd + mu[0]! * zp[0]!, fixed.H);
  terms.add(st.layer.points[0]!, -b5 * e);
  if (L === G) gCoef += b5 * zs;
  else terms.add(L, b5 * zs);
  terms.add(G, gCoef, fixed.G);
  const tw = [b1, b2, b3, b4, b5];
  // −β_k·t_k as β_k·(−t_k): reduced mod ℓ, a negative short weight would be full-width.
  for (let k = 0; k < SHUFFLE_T; k++) terms.add(proof.t.points[k]!.negate(), tw[k]!);
  // The c_j terms, whose coefficients −e·(β_1 + β_3·u_j) are full-width, are regrouped as
  // −β_1·e·Σc_j − β_3·e·Σu_j·c_j: a plain sum and an MSM with the 128-bit u_j. So are the X_j
  // terms, −β_4·z_s·Σu_j·X_j (Z of E4 is Σu_j·X_j), unless the step before is in the same batch:
  // then each X_j is already a full-width term of it (its Y_j) and costs nothing more there.
  // The same linear combination of E1–E6 with the same weights, so soundness is unchanged.
  terms.add(sumPoints(proof.c.points), -b1 * e);
  terms.add(msm(proof.c.points, u), -b3 * e);
  if (place.inputInBatch) st.X.points.forEach((x, j) => terms.add(x, -b4 * zs * u[j]!, () => deckTable(x)));
  else terms.add(msm(st.X.points, u, st.X.points.map(deckTable)), -b4 * zs);
  for (let j = 0; j < n; j++) {
    // E1 + E3: H_j; E4: Y_j; E6: ĉ_j (as ĉ_j and as ĉ_{j}, the base of link j+1), t̂_j.
    const cj = j === n - 1 ? -(b2 + mu[j]!) * e : mu[j + 1]! * zp[j + 1]! - mu[j]! * e;
    terms.add(H[j]!, b1 * e + b3 * zp[j]!, Htables[j]);
    terms.add(st.Y.points[j]!, b4 * zp[j]!, () => deckTable(st.Y.points[j]!));
    terms.add(proof.chain.points[j]!, cj);
    terms.add(proof.tChain.points[j]!.negate(), mu[j]!);
  }
  return true;
}
