/**
 * The envelope gate and its signature check, fast and exact: every reason
 * decodeEnvelope gives a peer's log (envelope.ts) is asserted word for word
 * on one hand-built input each, the signed bytes and the wire encoding are
 * pinned, and the cached verifier (verify.ts) is checked against noble's
 * strict verify on honest, tampered and non-RFC-8032 signatures, with its
 * capacity and eviction. envelope.ts builds its schema and signing domain
 * when it loads, so each test loads it afresh (loadedNow; docs/TESTING.md).
 * The slower property tests stay in envelope.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { decode as cborDecode, encode as cborEncode } from 'cborg';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, numberToBytesLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { testSigner } from '../helpers/signers.js';
import { SignatureVerifier } from '../../src/net/verify.js';

const TABLE = 'tbl-01';
const alice = testSigner(1);
const mallory = testSigner(9);
const envelopeModule = () => loadedNow(() => import('../../src/net/envelope.js'));
/** verify.ts loaded afresh too: imported at the top, Stryker attributed none of its mutants to a test. */
const verifyModule = () => loadedNow(() => import('../../src/net/verify.js'));

async function honestEnvelope(seq = 7) {
  const { signEnvelope } = await envelopeModule();
  return signEnvelope(alice, { kind: 'hello', table: TABLE, seq, to: null, body: { peerId: 'fd-x-1', name: 'Alice' } });
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
    ['a tampered body', async () => tampered((r) => (r.body = { peerId: 'fd-x-1', name: 'Mallory' })), 'bad signature'],
    ['another author', async () => tampered((r) => (r.from = mallory.publicKey)), 'bad signature'],
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
  const warmed = async () => {
    const { SignatureVerifier } = await verifyModule();
    const verifier = new SignatureVerifier();
    expect(verifier.verify(honestSig, message, publicKey)).toBe(true);
    expect(verifier.cachedKeys).toBe(1);
    return verifier;
  };

  test('the cached path accepts what noble accepts', async () => {
    const { verifyStrict } = await verifyModule();
    const verifier = await warmed();
    const other = ed25519.sign(utf8ToBytes('another'), secret);
    for (const [signature, signed, accepted] of [
      [honestSig, message, true],
      [withIdentityR(le(1n)), message, true],
      [other, utf8ToBytes('another'), true],
      [other, message, false],
    ] as const) {
      expect(verifyStrict(signature, signed, publicKey)).toBe(accepted);
      expect(verifier.verify(signature, signed, publicKey)).toBe(accepted);
    }
  });

  test.each<[string, () => Uint8Array]>([
    ['S + ℓ', () => sPlus(L)],
    ['S = ℓ exactly', () => concatBytes(honestSig.subarray(0, 32), le(L))],
    ['S + 1', () => sPlus(1n)],
    ['R not canonical (y = p + 1)', () => withIdentityR(le(P + 1n))],
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
    const { verifyStrict } = await verifyModule();
    // The range check is S < ℓ: the largest in-range S reaches the equation (and fails it honestly).
    const signature = concatBytes(honestSig.subarray(0, 32), le(L - 1n));
    expect(verifyStrict(signature, message, publicKey)).toBe(false);
    expect((await warmed()).verify(signature, message, publicKey)).toBe(false);
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
});
