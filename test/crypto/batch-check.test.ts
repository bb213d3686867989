/**
 * The audit's batch test of a shuffle step (crypto/batch-check.ts
 * `scaledMismatch`) with weights carried from the step before: a chain of
 * honest steps passes, the carried sum is Σ μ_p·deck_p under the weights
 * handed on, and a wrong card in a later step is still found and named.
 */
import { describe, expect, it } from 'vitest';
import { type Point, Fn, hashToGroup, msm, mulSecret, randomScalar } from '../../crypto/group.js';
import { scaledMismatch } from '../../crypto/batch-check.js';
import { randomPermutation, seededRandom } from '../../crypto/random.js';

const rng = seededRandom('batch-check');
const deck0 = Array.from({ length: 12 }, (_, i) =>
  hashToGroup(new TextEncoder().encode(`card ${i}`), 'fairdeck-test-batch-check_ristretto255_XMD:SHA-512_R255MAP_RO_'),
);

/** One shuffle step: Y_j = s·X_{perm[j]}. */
function shuffle(X: readonly Point[]) {
  const s = randomScalar(rng);
  const perm = randomPermutation(rng, X.length);
  return { s, perm, Y: perm.map((p) => mulSecret(X[p]!, s)) };
}

describe('scaledMismatch with carried weights', () => {
  it('passes an honest chain, and each step hands on its weights with their sum', () => {
    let X: readonly Point[] = deck0;
    let carry: ReturnType<typeof scaledMismatch>['weights'] | undefined;
    for (let step = 0; step < 3; step++) {
      const { s, perm, Y } = shuffle(X);
      const carried = carry && { mu: perm.map((p) => carry!.mu[p]!), sum: carry.sum };
      const r = scaledMismatch(
        perm.map((p) => X[p]!),
        Y,
        s,
        rng,
        carried,
      );
      expect(r.bad).toBe(-1);
      expect(r.weights.points).toBe(Y);
      expect(r.weights.sum.equals(msm(Y, r.weights.mu))).toBe(true);
      carry = r.weights;
      X = Y;
    }
  });

  it('names the wrong card of a later step whose input weights were carried', () => {
    const first = shuffle(deck0);
    const r0 = scaledMismatch(
      first.perm.map((p) => deck0[p]!),
      first.Y,
      first.s,
      rng,
    );
    const second = shuffle(first.Y);
    const forged = [...second.Y];
    forged[7] = mulSecret(first.Y[second.perm[7]!]!, Fn.add(second.s, 1n)); // re-masked card 7
    const r1 = scaledMismatch(
      second.perm.map((p) => first.Y[p]!),
      forged,
      second.s,
      rng,
      { mu: second.perm.map((p) => r0.weights.mu[p]!), sum: r0.weights.sum },
    );
    expect(r1.bad).toBe(7);
  });

  it('refuses weights of another length', () => {
    const { s, perm, Y } = shuffle(deck0);
    expect(() =>
      scaledMismatch(
        perm.map((p) => deck0[p]!),
        Y,
        s,
        rng,
        { mu: [1n, 2n], sum: deck0[0]! },
      ),
    ).toThrow(RangeError);
  });
});
