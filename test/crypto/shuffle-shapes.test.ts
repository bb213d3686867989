/**
 * What the shuffle argument's verifier does before any arithmetic, and where
 * its generators come from (crypto/shuffle-proof.ts `verifyShuffle`,
 * crypto/shuffle-generators.ts). A peer's proof or statement of the wrong
 * shape — a deck one point short or long, encodings that do not match the
 * points, a response list of the wrong length, a statement with no cards —
 * must be refused with `false`, never crash the verifier or be read past its
 * end; the first mutation run of these files (issue 17) showed no test sent
 * one. The generators are recomputed here from RFC 9380's
 * hash_to_ristretto255 (noble's, not the project's) with the labels and DST
 * the files document, so a changed label, index or DST — which would make
 * every recorded transcript unverifiable — fails here, and the per-process
 * cache is checked to hand out the same generators and tables each time.
 */
import { describe, expect, it, test } from 'vitest';
import { ristretto255_hasher } from '@noble/curves/ed25519.js';
import { seededRandom } from '../../crypto/index.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { Transcript } from '../../crypto/fiat-shamir.js';
import { type Point, G, msm, mulBase, mulSecret, randomScalar } from '../../crypto/group.js';
import { type Deck, deckFromPoints } from '../../crypto/packet.js';
import { randomPermutation } from '../../crypto/random.js';
import { type ShuffleProof, type ShuffleStatement, proveShuffle, verifyShuffle } from '../../crypto/shuffle-proof.js';

const N = 4;
const DST = 'fairdeck-v1-shuffle-generators_ristretto255_XMD:SHA-512_R255MAP_RO_';

/** An honest statement and proof for N cards, on base G (a fresh deck) or on another base (after a re-layer). */
function honest(onG: boolean, seed: string): { st: ShuffleStatement; proof: ShuffleProof } {
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
    const { st, proof } = honest(onG, `honest ${onG}`);
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
      const { st, proof } = honest(onG, 'proof shapes');
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
    const { st, proof } = honest(false, 'statement shapes');
    expect(verifyShuffle(edit(st), proof, seededRandom('verifier'))).toBe(false);
  });

  it('a statement with no cards and a proof shaped for none (five t, four z, nothing else)', () => {
    const { st, proof } = honest(false, 'empty');
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
