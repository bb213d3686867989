/**
 * crypto/x25519.ts, X25519 on edwards25519: RFC 7748's vectors (§5.2 and
 * §6.1; §5.2's second u lies on the twist and is refused), the same bytes as noble's ladder for random keys, for keys that
 * carry a torsion part, with the masked top bit set and written non-canonically,
 * all-zero for every low-order key, and a named refusal on the twist.
 */
import { describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { ed25519, x25519 } from '@noble/curves/ed25519.js';
import { x25519PublicKey, x25519Shared } from '../../crypto/x25519.js';
import { runs, seedFor } from '../helpers/depth.js';

const P = 2n ** 255n - 19n;
const Fp = ed25519.Point.Fp;
const unhex = (h: string) => Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const toLe = (u: bigint) => {
  const b = new Uint8Array(32);
  for (let i = 0, v = u; i < 32; i++, v >>= 8n) b[i] = Number(v & 255n);
  return b;
};
/** The u (RFC 7748 §4.1: u = (1 + y)/(1 − y)) of an Edwards point, with noble's field. */
const uOf = (p: InstanceType<typeof ed25519.Point>) => {
  const { y } = p.toAffine();
  return toLe(Fp.div(Fp.add(1n, y), Fp.sub(1n, y)));
};
const secret = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe('RFC 7748 vectors', () => {
  test.each([
    // §5.2, the first single-step example (the second's u lies on the twist: refused below).
    {
      k: 'a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4',
      u: 'e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c',
      out: 'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552',
    },
    // §6.1, Alice's secret with Bob's key and Bob's with Alice's.
    {
      k: '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a',
      u: 'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f',
      out: '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742',
    },
    {
      k: '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb',
      u: '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
      out: '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742',
    },
  ])('X25519($k, $u)', ({ k, u, out }) => {
    expect(hex(x25519Shared(unhex(k), unhex(u)))).toBe(out);
  });

  test.each([
    [
      '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a',
      '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
    ],
    [
      '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb',
      'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f',
    ],
  ])('§6.1: the public key of %s is %s', (k, pub) => {
    expect(hex(x25519PublicKey(unhex(k)))).toBe(pub);
  });
});

describe("the same bytes as noble's ladder", () => {
  it('for any secret key, its public key and its shared secret with any other key', () => {
    fc.assert(
      fc.property(secret, secret, (a, b) => {
        const theirs = x25519.getPublicKey(b);
        expect(hex(x25519PublicKey(a))).toBe(hex(x25519.getPublicKey(a)));
        expect(hex(x25519Shared(a, theirs))).toBe(hex(x25519.getSharedSecret(a, theirs)));
      }),
      { numRuns: runs(40, 1000), seed: seedFor(25519) },
    );
  });

  it('for a key with a torsion part, with its top bit set, and written as u + p', () => {
    // A point of order 8: the u of RFC 7748 §6.1's list, lifted to edwards25519.
    const u8 = 39382357235489614581723060781553021112529911719440698176882885853963445705823n;
    const order8 = ed25519.Point.fromBytes(Fp.toBytes(Fp.div(Fp.sub(u8, 1n), Fp.add(u8, 1n))));
    expect(order8.multiplyUnsafe(4n).is0()).toBe(false);
    fc.assert(
      fc.property(secret, fc.bigInt({ min: 1n, max: 2n ** 250n }), fc.integer({ min: 1, max: 7 }), (a, k, t) => {
        const theirs = uOf(ed25519.Point.BASE.multiply(k).add(order8.multiplyUnsafe(BigInt(t))));
        const topBit = Uint8Array.from(theirs);
        topBit[31]! |= 0x80;
        for (const key of [theirs, topBit]) expect(hex(x25519Shared(a, key))).toBe(hex(x25519.getSharedSecret(a, key)));
      }),
      { numRuns: runs(30, 500), seed: seedFor(7748) },
    );
    // 9 + p decodes as 9, the base point: the shared secret is the public key.
    const a = unhex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
    expect(hex(x25519Shared(a, toLe(P + 9n)))).toBe(hex(x25519PublicKey(a)));
  });
});

describe('hostile public keys', () => {
  // RFC 7748 §6.1's low-order u-coordinates on the curve (order 1, 2, 4 and 8), as they are and written as u + p.
  test.each([
    ['0', 0n],
    ['1', 1n],
    ['an order-8 u', 325606250916557431795983626356110631294008115727848805560023387167927233504n],
    ['the other order-8 u', 39382357235489614581723060781553021112529911719440698176882885853963445705823n],
    ['p (decodes as 0)', P],
    ['p + 1 (decodes as 1)', P + 1n],
  ])('%s gives the all-zero output, as the ladder does', (_, u) => {
    const a = unhex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');
    expect(hex(x25519Shared(a, toLe(u)))).toBe('00'.repeat(32));
  });

  it('a u on the quadratic twist, and u = −1, are refused by name', () => {
    let twist = 2n;
    while (Fp.pow(Fp.add(Fp.mul(Fp.mul(twist, twist), twist + 486662n), twist), (P - 1n) / 2n) !== P - 1n) twist++;
    const a = new Uint8Array(32).fill(1);
    for (const u of [twist, P - 1n]) expect(() => x25519Shared(a, toLe(u))).toThrow(/not on Curve25519/);
    // RFC 7748 §5.2's second example: its u lies on the twist, where the ladder computes and this code does not.
    const k = unhex('4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d');
    const u = unhex('e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493');
    expect(() => x25519Shared(k, u)).toThrow(/not on Curve25519/);
  });

  test.each([
    ['a short key', new Uint8Array(31), /X25519 u-coordinate/],
    ['a long key', new Uint8Array(33), /X25519 u-coordinate/],
  ])('%s is refused by name', (_, key, reason) => {
    expect(() => x25519Shared(new Uint8Array(32), key)).toThrow(reason);
  });

  it('a secret key of the wrong length is refused by name', () => {
    expect(() => x25519PublicKey(new Uint8Array(31))).toThrow(/X25519 secret key/);
    expect(() => x25519Shared(new Uint8Array(33), toLe(9n))).toThrow(/X25519 secret key/);
  });
});
