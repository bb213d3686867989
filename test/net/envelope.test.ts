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
import { testSigner } from '../helpers/signers.js';

const TABLE = 'abcdefgh-0011223344556677';
const alice = testSigner(1);
const mallory = testSigner(9);

function honest(): EnvelopeOf<'hello'> {
  return signEnvelope(alice, { kind: 'hello', table: TABLE, seq: 7, to: null, body: { peerId: 'fd-x-1', name: 'Alice' } });
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
            seats: Array.from({ length: seats }, (_, i) => (i === 0 ? { key: alice.publicKey, name, peerId: 'fd-a' } : null)),
            hands: 0,
          };
          const envelope = signEnvelope(alice, { kind: 'roster', table: TABLE, seq: version + 1, to: null, body: roster });
          const decoded = decodeEnvelope(encodeEnvelope(envelope), TABLE);
          expect(decoded.ok && decoded.value.body).toEqual(roster);
        },
      ),
      { numRuns: 50 },
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
  ['peer id with bad characters', () => tampered((r) => (r.body = { peerId: 'a b', name: 'x' })), /bad hello body: peerId/],
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

it('rejects every single-bit flip of an honest envelope', () => {
  const bytes = encodeEnvelope(honest());
  fc.assert(
    fc.property(fc.nat({ max: bytes.length * 8 - 1 }), (bit) => {
      const flipped = bytes.slice();
      flipped[bit >> 3]! ^= 1 << (bit & 7);
      expect(decodeEnvelope(flipped, TABLE).ok).toBe(false);
    }),
    { numRuns: 200 },
  );
});
