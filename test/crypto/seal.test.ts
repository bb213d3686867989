/**
 * One-shot sealing (crypto/seal.ts `seal` / `unseal` / `sealAad`): round
 * trips, fresh ephemeral keys, the context bound as associated data, and
 * every hostile input refused with its own message; and known answers: every
 * byte `sealKeyPair`, `seal` and `sealAad` produce, recomputed from the
 * construction the module documents — RFC 7748 §6.1's X25519 vector keys,
 * HKDF-SHA256 (RFC 5869), AES-256-GCM (SP 800-38D), the seal context written
 * out byte by byte — with @noble primitives called directly, not through
 * seal.ts, so a wrong KDF label or layout, which both sides of a round trip
 * would share, fails here; and the layout's overhead, which a stored
 * transcript's sealed payloads must keep. The pairwise keys are in
 * seal-pair.test.ts.
 */
import { beforeAll, describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { gcm } from '@noble/ciphers/aes.js';
import { loadedNow } from '../helpers/loaded-now.js';
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
const unhex = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s+/g, ''), 'hex'));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'ascii'));
const cat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
/** seal.js loaded inside the test: its labels and overheads are module-level constants (test/helpers/loaded-now.ts). */
const freshSeal = () => loadedNow(() => import('../../crypto/seal.js'));
/** A random source that hands out exactly these bytes, once. */
const fixedBytes = (bytes: Uint8Array) => (length: number) => {
  expect(length).toBe(bytes.length);
  return bytes.slice();
};
// RFC 7748 §6.1: Alice's and Bob's X25519 key pairs and their shared secret.
const rfc = {
  aliceSecret: unhex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a'),
  alicePublic: unhex('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a'),
  bobSecret: unhex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb'),
  bobPublic: unhex('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f'),
  shared: unhex('4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742'),
};
const vectorCtx = { tableId: ascii('table'), handNo: 3, packet: 0x0102, purpose: 'keys', from: 1, to: 0 };
// sealAad(vectorCtx) by hand: u8 length ‖ table id, u32 BE hand, u16 BE packet, u8 length ‖ purpose, u8 from, u8 to.
const ctxAad = unhex('05 7461626c65  00000003  0102  04 6b657973  01  00');

describe('sealing private payloads', () => {
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

describe('known answers', () => {
  it('the RFC 7748 §6.1 keys are what the vectors below assume', () => {
    expect(hex(x25519.getPublicKey(rfc.aliceSecret))).toBe(hex(rfc.alicePublic));
    expect(hex(x25519.getPublicKey(rfc.bobSecret))).toBe(hex(rfc.bobPublic));
    expect(hex(x25519.getSharedSecret(rfc.aliceSecret, rfc.bobPublic))).toBe(hex(rfc.shared));
  });

  it('sealAad writes the context field by field, big-endian, with length-prefixed strings', () => {
    expect(hex(sealAad(vectorCtx))).toBe(hex(ctxAad));
    expect(
      hex(
        sealAad({
          ...vectorCtx,
          tableId: ascii('t'),
          handNo: 0xfffffffe,
          packet: 0xffff,
          purpose: 'x',
          from: 254,
          to: 255,
        }),
      ),
    ).toBe('0174fffffffeffff0178feff');
  });

  it('the layout overheads are the documented sizes', async () => {
    const { SEAL_OVERHEAD, PAIR_SEAL_OVERHEAD } = await freshSeal();
    expect(SEAL_OVERHEAD).toBe(1 + 32 + 16); // version, ephemeral public key, GCM tag
    expect(PAIR_SEAL_OVERHEAD).toBe(1 + 2 + 12 + 16); // version, packet, nonce, GCM tag
  });

  it('sealKeyPair takes its 32-byte secret from the random source and derives the X25519 public key', () => {
    const pair = sealKeyPair(fixedBytes(rfc.aliceSecret));
    expect(hex(pair.secretKey)).toBe(hex(rfc.aliceSecret));
    expect(hex(pair.publicKey)).toBe(hex(rfc.alicePublic));
    const seeded = sealKeyPair(seededRandom('seal-vectors'));
    expect(hex(seeded.secretKey)).toBe(hex(seededRandom('seal-vectors')(32)));
    expect(hex(seeded.publicKey)).toBe(hex(x25519.getPublicKey(seeded.secretKey)));
  });

  it('one-shot seal: version 1 ‖ ephemeral key ‖ AES-256-GCM under HKDF(shared, eph ‖ recipient, label ‖ aad)', async () => {
    const { seal, unseal } = await freshSeal();
    const plaintext = ascii('four hole cards');
    // Alice's RFC secret is the ephemeral key, Bob the recipient.
    const sealed = seal(rfc.bobPublic, plaintext, ctxAad, fixedBytes(rfc.aliceSecret));
    const okm = hkdf(
      sha256,
      rfc.shared,
      cat(rfc.alicePublic, rfc.bobPublic),
      cat(ascii('fairdeck/v1/seal'), ctxAad),
      44,
    );
    const body = gcm(okm.subarray(0, 32), okm.subarray(32, 44), ctxAad).encrypt(plaintext);
    expect(hex(sealed)).toBe(hex(cat(new Uint8Array([1]), rfc.alicePublic, body)));
    // And a payload built that way by hand opens, with and without the recipient's public key.
    expect(hex(unseal(rfc.bobSecret, sealed, ctxAad))).toBe(hex(plaintext));
    expect(hex(unseal(rfc.bobSecret, sealed, ctxAad, rfc.bobPublic))).toBe(hex(plaintext));
  });
});
