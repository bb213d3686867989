/**
 * crypto/random.ts on its own: the seeded source is SHAKE256 of the label and
 * seed (FIPS 202 §6.2) recomputed with noble directly; `randomBytes` refuses a
 * source that breaks its promise; `randomBelow` rejects the words at or above
 * the largest multiple of n (checked with a scripted source); the Fisher–Yates
 * shuffle (Knuth, Algorithm P) takes its swaps from `randomBelow(i + 1)` from
 * the top down and is uniform on 3 elements (fixed seed); `isPermutation`
 * refuses every kind of non-permutation. These are the dealer's randomness:
 * a biased shuffle is a cheat nobody would see at the table.
 */
import { describe, expect, it } from 'vitest';
import { shake256 } from '@noble/hashes/sha3.js';
import {
  isPermutation,
  randomBelow,
  randomBytes,
  randomPermutation,
  seededRandom,
  systemRandom,
} from '../../crypto/random.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
/** A source that returns these 4-byte big-endian words, one per call, and checks each call asks for 4 bytes. */
const words = (...values: number[]) => {
  let next = 0;
  return (length: number) => {
    expect(length).toBe(4);
    const v = values[next++];
    if (v === undefined) throw new Error('scripted source exhausted');
    return new Uint8Array([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
  };
};

describe('crypto/random.ts', () => {
  it('seededRandom is the SHAKE256 stream of "fairdeck/v1/test-rng" ‖ seed, read on across calls', () => {
    const expected = shake256(new Uint8Array(Buffer.from('fairdeck/v1/test-rng' + 'abc')), { dkLen: 40 });
    const rng = seededRandom('abc');
    expect(hex(rng(8)) + hex(rng(32))).toBe(hex(expected));
    expect(hex(seededRandom(new Uint8Array(Buffer.from('abc')))(40))).toBe(hex(expected));
    expect(() => seededRandom('abc')(-1)).toThrow(/^random length: /);
    expect(() => seededRandom(7 as never)).toThrow(/^seed: /);
  });

  it('systemRandom fills the whole buffer, past one 65 536-byte getRandomValues call, and checks the length', () => {
    const big = systemRandom(65536 + 100);
    expect(big.length).toBe(65636);
    // The tail past the first chunk is filled too (all-zero 100 bytes has probability 2^-800).
    expect(big.subarray(65536).some((b) => b !== 0)).toBe(true);
    expect(big.subarray(0, 100).some((b) => b !== 0)).toBe(true);
    expect(() => systemRandom(2 ** 24 + 1)).toThrow(/^random length: /);
  });

  it('randomBytes passes on what the source gave and refuses a source that gives less, more or no bytes', () => {
    expect(hex(randomBytes(() => new Uint8Array([1, 2, 3]), 3))).toBe('010203');
    expect(() => randomBytes(() => new Uint8Array(2), 3)).toThrow(
      new TypeError('random source returned 2 bytes, expected 3 bytes'),
    );
    expect(() => randomBytes(() => new Uint8Array(4), 3)).toThrow(
      new TypeError('random source returned 4 bytes, expected 3 bytes'),
    );
    expect(() => randomBytes(() => [1, 2, 3] as never, 3)).toThrow(
      new TypeError('random source returned object, expected 3 bytes'),
    );
  });

  it('randomBelow reduces a 32-bit word mod n and rejects the words at or above the largest multiple of n', () => {
    // n = 3: limit = 2^32 − (2^32 mod 3) = 4294967295; the word 4294967295 itself is rejected.
    expect(randomBelow(words(0x0000_0007), 3)).toBe(1);
    expect(randomBelow(words(0xffff_fffe), 3)).toBe(0xffff_fffe % 3);
    expect(randomBelow(words(0xffff_ffff, 5), 3)).toBe(2);
    // n = 2^32: every word is accepted as it is; n = 1: always 0.
    expect(randomBelow(words(0xffff_ffff), 2 ** 32)).toBe(0xffff_ffff);
    expect(randomBelow(words(0x8000_0000), 2 ** 32)).toBe(0x8000_0000);
    expect(randomBelow(words(0x1234_5678), 1)).toBe(0);
    // n = 2^31 + 1: limit = 2^31 + 1, so 2^31 + 1 and everything above it are rejected.
    expect(randomBelow(words(0x8000_0001, 0xffff_ffff, 0x8000_0000), 2 ** 31 + 1)).toBe(0x8000_0000);
    expect(() => randomBelow(words(0), 0)).toThrow(/^bound: /);
    expect(() => randomBelow(words(0), 2 ** 32 + 1)).toThrow(/^bound: /);
  });

  it('randomPermutation swaps position i with randomBelow(i + 1), from the top down', () => {
    // n = 4: draws for i = 3, 2, 1 are j = 0, 2, 0 → [0,1,2,3] → [3,1,2,0] → same → [1,3,2,0].
    expect(randomPermutation(words(0, 2, 0), 4)).toEqual([1, 3, 2, 0]);
    expect(randomPermutation(words(3, 2, 1), 4)).toEqual([0, 1, 2, 3]);
    expect(randomPermutation(words(), 1)).toEqual([0]);
    expect(randomPermutation(words(), 0)).toEqual([]);
    expect(() => randomPermutation(words(), -1)).toThrow(/^permutation size: /);
    expect(() => randomPermutation(words(), 2 ** 16 + 1)).toThrow(/^permutation size: /);
  });

  it('randomPermutation is uniform on 3 elements (6,000 seeded draws: every order 1,000 ± 150)', () => {
    const rng = seededRandom('random.test uniformity');
    const counts = new Map<string, number>();
    for (let k = 0; k < 6000; k++) {
      const p = randomPermutation(rng, 3);
      expect(isPermutation(p, 3)).toBe(true);
      counts.set(p.join(''), (counts.get(p.join('')) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['012', '021', '102', '120', '201', '210']);
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it('isPermutation accepts exactly the permutations of [0, n)', () => {
    expect(isPermutation([2, 0, 1], 3)).toBe(true);
    expect(isPermutation([], 0)).toBe(true);
    expect(isPermutation([0, 1], 3)).toBe(false); // too short
    expect(isPermutation([0, 1, 2, 3], 3)).toBe(false); // too long
    expect(isPermutation([0, 0, 1], 3)).toBe(false); // repeated
    expect(isPermutation([0, 1, 3], 3)).toBe(false); // n itself
    expect(isPermutation([0, -1, 1], 3)).toBe(false); // negative
    expect(isPermutation([0, 1.5, 2], 3)).toBe(false); // not an integer
  });
});
