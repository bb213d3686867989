/**
 * One-shot sealing (crypto/seal.ts `seal` / `unseal` / `sealAad`): round
 * trips, fresh ephemeral keys, the context bound as associated data, and
 * every hostile input refused with its own message. The key pairs are made
 * in `beforeAll`, not at import, so that a mutation run (which switches its
 * mutant on after the test files are imported) sees them made by the
 * mutated code. Byte-exact known answers: seal-vectors.test.ts.
 */
import { beforeAll, describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { x25519 } from '@noble/curves/ed25519.js';
import {
  type RandomSource,
  SEAL_OVERHEAD,
  type SealKeyPair,
  seal,
  sealAad,
  sealKeyPair,
  seededRandom,
  unseal,
} from '../../crypto/index.js';

let rng: RandomSource;
let alice: SealKeyPair;
let bob: SealKeyPair;
const ctx = { tableId: new TextEncoder().encode('table'), handNo: 3, packet: 0, purpose: 'keys', from: 1, to: 0 };
let aad: Uint8Array;
beforeAll(() => {
  rng = seededRandom('seal');
  alice = sealKeyPair(rng);
  bob = sealKeyPair(rng);
  aad = sealAad(ctx);
});
const unhex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));

describe('sealing private payloads', () => {
  it('RFC 7748 §6.1 test vector holds for the X25519 it uses', () => {
    const a = unhex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
    const b = unhex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');
    const shared = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';
    expect(Buffer.from(x25519.getSharedSecret(a, x25519.getPublicKey(b))).toString('hex')).toBe(shared);
  });

  it('round-trips any payload to the intended recipient', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (pt) => {
        const sealed = await seal(alice.publicKey, pt, aad, rng);
        expect(sealed.length).toBe(pt.length + SEAL_OVERHEAD);
        expect(await unseal(alice.secretKey, sealed, aad)).toEqual(pt);
        expect(await unseal(alice.secretKey, sealed, aad, alice.publicKey)).toEqual(pt);
      }),
      { numRuns: 20, seed: 20261123 },
    );
  });

  it('uses a fresh ephemeral key each time (same plaintext, different ciphertexts)', async () => {
    const pt = new Uint8Array([1, 2, 3]);
    const a = await seal(alice.publicKey, pt, aad);
    const b = await seal(alice.publicKey, pt, aad);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('binds table, hand, packet, purpose and both seats as associated data', async () => {
    const sealed = await seal(alice.publicKey, new Uint8Array([42]), aad, rng);
    for (const other of [
      { ...ctx, tableId: new TextEncoder().encode('tablf') },
      { ...ctx, handNo: 4 },
      { ...ctx, packet: 1 },
      { ...ctx, purpose: 'forward' },
      { ...ctx, from: 2 },
      { ...ctx, to: 255 },
    ]) {
      expect(() => unseal(alice.secretKey, sealed, sealAad(other))).toThrow(/authentication failed/);
    }
  });

  const hostile: [string, () => Promise<unknown>, ErrorConstructor, RegExp][] = [
    [
      "a public key that is not the recipient's",
      async () => unseal(alice.secretKey, await seal(alice.publicKey, new Uint8Array(4), aad, rng), aad, bob.publicKey),
      RangeError,
      /authentication failed/,
    ],
    [
      'wrong recipient',
      async () => unseal(bob.secretKey, await seal(alice.publicKey, new Uint8Array(4), aad, rng), aad),
      RangeError,
      /authentication failed/,
    ],
    [
      'flipped ciphertext bit',
      async () => {
        const s = await seal(alice.publicKey, new Uint8Array(4), aad, rng);
        s[40]! ^= 1;
        return unseal(alice.secretKey, s, aad);
      },
      RangeError,
      /authentication failed/,
    ],
    [
      'flipped tag bit',
      async () => {
        const s = await seal(alice.publicKey, new Uint8Array(4), aad, rng);
        s[s.length - 1]! ^= 0x80;
        return unseal(alice.secretKey, s, aad);
      },
      RangeError,
      /authentication failed/,
    ],
    [
      'truncated below the overhead',
      async () => unseal(alice.secretKey, new Uint8Array(SEAL_OVERHEAD - 1), aad),
      RangeError,
      /shorter than the 49-byte overhead/,
    ],
    [
      'unknown version',
      async () => {
        const s = await seal(alice.publicKey, new Uint8Array(4), aad, rng);
        s[0] = 2;
        return unseal(alice.secretKey, s, aad);
      },
      RangeError,
      /unsupported version 2/,
    ],
    [
      'low-order ephemeral key (all zero)',
      async () => {
        const s = await seal(alice.publicKey, new Uint8Array(4), aad, rng);
        s.fill(0, 1, 33);
        return unseal(alice.secretKey, s, aad);
      },
      RangeError,
      /unseal: ephemeral public key: X25519 public key is of low order/,
    ],
    [
      'low-order recipient key',
      async () => seal(new Uint8Array(32), new Uint8Array(4), aad, rng),
      RangeError,
      /seal: recipient public key: X25519 public key is of low order/,
    ],
    [
      'recipient key of 31 bytes',
      async () => seal(new Uint8Array(31), new Uint8Array(4), aad, rng),
      RangeError,
      /^seal: recipient public key: expected 32 bytes, got 31/,
    ],
    [
      'secret key of 33 bytes',
      async () => unseal(new Uint8Array(33), new Uint8Array(60), aad),
      RangeError,
      /^unseal: recipient secret key: expected 32 bytes, got 33/,
    ],
    [
      'recipient public key of 31 bytes at unseal',
      async () => unseal(alice.secretKey, new Uint8Array(60), aad, new Uint8Array(31)),
      RangeError,
      /^unseal: recipient public key: expected 32 bytes, got 31/,
    ],
    [
      'sealed payload not bytes',
      async () => unseal(alice.secretKey, 'sealed' as never, aad),
      TypeError,
      /^unseal: sealed payload: expected Uint8Array, got string/,
    ],
    [
      'aad not bytes at seal',
      async () => seal(alice.publicKey, new Uint8Array(4), 'aad' as never, rng),
      TypeError,
      /^seal: associated data: expected Uint8Array, got string/,
    ],
    [
      'plaintext not bytes',
      async () => seal(alice.publicKey, 'hi' as unknown as Uint8Array, aad, rng),
      TypeError,
      /seal: plaintext: expected Uint8Array, got string/,
    ],
    [
      'aad not bytes',
      async () => unseal(alice.secretKey, new Uint8Array(60), null as unknown as Uint8Array),
      TypeError,
      /^unseal: associated data: expected Uint8Array, got null/,
    ],
  ];
  test.each(hostile)('rejects %s', async (_n, run, type, message) => {
    const p = run();
    await expect(p).rejects.toThrow(type);
    await expect(Promise.resolve().then(run)).rejects.toThrow(message);
  });

  test.each([
    ['empty table id', { ...ctx, tableId: new Uint8Array(0) }, RangeError, /tableId: expected 1\.\.64 bytes, got 0/],
    ['hand number out of range', { ...ctx, handNo: 2 ** 32 }, RangeError, /handNo: expected 0\.\.4294967295/],
    ['fractional packet', { ...ctx, packet: 1.5 }, TypeError, /packet: expected an integer/],
    ['empty purpose', { ...ctx, purpose: '' }, RangeError, /purpose: expected 1\.\.64 bytes, got 0/],
    ['recipient 256', { ...ctx, to: 256 }, RangeError, /to: expected 0\.\.255/],
    [
      'sender 255 (only a recipient may be every seat)',
      { ...ctx, from: 255 },
      RangeError,
      /^seal context from: expected 0\.\.254/,
    ],
  ])('refuses a malformed seal context (%s)', (_n, c, type, message) => {
    expect(() => sealAad(c)).toThrow(type);
    expect(() => sealAad(c)).toThrow(message);
  });
});
