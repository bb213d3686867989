/**
 * The audit's recomputation checks in one multi-scalar multiplication each:
 * the small-exponent batch test (Bellare, Garay & Rabin, EUROCRYPT '98,
 * §3.1): Y_j = f_j·X_j for every j holds, except with probability about
 * 2^-128, when Σ μ_j Y_j = Σ μ_j f_j X_j for random short weights μ_j. Only
 * when it fails are the cards checked one by one, to name the first wrong
 * one (crypto/audit.ts blames its author).
 */
import type { RandomSource } from './bytes.js';
import { type Point, Fn, IDENTITY, deckMsmTable, msm, mulBase, mulPublic, randomShort } from './group.js';

/** The first card where Y_j ≠ f_j·X_j (the batch test failed: locate the fault). */
function locate(X: readonly Point[], Y: readonly Point[], f: readonly bigint[]): number {
  for (let j = 0; j < Y.length; j++) if (!mulPublic(X[j]!, f[j]!).equals(Y[j]!)) return j;
  return 0; // unreachable unless the batch test erred
}

/**
 * Σ μ_j Y_j − Σ (μ_j f_j) X_j (+ Σ ν_c K_c − (Σ ν_c k_c)·G) == 0 in one
 * multi-scalar multiplication, else the first card where Y_j ≠ f_j X_j
 * (−1 if every card is right). `keys` adds the check K_c = k_c·G of a lock
 * step with independent weights; a failure there is reported as −2.
 */
export function firstMismatch(
  X: readonly Point[],
  Y: readonly Point[],
  f: readonly bigint[],
  rng: RandomSource,
  keys?: { readonly K: readonly Point[]; readonly k: readonly bigint[] },
): number {
  const m = Y.length;
  const mu = Array.from({ length: m }, () => randomShort(rng));
  const points = [...Y, ...X];
  const scalars = [...mu, ...mu.map((u, j) => Fn.neg(Fn.mul(u, f[j]!)))];
  let rhs: Point = IDENTITY;
  if (keys) {
    const nu = keys.k.map(() => randomShort(rng));
    points.push(...keys.K);
    scalars.push(...nu);
    rhs = mulBase(Fn.create(nu.reduce((acc, v, c) => acc + v * keys.k[c]!, 0n)));
  }
  if (msm(points, scalars).equals(rhs)) return -1;
  if (keys && keys.k.some((kc, c) => !mulBase(kc).equals(keys.K[c]!))) return -2;
  return locate(X, Y, f);
}

/**
 * Whether K_c == k_c·G for every c: Σ ν_c K_c == (Σ ν_c k_c)·G with short
 * random weights in one MSM (the caller locates a wrong key, as it does after
 * `firstMismatch` reports −2).
 */
export function keysMatch(K: readonly Point[], k: readonly bigint[], rng: RandomSource): boolean {
  const nu = k.map(() => randomShort(rng));
  return msm(K, nu).equals(mulBase(Fn.create(nu.reduce((acc, v, c) => acc + v * k[c]!, 0n))));
}

/** Verifier weights μ_p on the positions of a deck, and Σ μ_p·points_p under them. */
export interface DeckWeights {
  readonly points: readonly Point[];
  readonly mu: readonly bigint[];
  readonly sum: Point;
}

/**
 * Y_j == s·X_j for one scalar s and every j: Σ μ_j Y_j == s·Σ μ_j X_j with
 * short-weight MSMs and one multiplication (instead of full-width weights
 * μ_j·s), else the first card that differs (−1: none). Returns Y's weights
 * and their sum too, for the audit of the next shuffle step, whose input is
 * this Y.
 *
 * `carried`: X's weights and their sum from the step before (its Y weights,
 * taken in the order of this step's permutation), so Σ μ_j X_j costs
 * nothing. The test of each step stays the small-exponent batch test of
 * Bellare, Garay & Rabin (EUROCRYPT '98, §3.1): everything it checks (the
 * published decks, the disclosed s and permutations) is fixed before the
 * first weights are drawn, and a permutation of uniform weights is uniform,
 * so a wrong card passes a step's test with probability ≤ 2^-128 whatever
 * the other steps' weights are. Deck points use their kept MSM tables
 * (`deckMsmTable`: the live checks built them).
 */
export function scaledMismatch(
  X: readonly Point[],
  Y: readonly Point[],
  s: bigint,
  rng: RandomSource,
  carried?: { readonly mu: readonly bigint[]; readonly sum: Point },
): { readonly bad: number; readonly weights: DeckWeights } {
  const mu = carried ? carried.mu : Array.from({ length: Y.length }, () => randomShort(rng));
  if (mu.length !== X.length || X.length !== Y.length) throw new RangeError('scaledMismatch: length mismatch');
  const sumX = carried ? carried.sum : msm(X, mu, X.map(deckMsmTable));
  const sumY = msm(Y, mu, Y.map(deckMsmTable));
  const bad = sumY.equals(mulPublic(sumX, s))
    ? -1
    : locate(
        X,
        Y,
        X.map(() => s),
      );
  return { bad, weights: { points: Y, mu, sum: sumY } };
}
