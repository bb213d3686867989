/**
 * The shuffle argument (crypto/shuffle-proof.ts) and its generators
 * (crypto/shuffle-generators.ts). Honest steps verify for every packet size
 * the table uses (n = 1 … 104). A cheating shuffler is refused at that step
 * with the seat named: F1 of docs/SECURITY.md (Y_a ← Y_a + 2·Y_b by the last
 * shuffler), substitutions, masked duplicates, re-masks, swaps after proving,
 * proofs bound to another context or replayed, a wrong S, every proof
 * element altered, random cheating shuffles (fast-check, fixed seed). A proof
 * or statement of the wrong shape gets `false` without being read past its
 * end. The generators match RFC 9380's hash_to_ristretto255 (noble's) of
 * their documented labels and DST, and their cache hands out the same ones.
 */
import { describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { ristretto255_hasher } from '@noble/curves/ed25519.js';
import {
  type Fault,
  type PacketInput,
  type PacketState,
  type ShuffleStep,
  audit,
  createHand,
  decodeShuffleStep,
  encodeShuffleStep,
  makeShuffleStep,
  newPacketSecrets,
  openDeck,
  seededRandom,
  verifyShuffleStep,
} from '../../crypto/index.js';
import { Transcript } from '../../crypto/fiat-shamir.js';
import { type Point, Fn, G, HALF, msm, mulBase, mulSecret, randomScalar } from '../../crypto/group.js';
import { type Deck, advance, deckFromHalves, deckFromPoints, stepContext } from '../../crypto/packet.js';
import { proveShuffleStep } from '../../crypto/steps.js';
import { shuffleGeneratorHalves, shuffleGenerators } from '../../crypto/shuffle-generators.js';
import { randomPermutation, type RandomSource } from '../../crypto/random.js';
import { type ShuffleProof, type ShuffleStatement, proveShuffle, verifyShuffle } from '../../crypto/shuffle-proof.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { type Hooks, SimTable, table } from './sim.js';

const TABLE = new TextEncoder().encode('shuffle-proof');

/** The verdict on `msg` after a trip through the codec, as a peer receives it. */
function receive(state: PacketState, msg: ShuffleStep, rng: RandomSource) {
  const got = decodeShuffleStep(encodeShuffleStep(msg), { hand: state.hand, packet: state.id, seat: msg.header.seat });
  return verifyShuffleStep(state, got, rng);
}

function refused(state: PacketState, msg: ShuffleStep, rng: RandomSource): Fault {
  const v = receive(state, msg, rng);
  if (v.ok) throw new Error('cheating shuffle step was accepted');
  return v.error;
}

/** The honest outputs of a shuffle by (s, perm), before publication. */
function honestOutputs(state: PacketState, s: bigint, perm: readonly number[]): Point[] {
  return perm.map((p) => mulSecret(state.deck.points[p]!, s));
}

function layerOf(state: PacketState, seat: number, s: bigint): Deck {
  const L = state.layers[seat]!.points[0]!;
  return deckFromPoints([L === G ? mulBase(s) : mulSecret(L, s)]);
}

/** A shuffle step whose outputs were rewritten by `mutate`, re-proved with the real prover and the real (s, perm). */
function cheat(state: PacketState, rng: RandomSource, mutate: (Y: Point[], s: bigint) => Point[]): ShuffleStep {
  const seat = state.next;
  const s = randomScalar(rng);
  const perm = randomPermutation(rng, state.size);
  const Y = mutate(honestOutputs(state, s, perm), s);
  return proveShuffleStep(state, seat, s, perm, deckFromPoints(Y), layerOf(state, seat, s), rng);
}

/** The state awaiting the last shuffler of a fresh deck (earlier seats honest). */
function lastShuffler(seats: number, deckSize: 32 | 52, seed: string): { state: PacketState; rng: RandomSource } {
  const rng = seededRandom(seed);
  const hand = createHand({ tableId: TABLE, handNo: 1, seats, deckSize });
  let state = openDeck(hand, 0);
  for (let seat = 0; seat < seats - 1; seat++)
    state = makeShuffleStep(state, seat, newPacketSecrets(0, seat), rng).state;
  return { state, rng };
}

describe('honest shuffle arguments verify', () => {
  test.each([32, 52, 54, 104] as const)('fresh deck of %i cards, every seat of 3', (deckSize) => {
    const sim = table(3, deckSize, `honest/${deckSize}`);
    expect(sim.runPacket(0, null)).toBeNull();
    expect(sim.transcript[0]!.shuffle).toHaveLength(3);
  });

  it('reshuffled packets of 1, 2, 3, 32 and 52 cards (public and hidden inputs mixed), every seat', () => {
    const sim = table(2, 52, 'honest/reshuffle');
    expect(sim.runPacket(0, null)).toBeNull();
    // Public inputs are cards turned up from positions never reused as hidden inputs (the audit tells which).
    const audited = audit({ params: sim.hand.params, packets: sim.transcript }, sim.allSecrets(), {
      rng: sim.rng,
      hand: sim.hand,
    });
    if (audited.verdict !== 'clean') throw new Error('audit of packet 0 failed');
    const turnedUp = (position: number): PacketInput => ({
      kind: 'public',
      card: audited.packets[0]!.cards[position]!,
    });
    const hidden = (position: number): PacketInput => ({ kind: 'hidden', packet: 0, position });
    const packets: PacketInput[][] = [
      [turnedUp(0)],
      [hidden(3), turnedUp(1)],
      [turnedUp(2), hidden(4), hidden(5)],
      [...Array.from({ length: 30 }, (_, i) => hidden(10 + i)), turnedUp(40), turnedUp(41)],
    ];
    packets.forEach((inputs, k) => expect(sim.runPacket(k + 1, inputs)).toBeNull());
    expect(
      sim.runPacket(
        9,
        Array.from({ length: 52 }, (_, i) => ({ kind: 'hidden' as const, packet: 0, position: i })),
      ),
    ).toBeNull();
    expect(sim.transcript.slice(1).map((t) => t.shuffle[1]!.deck.points.length)).toEqual([1, 2, 3, 32, 52]);
    // The reshuffle's base is the seat's T_i, not G.
    const pk = sim.packets.get(3)!;
    expect(pk.layers[1]!.points[0]!.equals(G)).toBe(false);
  });

  test.each([1, 2, 3])('n = %i at the proof level: honest verifies, any change of one output does not', (n) => {
    const rng = seededRandom(`small/${n}`);
    const hand = createHand({ tableId: TABLE, handNo: 1, seats: 2, deckSize: 32 });
    const X = deckFromPoints(hand.cards.slice(0, n));
    const context = stepContext(openDeck(hand, 0), 'shuffle', 0);
    const s = randomScalar(rng);
    const L = deckFromPoints([mulBase(randomScalar(rng))]);
    const S = deckFromPoints([mulSecret(L.points[0]!, s)]);
    for (const perm of n === 1
      ? [[0]]
      : n === 2
        ? [
            [0, 1],
            [1, 0],
          ]
        : [
            [2, 0, 1],
            [1, 2, 0],
            [0, 2, 1],
          ]) {
      const Y = deckFromPoints(perm.map((p) => mulSecret(X.points[p]!, s)));
      const st = { context, base: L, layer: S, X, Y };
      const proof = proveShuffle(st, s, perm, rng);
      expect(verifyShuffle(st, proof, rng)).toBe(true);
      const Y2 = deckFromPoints(Y.points.map((y, j) => (j === n - 1 ? y.add(X.points[0]!) : y)));
      expect(verifyShuffle({ ...st, Y: Y2 }, proveShuffle({ ...st, Y: Y2 }, s, perm, rng), rng)).toBe(false);
    }
  });
});

describe('the prover refuses a malformed witness', () => {
  it('names what is wrong', () => {
    const { state, rng } = lastShuffler(2, 32, 'witness');
    const deck = state.deck;
    const layer = deckFromPoints([mulBase(5n)]);
    const perm = Array.from({ length: 32 }, (_, j) => j);
    expect(() => proveShuffleStep(state, 1, 5n, perm.slice(1), deck, layer, rng)).toThrow(
      /perm is not a permutation of 0\.\.31/,
    );
    expect(() =>
      proveShuffleStep(
        state,
        1,
        5n,
        perm.map(() => 0),
        deck,
        layer,
        rng,
      ),
    ).toThrow(RangeError);
    expect(() => proveShuffleStep(state, 1, 0n, perm, deck, layer, rng)).toThrow(
      /shuffle proof: s: scalar out of range/,
    );
    expect(() => proveShuffleStep(state, 1, 5n, perm, deckFromPoints(deck.points.slice(1)), layer, rng)).toThrow(
      /31 outputs for 32 inputs/,
    );
  });
});

describe('F1: the last shuffler replaces Y_a by Y_a + 2·Y_b', () => {
  it('is refused at that step and the seat is named', () => {
    const { state, rng } = lastShuffler(3, 52, 'f1');
    const seat = state.next;
    expect(seat).toBe(2);
    const s = randomScalar(rng);
    const perm = randomPermutation(rng, state.size);
    const Y = honestOutputs(state, s, perm);
    const [a, b] = [11, 40];
    const forged = Y.map((y, j) => (j === a ? y.add(Y[b]!.double()) : y));
    const layer = layerOf(state, seat, s);
    // The forged deck passes every check except the argument: its points are all distinct...
    expect(new Set(forged.map((p) => p.toHex())).size).toBe(52);
    // ...and the same (s, perm) proves the honest deck.
    expect(receive(state, proveShuffleStep(state, seat, s, perm, deckFromPoints(Y), layer, rng), rng).ok).toBe(true);
    // Re-proved with the real prover and the real witness, the forgery is refused:
    const msg = proveShuffleStep(state, seat, s, perm, deckFromPoints(forged), layer, rng);
    expect(refused(state, msg, rng)).toMatchObject({ seat: 2, code: 'proof', step: 'shuffle', packet: 0 });
    // ...and with any other permutation the prover could claim (a ↔ b swapped, identity).
    const swapped = perm.map((p, j) => (j === a ? perm[b]! : j === b ? perm[a]! : p));
    for (const claim of [swapped, Array.from({ length: 52 }, (_, j) => j)]) {
      expect(
        refused(state, proveShuffleStep(state, seat, s, claim, deckFromPoints(forged), layer, rng), rng),
      ).toMatchObject({ seat: 2, code: 'proof' });
    }
  });

  it('is refused in a full simulated set-up (through the codec), naming the last seat', () => {
    const sim = new SimTable({ tableId: TABLE, handNo: 3, seats: 4, deckSize: 52 }, seededRandom('f1/sim'));
    const make: Hooks['make'] = (kind, seat, state, secrets, rng) => {
      if (kind !== 'shuffle' || seat !== 3) return undefined;
      const msg = cheat(state, rng, (Y) => Y.map((y, j) => (j === 0 ? y.add(Y[1]!.double()) : y)));
      return { message: msg, secrets, state: advance(state, msg.deck, { layer: msg.layer }) };
    };
    expect(sim.runPacket(0, null, { make })).toMatchObject({ seat: 3, code: 'proof', step: 'shuffle' });
  });
});

describe('other cheating shuffles are refused at once, naming the seat', () => {
  const cheats: [string, (Y: Point[], s: bigint, rng: RandomSource) => Point[]][] = [
    [
      'a point substituted by a fresh random point',
      (Y, _s, rng) => Y.map((y, j) => (j === 7 ? mulBase(randomScalar(rng)) : y)),
    ],
    ['a card duplicated under another mask', (Y) => Y.map((y, j) => (j === 5 ? Y[4]!.double() : y))],
    // Y_9 = s′·X_{π(9)} = (s′/s)·Y_9
    [
      'one card re-masked with a different s',
      (Y, s, rng) => Y.map((y, j) => (j === 9 ? y.multiply(Fn.mul(randomScalar(rng), Fn.inv(s))) : y)),
    ],
    ['one card re-masked by 1 + 1 (Y_j doubled)', (Y) => Y.map((y, j) => (j === 0 ? y.double() : y))],
    ['last output negated', (Y) => Y.map((y, j) => (j === Y.length - 1 ? y.negate() : y))],
    [
      'sum of all outputs preserved (Y_0 + G, Y_1 − G)',
      (Y) => Y.map((y, j) => (j === 0 ? y.add(G) : j === 1 ? y.subtract(G) : y)),
    ],
  ];
  test.each(cheats)('%s', (_name, mutate) => {
    const { state, rng } = lastShuffler(3, 32, `cheat/${_name}`);
    expect(
      refused(
        state,
        cheat(state, rng, (Y, s) => mutate(Y, s, rng)),
        rng,
      ),
    ).toMatchObject({ seat: 2, code: 'proof', step: 'shuffle' });
  });

  it('an honest proof checked against an input deck with two points swapped or one changed (Z = Σu_j·X_j regrouped)', () => {
    const { state, rng } = lastShuffler(3, 32, 'input-edit');
    const made = makeShuffleStep(state, 2, newPacketSecrets(0, 2), rng).message;
    expect(receive(state, made, rng).ok).toBe(true);
    const X = state.deck.points;
    const swappedIn = deckFromPoints(X.map((x, j) => (j === 0 ? X[1]! : j === 1 ? X[0]! : x)));
    const bumpedIn = deckFromPoints(X.map((x, j) => (j === 6 ? x.add(G) : x)));
    for (const deck of [swappedIn, bumpedIn]) {
      expect(refused({ ...state, deck }, made, rng)).toMatchObject({ seat: 2, code: 'proof', step: 'shuffle' });
    }
  });

  it('two outputs swapped after proving', () => {
    const { state, rng } = lastShuffler(3, 32, 'swap-after');
    const made = makeShuffleStep(state, 2, newPacketSecrets(0, 2), rng).message;
    const Y = made.deck.points;
    const swapped = { ...made, deck: deckFromPoints(Y.map((y, j) => (j === 3 ? Y[4]! : j === 4 ? Y[3]! : y))) };
    expect(receive(state, made, rng).ok).toBe(true);
    expect(refused(state, swapped, rng)).toMatchObject({ seat: 2, code: 'proof' });
  });

  it('a wrong S: S ≠ s·L, proved with either s', () => {
    const { state, rng } = lastShuffler(3, 32, 'wrong-S');
    const s = randomScalar(rng);
    const sFake = randomScalar(rng);
    const perm = randomPermutation(rng, state.size);
    const deck = deckFromHalves(perm.map((p) => mulSecret(state.deck.points[p]!, Fn.mul(s, HALF))));
    const layer = deckFromPoints([mulBase(sFake)]);
    for (const witness of [s, sFake]) {
      expect(refused(state, proveShuffleStep(state, 2, witness, perm, deck, layer, rng), rng)).toMatchObject({
        seat: 2,
        code: 'proof',
      });
    }
  });

  it('a proof bound to another table, hand, packet, seat or step kind', () => {
    const { state, rng } = lastShuffler(3, 32, 'context');
    const made = makeShuffleStep(state, 2, newPacketSecrets(0, 2), rng);
    const s = made.secrets.shuffle!.s;
    const perm = made.secrets.shuffle!.perm;
    const params = state.hand.params;
    const other = (p: Partial<typeof params>) => openDeck(createHand({ ...params, ...p }), 0);
    const contexts: [string, Uint8Array][] = [
      ['table', stepContext(other({ tableId: new TextEncoder().encode('elsewhere') }), 'shuffle', 2)],
      ['hand', stepContext(other({ handNo: 2 }), 'shuffle', 2)],
      ['packet', stepContext(openDeck(state.hand, 1), 'shuffle', 2)],
      ['seat', stepContext(state, 'shuffle', 1)],
      ['step kind', stepContext(state, 'lock', 2)],
    ];
    const st = { base: state.layers[2]!, layer: made.message.layer, X: state.deck, Y: made.message.deck };
    expect(receive(state, made.message, rng).ok).toBe(true);
    for (const [name, context] of contexts) {
      const proof = proveShuffle({ ...st, context }, s, perm, rng);
      expect(verifyShuffle({ ...st, context }, proof, rng), name).toBe(true);
      expect(refused(state, { ...made.message, proof }, rng), name).toMatchObject({ seat: 2, code: 'proof' });
    }
  });

  it("a proof replayed from another step (seat 1's, or seat 2's own for another deck)", () => {
    const rng = seededRandom('replay');
    const hand = createHand({ tableId: TABLE, handNo: 1, seats: 3, deckSize: 32 });
    const s0 = makeShuffleStep(openDeck(hand, 0), 0, newPacketSecrets(0, 0), rng);
    const s1 = makeShuffleStep(s0.state, 1, newPacketSecrets(0, 1), rng);
    const s2 = makeShuffleStep(s1.state, 2, newPacketSecrets(0, 2), rng);
    // Seat 2 republishes seat 1's output, layer and proof under its own name.
    expect(refused(s1.state, { ...s1.message, header: s2.message.header }, rng)).toMatchObject({
      seat: 2,
      code: 'proof',
    });
    // Seat 2 keeps its deck but attaches seat 1's proof.
    expect(refused(s1.state, { ...s2.message, proof: s1.message.proof }, rng)).toMatchObject({
      seat: 2,
      code: 'proof',
    });
    // The same step, received again after it was applied, is out of turn.
    expect(refused(s2.state, s2.message, rng)).toMatchObject({ seat: 2, code: 'turn' });
  });
});

describe('every element of the proof matters', () => {
  const rng = seededRandom('elements');
  const { state } = lastShuffler(2, 32, 'elements');
  const honest = makeShuffleStep(state, 1, newPacketSecrets(0, 1), rng).message;
  const n = state.size;
  const bumpPoint = (d: Deck, k: number, by: Point = G): Deck =>
    deckFromPoints(d.points.map((p, i) => (i === k ? p.add(by) : p)));
  const swapPoints = (d: Deck, a: number, b: number): Deck =>
    deckFromPoints(d.points.map((p, i) => (i === a ? d.points[b]! : i === b ? d.points[a]! : p)));
  const bump = (xs: readonly bigint[], k: number, by = 1n) => xs.map((x, i) => (i === k ? Fn.add(x, by) : x));
  const edits: [string, (p: ShuffleProof) => ShuffleProof][] = [];
  for (const k of [0, n - 1]) {
    edits.push([`c[${k}] + G`, (p) => ({ ...p, c: bumpPoint(p.c, k) })]);
    edits.push([`chain[${k}] + G`, (p) => ({ ...p, chain: bumpPoint(p.chain, k) })]);
    edits.push([`tChain[${k}] + G`, (p) => ({ ...p, tChain: bumpPoint(p.tChain, k) })]);
    edits.push([`zChain[${k}] + 1`, (p) => ({ ...p, zChain: bump(p.zChain, k) })]);
    edits.push([`zPerm[${k}] + 1`, (p) => ({ ...p, zPerm: bump(p.zPerm, k) })]);
    edits.push([`zPerm[${k}] = 0`, (p) => ({ ...p, zPerm: p.zPerm.map((z, i) => (i === k ? 0n : z)) })]);
  }
  for (let k = 0; k < 5; k++) edits.push([`t[${k}] + G`, (p) => ({ ...p, t: bumpPoint(p.t, k) })]);
  for (let k = 0; k < 5; k++)
    edits.push([
      `t[${k}] doubled`,
      (p) => ({ ...p, t: deckFromPoints(p.t.points.map((x, i) => (i === k ? x.double() : x))) }),
    ]);
  for (let k = 0; k < 4; k++) edits.push([`z[${k}] + 1`, (p) => ({ ...p, z: bump(p.z, k) })]);
  edits.push(['c[0] ↔ c[1]', (p) => ({ ...p, c: swapPoints(p.c, 0, 1) })]);
  // The verifier regroups the c_j terms as Σc_j and Σu_j·c_j (crypto/shuffle-proof.ts): an edit that keeps Σc_j.
  edits.push(['c[0] + G and c[1] − G (Σc kept)', (p) => ({ ...p, c: bumpPoint(bumpPoint(p.c, 0), 1, G.negate()) })]);
  edits.push([
    'c[2] + c[3] − c[4] for c[2], with c[3] and c[4] swapped (Σc kept)',
    (p) => ({
      ...p,
      c: deckFromPoints(
        p.c.points.map((x, i) =>
          i === 2
            ? x.add(p.c.points[3]!).subtract(p.c.points[4]!)
            : i === 3
              ? p.c.points[4]!
              : i === 4
                ? p.c.points[3]!
                : x,
        ),
      ),
    }),
  ]);
  edits.push(['chain[0] ↔ chain[1]', (p) => ({ ...p, chain: swapPoints(p.chain, 0, 1) })]);
  edits.push(['tChain[2] ↔ tChain[3]', (p) => ({ ...p, tChain: swapPoints(p.tChain, 2, 3) })]);
  edits.push([
    'zPerm[0] ↔ zPerm[1]',
    (p) => ({ ...p, zPerm: p.zPerm.map((z, i) => (i === 0 ? p.zPerm[1]! : i === 1 ? p.zPerm[0]! : z)) }),
  ]);
  edits.push(['zChain reversed', (p) => ({ ...p, zChain: [...p.zChain].reverse() })]);
  edits.push([
    'c replaced by another proof’s c',
    (p) => ({ ...p, c: makeShuffleStep(state, 1, newPacketSecrets(0, 1), rng).message.proof.c }),
  ]);
  edits.push(['S replaced', (p) => p]); // handled below: changes the statement, not the proof

  it('the untouched message verifies', () => {
    expect(receive(state, honest, rng).ok).toBe(true);
  });
  test.each(edits)('%s is refused', (name, edit) => {
    const msg =
      name === 'S replaced'
        ? { ...honest, layer: bumpPoint(honest.layer, 0) }
        : { ...honest, proof: edit(honest.proof) };
    expect(refused(state, msg, rng)).toMatchObject({ seat: 1, code: 'proof', step: 'shuffle' });
  });
});

describe('random cheating shuffles (property, fixed seed)', () => {
  type Kind = 'honest' | 'combination' | 'substitution' | 'remask';
  const arb = fc.record({
    kind: fc.constantFrom<Kind>('honest', 'combination', 'substitution', 'remask'),
    a: fc.nat(31),
    b: fc.nat(31),
    alpha: fc.bigInt({ min: -1000n, max: 1000n }),
    beta: fc.bigInt({ min: -1000n, max: 1000n }),
    seed: fc.string({ maxLength: 6 }),
  });
  it('honest ones are accepted and every cheating one is refused, naming the seat', () => {
    const { state } = lastShuffler(2, 32, 'property');
    let seen = { honest: 0, cheats: 0 };
    fc.assert(
      fc.property(arb, ({ kind, a, b, alpha, beta, seed }) => {
        const rng = seededRandom(`property/${seed}`);
        const mutate = (Y: Point[]): Point[] => {
          if (kind === 'honest') return Y;
          if (kind === 'substitution') return Y.map((y, j) => (j === a ? mulBase(randomScalar(rng)) : y));
          if (kind === 'remask')
            return Y.map((y, j) => (j === a ? y.multiply(Fn.create(alpha) > 1n ? Fn.create(alpha) : 3n) : y));
          // Y_a ← α·Y_a + β·Y_b (a linear combination that is not Y_a itself).
          const al = Fn.create(alpha);
          const be = a === b ? 0n : Fn.create(beta);
          const [ca, cb] = (al === 1n && be === 0n) || (al === 0n && be === 0n) ? [1n, 2n] : [al, be];
          return Y.map((y, j) =>
            j !== a ? y : a === b ? y.multiply(ca === 1n ? 2n : ca) : mulOrZero(y, ca).add(mulOrZero(Y[b]!, cb)),
          );
        };
        const msg = cheat(state, rng, mutate);
        // A cheat that collapses a point to the identity cannot even be encoded; skip it as the codec would refuse it.
        if (msg.deck.points.some((p) => p.is0())) return;
        const v = receive(state, msg, rng);
        if (kind === 'honest') {
          seen = { ...seen, honest: seen.honest + 1 };
          expect(v.ok).toBe(true);
        } else {
          seen = { ...seen, cheats: seen.cheats + 1 };
          expect(!v.ok && v.error).toMatchObject({
            seat: 1,
            code: expect.stringMatching(/^(proof|duplicate)$/) as unknown as string,
          });
        }
      }),
      { seed: 0x5eed, numRuns: 24 },
    );
    expect(seen.honest).toBeGreaterThan(0);
    expect(seen.cheats).toBeGreaterThan(0);
  });
});

function mulOrZero(p: Point, k: bigint): Point {
  return k === 0n ? p.subtract(p) : p.multiply(k);
}

const N = 4;
const DST = 'fairdeck-v1-shuffle-generators_ristretto255_XMD:SHA-512_R255MAP_RO_';

/** An honest statement and proof for N cards, on base G (a fresh deck) or on another base (after a re-layer). */
function honestProof(onG: boolean, seed: string): { st: ShuffleStatement; proof: ShuffleProof } {
  const rng = seededRandom(seed);
  const X = Array.from({ length: N }, () => mulBase(randomScalar(rng)));
  const s = randomScalar(rng);
  const perm = randomPermutation(rng, N);
  const L = onG ? G : mulBase(randomScalar(rng));
  const st: ShuffleStatement = {
    context: new TextEncoder().encode(`shapes ${seed}`),
    base: deckFromPoints([L]),
    layer: deckFromPoints([onG ? mulBase(s) : mulSecret(L, s)]),
    X: deckFromPoints(X),
    Y: deckFromPoints(perm.map((p) => mulSecret(X[p]!, s))),
  };
  return { st, proof: proveShuffle(st, s, perm, rng) };
}

const shorter = (d: Deck): Deck => deckFromPoints(d.points.slice(0, -1));
const longer = (d: Deck): Deck => deckFromPoints([...d.points, G]);
/** The same points with their encodings one point short: the two halves of a deck disagree. */
const bytesShort = (d: Deck): Deck => ({ points: d.points, bytes: d.bytes.slice(0, -32) });
const bytesLong = (d: Deck): Deck => ({ points: d.points, bytes: new Uint8Array([...d.bytes, ...G.toBytes()]) });

describe('verifyShuffle refuses a proof or statement of the wrong shape, without throwing', () => {
  it.each([true, false])('the honest proof verifies (base G: %s)', (onG) => {
    const { st, proof } = honestProof(onG, `honest ${onG}`);
    expect(verifyShuffle(st, proof, seededRandom('verifier'))).toBe(true);
  });

  const proofEdits: [string, (p: ShuffleProof) => ShuffleProof][] = [];
  for (const part of ['c', 'chain', 't', 'tChain'] as const) {
    proofEdits.push([`${part} one point short`, (p) => ({ ...p, [part]: shorter(p[part]) })]);
    proofEdits.push([`${part} one point long`, (p) => ({ ...p, [part]: longer(p[part]) })]);
    proofEdits.push([`${part} with its encodings one point short`, (p) => ({ ...p, [part]: bytesShort(p[part]) })]);
    proofEdits.push([`${part} with its encodings one point long`, (p) => ({ ...p, [part]: bytesLong(p[part]) })]);
  }
  for (const part of ['z', 'zChain', 'zPerm'] as const) {
    proofEdits.push([`${part} one response short`, (p) => ({ ...p, [part]: p[part].slice(0, -1) })]);
    proofEdits.push([`${part} one response long`, (p) => ({ ...p, [part]: [...p[part], 1n] })]);
  }

  test.each(proofEdits)('a proof with %s', (_name, edit) => {
    for (const onG of [true, false]) {
      const { st, proof } = honestProof(onG, 'proof shapes');
      expect(verifyShuffle(st, edit(proof), seededRandom('verifier'))).toBe(false);
    }
  });

  const statementEdits: [string, (st: ShuffleStatement) => ShuffleStatement][] = [
    ['one output fewer than inputs', (st) => ({ ...st, Y: shorter(st.Y) })],
    ['one output more than inputs', (st) => ({ ...st, Y: longer(st.Y) })],
    ['no cards at all', (st) => ({ ...st, X: deckFromPoints([]), Y: deckFromPoints([]) })],
    ['a base of two points', (st) => ({ ...st, base: longer(st.base) })],
    ['no base', (st) => ({ ...st, base: deckFromPoints([]) })],
    ['a layer of two points', (st) => ({ ...st, layer: longer(st.layer) })],
    ['no layer', (st) => ({ ...st, layer: deckFromPoints([]) })],
  ];

  test.each(statementEdits)('a statement with %s', (_name, edit) => {
    const { st, proof } = honestProof(false, 'statement shapes');
    expect(verifyShuffle(edit(st), proof, seededRandom('verifier'))).toBe(false);
  });

  it('a statement with no cards and a proof shaped for none (five t, four z, nothing else)', () => {
    const { st, proof } = honestProof(false, 'empty');
    const none = deckFromPoints([]);
    const empty: ShuffleProof = { ...proof, c: none, chain: none, tChain: none, zChain: [], zPerm: [] };
    expect(verifyShuffle({ ...st, X: none, Y: none }, empty, seededRandom('verifier'))).toBe(false);
  });
});

/** shuffle-generators.ts loaded now: its cache lives in module variables (test/helpers/loaded-now.ts). */
async function freshGenerators() {
  return loadedNow(() => import('../../crypto/shuffle-generators.js'));
}

/** RFC 9380 hash_to_ristretto255 by noble of the documented message: Transcript('shuffle-generator'), label, index. */
function expectedGenerator(label: string, index: number): Point {
  const msg = new Transcript('shuffle-generator').bytes(new TextEncoder().encode(label)).u32(index).digest();
  return ristretto255_hasher.hashToCurve(msg, { DST }) as unknown as Point;
}

describe('the shuffle generators', () => {
  it('H_j and the chain base H are hash_to_ristretto255 of their documented labels under the documented DST', async () => {
    const gens = await freshGenerators();
    expect(gens.GENERATOR_DST).toBe(DST);
    const { H } = gens.shuffleGenerators(3);
    expect(H.map((p) => p.toHex())).toEqual([0, 1, 2].map((j) => expectedGenerator('commitment', j).toHex()));
    expect(gens.chainGenerator().toHex()).toBe(expectedGenerator('chain', 0).toHex());
    expect(new Set([...H, gens.chainGenerator(), G].map((p) => p.toHex())).size).toBe(5);
  });

  it('a list grows to the largest n asked for; each n gets the prefix, the same object every time', async () => {
    const gens = await freshGenerators();
    const three = gens.shuffleGenerators(3);
    const five = gens.shuffleGenerators(5);
    expect(three.H).toHaveLength(3);
    expect(three.Htables).toHaveLength(3);
    // Each table is H_j's: a multi-scalar multiplication with it gives what one without gives.
    three.H.forEach((h, j) => expect(msm([h], [12345n], [three.Htables[j]]).toHex()).toBe(h.multiply(12345n).toHex()));
    expect(five.H).toHaveLength(5);
    expect(five.H.slice(0, 3)).toEqual(three.H);
    expect(five.H[4]?.toHex()).toBe(expectedGenerator('commitment', 4).toHex());
    expect(gens.shuffleGenerators(3)).toBe(three);
    expect(gens.shuffleGenerators(5)).toBe(five);
  });

  it('the halves double to the generators, and are kept per n', async () => {
    const gens = await freshGenerators();
    const halves = gens.shuffleGeneratorHalves(4);
    expect(halves.map((h) => h.double().toHex())).toEqual(gens.shuffleGenerators(4).H.map((p) => p.toHex()));
    expect(gens.shuffleGeneratorHalves(4)).toBe(halves);
    expect(gens.shuffleGeneratorHalves(2)).toEqual(halves.slice(0, 2));
  });

  it('the chain base, its tables and the table of G are built once and handed out again', async () => {
    const gens = await freshGenerators();
    expect(gens.chainGenerator()).toBe(gens.chainGenerator());
    const tables = gens.fixedMsmTables();
    expect(tables.G).toBeDefined();
    expect(tables.H).toBeDefined();
    expect(gens.fixedMsmTables().G).toBe(tables.G);
    expect(gens.fixedMsmTables().H).toBe(tables.H);
    const fixed = gens.chainTable();
    expect(fixed.point.toHex()).toBe(gens.chainGenerator().toHex());
    expect(gens.chainTable()).toBe(fixed);
  });

  it.each([0, 1.5, 105])('n = %s is refused, naming the argument', async (n) => {
    const gens = await freshGenerators();
    expect(() => gens.shuffleGenerators(n)).toThrow(/^shuffle generators: n/);
  });
});

describe("shuffle generators: the prover's halves (made apart from what the verifier needs)", () => {
  it('H_j/2 doubled is H_j, for every j of a 52-card deck, and a shorter list is a prefix of the longer', () => {
    const { H } = shuffleGenerators(52);
    const halves = shuffleGeneratorHalves(52);
    expect(halves).toHaveLength(52);
    halves.forEach((half, j) => expect(half.double().equals(H[j]!)).toBe(true));
    const short = shuffleGeneratorHalves(32);
    short.forEach((half, j) => expect(half.equals(halves[j]!)).toBe(true));
    expect(halves[0]!.equals(H[0]!)).toBe(false);
  });
});
