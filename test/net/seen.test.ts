/**
 * src/net/seen.ts on its own: what the mesh remembers of envelopes it took in.
 * The digest is SHA-256 of the exact bytes (recomputed with noble), so a copy
 * differing in one bit is not "already accepted" and goes through the full
 * signature gate; signatures identify honest copies; both memories keep at
 * most `limit` entries and forget the oldest first. Real signed envelopes.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { encodeEnvelope, signEnvelope } from '../../src/net/envelope.js';
import { SeenEnvelopes } from '../../src/net/seen.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'abcdefgh-0011223344556677';
const alice = testSigner(1);
const hello = (seq: number) =>
  signEnvelope(alice, { kind: 'hello', table: TABLE, seq, to: null, body: { peerId: 'fd-x-1', name: 'Alice' } });

describe('SeenEnvelopes', () => {
  it('digest is the hex SHA-256 of the exact bytes; one flipped bit is another digest', () => {
    const bytes = encodeEnvelope(hello(1));
    expect(SeenEnvelopes.digest(bytes)).toBe(Buffer.from(sha256(bytes)).toString('hex'));
    const flipped = new Uint8Array(bytes); // a copy: under Vitest encodeEnvelope returns a Buffer, whose slice is a view
    flipped[flipped.length - 1]! ^= 1;
    expect(SeenEnvelopes.digest(flipped)).not.toBe(SeenEnvelopes.digest(bytes));
  });

  it('remembers accepted bytes and signatures; a forged copy of other bytes is not taken as accepted', () => {
    const seen = new SeenEnvelopes();
    const envelope = hello(1);
    const bytes = encodeEnvelope(envelope);
    const digest = SeenEnvelopes.digest(bytes);
    expect(seen.acceptedBytes(digest)).toBeUndefined();
    expect(seen.hasSignature(envelope)).toBe(false);
    seen.remember(envelope, digest);
    expect(seen.acceptedBytes(digest)).toBe(envelope);
    expect(seen.hasSignature(envelope)).toBe(true);
    // Same signature, other bytes (a tampered copy): its digest is unknown, so it is verified again.
    const forged = new Uint8Array(bytes);
    forged[forged.length - 1]! ^= 1;
    expect(seen.acceptedBytes(SeenEnvelopes.digest(forged))).toBeUndefined();
    expect(seen.hasSignature(hello(2))).toBe(false);
  });

  it('remembering without a digest records the signature only', () => {
    const seen = new SeenEnvelopes();
    const envelope = hello(3);
    seen.remember(envelope, undefined);
    expect(seen.hasSignature(envelope)).toBe(true);
    expect(seen.acceptedBytes(SeenEnvelopes.digest(encodeEnvelope(envelope)))).toBeUndefined();
    // …and takes no room among the digests: with room for two, both real digests stay.
    const small = new SeenEnvelopes(2);
    const [first, second] = [hello(4), hello(5)];
    const [d4, d5] = [first, second].map((e) => SeenEnvelopes.digest(encodeEnvelope(e)));
    small.remember(first, d4);
    small.remember(envelope, undefined);
    small.remember(second, d5);
    expect(small.acceptedBytes(d4!)).toBe(first);
    expect(small.acceptedBytes(d5!)).toBe(second);
  });

  it('keeps at most `limit` of each and forgets the oldest first', () => {
    const seen = new SeenEnvelopes(2);
    const envelopes = [hello(1), hello(2), hello(3)];
    const digests = envelopes.map((e) => SeenEnvelopes.digest(encodeEnvelope(e)));
    envelopes.forEach((e, i) => seen.remember(e, digests[i]));
    expect(envelopes.map((e) => seen.hasSignature(e))).toEqual([false, true, true]);
    expect(digests.map((d) => seen.acceptedBytes(d) !== undefined)).toEqual([false, true, true]);
    // The default limit is 4096: the first of 4097 is forgotten, the second kept.
    const big = new SeenEnvelopes();
    const many = Array.from({ length: 4097 }, (_, i) => ({
      ...envelopes[0]!,
      sig: new Uint8Array(64).fill(i & 255).map((b, k) => (k < 2 ? (i >> (8 * k)) & 255 : b)),
    }));
    for (const [i, e] of many.entries()) big.remember(e, `d${i}`);
    expect(big.hasSignature(many[0]!)).toBe(false);
    expect(big.acceptedBytes('d0')).toBeUndefined();
    expect(big.hasSignature(many[1]!)).toBe(true);
    expect(big.acceptedBytes('d1')).toBe(many[1]);
    expect(big.acceptedBytes('d4096')).toBe(many[4096]);
  });
});
