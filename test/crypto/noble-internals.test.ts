/**
 * Canary for crypto/noble-internals.ts, the one place that reads
 * @noble/curves' private representation of a ristretto255 element: the
 * installed noble is the pinned one, its elements still keep an extended
 * edwards25519 representative in `ep` (checked on the base point of RFC 8032
 * §5.1 and on decoded and computed elements), the round trip through the
 * public constructors gives the RFC 9496 Appendix A.1 vectors, and a changed
 * shape is refused with a sentence that names what changed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ed25519, ristretto255 } from '@noble/curves/ed25519.js';
import {
  NOBLE_CURVES_PINNED,
  NobleInternalsError,
  edwardsOf,
  representativeProblem,
  ristrettoOf,
} from '../../crypto/noble-internals.js';
import { loadedNow } from '../helpers/loaded-now.js';

type RPoint = InstanceType<typeof ristretto255.Point>;
const root = path.join(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const P = 2n ** 255n - 19n;
const B = ed25519.Point.BASE;
const rep = (p: RPoint) => (p as unknown as { ep: unknown }).ep;
/** The RFC 9496 Appendix A.1 encodings of 1·B … 4·B. */
const MULTIPLES = [
  'e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76',
  '6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919',
  '94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259',
  'da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57',
];

describe('the pinned @noble/curves', () => {
  it('is the version the boundary was checked and benchmarked at, pinned exactly', () => {
    const installed = json('node_modules/@noble/curves/package.json').version;
    const pinned = (json('package.json').dependencies as Record<string, string>)['@noble/curves'];
    expect(
      { installed, pinned },
      `@noble/curves is ${String(installed)} (package.json: ${pinned}); crypto/noble-internals.ts was checked at ` +
        `${NOBLE_CURVES_PINNED}. Run this file, \`npm run bench -- noble\`, update crypto/README.md's figures and NOBLE_CURVES_PINNED.`,
    ).toEqual({ installed: NOBLE_CURVES_PINNED, pinned: NOBLE_CURVES_PINNED });
  });

  it('still keeps the representative the project reads: no problem found', async () => {
    // Loaded inside the test: the module checks noble when it loads (test/helpers/loaded-now.ts).
    const m = await loadedNow(() => import('../../crypto/noble-internals.js'));
    expect(m.nobleInternalsProblem()).toBeNull();
    expect(() => m.assertNobleInternals()).not.toThrow();
  });

  it('keeps, for the base point, the RFC 8032 §5.1 base point as (X, Y, Z, T)', () => {
    const [X, Y, Z, T] = edwardsOf(ristretto255.Point.BASE);
    const zi = ed25519.Point.Fp.inv(Z);
    expect([(X * zi) % P, (Y * zi) % P]).toEqual([B.x, B.y]);
    expect((T * Z) % P).toBe((X * Y) % P);
  });

  it('reads decoded, computed and hashed elements as points of edwards25519 in extended coordinates', () => {
    const decoded = MULTIPLES.map((h) => ristretto255.Point.fromBytes(Buffer.from(h, 'hex')));
    const computed = [ristretto255.Point.BASE.multiply(12345n), decoded[1]!.add(decoded[2]!), decoded[3]!.double()];
    for (const [i, p] of [...decoded, ...computed].entries())
      expect(representativeProblem(p, `element ${i}`), `element ${i}`).toBeNull();
  });

  it('round-trips the RFC 9496 Appendix A.1 multiples through edwardsOf and ristrettoOf', () => {
    for (const h of MULTIPLES) {
      const p = ristretto255.Point.fromBytes(Buffer.from(h, 'hex'));
      expect(hex(ristrettoOf(edwardsOf(p)).toBytes())).toBe(h);
    }
  });

  it('round-trips random elements, and the wrapped representative adds as the element does', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 252n }), fc.bigInt({ min: 1n, max: 2n ** 252n }), (a, b) => {
        const pa = ristretto255.Point.BASE.multiply(a);
        const pb = ristretto255.Point.BASE.multiply(b);
        const wrapped = ristrettoOf(edwardsOf(pa));
        return wrapped.equals(pa) && wrapped.add(pb).equals(pa.add(pb));
      }),
      { seed: 2026, numRuns: 20 },
    );
  });
});

describe('a changed representation is refused with what changed', () => {
  const base = rep(ristretto255.Point.BASE) as { X: bigint; Y: bigint; Z: bigint; T: bigint };
  const { X, Y, Z, T } = base;
  const cases: [string, unknown, RegExp][] = [
    ['no element', null, /is not an object/],
    ['the field renamed (#ep, or another name)', { point: base }, /has no field `ep`/],
    ['ep emptied', { ep: null }, /\.ep is null, not a point/],
    ['ep an encoding', { ep: 'e2f2ae0a' }, /\.ep is string, not a point/],
    ['coordinates as limbs', { ep: { X: [1, 2], Y, Z, T } }, /\.ep\.X is object, not a bigint/],
    ['affine (no Z, T)', { ep: { x: X, y: Y } }, /\.ep\.X is undefined, not a bigint/],
    ['projective without T', { ep: { X, Y, Z } }, /\.ep\.T is undefined, not a bigint/],
    ['unreduced coordinates', { ep: { X: X + P, Y, Z, T } }, /outside \[0, p\)/],
    ['Z = 0', { ep: { X, Y, Z: 0n, T } }, /\.ep\.Z is 0/],
    ['T that is not X·Y/Z', { ep: { X, Y, Z, T: (T + 1n) % P } }, /T·Z ≠ X·Y/],
    ['a point off the curve', { ep: { X: 1n, Y: 1n, Z: 1n, T: 1n } }, /not a point of edwards25519/],
  ];
  it.each(cases)('%s', (_, fake, message) => {
    expect(representativeProblem(fake, 'the element')).toMatch(message);
  });

  it('edwardsOf throws a NobleInternalsError naming the cause and the fix', () => {
    const fake = { point: base } as unknown as RPoint;
    expect(() => edwardsOf(fake)).toThrow(NobleInternalsError);
    expect(() => edwardsOf(fake)).toThrow(/has no field `ep`.*Pin @noble\/curves to 2\.4\.0/);
  });
});
