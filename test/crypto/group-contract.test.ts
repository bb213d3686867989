/**
 * The contract of crypto/group.ts that the protocol leans on and the vector
 * tests (group.test.ts, hash-to-group.test.ts) leave open: the named asserts
 * (`ascalar`) and strict decoders (`decodePoint` at exactly p,
 * `decodeResponse`) with their precise messages; every
 * scalar multiplication reducing any bigint scalar mod ℓ (negative, ℓ, above
 * ℓ) as noble does; the zero-retry of the random scalars; the wide reduction;
 * the MSM table bounds and the deck-table cache. Module-level constants of
 * group.ts, edwards.ts and edwards-secret.ts (p, 2^255 − 1, 2d, ½ mod ℓ, the
 * identities, the comb's window count) are checked through modules loaded
 * inside the test (test/helpers/loaded-now.ts, stryker-js issue 6144),
 * against noble.
 */
import { describe, expect, it, test } from 'vitest';
import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import {
  G,
  ORDER,
  ascalar,
  decodePoint,
  decodeResponse,
  deckMsmTable,
  encodePoint,
  fixedBase,
  hashToGroup,
  hashToScalarWide,
  invMod,
  leToBigint,
  msm,
  msmSecret,
  msmTable,
  mulBase,
  mulFixed,
  mulPublic,
  mulSecret,
  precomputeBase,
  randomScalar,
  randomShort,
} from '../../crypto/group.js';
import { seededRandom } from '../../crypto/random.js';
import { loadedNow } from '../helpers/loaded-now.js';

const NP = ristretto255.Point;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const P = 2n ** 255n - 19n;
const le32 = (x: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((x >> BigInt(8 * i)) & 0xffn);
  return out;
};
/** noble's k·B for any bigint k (reduced mod ℓ first), as an encoding. */
const nobleMul = (point: InstanceType<typeof NP>, k: bigint) => {
  const r = ((k % ORDER) + ORDER) % ORDER;
  return hex((r === 0n ? NP.ZERO : point.multiply(r)).toBytes());
};
const Q = NP.BASE.multiply(0x1234_5678_9abc_def0n);
const q = decodePoint(Q.toBytes(), 'Q');

/** Scalars outside [0, ℓ) and at its edges: each must act as k mod ℓ. */
const SCALARS: [string, bigint][] = [
  ['ℓ + 5', ORDER + 5n],
  ['2ℓ + 1', 2n * ORDER + 1n],
  ['−3', -3n],
  ['−ℓ − 7', -ORDER - 7n],
  ['2^255 + 9', 2n ** 255n + 9n],
  ['2^256 + 5 (beyond the 256 bits a table or digit recoding reads)', 2n ** 256n + 5n],
  ['2^300 + 7', 2n ** 300n + 7n],
  ['ℓ − 1', ORDER - 1n],
  ['1', 1n],
];

describe('every multiplication reduces its scalar mod ℓ', () => {
  test.each(SCALARS)('k = %s', (_name, k) => {
    expect(hex(encodePoint(mulBase(k)))).toBe(nobleMul(NP.BASE, k));
    expect(hex(encodePoint(mulFixed(fixedBase(q), k)))).toBe(nobleMul(Q, k));
    expect(hex(encodePoint(mulSecret(q, k)))).toBe(nobleMul(Q, k));
    expect(hex(encodePoint(mulPublic(q, ((k % ORDER) + ORDER) % ORDER)))).toBe(nobleMul(Q, k));
    expect(hex(encodePoint(msmSecret([q, G], [k, 3n])))).toBe(
      hex(NP.fromHex(nobleMul(Q, k)).add(NP.BASE.multiply(3n)).toBytes()),
    );
  });

  it('mulPublic is k·P for a public k, and precomputeBase changes no result', () => {
    expect(hex(encodePoint(mulPublic(q, 12345n)))).toBe(nobleMul(Q, 12345n));
    const before = hex(encodePoint(mulBase(987654321n)));
    precomputeBase();
    expect(hex(encodePoint(mulBase(987654321n)))).toBe(before);
    expect(before).toBe(nobleMul(NP.BASE, 987654321n));
  });

  it('msmSecret refuses lists of different lengths', () => {
    expect(() => msmSecret([q, G], [1n])).toThrow(RangeError);
    expect(() => msmSecret([q, G], [1n])).toThrow(/^msmSecret: length mismatch$/);
  });
});

