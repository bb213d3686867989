/**
 * crypto/fiat-shamir.ts on its own, by known answers recomputed with noble's
 * SHA-512 and SHAKE256 directly: the transcript is SHA-512 over length-framed
 * fields (u32 BE length ‖ bytes; the protocol name, then the label, then each
 * field), the challenge is the digest read little-endian and reduced mod ℓ
 * (RFC 8032 §5.1.6), and the batch weights are 16-byte little-endian chunks of
 * SHAKE256(u32 length ‖ label ‖ seed) (FIPS 202 §6.2), none zero. Every DLEQ
 * and shuffle proof hashes through here; a framing slip would let two
 * different statements share a challenge.
 */
import { describe, expect, it } from 'vitest';
import { sha512 } from '@noble/hashes/sha2.js';
import { shake256 } from '@noble/hashes/sha3.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { PROTOCOL, Transcript, deriveWeights } from '../../crypto/fiat-shamir.js';

const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'ascii'));
const cat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const be32 = (v: number) => new Uint8Array([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
const framed = (b: Uint8Array) => cat(be32(b.length), b);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const le = (b: Uint8Array) => [...b].reverse().reduce((x, byte) => (x << 8n) | BigInt(byte), 0n);
// RFC 8032 §5.1: ℓ = 2^252 + 27742317777372353535851937790883648493.
const ELL = 2n ** 252n + 27742317777372353535851937790883648493n;

describe('Fiat–Shamir transcripts', () => {
  it('names the protocol version it binds', async () => {
    expect(PROTOCOL).toBe('fairdeck/mental-poker/v1');
    // Loaded inside the test, the module-level PROTOCOL is what a fresh transcript hashes (test/helpers/loaded-now.ts).
    const fresh = await loadedNow(() => import('../../crypto/fiat-shamir.js'));
    expect(hex(new fresh.Transcript('x').digest())).toBe(
      hex(sha512(cat(framed(ascii('fairdeck/mental-poker/v1')), framed(ascii('x'))))),
    );
  });

  it('digest = SHA-512(framed protocol ‖ framed label ‖ framed bytes ‖ u32 BE), the challenge its LE value mod ℓ', () => {
    const field = new Uint8Array(300).map((_, i) => i & 255);
    const t = new Transcript('dleq-challenge').bytes(field).u32(0x0102_0304).bytes(new Uint8Array(0));
    const expected = sha512(
      cat(framed(ascii(PROTOCOL)), framed(ascii('dleq-challenge')), framed(field), be32(0x0102_0304), be32(0)),
    );
    const copy = new Transcript('dleq-challenge').bytes(field).u32(0x0102_0304).bytes(new Uint8Array(0));
    expect(hex(t.digest())).toBe(hex(expected));
    expect(copy.challenge()).toBe(le(expected) % ELL);
    expect(new Transcript('x').u32(0xffff_ffff).digest()).toEqual(
      sha512(cat(framed(ascii(PROTOCOL)), framed(ascii('x')), be32(0xffff_ffff))),
    );
  });

  it('framing keeps field boundaries: "ab" ‖ "c" and "a" ‖ "bc" give different challenges', () => {
    const a = new Transcript('l').bytes(ascii('ab')).bytes(ascii('c')).challenge();
    const b = new Transcript('l').bytes(ascii('a')).bytes(ascii('bc')).challenge();
    expect(a).not.toBe(b);
    expect(new Transcript('l1').challenge()).not.toBe(new Transcript('l2').challenge());
  });

  it('deriveWeights = 16-byte LE chunks of SHAKE256(u32 BE label length ‖ label ‖ seed)', () => {
    const seed = new Uint8Array(64).fill(7);
    const stream = shake256(cat(be32(11), ascii('dleq-weight'), seed), { dkLen: 16 * 5 });
    const expected = [0, 1, 2, 3, 4].map((i) => le(stream.subarray(16 * i, 16 * (i + 1))));
    const weights = deriveWeights('dleq-weight', seed, 5);
    expect(weights).toEqual(expected.map((w) => (w === 0n ? 1n : w)));
    for (const w of weights) expect(w > 0n && w < 2n ** 128n).toBe(true);
    // A prefix of the stream: fewer weights are the first ones of more.
    expect(deriveWeights('dleq-weight', seed, 2)).toEqual(weights.slice(0, 2));
    expect(deriveWeights('dleq-weight', seed, 0)).toEqual([]);
    expect(deriveWeights('other', seed, 1)[0]).not.toBe(weights[0]);
  });
});
