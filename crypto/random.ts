/**
 * Randomness for the mental-poker library: the default source is the platform
 * CSPRNG (`crypto.getRandomValues`, W3C WebCrypto §10.1.1); a seeded source
 * (SHAKE256 in counter-free XOF mode, FIPS 202 §6.2) exists only so that tests
 * and benchmarks are reproducible. Also uniform integers by rejection sampling
 * and uniform permutations by the Fisher–Yates shuffle (Durstenfeld 1964,
 * "Algorithm 235"; Knuth TAOCP vol. 2 §3.4.2 Algorithm P), as required for the
 * shuffle cascade (docs/PROTOCOL.md §8.2): a uniform permutation from the OS CSPRNG.
 */
import { shake256 } from '@noble/hashes/sha3.js';
import { type RandomSource, abytes, aint, concatBytes, utf8 } from './bytes.js';

export type { RandomSource } from './bytes.js';

/** The platform CSPRNG. `getRandomValues` fills at most 65 536 bytes per call. */
export const systemRandom: RandomSource = (length: number) => {
  aint(length, 'random length', 0, 1 << 24);
  const out = new Uint8Array(length);
  for (let o = 0; o < length; o += 65536) {
    globalThis.crypto.getRandomValues(out.subarray(o, Math.min(length, o + 65536)));
  }
  return out;
};

/**
 * Deterministic random source for tests and benchmarks ONLY: the SHAKE256
 * stream of `seed`. Never use it for a real table: anyone who knows the seed
 * knows every secret.
 */
export function seededRandom(seed: Uint8Array | string): RandomSource {
  const s = typeof seed === 'string' ? utf8(seed) : abytes(seed, 'seed');
  const xof = shake256.create({}).update(concatBytes(utf8('fairdeck/v1/test-rng'), s));
  return (length: number) => {
    aint(length, 'random length', 0, 1 << 24);
    return xof.xof(length);
  };
}

/** Reads `length` bytes from a caller-supplied source and checks it returned what it promised. */
export function randomBytes(rng: RandomSource, length: number): Uint8Array {
  const b = rng(length);
  if (!(b instanceof Uint8Array) || b.length !== length) {
    throw new TypeError(
      `random source returned ${b instanceof Uint8Array ? b.length + ' bytes' : typeof b}, expected ${length} bytes`,
    );
  }
  return b;
}

/** Uniform integer in [0, n) by rejection sampling on 32-bit words (n ≤ 2^32). */
export function randomBelow(rng: RandomSource, n: number): number {
  aint(n, 'bound', 1, 2 ** 32);
  const limit = 2 ** 32 - (2 ** 32 % n); // largest multiple of n ≤ 2^32
  for (;;) {
    const b = randomBytes(rng, 4);
    const v = ((b[0]! << 24) >>> 0) + ((b[1]! << 16) | (b[2]! << 8) | b[3]!);
    if (v < limit) return v % n;
  }
}

/**
 * Uniform permutation of [0, n) (Fisher–Yates). `perm[j]` is the input position
 * that lands at output position j.
 */
export function randomPermutation(rng: RandomSource, n: number): number[] {
  aint(n, 'permutation size', 0, 1 << 16);
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomBelow(rng, i + 1);
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  return p;
}

/** True iff `perm` is a permutation of [0, n). */
export function isPermutation(perm: readonly number[], n: number): boolean {
  if (perm.length !== n) return false;
  const seen = new Uint8Array(n);
  for (const v of perm) {
    if (!Number.isInteger(v) || v < 0 || v >= n || seen[v]) return false;
    seen[v] = 1;
  }
  return true;
}