describe('named asserts and strict decoders', () => {
  test.each([
    ['1', 1n],
    ['ℓ − 1', ORDER - 1n],
  ])('ascalar accepts %s', (_name, x) => {
    expect(ascalar(x, 'k')).toBe(x);
  });

  test.each([
    ['0', 0n],
    ['−1', -1n],
    ['ℓ', ORDER],
    ['ℓ + 1', ORDER + 1n],
  ])('ascalar refuses %s with a RangeError', (_name, x) => {
    expect(() => ascalar(x, 'lock k[2]')).toThrow(RangeError);
    expect(() => ascalar(x, 'lock k[2]')).toThrow(/^lock k\[2\]: scalar out of range 1\.\.ℓ-1$/);
  });

  it('ascalar refuses what is not a bigint with a TypeError', () => {
    expect(() => ascalar(5, 'k')).toThrow(TypeError);
  });

  it('decodeResponse: 0 and ℓ − 1 decode, ℓ and above are refused naming the field', () => {
    expect(decodeResponse(le32(0n), 'z')).toBe(0n);
    expect(decodeResponse(le32(ORDER - 1n), 'z')).toBe(ORDER - 1n);
    for (const x of [ORDER, ORDER + 1n, 2n ** 256n - 1n]) {
      expect(() => decodeResponse(le32(x), 'proof.z[1]')).toThrow(RangeError);
      expect(() => decodeResponse(le32(x), 'proof.z[1]')).toThrow(
        /^proof\.z\[1\]: scalar out of range \(≥ group order\)$/,
      );
    }
    expect(() => decodeResponse(new Uint8Array(31), 'z')).toThrow(/z: expected 32 bytes, got 31/);
  });

  it('decodePoint refuses the field element p itself (≥ p), not only larger ones', () => {
    expect(() => decodePoint(le32(P), 'deck[0]')).toThrow(/^deck\[0\]: non-canonical encoding \(field element ≥ p\)$/);
    expect(() => decodePoint(le32(P - 2n), 'deck[0]')).toThrow(
      /^deck\[0\]: non-canonical encoding \(negative field element\)$/,
    );
  });
});

describe('scalars from bytes and randomness', () => {
  it('hashToScalarWide is the 64-byte little-endian value mod ℓ; leToBigint the plain value; invMod the inverse', () => {
    const digest = new Uint8Array(64).map((_, i) => (i * 37 + 11) & 0xff);
    const value = [...digest].reverse().reduce((x, b) => (x << 8n) | BigInt(b), 0n);
    expect(hashToScalarWide(digest)).toBe(value % ORDER);
    expect(leToBigint(digest.subarray(0, 3))).toBe(11n + 48n * 256n + 85n * 65536n);
    for (const a of [2n, 7n, ORDER - 1n, 0xdeadbeefn]) expect((a * invMod(a)) % ORDER).toBe(1n);
  });

  it('invMod, a module-level arrow function, is the inverse mod ℓ when its module is loaded afresh', async () => {
    const fresh = await loadedNow(() => import('../../crypto/group.js'));
    for (const a of [2n, 7n, ORDER - 1n]) expect((a * fresh.invMod(a)) % ORDER).toBe(1n);
  });

  it('randomScalar and randomShort never return zero: an all-zero draw is drawn again', () => {
    const zeroFirst = (after: string) => {
      const rng = seededRandom(after);
      let first = true;
      return (n: number) => {
        if (first) {
          first = false;
          return new Uint8Array(n);
        }
        return rng(n);
      };
    };
    const s = randomScalar(zeroFirst('scalar'));
    expect(s).not.toBe(0n);
    expect(s).toBe(randomScalar(seededRandom('scalar')));
    const w = randomShort(zeroFirst('short'));
    expect(w).not.toBe(0n);
    expect(w).toBe(randomShort(seededRandom('short')));
    expect(w < 2n ** 128n).toBe(true);
  });
});

