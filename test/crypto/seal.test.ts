/**
 * crypto/seal.ts, the pairwise per-hand seal keys: both seats derive the same
 * key, bound to the pair, table and hand; payloads are bound to the seal
 * context and to the packet in their header; low-order X25519 keys and
 * malformed inputs or contexts are refused by name. Known answers recompute
 * every byte from the documented construction with @noble directly (RFC 7748
 * §6.1 keys, HKDF-SHA256, AES-256-GCM), so a wrong label, salt order or layout
 * constant, which round trips cannot see, fails.
 */
import { beforeAll, describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { gcm } from '@noble/ciphers/aes.js';
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

/** seal.js loaded inside the test: its labels and overheads are module-level constants (test/helpers/loaded-now.ts). */
const freshSeal = () => loadedNow(() => import('../../crypto/seal.js'));
const unhex = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s+/g, ''), 'hex'));
const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'ascii'));
const cat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
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
/** The context of the vectors: every field distinct, the packet two bytes that differ. */
const vectorCtx = { tableId: ascii('table'), handNo: 3, packet: 0x0102, purpose: 'keys', from: 1, to: 0 };
// sealAad(vectorCtx) by hand: u8 length ‖ table id, u32 BE hand, u16 BE packet, u8 length ‖ purpose, u8 from, u8 to.
const vectorAad = unhex('05 7461626c65  00000003  0102  04 6b657973  01  00');

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

describe('seal.ts known answers', () => {
  it('the RFC 7748 §6.1 keys are what the vectors below assume', () => {
    expect(hex(x25519.getPublicKey(rfc.aliceSecret))).toBe(hex(rfc.alicePublic));
    expect(hex(x25519.getPublicKey(rfc.bobSecret))).toBe(hex(rfc.bobPublic));
    expect(hex(x25519.getSharedSecret(rfc.aliceSecret, rfc.bobPublic))).toBe(hex(rfc.shared));
  });

  it('sealAad writes the context field by field, big-endian, with length-prefixed strings', () => {
    expect(hex(sealAad(vectorCtx))).toBe(hex(vectorAad));
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

  it('the layout overhead is the documented size', async () => {
    const { PAIR_SEAL_OVERHEAD } = await freshSeal();
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

  const pairInfo = cat(ascii('fairdeck/v1/pair-key'), unhex('05 7461626c65 00000003'));

  it('pairKey = HKDF-SHA256(X25519 shared, lower public key ‖ higher, label ‖ table ‖ hand), the same from both seats', async () => {
    const { pairKey } = await freshSeal();
    // 0x85… < 0xde…: Alice's key comes first in the salt, whoever derives.
    const expected = hex(hkdf(sha256, rfc.shared, cat(rfc.alicePublic, rfc.bobPublic), pairInfo, 32));
    const rfcAlice = { secretKey: rfc.aliceSecret, publicKey: rfc.alicePublic };
    const rfcBob = { secretKey: rfc.bobSecret, publicKey: rfc.bobPublic };
    expect(hex(pairKey(rfcAlice, rfc.bobPublic, table))).toBe(expected);
    expect(hex(pairKey(rfcBob, rfc.alicePublic, table))).toBe(expected);
  });

  describe('the salt order is the byte order of the whole key, not of its first byte', () => {
    let first: SealKeyPair;
    let second: SealKeyPair;
    beforeAll(() => {
      // Deterministic search (seeded): the first two key pairs whose public keys share their first byte.
      const rng = seededRandom('seal-vectors: same first byte');
      const seen = new Map<number, SealKeyPair>();
      for (;;) {
        const pair = { secretKey: rng(32), publicKey: new Uint8Array(0) };
        const keys = { ...pair, publicKey: x25519.getPublicKey(pair.secretKey) };
        const earlier = seen.get(keys.publicKey[0]!);
        if (earlier !== undefined) {
          [first, second] = [earlier, keys];
          break;
        }
        seen.set(keys.publicKey[0]!, keys);
      }
    });

    it('two keys with the same first byte: both seats derive the key salted in full byte order', () => {
      expect(first.publicKey[0]).toBe(second.publicKey[0]);
      const ordered = Buffer.compare(first.publicKey, second.publicKey) < 0 ? [first, second] : [second, first];
      const shared = x25519.getSharedSecret(first.secretKey, second.publicKey);
      const expected = hex(hkdf(sha256, shared, cat(ordered[0]!.publicKey, ordered[1]!.publicKey), pairInfo, 32));
      expect(hex(pairKey(first, second.publicKey, table))).toBe(expected);
      expect(hex(pairKey(second, first.publicKey, table))).toBe(expected);
    });

    it('a key paired with itself (equal in every byte) gives a key too, salted with the key twice', () => {
      const shared = x25519.getSharedSecret(first.secretKey, first.publicKey);
      const expected = hex(hkdf(sha256, shared, cat(first.publicKey, first.publicKey), pairInfo, 32));
      expect(hex(pairKey(first, first.publicKey, table))).toBe(expected);
    });
  });

  it('sealWith: version 2 ‖ packet (u16 BE) ‖ nonce ‖ AES-256-GCM(key, nonce, sealAad) of the payload', async () => {
    const { sealWith, openWith } = await freshSeal();
    const key = unhex('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    const nonce = unhex('a0a1a2a3a4a5a6a7a8a9aaab');
    const plaintext = ascii('k5 k6');
    const sealed = sealWith(key, plaintext, vectorCtx, fixedBytes(nonce));
    const body = gcm(key, nonce, vectorAad).encrypt(plaintext);
    expect(hex(sealed)).toBe(hex(cat(unhex('02 0102'), nonce, body)));
    const opened = openWith(key, sealed, {
      tableId: vectorCtx.tableId,
      handNo: vectorCtx.handNo,
      purpose: vectorCtx.purpose,
      from: vectorCtx.from,
      to: vectorCtx.to,
    });
    expect(opened.packet).toBe(0x0102);
    expect(hex(opened.plaintext)).toBe(hex(plaintext));
  });
});
