/**
 * The project's X25519 ladder (crypto/x25519.ts), which derives the pairwise
 * seal keys: RFC 7748's test vectors (§5.2 single calls and the iterated
 * vector, §6.1 Diffie–Hellman), agreement with noble's `x25519` on random and
 * edge-case inputs (fast-check, fixed seed), the all-zero output of
 * low-order inputs that pairKey refuses (§6.1), and named errors.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { x25519 } from '@noble/curves/ed25519.js';
import { x25519Shared } from '../../crypto/x25519.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { pairKey, sealKeyPair, seededRandom } from '../../crypto/index.js';

const unhex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const P = 2n ** 255n - 19n;
const le = (x: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((x >> BigInt(8 * i)) & 0xffn);
  return out;
};

describe('X25519 ladder (RFC 7748 §5)', () => {
  it('matches the two single-call vectors of §5.2', async () => {
    // Loaded inside the test: p is a module-level constant (test/helpers/loaded-now.ts).
    const { x25519Shared } = await loadedNow(() => import('../../crypto/x25519.js'));
    expect(
      hex(
        x25519Shared(
          unhex('a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4'),
          unhex('e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c'),
        ),
      ),
    ).toBe('c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552');
    // The second vector's u has its top bit set (masked on decoding).
    expect(
      hex(
        x25519Shared(
          unhex('4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d'),
          unhex('e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493'),
        ),
      ),
    ).toBe('95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957');
  });

  it('matches the iterated vector of §5.2 after 1 and 1000 iterations', () => {
    let k: Uint8Array = unhex('0900000000000000000000000000000000000000000000000000000000000000');
    let u: Uint8Array = k;
    for (let i = 1; i <= 1000; i++) {
      const r = x25519Shared(k, u);
      u = k;
      k = r;
      if (i === 1) expect(hex(k)).toBe('422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079');
    }
    expect(hex(k)).toBe('684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51');
  });

  it('gives the shared secret of the §6.1 Diffie–Hellman example from both sides', () => {
    const a = unhex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
    const b = unhex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');
    const shared = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';
    expect(hex(x25519Shared(a, x25519.getPublicKey(b)))).toBe(shared);
    expect(hex(x25519Shared(b, x25519.getPublicKey(a)))).toBe(shared);
  });

  it('agrees with noble on random scalars and u-coordinates, canonical or not (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (k, u) => {
          expect(hex(x25519Shared(k, u))).toBe(hex(x25519.scalarMult(k, u)));
        },
      ),
      { numRuns: 40, seed: 20261123 },
    );
  });

  it('agrees with noble on edge u-coordinates: p − 1, p, p + 1, 2^255 − 1, and edge scalars', () => {
    const us = [2n, 9n, P - 2n, P - 1n + 0n, P, P + 1n, 2n ** 255n - 1n].map(le);
    const ks = [new Uint8Array(32), new Uint8Array(32).fill(0xff), le(2n ** 254n), le(8n)];
    for (const u of us)
      for (const k of ks) {
        let theirs: string;
        try {
          theirs = hex(x25519.scalarMult(k, u));
        } catch {
          theirs = '00'.repeat(32); // noble refuses an all-zero result; ours returns it for the caller to check
        }
        expect(hex(x25519Shared(k, u))).toBe(theirs);
      }
  });

  it('returns all zeros for low-order points (§6.1), which pairKey refuses naming their key', () => {
    const k = seededRandom('x25519-low')(32);
    for (const u of [0n, 1n, P - 1n]) expect(x25519Shared(k, le(u)).every((b) => b === 0)).toBe(true);
    const mine = sealKeyPair(seededRandom('x25519-mine'));
    expect(() => pairKey(mine, le(1n), { tableId: new Uint8Array([1]), handNo: 0 })).toThrow(/their public key/);
  });

  it('derives the same pair key on both sides', () => {
    const rng = seededRandom('x25519-pair');
    const a = sealKeyPair(rng);
    const b = sealKeyPair(rng);
    const ctx = { tableId: new Uint8Array([7, 7]), handNo: 12 };
    expect(hex(pairKey(a, b.publicKey, ctx))).toBe(hex(pairKey(b, a.publicKey, ctx)));
  });

  it('refuses keys of the wrong length with a TypeError', () => {
    expect(() => x25519Shared(new Uint8Array(31), new Uint8Array(32))).toThrow(TypeError);
    // Each check names its argument.
    expect(() => x25519Shared(new Uint8Array(31), new Uint8Array(32))).toThrow(/^x25519: secret key must be 32 bytes$/);
    expect(() => x25519Shared([...new Uint8Array(32)] as never, new Uint8Array(32))).toThrow(
      /^x25519: secret key must be 32 bytes$/,
    );
    expect(() => x25519Shared(new Uint8Array(32), new Uint8Array(33))).toThrow(TypeError);
    expect(() => x25519Shared(new Uint8Array(32), new Uint8Array(33))).toThrow(/^x25519: public key must be 32 bytes$/);
  });
});