describe('MSM tables', () => {
  test.each([3, 9, 4.5, Number.NaN])('msmTable refuses width %s', (width) => {
    expect(() => msmTable(q, width)).toThrow(RangeError);
    expect(() => msmTable(q, width)).toThrow(new RegExp(`^msmTable: width ${width} outside 4\\.\\.8$`));
  });

  test.each([4, 8])('msmTable of width %s gives the same MSM as none', (width) => {
    const expected = hex(encodePoint(msm([q, G], [77n, 5n])));
    expect(hex(encodePoint(msm([q, G], [77n, 5n], [msmTable(q, width), undefined])))).toBe(expected);
    expect(expected).toBe(hex(Q.multiply(77n).add(NP.BASE.multiply(5n)).toBytes()));
  });

  it('deckMsmTable builds a table once per point and returns that one after', () => {
    const p = mulBase(4242n);
    const t = deckMsmTable(p);
    expect(t).toBeDefined();
    expect(deckMsmTable(p)).toBe(t);
    expect(deckMsmTable(mulBase(4243n))).not.toBe(t);
  });
});

describe('module-level constants, loaded inside the test', () => {
  it('group.ts, edwards.ts and edwards-secret.ts agree with noble when loaded afresh', async () => {
    const fresh = await loadedNow(() => import('../../crypto/group.js'));
    const edwards = await import('../../crypto/edwards.js');
    // p, 2^255 − 1: reduction at and around p.
    expect([0n, 1n, P - 1n, P, P + 1n, 2n * P + 5n, 2n ** 256n - 1n, 2n ** 510n].map(edwards.rd)).toEqual([
      0n,
      1n,
      P - 1n,
      0n,
      1n,
      5n,
      (2n ** 256n - 1n) % P,
      2n ** 510n % P,
    ]);
    expect([-1n, -P, -P - 2n, 3n].map(edwards.md)).toEqual([P - 1n, 0n, P - 2n, 3n]);
    // ½ mod ℓ.
    expect((2n * fresh.HALF) % ORDER).toBe(1n);
    // 2d, the identities, the comb: points through every path, against noble.
    for (const k of [1n, 2n, 0x1234_5678_9abc_def0_1122n, ORDER - 1n]) {
      const expected = nobleMul(NP.BASE, k);
      expect(hex(fresh.encodePoint(fresh.mulBase(k)))).toBe(expected);
      expect(hex(fresh.encodePoint(fresh.mulSecret(fresh.G, k)))).toBe(expected);
      expect(hex(fresh.encodePoint(fresh.msm([fresh.G], [k])))).toBe(expected);
      expect(hex(fresh.encodePoint(fresh.decodePoint(NP.fromHex(expected).toBytes(), 'x')))).toBe(expected);
    }
    expect(hex(fresh.encodePoint(fresh.sumPoints([fresh.G, fresh.mulBase(2n)])))).toBe(nobleMul(NP.BASE, 3n));
    expect(fresh.sumPoints([]).is0()).toBe(true);
    expect(hex(fresh.encodeDoubled([fresh.G, fresh.mulBase(5n)]))).toBe(nobleMul(NP.BASE, 2n) + nobleMul(NP.BASE, 10n));
    const msg = new TextEncoder().encode('fresh module');
    expect(hex(fresh.encodePoint(fresh.hashToGroup(msg, 'fairdeck-test')))).toBe(
      hex(ristretto255_hasher.hashToCurve(msg, { DST: 'fairdeck-test' }).toBytes()),
    );
    expect(hex(fresh.encodePoint(hashToGroup(msg, 'fairdeck-test')))).toBe(
      hex(fresh.encodePoint(fresh.hashToGroup(msg, 'fairdeck-test'))),
    );
  });
});
