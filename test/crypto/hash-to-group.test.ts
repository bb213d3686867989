/**
 * The project's hash_to_ristretto255 (crypto/group.ts `hashToGroup`, the MAP
 * of RFC 9496 §4.3.4 in crypto/edwards.ts), which derives card points and the
 * shuffle argument's generators, against noble's `ristretto255_hasher`: RFC
 * 9496 element derivation (`deriveToCurve`) of edge and assorted field
 * elements, and random messages and DSTs (fast-check, fixed seed); plus the
 * helpers `sumPoints` and `deckMsmTable` of the regrouped verifiers.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { G, deckMsmTable, hashToGroup, msm, mulBase, sumPoints } from '../../crypto/group.js';
import { elligatorMap, fromExt } from '../../crypto/edwards.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const P = 2n ** 255n - 19n;
const le32 = (x: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((x >> BigInt(8 * i)) & 0xffn);
  return out;
};

describe('hash to ristretto255', () => {
  it('agrees with noble on random messages and DSTs (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.string({ minLength: 1, maxLength: 40 }), (msg, dst) => {
        expect(hex(hashToGroup(msg, dst).toBytes())).toBe(
          hex(ristretto255_hasher.hashToCurve(msg, { DST: dst }).toBytes()),
        );
      }),
      { numRuns: 60, seed: 20261123 },
    );
  });

  it('the map agrees with noble at edge field elements and 40 assorted ones (about half take each branch)', () => {
    // deriveToCurve(a ‖ b) = MAP(a) + MAP(b); with a = b it is 2·MAP(a), so MAP(a) is checked up to the doubling.
    const edges = [0n, 1n, 2n, P - 1n, P - 2n, (P - 1n) / 2n, 2n ** 254n, 2n ** 255n - 20n];
    for (let i = 0; i < 40; i++) edges.push((0x9e3779b97f4a7c15n * BigInt(i + 1)) ** 4n % P);
    for (const t of edges) {
      const bytes = new Uint8Array(64);
      bytes.set(le32(t), 0);
      bytes.set(le32(t), 32);
      const theirs = ristretto255_hasher.deriveToCurve!(bytes);
      const mine = fromExt(elligatorMap(t));
      expect(hex(mine.double().toBytes()), `t = ${t}`).toBe(hex(theirs.toBytes()));
    }
  });

  it('distinct inputs give distinct points (no fixed output)', () => {
    const a = hashToGroup(new Uint8Array([1]), 'fairdeck-test');
    const b = hashToGroup(new Uint8Array([2]), 'fairdeck-test');
    const c = hashToGroup(new Uint8Array([1]), 'fairdeck-test-2');
    expect(a.equals(b) || a.equals(c) || b.equals(c)).toBe(false);
  });
});

describe('helpers of the regrouped verifiers', () => {
  it('sumPoints is the sum, and deckMsmTable gives the same MSM as a fresh table', () => {
    const pts = [1n, 2n, 3n, 5n, 8n].map((k) => mulBase(k * 1234567n));
    let expected = ristretto255.Point.ZERO;
    for (const p of pts) expected = expected.add(p);
    expect(sumPoints(pts).equals(expected)).toBe(true);
    expect(sumPoints([]).is0()).toBe(true);
    const ks = [3n, 2n ** 127n + 1n, 5n, 7n, 2n ** 200n];
    const tables = pts.map(deckMsmTable);
    expect(deckMsmTable(pts[0]!)).toBe(tables[0]); // kept
    expect(msm(pts, ks, tables).equals(msm(pts, ks))).toBe(true);
    expect(msm([G], [1n], [deckMsmTable(G)]).equals(G)).toBe(true);
  });
});
