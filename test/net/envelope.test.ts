/**
 * The envelope codec is the gate for every byte a peer receives: these tests
 * check that honest envelopes round-trip and that each kind of hostile input
 * is rejected with a reason naming what is wrong.
 */
import { describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { encode as cborEncode } from 'cborg';
import {
  decodeEnvelope,
  encodeEnvelope,
  MAX_ENVELOPE_BYTES,
  signEnvelope,
  signingBytes,
  type EnvelopeOf,
} from '../../src/net/envelope.js';
import { SignatureVerifier, verifyStrict } from '../../src/net/verify.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, numberToBytesLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'abcdefgh-0011223344556677';
const alice = testSigner(1);
const mallory = testSigner(9);

function honest(): EnvelopeOf<'hello'> {
  return signEnvelope(alice, {
    kind: 'hello',
    table: TABLE,
    seq: 7,
    to: null,
    body: { peerId: 'fd-x-1', name: 'Alice' },
  });
}

/** Re-encodes a mutated plain object (no re-signing): what a tampering relay could send. */
function tampered(mutate: (raw: Record<string, unknown>) => void): Uint8Array {
  const raw: Record<string, unknown> = { ...honest() };
  mutate(raw);
  return cborEncode(raw);
}

describe('envelope round trip', () => {
  it('decodes what it encodes, signature and all', () => {
    const decoded = decodeEnvelope(encodeEnvelope(honest()), TABLE);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      expect(decoded.value.kind).toBe('hello');
      expect(decoded.value.body).toEqual({ peerId: 'fd-x-1', name: 'Alice' });
      expect(decoded.value.from).toEqual(alice.publicKey);
    }
  });

  it('round-trips any roster a creator may publish', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.nat({ max: 2 ** 40 }),
        fc.string({ maxLength: 32 }),
        (seats, version, name) => {
          const roster = {
            version,
            config: { game: 'pesten' as const, seats, options: { targetPoints: 2 } },
            seats: Array.from({ length: seats }, (_, i) =>
              i === 0 ? { key: alice.publicKey, name, peerId: 'fd-a' } : null,
            ),
            hands: 0,
          };
          const envelope = signEnvelope(alice, {
            kind: 'roster',
            table: TABLE,
            seq: version + 1,
            to: null,
            body: roster,
          });
          const decoded = decodeEnvelope(encodeEnvelope(envelope), TABLE);
          expect(decoded.ok && decoded.value.body).toEqual(roster);
        },
      ),
      { numRuns: 50, seed: 7 },
    );
  });

  it('signs a domain-separated encoding, not the raw CBOR', () => {
    const envelope = honest();
    const bytes = signingBytes(envelope);
    expect(new TextDecoder().decode(bytes.subarray(0, 20))).toBe('fairdeck/envelope/v1');
  });
});

