/**
 * crypto/dleq.ts on its own: the batched Chaum–Pedersen proof of the lock
 * and re-layer steps, called directly on statements of both shapes (one
 * shared base with per-card targets, as a lock step; per-card bases, some
 * the same point, with one shared target, as a re-layer step). Honest proofs
 * verify; every single part of a statement or a proof changed, the first or
 * the last card, makes verification fail; per-card errors that cancel in an
 * unweighted sum are caught by the verifier's weights; the nonces are fresh
 * per card and per proof (a fixed nonce would reveal the factor: z − 1 = e·f).
 * The cheats through whole steps and hands are in cheats.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type DleqBatchProof, type DleqBatchStatement, proveDleqBatch, verifyDleqBatch } from '../../crypto/dleq.js';
import { Fn, G, type Point, mulBase, randomScalar } from '../../crypto/group.js';
import { deckFromPoints } from '../../crypto/packet.js';
import { seededRandom } from '../../crypto/random.js';

interface Case {
  readonly st: DleqBatchStatement;
  readonly f: bigint[];
  readonly baseLog: bigint[];
}

const CONTEXT = new TextEncoder().encode('dleq-test');

/** A lock-shaped statement: base S = ℓ·G for every card, target K_c = f_c·S, Y_c = f_c·X_c. */
function lockCase(seed: string, m: number): Case {
  const rng = seededRandom(seed);
  const ell = randomScalar(rng);
  const f = Array.from({ length: m }, () => randomScalar(rng));
  const X = Array.from({ length: m }, () => mulBase(randomScalar(rng)));
  return {
    st: {
      context: CONTEXT,
      base: deckFromPoints([mulBase(ell)]),
      target: deckFromPoints(f.map((fc) => mulBase(Fn.mul(fc, ell)))),
      X: deckFromPoints(X),
      Y: deckFromPoints(X.map((x, c) => x.multiply(f[c]!))),
    },
    f,
    baseLog: [ell],
  };
}

/**
 * A re-layer-shaped statement: per-card bases b_c·G where cards 0, 2 and the
 * last share one Point object (G, as public cards do), one target T = t·G,
 * f_c = t / b_c, Y_c = f_c·X_c.
 */
function relayerCase(seed: string, m: number): Case {
  const rng = seededRandom(seed);
  const t = randomScalar(rng);
  const baseLog = Array.from({ length: m }, (_, c) => (c === 0 || c === 2 || c === m - 1 ? 1n : randomScalar(rng)));
  const bases = baseLog.map((b) => (b === 1n ? G : mulBase(b)));
  const f = baseLog.map((b) => Fn.mul(t, Fn.inv(b)));
  const X = Array.from({ length: m }, () => mulBase(randomScalar(rng)));
  return {
    st: {
      context: CONTEXT,
      base: deckFromPoints(bases),
      target: deckFromPoints([mulBase(t)]),
      X: deckFromPoints(X),
      Y: deckFromPoints(X.map((x, c) => x.multiply(f[c]!))),
    },
    f,
    baseLog,
  };
}

function prove(c: Case, seed = 'prover'): DleqBatchProof {
  return proveDleqBatch(c.st, c.f, c.baseLog, seededRandom(seed));
}

function verify(st: DleqBatchStatement, proof: DleqBatchProof, seed = 'verifier'): boolean {
  return verifyDleqBatch(st, proof, seededRandom(seed));
}

/** The deck with point `i` replaced by `by(point)`. */
function edit(points: readonly Point[], i: number, by: (p: Point) => Point) {
  return deckFromPoints(points.map((p, j) => (j === i ? by(p) : p)));
}

const SHAPES: [string, (seed: string, m: number) => Case][] = [
  ['lock (shared base, per-card targets)', lockCase],
  ['re-layer (per-card bases, some shared, one target)', relayerCase],
];

describe.each(SHAPES)('Chaum–Pedersen batch, %s', (_name, make) => {
  const m = 5;
  const c = make('honest', m);
  const proof = prove(c);

  it('an honest proof verifies, for 1 card and for 5, under any verifier weights', () => {
    expect(verify(c.st, proof)).toBe(true);
    expect(verify(c.st, proof, 'another verifier')).toBe(true);
    const one = make('one card', 1);
    expect(verify(one.st, prove(one))).toBe(true);
  });

  it('a wrong card (Y_c ≠ f_c·X_c) fails, first or last', () => {
    for (const i of [0, m - 1]) {
      const st = { ...c.st, Y: edit(c.st.Y.points, i, (p) => p.double()) };
      expect(verify(st, prove({ ...c, st })), `card ${i}`).toBe(false);
    }
  });

  it('a wrong base or target fails, first or last card', () => {
    for (const i of [0, c.st.base.points.length - 1]) {
      const st = { ...c.st, base: edit(c.st.base.points, i, (p) => p.add(G)) };
      expect(verify(st, proof), `base ${i}`).toBe(false);
    }
    for (const i of [0, c.st.target.points.length - 1]) {
      const st = { ...c.st, target: edit(c.st.target.points, i, (p) => p.add(G)) };
      expect(verify(st, proof), `target ${i}`).toBe(false);
    }
  });

  it('every part of the proof and the context is bound', () => {
    expect(verify({ ...c.st, context: new TextEncoder().encode('dleq-tesT') }, proof)).toBe(false);
    for (const i of [0, m - 1]) {
      expect(verify(c.st, { ...proof, A: edit(proof.A.points, i, (p) => p.add(G)) }), `A ${i}`).toBe(false);
      expect(verify(c.st, { ...proof, z: proof.z.map((z, j) => (j === i ? Fn.add(z, 1n) : z)) }), `z ${i}`).toBe(false);
    }
    expect(verify(c.st, { ...proof, B: proof.B.add(G) }), 'B point').toBe(false);
    const Bbytes = proof.Bbytes.slice();
    Bbytes[0]! ^= 2;
    expect(verify(c.st, { ...proof, Bbytes }), 'B bytes').toBe(false);
  });

  it('a proof or statement with a card too few fails (never throws)', () => {
    const short = deckFromPoints(c.st.Y.points.slice(1));
    expect(verify(c.st, { ...proof, A: deckFromPoints(proof.A.points.slice(1)) })).toBe(false);
    expect(verify(c.st, { ...proof, z: proof.z.slice(1) })).toBe(false);
    expect(verify({ ...c.st, Y: short }, proof)).toBe(false);
  });

  it('nonces are fresh: A_c differ between cards and between two proofs of the same statement', () => {
    const encodings = proof.A.points.map((p) => p.toHex());
    expect(new Set(encodings).size).toBe(m);
    expect(encodings).not.toContain(G.toHex());
    const again = prove(c, 'another prover');
    expect(verify(c.st, again)).toBe(true);
    expect(again.A.points.map((p) => p.toHex()).some((hex, i) => hex === encodings[i])).toBe(false);
    // Deterministic for the same randomness (the proofs are reproducible in the tests).
    expect(prove(c).A.bytes).toEqual(proof.A.bytes);
  });
});

describe('the verifier weights μ', () => {
  it('catch two per-card errors that cancel in an unweighted sum (K₁ ↔ K₃ swapped and proved again)', () => {
    const c = lockCase('swap', 5);
    const K = [...c.st.target.points];
    [K[1], K[3]] = [K[3]!, K[1]!];
    const st = { ...c.st, target: deckFromPoints(K) };
    const proof = proveDleqBatch(st, c.f, c.baseLog, seededRandom('cheater'));
    for (const seed of ['v1', 'v2', 'v3']) expect(verify(st, proof, seed), seed).toBe(false);
  });
});
