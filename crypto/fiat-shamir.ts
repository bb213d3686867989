/**
 * Fiat–Shamir transcripts (Fiat & Shamir, CRYPTO '86) in the "strong" form
 * of Bernhard, Pereira & Warinschi (ASIACRYPT 2012, §3): every challenge hashes
 * a domain-separation label, the full context (protocol version, table id,
 * hand number, packet, step kind and seat, as RFC 8235 §3 binds "UserID" and
 * "OtherInfo") and the complete statement including all commitments. Every
 * byte string is framed by its u32 length and integers are fixed-width u32,
 * and each label fixes the order of its fields, so that no two different
 * transcripts share an encoding. Challenges are SHA-512 digests reduced mod ℓ (as in RFC 8032
 * §5.1.6); combiner weights for batched statements are 128-bit chunks of a
 * SHAKE256 stream (FIPS 202 §6.2), as the composites of RFC 9497 §2.2.1.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { shake256 } from '@noble/hashes/sha3.js';
import { utf8 } from './bytes.js';
import { hashToScalarWide, leToBigint, SHORT_BITS } from './group.js';

export const PROTOCOL = 'fairdeck/mental-poker/v1';

type Hasher = ReturnType<typeof sha512.create>;

/** Framed SHA-512 transcript. */
export class Transcript {
  private readonly h: Hasher;

  constructor(label: string) {
    this.h = sha512.create();
    this.bytes(utf8(PROTOCOL));
    this.bytes(utf8(label));
  }
  /** A variable-length byte string: u32 length + bytes. */
  bytes(b: Uint8Array): this {
    this.h.update(u32(b.length));
    this.h.update(b);
    return this;
  }
  /** An unsigned integer < 2^32. */
  u32(v: number): this {
    this.h.update(u32(v));
    return this;
  }
  digest(): Uint8Array {
    return this.h.digest();
  }
  challenge(): bigint {
    let c = hashToScalarWide(this.digest());
    if (c === 0n) c = 1n; // probability 2^-252; keeps challenges invertible
    return c;
  }
}

function u32(v: number): Uint8Array {
  return new Uint8Array([(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
}

/** `count` non-zero 128-bit weights derived from `seed` (a statement digest). */
export function deriveWeights(label: string, seed: Uint8Array, count: number): bigint[] {
  const len = SHORT_BITS / 8;
  const h = shake256.create({ dkLen: len * count });
  h.update(u32(utf8(label).length));
  h.update(utf8(label));
  h.update(seed);
  const stream = h.xof(len * count);
  const out = new Array<bigint>(count);
  for (let i = 0; i < count; i++) {
    const w = leToBigint(stream.subarray(i * len, (i + 1) * len));
    out[i] = w === 0n ? 1n : w;
  }
  return out;
}
