/**
 * The envelope codec is the gate for every byte a peer receives
 * (src/net/envelope.ts, with the signature check of src/net/verify.ts):
 * what is signed and sent; honest envelopes round-trip, rosters of every
 * size included; every reason decodeEnvelope gives a peer's log, word for
 * word, on one hand-built input each, and every single-bit flip of an honest
 * envelope refused; and the strict RFC 8032 verification, cached per author
 * or not, against noble on honest, tampered and non-RFC-8032 signatures, with
 * the cache's capacity and eviction. envelope.ts and verify.ts build their
 * schema, signing domain and tables when they load, so most tests load them
 * afresh (loadedNow, docs/TESTING.md); the property and bit-flip tests use
 * the modules as imported.
 */
import { describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { decode as cborDecode, encode as cborEncode } from 'cborg';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, numberToBytesLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { testSigner } from '../helpers/signers.js';
import { decodeEnvelope, encodeEnvelope, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { SignatureVerifier, verifyStrict } from '../../src/net/verify.js';
import { ed25519Keyed } from '../../crypto/ed25519-verify.js';

const TABLE = 'tbl-01';
const alice = testSigner(1);
const mallory = testSigner(9);
const envelopeModule = () => loadedNow(() => import('../../src/net/envelope.js'));
const verifyModule = () => loadedNow(() => import('../../src/net/verify.js'));

async function honestEnvelope(seq = 7) {
  const { signEnvelope } = await envelopeModule();
  return signEnvelope(alice, { kind: 'hello', table: TABLE, seq, to: null, body: { peerId: 'fd-x-1', name: 'Alice' } });
}

/** The same honest envelope, signed by the module as imported (for the property and bit-flip tests). */
function honest(): EnvelopeOf<'hello'> {
  return signEnvelope(alice, {
    kind: 'hello',
    table: TABLE,
    seq: 7,
    to: null,
    body: { peerId: 'fd-x-1', name: 'Alice' },
  });
}

/** An honest envelope's fields changed after signing, CBOR-encoded as a relay could send them. */
async function tampered(change: (raw: Record<string, unknown>) => void): Promise<Uint8Array> {
  const raw: Record<string, unknown> = { ...(await honestEnvelope()) };
  change(raw);
  return cborEncode(raw);
}

async function reason(bytes: unknown, table = TABLE): Promise<string> {
  const { decodeEnvelope } = await envelopeModule();
  const decoded = decodeEnvelope(bytes, table);
  return decoded.ok ? 'ok' : decoded.error;
}

describe('what is signed and sent', () => {
  test('the signed bytes are the domain tag and the canonical CBOR of every field but sig', async () => {
    const { signingBytes, PROTOCOL_VERSION } = await envelopeModule();
    const envelope = await honestEnvelope();
    expect(PROTOCOL_VERSION).toBe(1);
    const bytes = signingBytes(envelope);
    const domain = utf8ToBytes('fairdeck/envelope/v1\0');
    expect(bytes.subarray(0, domain.length)).toEqual(domain);
    const rest = cborDecode(bytes.subarray(domain.length)) as Record<string, unknown>;
    expect(Object.keys(rest).sort()).toEqual(['body', 'from', 'kind', 'seq', 'table', 'to', 'v']);
    expect(rest).toEqual({
      v: 1,
      kind: 'hello',
      table: TABLE,
      from: alice.publicKey,
      seq: 7,
      to: null,
      body: { peerId: 'fd-x-1', name: 'Alice' },
    });
    expect(ed25519.verify(envelope.sig, bytes, alice.publicKey)).toBe(true);
  });

  test('signEnvelope sets the version and author, encodeEnvelope sends every field', async () => {
    const { encodeEnvelope } = await envelopeModule();
    const envelope = await honestEnvelope();
    expect(envelope.v).toBe(1);
    expect(envelope.from).toEqual(alice.publicKey);
    const wire = cborDecode(encodeEnvelope(envelope)) as Record<string, unknown>;
    expect(wire).toEqual({
      v: 1,
      kind: 'hello',
      table: TABLE,
      from: alice.publicKey,
      seq: 7,
      to: null,
      body: { peerId: 'fd-x-1', name: 'Alice' },
      sig: envelope.sig,
    });
  });

  test('an honest envelope decodes to itself, with and without a verifier', async () => {
    const { decodeEnvelope, encodeEnvelope, verifyEnvelope } = await envelopeModule();
    const envelope = await honestEnvelope();
    const plain = decodeEnvelope(encodeEnvelope(envelope), TABLE);
    expect(plain).toEqual({ ok: true, value: envelope });
    const verifier = new SignatureVerifier();
    expect(decodeEnvelope(encodeEnvelope(envelope), TABLE, verifier)).toEqual({ ok: true, value: envelope });
    expect(verifier.cachedKeys).toBe(1);
    expect(verifyEnvelope(envelope)).toBe(true);
    expect(verifyEnvelope({ ...envelope, seq: 8 })).toBe(false);
    expect(verifyEnvelope({ ...envelope, seq: 8 }, verifier)).toBe(false);
  });

  test('a directed envelope of another kind round-trips', async () => {
    const { decodeEnvelope, encodeEnvelope, signEnvelope } = await envelopeModule();
    const envelope = signEnvelope(alice, {
      kind: 'leave',
      table: TABLE,
      seq: 0,
      to: mallory.publicKey,
      body: { rosterVersion: 2 },
    });
    expect(decodeEnvelope(encodeEnvelope(envelope), TABLE)).toEqual({ ok: true, value: envelope });
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

  test('a key is named by its lower-case hex, two digits a byte', async () => {
    const { keyHex } = await envelopeModule();
    expect(keyHex(Uint8Array.from([0, 1, 0x0f, 0x10, 0xab, 0xff]))).toBe('00010f10abff');
    expect(keyHex(new Uint8Array(0))).toBe('');
  });
});

describe('the reasons a message is dropped', () => {
  test.each<[string, () => Promise<unknown>, string]>([
    ['a string', async () => 'hello', 'not binary data'],
    ['an ArrayBuffer', async () => new ArrayBuffer(4), 'not binary data'],
    ['bytes over 512 KiB', async () => new Uint8Array(512 * 1024 + 1), 'oversized: 524289 bytes > 524288'],
    [
      'empty bytes',
      async () => new Uint8Array(0),
      'not canonical CBOR: CBOR decode error: did not find any content to decode',
    ],
    [
      'an indefinite-length map',
      async () => Uint8Array.from([0xbf, 0x61, 0x76, 0x01, 0xff]),
      'not canonical CBOR: CBOR decode error: indefinite length items not allowed',
    ],
    [
      'a duplicate key',
      async () => Uint8Array.from([0xa2, 0x61, 0x76, 0x01, 0x61, 0x76, 0x01]),
      'not canonical CBOR: CBOR decode error: found repeat map key "v"',
    ],
    [
      'undefined',
      async () => Uint8Array.from([0xf7]),
      'not canonical CBOR: CBOR decode error: undefined values are not supported',
    ],
    [
      'NaN',
      async () => Uint8Array.from([0xf9, 0x7e, 0x00]),
      'not canonical CBOR: CBOR decode error: NaN values are not supported',
    ],
    [
      'Infinity',
      async () => Uint8Array.from([0xf9, 0x7c, 0x00]),
      'not canonical CBOR: CBOR decode error: Infinity values are not supported',
    ],
    [
      'a big integer',
      async () => Uint8Array.from([0x1b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      'not canonical CBOR: CBOR decode error: integers outside of the safe integer range are not supported',
    ],
    [
      'a non-minimal integer',
      async () => Uint8Array.from([0x18, 0x01]),
      'not canonical CBOR: CBOR decode error: integer encoded in more bytes than necessary (strict decode)',
    ],
    [
      'truncated CBOR',
      async () => encodeEnvelope(await honestEnvelope()).subarray(0, 40),
      'not canonical CBOR: CBOR decode error: not enough data for type',
    ],
    ['a list', async () => cborEncode([1, 2]), 'bad envelope: v: Invalid key: Expected "v" but received undefined'],
    ['a number', async () => cborEncode(5), 'bad envelope: Invalid type: Expected Object but received 5'],
    [
      'no sig',
      async () => tampered((r) => delete r.sig),
      'bad envelope: sig: Invalid key: Expected "sig" but received undefined',
    ],
    [
      'an extra field',
      async () => tampered((r) => (r.extra = 1)),
      'bad envelope: extra: Invalid key: Expected never but received "extra"',
    ],
    [
      'a version that is not a number',
      async () => tampered((r) => (r.v = '1')),
      'bad envelope: v: version must be a number',
    ],
    ['an unknown kind', async () => tampered((r) => (r.kind = 'launch')), 'bad envelope: kind: unknown kind'],
    [
      'a table that is not a string',
      async () => tampered((r) => (r.table = 5)),
      'bad envelope: table: table must be a string',
    ],
    [
      'an empty table',
      async () => tampered((r) => (r.table = '')),
      'bad envelope: table: Invalid length: Expected >=1 but received 0',
    ],
    [
      'a table of 65',
      async () => tampered((r) => (r.table = 't'.repeat(65))),
      'bad envelope: table: table id too long',
    ],
    [
      'a short from',
      async () => tampered((r) => (r.from = new Uint8Array(31))),
      'bad envelope: from: from must be 32 bytes',
    ],
    [
      'a seq that is not a number',
      async () => tampered((r) => (r.seq = '7')),
      'bad envelope: seq: seq must be a number',
    ],
    ['a fractional seq', async () => tampered((r) => (r.seq = 1.5)), 'bad envelope: seq: seq must be an integer'],
    [
      'a negative seq',
      async () => tampered((r) => (r.seq = -1)),
      'bad envelope: seq: Invalid value: Expected >=0 but received -1',
    ],
    ['a short to', async () => tampered((r) => (r.to = new Uint8Array(33))), 'bad envelope: to: to must be 32 bytes'],
    [
      'a short sig',
      async () => tampered((r) => (r.sig = new Uint8Array(63))),
      'bad envelope: sig: sig must be 64 bytes',
    ],
    ['version 2', async () => tampered((r) => (r.v = 2)), 'unsupported protocol version 2 (this peer speaks 1)'],
    ['version 0', async () => tampered((r) => (r.v = 0)), 'unsupported protocol version 0 (this peer speaks 1)'],
    ['another table', async () => tampered((r) => (r.table = 'other')), 'for another table (other)'],
    [
      'a body of the wrong shape',
      async () => tampered((r) => (r.body = { peerId: 'a b', name: 'x' })),
      'bad hello body: peerId: peer id has characters PeerJS does not allow',
    ],
    [
      'a body with no key path',
      async () => tampered((r) => (r.body = 5)),
      'bad hello body: Invalid type: Expected Object but received 5',
    ],
    [
      'a body field of the wrong type',
      async () => tampered((r) => (r.body = { peerId: 5 })),
      'bad hello body: peerId: peer id must be a string',
    ],
    ['a tampered body', async () => tampered((r) => (r.body = { peerId: 'fd-x-1', name: 'Mallory' })), 'bad signature'],
    ['another author', async () => tampered((r) => (r.from = mallory.publicKey)), 'bad signature'],
    ['a tampered seq', async () => tampered((r) => (r.seq = 8)), 'bad signature'],
    ['an all-zero signature', async () => tampered((r) => (r.sig = new Uint8Array(64))), 'bad signature'],
  ])('refuses %s', async (_what, make, expected) => {
    expect(await reason(await make())).toBe(expected);
  });

  test('a nested body error names its whole path, dotted', async () => {
    const { encodeEnvelope, signEnvelope } = await envelopeModule();
    const body = { version: 1, config: { game: 'pesten', seats: 9, options: {} }, seats: [], hands: 0 };
    const bytes = encodeEnvelope(
      signEnvelope(alice, { kind: 'roster', table: TABLE, seq: 1, to: null, body } as never),
    );
    expect(await reason(bytes)).toBe('bad roster body: config.seats: at most 8 seats');
  });

  test('exactly 512 KiB is not refused for its size', async () => {
    expect(await reason(new Uint8Array(512 * 1024))).not.toMatch(/oversized/);
  });

  test('a table of 64 characters is a table', async () => {
    const { decodeEnvelope, encodeEnvelope, signEnvelope } = await envelopeModule();
    const table = 't'.repeat(64);
    const envelope = signEnvelope(alice, { kind: 'leave', table, seq: 0, to: null, body: { rosterVersion: 0 } });
    expect(decodeEnvelope(encodeEnvelope(envelope), table).ok).toBe(true);
  });

  test('a body the schema rewrites comes out as the schema gives it', async () => {
    // parseUnverified returns the parsed body (valibot output), and version 1.
    const { parseUnverified, encodeEnvelope, signEnvelope } = await envelopeModule();
    const envelope = signEnvelope(alice, { kind: 'leave', table: TABLE, seq: 3, to: null, body: { rosterVersion: 4 } });
    const parsed = parseUnverified(encodeEnvelope(envelope), TABLE);
    expect(parsed).toEqual({ ok: true, value: envelope });
    // A wrong signature is still "parsed": only decodeEnvelope checks it.
    const forged = parseUnverified(encodeEnvelope({ ...envelope, sig: new Uint8Array(64) }), TABLE);
    expect(forged.ok).toBe(true);
  });

  test('the decoder refuses what a lenient CBOR decoder would let in, one option at a time', async () => {
    // Each strict option of the decoder, by an input only that option refuses.
    const cases: [Uint8Array, RegExp][] = [
      [Uint8Array.from([0x9f, 0x01, 0xff]), /indefinite/],
      [Uint8Array.from([0xa2, 0x61, 0x61, 0x01, 0x61, 0x61, 0x02]), /repeat map key/],
      [Uint8Array.from([0xf7]), /undefined/],
      [Uint8Array.from([0xfa, 0x7f, 0x80, 0x00, 0x00]), /Infinity|more bytes/],
      [Uint8Array.from([0xf9, 0x7e, 0x00]), /NaN/],
      [Uint8Array.from([0x19, 0x00, 0x01]), /more bytes than necessary/],
    ];
    for (const [bytes, expected] of cases) expect(await reason(bytes)).toMatch(expected);
  });
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
describe('strict RFC 8032 verification, cached or not', () => {
  const L = ed25519.Point.Fn.ORDER;
  const P = ed25519.Point.Fp.ORDER;
  const le = (n: bigint) => numberToBytesLE(n, 32);
  const message = utf8ToBytes('fairdeck strictness vector');
  const secret = new Uint8Array(32).fill(5);
  const publicKey = ed25519.getPublicKey(secret);
  const { scalar } = ed25519.utils.getExtendedPublicKey(secret);
  const honestSig = ed25519.sign(message, secret);
  const withIdentityR = (rBytes: Uint8Array) => {
    const k = bytesToNumberLE(sha512(concatBytes(rBytes, publicKey, message))) % L;
    return concatBytes(rBytes, le((k * scalar) % L));
  };
  const sPlus = (n: bigint) => concatBytes(honestSig.subarray(0, 32), le(bytesToNumberLE(honestSig.subarray(32)) + n));
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

  const warmed = async () => {
    const { SignatureVerifier } = await verifyModule();
    const verifier = new SignatureVerifier();
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.cachedKeys).toBe(1);
    return verifier;
  };

  test('the honest signature and a canonical identity-R signature pass both paths; the cached path accepts what noble accepts', async () => {
    const { SignatureVerifier, verifyStrict } = await verifyModule();
    expect(verifyStrict(honestSig, message, publicKey)).toBe(true);
    expect(verifyStrict(withIdentityR(identity), message, publicKey)).toBe(true);
    const fresh = new SignatureVerifier();
    expect(fresh.verify(withIdentityR(identity), message, publicKey)).toBe(true);
    const verifier = await warmed();
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.verify(withIdentityR(le(1n)), message, publicKey)).toBe(true);
    const other = ed25519.sign(utf8ToBytes('another'), secret);
    expect(verifier.verify(other, utf8ToBytes('another'), publicKey)).toBe(true);
    expect(verifier.verify(other, message, publicKey)).toBe(false);
  });

  test.each<[string, () => Uint8Array]>([
    ['S = ℓ exactly', () => concatBytes(honestSig.subarray(0, 32), le(L))],
    ['S + 1', () => sPlus(1n)],
    ['R not on the curve', () => concatBytes(le(2n), honestSig.subarray(32))],
    ['a flipped R bit', () => Uint8Array.from(honestSig, (b, i) => (i === 3 ? b ^ 1 : b))],
    ['a flipped S bit', () => Uint8Array.from(honestSig, (b, i) => (i === 40 ? b ^ 1 : b))],
  ])('refuses %s on both paths', async (_what, make) => {
    const { SignatureVerifier, verifyStrict } = await verifyModule();
    const signature = make();
    expect(verifyStrict(signature, message, publicKey)).toBe(false);
    expect(new SignatureVerifier().verify(signature, message, publicKey)).toBe(false);
    expect((await warmed()).verify(signature, message, publicKey)).toBe(false);
  });

  test('S = ℓ − 1 is in range: it fails only the equation', async () => {
    // The range check is S < ℓ: the largest in-range S reaches the equation (and fails it honestly).
    expect((await warmed()).verify(concatBytes(honestSig.subarray(0, 32), le(L - 1n)), message, publicKey)).toBe(false);
  });

  test('wrong lengths are refused before any work, and never cached', async () => {
    const { SignatureVerifier } = await verifyModule();
    const verifier = new SignatureVerifier();
    expect(verifier.verify(honestSig.subarray(0, 63), message, publicKey)).toBe(false);
    expect(verifier.verify(concatBytes(honestSig, new Uint8Array(1)), message, publicKey)).toBe(false);
    expect(verifier.verify(honestSig, message, publicKey.subarray(0, 31))).toBe(false);
    expect(verifier.verify(honestSig, message, concatBytes(publicKey, new Uint8Array(1)))).toBe(false);
    expect(verifier.cachedKeys).toBe(0);
    const cached = await warmed();
    expect(cached.verify(honestSig.subarray(0, 63), message, publicKey)).toBe(false);
    expect(cached.verify(concatBytes(honestSig, new Uint8Array(1)), message, publicKey)).toBe(false);
  });

  test('a key enters the cache only with a valid signature', async () => {
    const { SignatureVerifier } = await verifyModule();
    const verifier = new SignatureVerifier();
    expect(verifier.verify(new Uint8Array(64), message, publicKey)).toBe(false);
    expect(verifier.cachedKeys).toBe(0);
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.cachedKeys).toBe(1);
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.cachedKeys).toBe(1);
  });

  test('with the own arithmetic the cached path refuses every vector noble refuses and passes what it passes', async () => {
    const { SignatureVerifier } = await verifyModule();
    const verifier = new SignatureVerifier(32, ed25519Keyed);
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.arithmeticOf(publicKey)).toBe('own');
    for (const [, signature, key] of vectors) {
      if (key === publicKey) expect(verifier.verify(signature, message, key)).toBe(false);
    }
    for (const bad of [
      concatBytes(honestSig.subarray(0, 32), le(L)),
      sPlus(1n),
      concatBytes(le(2n), honestSig.subarray(32)),
    ])
      expect(verifier.verify(bad, message, publicKey)).toBe(false);
    expect(verifier.verify(withIdentityR(identity), message, publicKey)).toBe(true);
  });

  test('with the own arithmetic a fresh key’s first signature is checked on its table, kept only when it verifies', async () => {
    const { SignatureVerifier } = await verifyModule();
    const verifier = new SignatureVerifier(32, ed25519Keyed);
    expect(verifier.verify(sPlus(1n), message, publicKey)).toBe(false);
    expect(
      verifier.verify(
        Uint8Array.from(honestSig, (b, i) => (i === 40 ? b ^ 1 : b)),
        message,
        publicKey,
      ),
    ).toBe(false);
    expect(verifier.cachedKeys).toBe(0);
    for (const [, signature, key] of vectors) {
      expect(verifier.verify(signature, message, key)).toBe(false);
      expect(verifyStrict(signature, message, key)).toBe(false);
    }
    expect(verifier.cachedKeys).toBe(0);
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.arithmeticOf(publicKey)).toBe('own');
    expect(new SignatureVerifier(32, ed25519Keyed).verify(withIdentityR(identity), message, publicKey)).toBe(true);
  });

  test('a key learnt before the own arithmetic is installed moves over to it, and still verifies', async () => {
    const { SignatureVerifier, useKeyedArithmetic } = await verifyModule();
    const verifier = new SignatureVerifier();
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.arithmeticOf(publicKey)).toBe('noble');
    useKeyedArithmetic(ed25519Keyed);
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.arithmeticOf(publicKey)).toBe('own');
    expect(verifier.verify(sPlus(1n), message, publicKey)).toBe(false);
    // A verifier told to keep noble's does so whatever is installed.
    const nobleOnly = new SignatureVerifier(32, null);
    expect(nobleOnly.verify(honestSig, message, publicKey)).toBe(true);
    expect(nobleOnly.verify(honestSig, message, publicKey)).toBe(true);
    expect(nobleOnly.arithmeticOf(publicKey)).toBe('noble');
  });

  test('verifyStrict never throws on garbage', async () => {
    const { verifyStrict } = await verifyModule();
    expect(verifyStrict(new Uint8Array(3), message, publicKey)).toBe(false);
    expect(verifyStrict(honestSig, message, new Uint8Array(5))).toBe(false);
  });

  test('capacity: the oldest author is forgotten first, and the cache never grows past it', async () => {
    const { SignatureVerifier } = await verifyModule();
    const signers = [1, 2, 3].map((seed) => testSigner(seed));
    const sigs = signers.map((s) => s.sign(message));
    const verifier = new SignatureVerifier(2);
    expect(verifier.verify(sigs[0]!, message, signers[0]!.publicKey)).toBe(true);
    expect(verifier.verify(sigs[1]!, message, signers[1]!.publicKey)).toBe(true);
    expect(verifier.cachedKeys).toBe(2);
    expect(verifier.verify(sigs[2]!, message, signers[2]!.publicKey)).toBe(true);
    expect(verifier.cachedKeys).toBe(2);
    // All three still verify (an evicted key takes the uncached path again).
    for (const [i, s] of signers.entries()) expect(verifier.verify(sigs[i]!, message, s.publicKey)).toBe(true);
    expect(verifier.cachedKeys).toBe(2);
    const one = new SignatureVerifier(1);
    expect(one.verify(sigs[0]!, message, signers[0]!.publicKey)).toBe(true);
    expect(one.verify(sigs[1]!, message, signers[1]!.publicKey)).toBe(true);
    expect(one.cachedKeys).toBe(1);
  });

  test('the default capacity is 32 authors', async () => {
    const { SignatureVerifier } = await verifyModule();
    const verifier = new SignatureVerifier();
    const signers = Array.from({ length: 33 }, (_, i) => testSigner(i + 1));
    for (const s of signers) expect(verifier.verify(s.sign(message), message, s.publicKey)).toBe(true);
    expect(verifier.cachedKeys).toBe(32);
  });

  test.each([0, -1, 1.5, Number.NaN])('capacity %s is refused', async (capacity) => {
    const { SignatureVerifier } = await verifyModule();
    expect(() => new SignatureVerifier(capacity)).toThrow(
      `SignatureVerifier: capacity must be a positive integer, got ${capacity}`,
    );
  });

  test('capacity 1 is allowed', async () => {
    const { SignatureVerifier } = await verifyModule();
    expect(() => new SignatureVerifier(1)).not.toThrow();
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
