/**
 * Known answers for crypto/seal.ts: every byte `pairKey`, `sealWith` and
 * `sealAad` produce is recomputed here from the construction the module
 * documents — RFC 7748 §6.1's X25519 vector keys, HKDF-SHA256 (RFC 5869),
 * AES-256-GCM (SP 800-38D), the seal context written out byte by byte —
 * with @noble primitives called directly, not through seal.ts. Round trips
 * cannot see a wrong KDF label, salt order or layout constant (both sides
 * use the same wrong one); these vectors do (mutation run of seal.ts: the
 * labels, the salt order and the overhead constants survived round trips).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { gcm } from '@noble/ciphers/aes.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { type SealKeyPair, pairKey, sealAad, sealKeyPair, seededRandom } from '../../crypto/index.js';

/** seal.js loaded inside the test: its labels and overheads are module-level constants (test/helpers/loaded-now.ts). */
const freshSeal = () => loadedNow(() => import('../../crypto/seal.js'));
const unhex = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s+/g, ''), 'hex'));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
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
const ctx = { tableId: ascii('table'), handNo: 3, packet: 0x0102, purpose: 'keys', from: 1, to: 0 };
// sealAad(ctx) by hand: u8 length ‖ table id, u32 BE hand, u16 BE packet, u8 length ‖ purpose, u8 from, u8 to.
const ctxAad = unhex('05 7461626c65  00000003  0102  04 6b657973  01  00');

describe('seal.ts known answers', () => {
  it('the RFC 7748 §6.1 keys are what the vectors below assume', () => {
    expect(hex(x25519.getPublicKey(rfc.aliceSecret))).toBe(hex(rfc.alicePublic));
    expect(hex(x25519.getPublicKey(rfc.bobSecret))).toBe(hex(rfc.bobPublic));
    expect(hex(x25519.getSharedSecret(rfc.aliceSecret, rfc.bobPublic))).toBe(hex(rfc.shared));
  });

  it('sealAad writes the context field by field, big-endian, with length-prefixed strings', () => {
    expect(hex(sealAad(ctx))).toBe(hex(ctxAad));
    expect(
      hex(
        sealAad({ ...ctx, tableId: ascii('t'), handNo: 0xfffffffe, packet: 0xffff, purpose: 'x', from: 254, to: 255 }),
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
  const table = { tableId: ctx.tableId, handNo: ctx.handNo };

  it('pairKey = HKDF-SHA256(X25519 shared, lower public key ‖ higher, label ‖ table ‖ hand), the same from both seats', async () => {
    const { pairKey } = await freshSeal();
    // 0x85… < 0xde…: Alice's key comes first in the salt, whoever derives.
    const expected = hex(hkdf(sha256, rfc.shared, cat(rfc.alicePublic, rfc.bobPublic), pairInfo, 32));
    const alice = { secretKey: rfc.aliceSecret, publicKey: rfc.alicePublic };
    const bob = { secretKey: rfc.bobSecret, publicKey: rfc.bobPublic };
    expect(hex(pairKey(alice, rfc.bobPublic, table))).toBe(expected);
    expect(hex(pairKey(bob, rfc.alicePublic, table))).toBe(expected);
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
    const sealed = sealWith(key, plaintext, ctx, fixedBytes(nonce));
    const body = gcm(key, nonce, ctxAad).encrypt(plaintext);
    expect(hex(sealed)).toBe(hex(cat(unhex('02 0102'), nonce, body)));
    const opened = openWith(key, sealed, {
      tableId: ctx.tableId,
      handNo: ctx.handNo,
      purpose: ctx.purpose,
      from: ctx.from,
      to: ctx.to,
    });
    expect(opened.packet).toBe(0x0102);
    expect(hex(opened.plaintext)).toBe(hex(plaintext));
  });
});
