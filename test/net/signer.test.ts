/**
 * The ed25519 signer that derives its key once (src/net/signer.ts): its public
 * key and every signature are the bytes noble's `ed25519.sign` makes
 * (signatures are deterministic, RFC 8032 §5.1.6), RFC 8032's own test
 * vectors included, and each verifies strictly; with noble's base
 * multiplication and with the project's fixed-base table (crypto/group.ts
 * `ed25519BaseBytes`) alike.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { ed25519Signer } from '../../src/net/signer.js';
import { verifyStrict } from '../../src/net/verify.js';
import { ed25519BaseBytes, seededRandom } from '../../crypto/index.js';

describe('ed25519Signer', () => {
  it('signs RFC 8032 §7.1 tests 1–3 to their published signatures', () => {
    const vectors = [
      [
        '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
        'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
        '',
        'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
      ],
      [
        '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
        '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
        '72',
        '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
      ],
      [
        'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
        'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
        'af82',
        '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
      ],
    ] as const;
    for (const [secret, publicKey, message, signature] of vectors) {
      for (const signer of [ed25519Signer(hexToBytes(secret)), ed25519Signer(hexToBytes(secret), ed25519BaseBytes)]) {
        expect(bytesToHex(signer.publicKey)).toBe(publicKey);
        expect(bytesToHex(signer.sign(hexToBytes(message)))).toBe(signature);
      }
    }
  });

  it('makes the same public key and signatures as noble for random keys and messages of every length class', () => {
    const rng = seededRandom('signer');
    for (let i = 0; i < 12; i++) {
      const secretKey = rng(32);
      for (const signer of [ed25519Signer(secretKey), ed25519Signer(secretKey, ed25519BaseBytes)]) {
        expect(signer.publicKey).toEqual(ed25519.getPublicKey(secretKey));
        for (const length of [0, 1, 31, 32, 64, 200, 1500]) {
          const message = rng(length);
          const signature = signer.sign(message);
          expect(signature).toEqual(ed25519.sign(message, secretKey));
          expect(verifyStrict(signature, message, signer.publicKey)).toBe(true);
        }
      }
    }
  });

  it('the fixed-base table gives R = r·B exactly, as noble encodes it, of r·B for edge and random r', () => {
    const rng = seededRandom('signer-base');
    const ell = ed25519.Point.Fn.ORDER;
    const rs = [
      1n,
      2n,
      8n,
      ell - 1n,
      ell - 8n,
      2n ** 252n,
      ...Array.from({ length: 40 }, () => ed25519.Point.Fn.create(BigInt('0x' + bytesToHex(rng(64))))),
    ];
    for (const r of rs)
      expect(bytesToHex(ed25519BaseBytes(r))).toBe(bytesToHex(ed25519.Point.BASE.multiply(r).toBytes()));
  });

  it('signs each message it is given: two messages get two signatures, neither valid for the other', () => {
    const signer = ed25519Signer(new Uint8Array(32).fill(7));
    const a = new Uint8Array([1, 2, 3]);
    const b = new Uint8Array([1, 2, 4]);
    const [sa, sb] = [signer.sign(a), signer.sign(b)];
    expect(sa).not.toEqual(sb);
    expect(verifyStrict(sa, b, signer.publicKey)).toBe(false);
    expect(verifyStrict(sb, a, signer.publicKey)).toBe(false);
  });
});
