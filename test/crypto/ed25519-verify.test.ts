/**
 * crypto/ed25519-verify.ts: Ed25519 verification on the project's own
 * arithmetic must accept exactly what noble's strict verify accepts (RFC 8032
 * §5.1.7, zip215: false), since every page of a table must agree on every
 * envelope. The RFC's own vectors, a table of hostile signatures and keys,
 * and random signatures with bit flips, each compared with noble.
 */
import { describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, numberToBytesLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { ed25519Key, ed25519VerifyWith } from '../../crypto/ed25519-verify.js';
import { decodeEdwards } from '../../crypto/edwards.js';

const L = ed25519.Point.Fn.ORDER;
const P = ed25519.Point.Fp.ORDER;
const le = (n: bigint) => numberToBytesLE(n, 32);
const nobleStrict = (sig: Uint8Array, msg: Uint8Array, key: Uint8Array): boolean => {
  try {
    return ed25519.verify(sig, msg, key, { zip215: false });
  } catch {
    return false;
  }
};
/** Own verification from scratch: the key's table, then the signature; false when the key is refused. */
const own = (sig: Uint8Array, msg: Uint8Array, key: Uint8Array): boolean => {
  const k = ed25519Key(key);
  return k !== null && ed25519VerifyWith(k, sig, msg);
};

describe('RFC 8032 §7.1 test vectors', () => {
  test.each([
    [
      'TEST 1 (empty message)',
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
      '',
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    ],
    [
      'TEST 2 (one byte)',
      '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
      '72',
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
    ],
  ])('%s verifies, and not with a flipped bit', (_name, key, msg, sig) => {
    const [k, m, s] = [hexToBytes(key), hexToBytes(msg), hexToBytes(sig)];
    expect(nobleStrict(s, m, k)).toBe(true);
    expect(own(s, m, k)).toBe(true);
    const flipped = s.slice();
    flipped[10]! ^= 4;
    expect(own(flipped, m, k)).toBe(false);
    expect(own(s, concatBytes(m, new Uint8Array([0])), k)).toBe(false);
  });
});

describe('hostile signatures and keys: the same answer as noble', () => {
  const message = utf8ToBytes('fairdeck strictness vector');
  const secret = new Uint8Array(32).fill(5);
  const publicKey = ed25519.getPublicKey(secret);
  const { scalar } = ed25519.utils.getExtendedPublicKey(secret);
  const honest = ed25519.sign(message, secret);
  /** A valid signature with the given R bytes (S = k·a, so the equation holds whenever R decodes to a small-order point). */
  const withR = (rBytes: Uint8Array) => {
    const k = bytesToNumberLE(sha512(concatBytes(rBytes, publicKey, message))) % L;
    return concatBytes(rBytes, le((k * scalar) % L));
  };
  const withS = (s: bigint) => concatBytes(honest.subarray(0, 32), le(s));
  const s0 = bytesToNumberLE(honest.subarray(32));
  const identity = le(1n);
  const zeros = new Uint8Array(32);
  const cases: [string, Uint8Array, Uint8Array, boolean][] = [
    ['the honest signature', honest, publicKey, true],
    ['R = the identity, canonical (a small-order R passes the cofactored equation)', withR(identity), publicKey, true],
    ['R of order 2 (y = −1)', withR(le(P - 1n)), publicKey, true],
    ['R of order 4 (y = 0, x even)', withR(le(0n)), publicKey, true],
    ['R = the identity encoded as y = p + 1', withR(le(P + 1n)), publicKey, false],
    [
      'R = "negative zero" (x = 0 with the sign bit)',
      withR(Uint8Array.from([1, ...zeros.subarray(1, 31), 0x80])),
      publicKey,
      false,
    ],
    ['R not on the curve (y = 2)', concatBytes(le(2n), honest.subarray(32)), publicKey, false],
    ['S = ℓ', withS(L), publicKey, false],
    ['S + ℓ', withS(s0 + L), publicKey, false],
    ['S = ℓ − 1', withS(L - 1n), publicKey, false],
    ['S + 1', withS(s0 + 1n), publicKey, false],
    ['S = 2^256 − 1', withS(2n ** 256n - 1n), publicKey, false],
    ['A = the identity, R = identity, S = 0', concatBytes(identity, zeros), identity, false],
    ['A of order 2', concatBytes(identity, zeros), le(P - 1n), false],
    ['A of order 4', concatBytes(identity, zeros), le(0n), false],
    ['A = identity as y = p + 1', concatBytes(identity, zeros), le(P + 1n), false],
    ['A = "negative zero"', concatBytes(identity, zeros), Uint8Array.from([...identity.subarray(0, 31), 0x80]), false],
    ['A not on the curve', honest, le(2n), false],
    [
      'A with the top bit flipped (the other x)',
      honest,
      Uint8Array.from(publicKey, (b, i) => (i === 31 ? b ^ 0x80 : b)),
      false,
    ],
    ['a signature of 63 bytes', honest.subarray(0, 63), publicKey, false],
  ];
  test.each(cases)('%s', (_what, sig, key, expected) => {
    expect(nobleStrict(sig, message, key)).toBe(expected);
    expect(own(sig, message, key)).toBe(expected);
  });

  it('refuses to build a table for a small-order or badly encoded key, and builds one for an honest key', () => {
    for (const key of [identity, le(P - 1n), le(0n), le(P + 1n), le(2n), new Uint8Array(31)])
      expect(ed25519Key(key)).toBeNull();
    expect(ed25519Key(publicKey)).not.toBeNull();
  });
});

describe('properties', () => {
  it('random keys, messages and single-bit flips: own and noble agree', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 300 }),
        fc.option(fc.nat({ max: 64 * 8 - 1 })),
        (secret, msg, flip) => {
          const key = ed25519.getPublicKey(secret);
          const sig = ed25519.sign(msg, secret);
          if (flip !== null) sig[flip >> 3]! ^= 1 << (flip & 7);
          expect(own(sig, msg, key)).toBe(nobleStrict(sig, msg, key));
        },
      ),
      { numRuns: 60, seed: 20261201 },
    );
  });

  it('decodeEdwards accepts exactly what noble strictly decodes, as the same point', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        let noble: InstanceType<typeof ed25519.Point> | null;
        try {
          noble = ed25519.Point.fromBytes(bytes, false);
        } catch {
          noble = null;
        }
        const mine = decodeEdwards(bytes);
        expect(mine === null).toBe(noble === null);
        if (mine && noble) {
          const { x, y } = noble.toAffine();
          expect([mine[0], mine[1]]).toEqual([x, y]);
        }
      }),
      { numRuns: 300, seed: 20261202 },
    );
  });
});
