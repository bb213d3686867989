/**
 * crypto/group.ts, the ristretto255 group (RFC 9496), with its Edwards
 * arithmetic (edwards.ts, edwards-secret.ts), checked against the RFC's
 * vectors and noble: encodings, derived points and constants match; decoding
 * refuses every invalid encoding with its reason; every multiplication, MSM
 * and table agrees with noble and reduces any bigint scalar mod ℓ; the named
 * asserts and strict decoders give precise messages; random scalars are never
 * zero; module-level constants hold in a module loaded inside the test
 * (test/helpers/loaded-now.ts).
 */
import { describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { msmBuckets, msmVartime } from '../../crypto/edwards.js';
import { ed25519, ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import {
  G,
  HALF,
  ORDER,
  Point,
  _constants,
  ascalar,
  decodePoint,
  decodeResponse,
  decodeScalar,
  deckMsmTable,
  encodeDoubled,
  encodePoint,
  encodeScalar,
  fixedBase,
  hashToGroup,
  hashToScalarWide,
  invMod,
  leToBigint,
  BUCKET_MSM_FROM,
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
import { addCached, dbl, dblNoT, fromExt, invertFixed, toCached, toExt } from '../../crypto/edwards.js';
import { decodeHints, decodeHintsOf } from '../../crypto/decode-hints.js';
import { signedDigits } from '../../crypto/edwards-secret.js';
import { loadedNow } from '../helpers/loaded-now.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const unhex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));
const P = 2n ** 255n - 19n;
const modp = (x: bigint) => ((x % P) + P) % P;
const powp = (b: bigint, e: bigint) => {
  let r = 1n;
  let x = modp(b);
  for (let k = e; k > 0n; k >>= 1n) {
    if (k & 1n) r = (r * x) % P;
    x = (x * x) % P;
  }
  return r;
};

// RFC 9496 Appendix A.1: encodings of 0·B .. 15·B.
const MULTIPLES = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  'e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76',
  '6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919',
  '94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259',
  'da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57',
  'e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e',
  'f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403',
  '44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d',
  '903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c',
  '02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031',
  '20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f',
  'bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42',
  'e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460',
  'aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f',
  '46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e',
  'e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e',
];

// RFC 9496 Appendix A.2: invalid encodings, with the reason our decoder must give.
const BAD_ENCODINGS: [string, string, RegExp][] = [
  [
    'non-canonical 2^256-1 top bit',
    '00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
    /non-canonical/,
  ],
  ['non-canonical 2^255-1', 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', /non-canonical/],
  ['non-canonical p+6', 'f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', /non-canonical/],
  ['non-canonical p', 'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', /non-canonical/],
  ['negative s = 1', '0100000000000000000000000000000000000000000000000000000000000000', /negative/],
  ['negative s = 2^255-255', '01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', /negative/],
  ['negative', 'ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20', /negative/],
  ['negative', 'c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562', /negative/],
  ['non-square x^2', '26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371', /not a ristretto255 element/],
  ['non-square x^2', '4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f', /not a ristretto255 element/],
  ['non-square x^2', 'de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b', /not a ristretto255 element/],
  ['negative xy', '3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e', /not a ristretto255 element/],
  ['negative xy', 'a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220', /not a ristretto255 element/],
  [
    's = -1 gives y = 0',
    'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
    /not a ristretto255 element/,
  ],
  ['identity', '0000000000000000000000000000000000000000000000000000000000000000', /identity/],
];

describe('ristretto255 group layer', () => {
  it('encodes k·G as RFC 9496 Appendix A.1 for k = 1..15, via mulBase and via the batch encoder', () => {
    for (let k = 1; k < MULTIPLES.length; k++) {
      expect(hex(encodePoint(mulBase(BigInt(k))))).toBe(MULTIPLES[k]);
      expect(hex(encodeDoubled([G.multiply((BigInt(k) * HALF) % ORDER)]))).toBe(MULTIPLES[k]);
      expect(hex(encodePoint(decodePoint(unhex(MULTIPLES[k]!), 'v')))).toBe(MULTIPLES[k]);
    }
  });

  it('derives points as RFC 9496 Appendix A.3 (the map inside hash-to-curve)', () => {
    const bytes = unhex(
      '5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c14d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6',
    );
    expect(hex(ristretto255_hasher.deriveToCurve!(bytes).toBytes())).toBe(
      '3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46',
    );
  });

  it('has the RFC 9496 §4.1 constants it hard-codes', () => {
    const { EDWARDS_D, SQRT_M1, INVSQRT_A_MINUS_D } = _constants;
    expect(modp(EDWARDS_D * 121666n)).toBe(modp(-121665n));
    expect(modp(SQRT_M1 * SQRT_M1)).toBe(P - 1n);
    expect(modp(INVSQRT_A_MINUS_D * INVSQRT_A_MINUS_D * modp(-1n - EDWARDS_D))).toBe(1n);
    expect(powp(2n, (P - 1n) / 4n)).toBe(SQRT_M1);
  });

  test.each(BAD_ENCODINGS)('rejects an invalid encoding (%s)', (_name, h, reason) => {
    expect(() => decodePoint(unhex(h), 'point')).toThrow(RangeError);
    expect(() => decodePoint(unhex(h), 'point')).toThrow(reason);
  });

  test.each([
    ['31 bytes', new Uint8Array(31), RangeError, /expected 32 bytes, got 31/],
    ['33 bytes', new Uint8Array(33), RangeError, /expected 32 bytes, got 33/],
    ['empty', new Uint8Array(0), RangeError, /expected 32 bytes, got 0/],
    ['a string', 'e2f2ae0a' as unknown as Uint8Array, TypeError, /expected Uint8Array, got string/],
    ['an array', [1, 2, 3] as unknown as Uint8Array, TypeError, /expected Uint8Array, got array/],
  ])('rejects a point of the wrong shape (%s)', (_n, v, type, msg) => {
    expect(() => decodePoint(v, 'deck[0]')).toThrow(type);
    expect(() => decodePoint(v, 'deck[0]')).toThrow(msg);
  });

  const le = (x: bigint, len = 32) => {
    const b = new Uint8Array(len);
    for (let i = 0; i < len; i++) b[i] = Number((x >> BigInt(8 * i)) & 0xffn);
    return b;
  };
  test.each([
    ['zero', le(0n), RangeError, /zero scalar/],
    ['the group order', le(ORDER), RangeError, /out of range/],
    ['order + 1', le(ORDER + 1n), RangeError, /out of range/],
    ['2^255', le(2n ** 255n), RangeError, /out of range/],
    ['all ones', new Uint8Array(32).fill(0xff), RangeError, /out of range/],
    ['31 bytes', le(1n, 31), RangeError, /expected 32 bytes/],
    ['33 bytes', le(1n, 33), RangeError, /expected 32 bytes/],
    ['not bytes', 5 as unknown as Uint8Array, TypeError, /expected Uint8Array/],
  ])('rejects a bad scalar (%s)', (_n, v, type, msg) => {
    expect(() => decodeScalar(v, 'z')).toThrow(type);
    expect(() => decodeScalar(v, 'z')).toThrow(msg);
  });

  it('round-trips scalars 1 and ℓ-1 little-endian', () => {
    expect(decodeScalar(encodeScalar(1n), 'z')).toBe(1n);
    expect(encodeScalar(1n)[0]).toBe(1);
    expect(decodeScalar(encodeScalar(ORDER - 1n), 'z')).toBe(ORDER - 1n);
  });

  it('the bucket method agrees with interleaved wNAF and noble, on both sides of where msm switches', () => {
    const rng = seededRandom('buckets');
    const Q = ristretto255_hasher.hashToCurve(new Uint8Array([42]));
    const R = ristretto255_hasher.hashToCurve(new Uint8Array([43]));
    const points: (typeof Q)[] = [Q];
    while (points.length < 1200) points.push(points.at(-1)!.add(R));
    // Edge scalars: zero, one, ℓ − 1, all ones below 2^252 (every signed digit carries), 2^252, and
    // 2^255 + 1 (beyond ℓ: the bucket method reads any scalar below 2^256 as it is).
    const edges = [0n, 1n, ORDER - 1n, (1n << 252n) - 1n, 1n << 252n, (1n << 255n) + 1n];
    for (const n of [1, 7, BUCKET_MSM_FROM - 1, BUCKET_MSM_FROM, 1200]) {
      const ks = points
        .slice(0, n)
        .map((_, i) => (i < edges.length ? edges[i]! : i % 3 === 0 ? randomShort(rng) : randomScalar(rng)));
      const interleaved = msmVartime(points.slice(0, n), ks);
      expect(msmBuckets(points.slice(0, n), ks).equals(interleaved), `${n} terms`).toBe(true);
      expect(msm(points.slice(0, n), ks).equals(interleaved), `${n} terms`).toBe(true);
    }
    const naive = points
      .slice(0, 3)
      .reduce((acc, p, i) => acc.add(p.multiply([ORDER - 1n, 7n, 1n << 252n][i]!)), ristretto255.Point.ZERO);
    expect(msmBuckets(points.slice(0, 3), [ORDER - 1n, 7n, 1n << 252n]).equals(naive)).toBe(true);
    // A point twice and a point cancelled: the same as their sum.
    expect(msmBuckets([Q, Q, R], [5n, ORDER - 5n, 3n]).equals(R.multiply(3n))).toBe(true);
    expect(msmBuckets([], []).is0()).toBe(true);
  });

  it('fixed-base table, batch encoding and both MSMs agree with plain noble arithmetic', () => {
    const rng = seededRandom('group-props');
    const pts = Array.from({ length: 12 }, (_, i) => ristretto255_hasher.hashToCurve(new Uint8Array([i])));
    const fixedH = fixedBase(pts[11]!);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.boolean(), (n, short) => {
        const ks = Array.from({ length: n }, () => (short ? randomShort(rng) : randomScalar(rng)));
        const naive = pts.slice(0, n).reduce((acc, p, i) => acc.add(p.multiply(ks[i]!)), ristretto255.Point.ZERO);
        expect(msm(pts.slice(0, n), ks).equals(naive)).toBe(true);
        expect(msmSecret(pts.slice(0, n), ks).equals(naive)).toBe(true);
        // With precomputed tables of every width (and some points without one).
        for (const w of [4, 5, 7, 8]) {
          const tabs = pts.slice(0, n).map((p, i) => (i % 3 === 2 ? undefined : msmTable(p, w)));
          expect(msm(pts.slice(0, n), ks, tabs).equals(naive)).toBe(true);
        }
        expect(mulBase(ks[0]!).equals(G.multiply(ks[0]!))).toBe(true);
        expect(mulFixed(fixedH, ks[0]!).equals(pts[11]!.multiply(ks[0]!))).toBe(true);
        const enc = encodeDoubled(pts.slice(0, n));
        pts
          .slice(0, n)
          .forEach((p, i) => expect(hex(enc.subarray(32 * i, 32 * i + 32))).toBe(hex(p.double().toBytes())));
      }),
      { numRuns: 25, seed: 20261123 },
    );
  });

  describe('secret-scalar multiplication (edwards-secret.ts) against noble', () => {
    // Edge scalars: 0, 1, 2, ℓ−1, ℓ−2, every power of two below ℓ, 2^k − 1, and
    // digit patterns that carry through every window (all 8s, all 7s, all Fs).
    const pow2 = Array.from({ length: 253 }, (_, k) => 1n << BigInt(k));
    const edges = [
      0n,
      1n,
      2n,
      8n,
      9n,
      ORDER - 1n,
      ORDER - 2n,
      ORDER - 8n,
      (ORDER - 1n) / 2n,
      HALF,
      ...pow2,
      ...pow2.slice(1).map((x) => x - 1n),
      BigInt('0x' + '8'.repeat(63)),
      BigInt('0x' + '7'.repeat(63)),
      BigInt('0x' + 'f'.repeat(62)),
    ].filter((k) => k < ORDER);
    const arbPoint = fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => ristretto255_hasher.deriveToCurve!(b));
    const arbScalar = fc.oneof(fc.constantFrom(...edges), fc.bigInt({ min: 0n, max: ORDER - 1n }));

    it('signed radix-16 digits lie in [−8, 8] and recompose the scalar', () => {
      fc.assert(
        fc.property(arbScalar, (k) => {
          const e = signedDigits(k);
          let v = 0n;
          for (let i = e.length - 1; i >= 0; i--) {
            expect(e[i]!).toBeGreaterThanOrEqual(-8);
            expect(e[i]!).toBeLessThanOrEqual(8);
            v = 16n * v + BigInt(e[i]!);
          }
          expect(v).toBe(k);
        }),
        { seed: 0x5eed, numRuns: 400 },
      );
    });

    it('mulSecret(P, k) = noble P·k for every edge scalar and random k, P', () => {
      const p = ristretto255_hasher.hashToCurve(new Uint8Array([42]));
      for (const k of edges) {
        const want = k === 0n ? ristretto255.Point.ZERO : p.multiply(k);
        expect(mulSecret(p, k).equals(want), `k = ${k}`).toBe(true);
      }
      expect(mulSecret(p, ORDER + 3n).equals(p.multiply(3n))).toBe(true);
      fc.assert(
        fc.property(arbPoint, arbScalar, (q, k) => {
          expect(mulSecret(q, k).equals(k === 0n ? ristretto255.Point.ZERO : q.multiply(k))).toBe(true);
        }),
        { seed: 0x5eed, numRuns: 200 },
      );
    });

    it('msmSecret = Σ noble k_i·P_i with edge and random scalars', () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(arbPoint, arbScalar), { minLength: 1, maxLength: 6 }), (terms) => {
          const want = terms.reduce(
            (acc, [q, k]) => (k === 0n ? acc : acc.add(q.multiply(k))),
            ristretto255.Point.ZERO,
          );
          expect(
            msmSecret(
              terms.map((t) => t[0]),
              terms.map((t) => t[1]),
            ).equals(want),
          ).toBe(true);
        }),
        { seed: 0x5eed, numRuns: 60 },
      );
    });

    it('the doubling without T agrees with the full doubling on X, Y, Z', () => {
      const q = ristretto255_hasher.hashToCurve(new Uint8Array([9]));
      const a = dblNoT(toExt(q));
      const b = dbl(toExt(q));
      expect([a[0], a[1], a[2]]).toEqual([b[0], b[1], b[2]]);
    });
  });

  it('raw extended-coordinate formulas are complete: identity, P + P, P + (−P), MSM edge cases', () => {
    const p = ristretto255_hasher.hashToCurve(new Uint8Array([7]));
    const Z = ristretto255.Point.ZERO;
    for (const [a, b] of [
      [p, p],
      [p, p.negate()],
      [p, Z],
      [Z, Z],
      [G, p],
    ] as const) {
      expect(fromExt(addCached(toExt(a), toCached(toExt(b)))).equals(a.add(b))).toBe(true);
      expect(fromExt(dbl(toExt(a))).equals(a.double())).toBe(true);
    }
    expect(msm([p, G], [0n, 0n]).is0()).toBe(true);
    expect(msm([], []).is0()).toBe(true);
    expect(msm([p], [ORDER + 5n]).equals(p.multiply(5n))).toBe(true);
    expect(msm([p, p], [ORDER - 1n, 1n]).is0()).toBe(true);
    expect(msmSecret([p, Z], [3n, 9n]).equals(p.multiply(3n))).toBe(true);
    expect(msmSecret([p], [0n]).is0()).toBe(true);
    expect(() => msm([p], [1n, 2n])).toThrow(/length mismatch/);
    expect(() => msm([p], [1n], [])).toThrow(/tables length mismatch/);
    expect(() => msmTable(p, 9)).toThrow(/width 9 outside 4\.\.8/);
    expect(msm([p], [ORDER - 1n], [msmTable(p, 8)]).equals(p.negate())).toBe(true);
  });

  it('decodes exactly as noble does: every valid encoding to the same element, every invalid one refused', () => {
    const rng = seededRandom('decode-vs-noble');
    let valid = 0;
    let invalid = 0;
    for (let i = 0; i < 300; i++) {
      // Half: encodings of random elements; half: random even field elements (about half of them decode).
      const bytes = i % 2 ? mulBase(randomScalar(rng)).toBytes() : rng(32);
      if (i % 2 === 0) {
        bytes[31]! &= 0x7f;
        bytes[0]! &= 0xfe;
      }
      let theirs: InstanceType<typeof Point> | null;
      try {
        theirs = Point.fromBytes(bytes);
      } catch {
        theirs = null;
      }
      if (theirs === null || theirs.is0()) {
        expect(() => decodePoint(bytes, 'p')).toThrow(RangeError);
        invalid++;
      } else {
        const ours = decodePoint(bytes, 'p');
        expect(ours.equals(theirs)).toBe(true);
        expect(hex(ours.toBytes())).toBe(hex(bytes));
        valid++;
      }
    }
    expect(valid).toBeGreaterThan(150);
    expect(invalid).toBeGreaterThan(30);
  });

  it('decode hints: any representative of an element gives the one hint, which decodes to that element; a wrong one is named', () => {
    const p = 2n ** 255n - 19n;
    const i = _constants.SQRT_M1;
    const mod = (x: bigint) => ((x % p) + p) % p;
    const le = (b: Uint8Array) => b.reduceRight((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
    const rng = seededRandom('decode-hints');
    const points = Array.from({ length: 40 }, () => mulBase(randomScalar(rng)));
    const bytes = new Uint8Array(32 * points.length);
    points.forEach((pt, k) => bytes.set(pt.toBytes(), 32 * k));
    const hints = decodeHintsOf(points, bytes);
    const s = points.map((pt) => le(pt.toBytes()));
    // The class of (X:Y:Z:T) holds (−X:−Y:Z:T) and (√−1·Y : √−1·X : Z : −T): four representatives, one hint.
    const reps = (e: readonly [bigint, bigint, bigint, bigint]) => {
      const [X, Y, Z, T] = e;
      return [
        e,
        [mod(-X), mod(-Y), Z, T],
        [mod(i * Y), mod(i * X), Z, mod(-T)],
        [mod(-i * Y), mod(-i * X), Z, mod(-T)],
      ] as const;
    };
    for (const [k, pt] of points.entries()) {
      const hint = hints.subarray(32 * k, 32 * k + 32);
      const e = toExt(pt);
      for (const rep of reps(e)) {
        expect(fromExt(rep).equals(pt)).toBe(true);
        expect(decodeHints([rep], [s[k]!])[0]).toBe(le(hint));
      }
      const back = decodePoint(bytes.subarray(32 * k, 32 * k + 32), 'p', hint);
      expect(back.equals(pt)).toBe(true);
      expect(le(hint) & 1n).toBe(0n);
      // Another element's hint is refused, naming the hint rather than the element.
      const other = hints.subarray(32 * ((k + 1) % points.length), 32 * ((k + 1) % points.length) + 32);
      expect(() => decodePoint(bytes.subarray(32 * k, 32 * k + 32), 'p', other)).toThrow(/p: wrong decode hint/);
    }
    // An encoding that is no element is refused for that reason, whatever hint comes with it.
    for (const [, h, reason] of BAD_ENCODINGS)
      expect(() => decodePoint(unhex(h), 'p', hints.subarray(0, 32))).toThrow(reason);
    // A point that is not the element its bytes encode has no hint.
    expect(() => decodeHintsOf([points[1]!], bytes.subarray(0, 32))).toThrow(/point 0 does not match its encoding/);
  });

  it('refuses to batch-encode the identity', () => {
    expect(() => encodeDoubled([G, Point.ZERO])).toThrow(/element 1 is the identity/);
  });

  it("invertFixed is the inverse mod p (and 0 for 0), as noble's field inverts", () => {
    const Fp = ed25519.Point.Fp;
    for (const x of [
      1n,
      2n,
      P - 1n,
      P - 2n,
      2n ** 254n,
      ...Array.from({ length: 20 }, (_, i) => Fp.create(3n ** BigInt(100 + i))),
    ])
      expect(invertFixed(x)).toBe(Fp.inv(x));
    expect(invertFixed(0n)).toBe(0n);
  });

  it('mulBase handles the extremes of the scalar range', () => {
    expect(mulBase(ORDER - 1n).equals(G.negate())).toBe(true);
    expect(mulBase(1n).equals(G)).toBe(true);
    expect(mulBase(0n).is0()).toBe(true);
  });
});

const NP = ristretto255.Point;
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
