/**
 * crypto/seal.ts, the pairwise per-hand seal keys: both seats derive the same
 * key, bound to the pair, table and hand; payloads are bound to the seal
 * context and to the packet in their header; low-order X25519 keys and
 * malformed inputs or contexts are refused by name.
 */
import { beforeAll, describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { x25519 } from '@noble/curves/ed25519.js';
import { loadedNow } from '../helpers/loaded-now.js';
import {
  PAIR_SEAL_OVERHEAD,
  type RandomSource,
  type SealKeyPair,
  assertSealPublicKey,
  openWith,
  pairKey,
  sealAad,
  sealKeyPair,
  sealWith,
  sealedPacket,
  seededRandom,
} from '../../crypto/index.js';

// Made in beforeAll, not at import: under `npm run mutate` a changed line is switched on only after the imports
// (test/helpers/loaded-now.ts), and these pairs must come from the code under test.
let rng: RandomSource;
let alice: SealKeyPair;
let bob: SealKeyPair;
let carol: SealKeyPair;
let key: Uint8Array;
beforeAll(() => {
  rng = seededRandom('seal-pair');
  alice = sealKeyPair(rng);
  bob = sealKeyPair(rng);
  carol = sealKeyPair(rng);
  key = pairKey(alice, bob.publicKey, table);
});
const table = { tableId: new TextEncoder().encode('table'), handNo: 3 };
const ctx = { ...table, packet: 2, purpose: 'keys', from: 1, to: 0 };
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const P = 2n ** 255n - 19n;
const le = (u: bigint) => {
  const b = new Uint8Array(32);
  let v = u;
  for (let i = 0; i < 32; i++) {
    b[i] = Number(v & 255n);
    v >>= 8n;
  }
  return b;
};
// RFC 7748 §6.1 low-order u-coordinates, their non-canonical forms (u + p) and with the masked top bit set.
const LOW = [
  0n,
  1n,
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
  P - 1n,
];
const lowOrderKeys = [...LOW, P, P + 1n, ...LOW.map((u) => u + 2n ** 255n)].map(le);

describe('pairwise seal keys', () => {
  it('both seats of a pair derive the same 32-byte key; another pair, table or hand gives another', () => {
    const ab = pairKey(alice, bob.publicKey, table);
    expect(ab.length).toBe(32);
    expect(hex(pairKey(bob, alice.publicKey, table))).toBe(hex(ab));
    const others = [
      pairKey(alice, carol.publicKey, table),
      pairKey(bob, carol.publicKey, table),
      pairKey(alice, bob.publicKey, { ...table, handNo: 4 }),
      pairKey(alice, bob.publicKey, { ...table, tableId: new TextEncoder().encode('tablf') }),
    ].map(hex);
    expect(new Set([hex(ab), ...others]).size).toBe(5);
  });

  it('round-trips any payload in both directions and names its packet', () => {
    const key = pairKey(alice, bob.publicKey, table);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 0, max: 0xffff }), (pt, packet) => {
        const sealed = sealWith(key, pt, { ...ctx, packet }, rng);
        expect(sealed.length).toBe(pt.length + PAIR_SEAL_OVERHEAD);
        expect(sealedPacket(sealed)).toBe(packet);
        const { packet: named, plaintext } = openWith(pairKey(bob, alice.publicKey, table), sealed, { ...ctx });
        expect(named).toBe(packet);
        expect(hex(plaintext)).toBe(hex(pt));
      }),
      { seed: 0x5eed, numRuns: 40 },
    );
  });

  it('uses a fresh nonce per payload (same key, context and plaintext: different ciphertexts)', () => {
    const key = pairKey(alice, bob.publicKey, table);
    const a = sealWith(key, new Uint8Array([1, 2, 3]), ctx, rng);
    const b = sealWith(key, new Uint8Array([1, 2, 3]), ctx, rng);
    expect(hex(a.subarray(3, 15))).not.toBe(hex(b.subarray(3, 15)));
    expect(hex(a)).not.toBe(hex(b));
  });

  it('binds table, hand, purpose and both seats (direction included) as associated data', () => {
    const key = pairKey(alice, bob.publicKey, table);
    const sealed = sealWith(key, new Uint8Array([42]), ctx, rng);
    expect(openWith(key, sealed, ctx).plaintext[0]).toBe(42);
    for (const other of [
      { ...ctx, tableId: new TextEncoder().encode('tablf') },
      { ...ctx, handNo: 4 },
      { ...ctx, purpose: 'forward' },
      { ...ctx, from: 0, to: 1 },
      { ...ctx, from: 2 },
      { ...ctx, to: 255 },
    ]) {
      expect(() => openWith(key, sealed, other)).toThrow(/openWith: authentication failed/);
    }
  });

  const hostile: [string, () => unknown, ErrorConstructor, RegExp][] = [
    [
      'a header naming another packet',
      () => {
        const s = sealWith(key, new Uint8Array(4), ctx, rng);
        s[2] = 3;
        return openWith(key, s, ctx);
      },
      RangeError,
      /authentication failed .*packet 3/,
    ],
    [
      "another pair's key",
      () => openWith(pairKey(alice, carol.publicKey, table), sealWith(key, new Uint8Array(4), ctx, rng), ctx),
      RangeError,
      /authentication failed/,
    ],
    [
      'a flipped ciphertext bit',
      () => {
        const s = sealWith(key, new Uint8Array(4), ctx, rng);
        s[PAIR_SEAL_OVERHEAD - 16]! ^= 1;
        return openWith(key, s, ctx);
      },
      RangeError,
      /authentication failed/,
    ],
    [
      'a flipped nonce bit',
      () => {
        const s = sealWith(key, new Uint8Array(4), ctx, rng);
        s[5]! ^= 1;
        return openWith(key, s, ctx);
      },
      RangeError,
      /authentication failed/,
    ],
    [
      'a version 1 payload (the retired one-shot seal)',
      () => {
        const s = sealWith(key, new Uint8Array(40), ctx, rng);
        s[0] = 1;
        return openWith(key, s, ctx);
      },
      RangeError,
      /unsupported version 1, expected 2/,
    ],
    [
      'a payload shorter than the overhead',
      () => openWith(key, new Uint8Array(PAIR_SEAL_OVERHEAD - 1), ctx),
      RangeError,
      /shorter than the 31-byte overhead/,
    ],
    [
      'a pair key of 31 bytes',
      () => sealWith(new Uint8Array(31), new Uint8Array(1), ctx, rng),
      RangeError,
      /sealWith: pair key: expected 32 bytes, got 31/,
    ],
    [
      'a public key of 33 bytes',
      () => pairKey(alice, new Uint8Array(33), table),
      RangeError,
      /pairKey: their public key: expected 32 bytes, got 33/,
    ],
    [
      'a public key that is not bytes',
      () => assertSealPublicKey('key'),
      TypeError,
      /seal public key: expected Uint8Array, got string/,
    ],
    // Each input check names its argument.
    [
      'my secret key of 31 bytes',
      () => pairKey({ ...alice, secretKey: new Uint8Array(31) }, bob.publicKey, table),
      RangeError,
      /^pairKey: my secret key: expected 32 bytes, got 31/,
    ],
    [
      'my public key of 31 bytes',
      () => pairKey({ ...alice, publicKey: new Uint8Array(31) }, bob.publicKey, table),
      RangeError,
      /^pairKey: my public key: expected 32 bytes, got 31/,
    ],
    [
      'an empty table id',
      () => pairKey(alice, bob.publicKey, { ...table, tableId: new Uint8Array(0) }),
      RangeError,
      /^pairKey: tableId/,
    ],
    [
      'a negative hand number',
      () => pairKey(alice, bob.publicKey, { ...table, handNo: -1 }),
      RangeError,
      /^pairKey: handNo/,
    ],
    [
      'a plaintext that is not bytes',
      () => sealWith(key, 'text' as never, ctx, rng),
      TypeError,
      /^sealWith: plaintext: expected Uint8Array/,
    ],
    [
      'a sealed payload that is not bytes',
      () => sealedPacket('payload' as never),
      TypeError,
      /^sealed payload: expected Uint8Array/,
    ],
    [
      'an opening key of 31 bytes',
      () => openWith(new Uint8Array(31), sealWith(key, new Uint8Array(1), ctx, rng), ctx),
      RangeError,
      /^openWith: pair key: expected 32 bytes, got 31/,
    ],
  ];
  test.each(hostile)('rejects %s', (_n, run, type, message) => {
    expect(run).toThrow(type);
    expect(run).toThrow(message);
  });

  it('refuses every low-order X25519 key (all of them would give an all-zero shared secret), naming whose key it is', async () => {
    // Loaded inside the test: the low-order list and p are module-level constants (test/helpers/loaded-now.ts).
    const { assertSealPublicKey, pairKey } = await loadedNow(() => import('../../crypto/seal.js'));
    for (const [i, low] of lowOrderKeys.entries()) {
      // These really are low order: X25519 with any secret gives all zeros, which noble refuses.
      expect(() => x25519.getSharedSecret(alice.secretKey, low), `key ${i}`).toThrow();
      expect(() => assertSealPublicKey(low, 'seat 2 seal key')).toThrow(RangeError);
      expect(() => assertSealPublicKey(low, 'seat 2 seal key')).toThrow(
        /^seat 2 seal key: X25519 public key of low order/,
      );
      expect(() => pairKey(alice, low, table)).toThrow(RangeError);
      expect(() => pairKey(alice, low, table)).toThrow(/^pairKey: their public key: X25519 public key of low order/);
    }
    // A valid key passes and is returned as is.
    expect(assertSealPublicKey(bob.publicKey)).toBe(bob.publicKey);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (sk) => {
        const pub = x25519.getPublicKey(sk);
        expect(assertSealPublicKey(pub)).toBe(pub);
      }),
      { seed: 0x5eed, numRuns: 30 },
    );
  });
});

describe('the seal context', () => {
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