const hostile: [string, () => unknown, RegExp][] = [
  ['a string, not bytes', () => 'hello', /not binary data/],
  ['empty bytes', () => new Uint8Array(0), /not canonical CBOR/],
  ['truncated CBOR', () => encodeEnvelope(honest()).subarray(0, 40), /not canonical CBOR/],
  ['CBOR that is not a map', () => cborEncode([1, 2, 3]), /bad envelope/],
  ['indefinite-length map', () => new Uint8Array([0xbf, 0x61, 0x76, 0x01, 0xff]), /not canonical CBOR/],
  ['duplicate map keys', () => new Uint8Array([0xa2, 0x61, 0x76, 0x01, 0x61, 0x76, 0x01]), /not canonical CBOR/],
  ['oversized', () => new Uint8Array(MAX_ENVELOPE_BYTES + 1), /oversized/],
  ['missing signature', () => tampered((r) => delete r.sig), /bad envelope: sig/],
  ['unknown extra field', () => tampered((r) => (r.extra = 1)), /bad envelope/],
  ['unknown kind', () => tampered((r) => (r.kind = 'launch-missiles')), /unknown kind/],
  ['future protocol version', () => tampered((r) => (r.v = 2)), /unsupported protocol version 2/],
  ['another table', () => tampered((r) => (r.table = 'zzzzzzzz-0011223344556677')), /another table/],
  ['short public key', () => tampered((r) => (r.from = new Uint8Array(31))), /from must be 32 bytes/],
  ['short signature', () => tampered((r) => (r.sig = new Uint8Array(63))), /sig must be 64 bytes/],
  ['negative seq', () => tampered((r) => (r.seq = -1)), /seq/],
  ['fractional seq', () => tampered((r) => (r.seq = 1.5)), /seq must be an integer/],
  ['body of the wrong shape', () => tampered((r) => (r.body = { peerId: 5 })), /bad hello body/],
  [
    'peer id with bad characters',
    () => tampered((r) => (r.body = { peerId: 'a b', name: 'x' })),
    /bad hello body: peerId/,
  ],
  ['tampered body', () => tampered((r) => (r.body = { peerId: 'fd-x-1', name: 'Mallory' })), /bad signature/],
  ['tampered seq', () => tampered((r) => (r.seq = 8)), /bad signature/],
  ['signed by someone else', () => tampered((r) => (r.from = mallory.publicKey)), /bad signature/],
  ['all-zero signature', () => tampered((r) => (r.sig = new Uint8Array(64))), /bad signature/],
  [
    'a roster with too many seats',
    () =>
      encodeEnvelope(
        signEnvelope(alice, {
          kind: 'roster',
          table: TABLE,
          seq: 1,
          to: null,
          body: { version: 1, config: { game: 'pesten', seats: 9, options: {} }, seats: [], hands: 0 },
        } as never),
      ),
    /at most 8 seats/,
  ],
];

test.each(hostile)('rejects %s', (_name, make, reason) => {
  const decoded = decodeEnvelope(make(), TABLE);
  expect(decoded.ok).toBe(false);
  if (!decoded.ok) expect(decoded.error).toMatch(reason);
});

describe('single-bit flips', () => {
  // Every bit of a real envelope, each flipped in its own fresh copy (a view would pile flips up).
  const bytes = encodeEnvelope(honest());
  const pristine = Uint8Array.from(bytes);
  const flips = (): Uint8Array[] =>
    Array.from({ length: bytes.length * 8 }, (_, bit) => {
      const flipped = Uint8Array.from(bytes);
      flipped[bit >> 3]! ^= 1 << (bit & 7);
      return flipped;
    });

  it('rejects every single-bit flip of an honest envelope', () => {
    const all = flips();
    expect(all).toHaveLength(bytes.length * 8);
    for (const [bit, flipped] of all.entries()) {
      const decoded = decodeEnvelope(flipped, TABLE);
      if (decoded.ok) expect.fail(`bit ${bit} flipped was accepted`);
    }
    expect(Uint8Array.from(bytes)).toEqual(pristine);
    expect(decodeEnvelope(bytes, TABLE).ok).toBe(true);
  });

  it('rejects every flip through the cached-key verifier too', () => {
    const verifier = new SignatureVerifier();
    expect(decodeEnvelope(bytes, TABLE, verifier).ok).toBe(true);
    expect(verifier.cachedKeys).toBe(1);
    for (const [bit, flipped] of flips().entries()) {
      if (decodeEnvelope(flipped, TABLE, verifier).ok) expect.fail(`bit ${bit} flipped was accepted`);
    }
  });
});

/**
 * Signatures that are valid under permissive (ZIP-215) rules, or but for S's
 * range, and not under RFC 8032's: each must be refused by both verification
 * paths, and each is first shown to pass the permissive check, so it tests strictness and not
 * just a broken signature. (Vectors after Chalkias, Garillot, Nikolaenko,
 * "Taming the many EdDSAs", 2020.)
 */
describe('strict RFC 8032 verification', () => {
  const L = ed25519.Point.Fn.ORDER;
  const P = ed25519.Point.Fp.ORDER;
  const le = (n: bigint) => numberToBytesLE(n, 32);
  const message = utf8ToBytes('fairdeck strictness vector');
  const secret = new Uint8Array(32).fill(5);
  const publicKey = ed25519.getPublicKey(secret);
  const { scalar } = ed25519.utils.getExtendedPublicKey(secret);
  const honestSig = ed25519.sign(message, secret);
  /** A signature with R = the identity written as `rBytes`: S = k·a, so [S]B = R + [k]A holds. */
  const withIdentityR = (rBytes: Uint8Array) => {
    const k = bytesToNumberLE(sha512(concatBytes(rBytes, publicKey, message))) % L;
    return concatBytes(rBytes, le((k * scalar) % L));
  };
  const identity = le(1n);
  const zeroS = new Uint8Array(32);
  /** Same R and A, S reduced mod ℓ: what the S ≥ ℓ vector would be without the range check. */
  const reduced = (signature: Uint8Array) =>
    concatBytes(signature.subarray(0, 32), le(bytesToNumberLE(signature.subarray(32)) % L));
  const vectors: [string, Uint8Array, Uint8Array][] = [
    [
      'S ≥ ℓ (S + ℓ)',
      concatBytes(honestSig.subarray(0, 32), le(bytesToNumberLE(honestSig.subarray(32)) + L)),
      publicKey,
    ],
    ['non-canonical R (identity as y = p + 1)', withIdentityR(le(P + 1n)), publicKey],
    ['small-order A (the identity), R = identity, S = 0', concatBytes(identity, zeroS), identity],
    ['small-order A of order 2 (y = −1)', concatBytes(identity, zeroS), le(P - 1n)],
    ['small-order A of order 4 (y = 0)', concatBytes(identity, zeroS), le(0n)],
    ['non-canonical small-order A (identity as y = p + 1)', concatBytes(identity, zeroS), le(P + 1n)],
    [
      'non-canonical A ("negative zero" x with y = 1)',
      concatBytes(identity, zeroS),
      Uint8Array.from([...identity.subarray(0, 31), 0x80]),
    ],
  ];

  it('the honest signature and a canonical identity-R signature pass both paths', () => {
    expect(verifyStrict(honestSig, message, publicKey)).toBe(true);
    expect(verifyStrict(withIdentityR(identity), message, publicKey)).toBe(true);
    const verifier = new SignatureVerifier();
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.verify(withIdentityR(identity), message, publicKey)).toBe(true);
  });

  test.each(vectors)('refuses %s', (_name, signature, key) => {
    // Valid but for strictness: ZIP-215 accepts it (ZIP-215 too requires S < ℓ, so that one is checked reduced).
    expect(ed25519.verify(reduced(signature), message, key, { zip215: true })).toBe(true);
    expect(verifyStrict(signature, message, key)).toBe(false);
    const fresh = new SignatureVerifier();
    expect(fresh.verify(signature, message, key)).toBe(false);
    expect(fresh.cachedKeys).toBe(0);
    // And through the cached path, once the key is known from an honest signature.
    const warmed = new SignatureVerifier();
    warmed.verify(honestSig, message, publicKey);
    expect(warmed.cachedKeys).toBe(1);
    expect(warmed.verify(signature, message, key)).toBe(false);
  });

  it('refuses an envelope whose S was pushed past ℓ', () => {
    const envelope = honest();
    const sig = concatBytes(envelope.sig.subarray(0, 32), le(bytesToNumberLE(envelope.sig.subarray(32)) + L));
    const decoded = decodeEnvelope(encodeEnvelope({ ...envelope, sig }), TABLE);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toBe('bad signature');
  });

  it('the cached path agrees with noble on random keys, messages and tampering', () => {
    const verifier = new SignatureVerifier(4);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.uint8Array({ maxLength: 200 }),
        fc.option(fc.nat({ max: 64 * 8 - 1 })),
        (seed, msg, flip) => {
          const signer = testSigner(seed);
          const sig = signer.sign(msg);
          if (flip !== null) sig[flip >> 3]! ^= 1 << (flip & 7);
          expect(verifier.verify(sig, msg, signer.publicKey)).toBe(verifyStrict(sig, msg, signer.publicKey));
        },
      ),
      { numRuns: 150, seed: 20261123 },
    );
  });
});
