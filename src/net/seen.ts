/**
 * What the mesh has already taken in, so a flooded copy costs a hash instead
 * of a signature check. Two keys, for two different questions:
 * - the SHA-256 of the exact bytes: these bytes were verified and accepted
 *   before, so a copy can be dropped (or, for a transcript event, handed up
 *   again) without verifying anything. A copy whose bytes differ in any bit
 *   has another digest and goes through the full gate, so a forged copy
 *   never skips verification.
 * - the signature (after verification): ed25519 signatures are deterministic,
 *   so honest copies of one envelope share one, while two different envelopes
 *   under one `seq` (equivocation) have two and both reach the transcript.
 * Both sets are bounded (oldest forgotten first).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { Envelope } from './envelope.js';
import { keyHex } from './envelope.js';

const SEEN_LIMIT = 4096;

export class SeenEnvelopes {
  /** digest of accepted bytes → the envelope they decoded to */
  private readonly byDigest = new Map<string, Envelope>();
  private readonly bySignature = new Set<string>();

  constructor(private readonly limit = SEEN_LIMIT) {}

  static digest(bytes: Uint8Array): string {
    return keyHex(sha256(bytes));
  }

  /** The envelope these exact bytes decoded to when they were accepted, if they were. */
  acceptedBytes(digest: string): Envelope | undefined {
    return this.byDigest.get(digest);
  }

  hasSignature(envelope: Envelope): boolean {
    return this.bySignature.has(keyHex(envelope.sig));
  }

  remember(envelope: Envelope, digest: string | undefined): void {
    if (digest !== undefined) {
      this.byDigest.set(digest, envelope);
      trim(this.byDigest, this.limit);
    }
    this.bySignature.add(keyHex(envelope.sig));
    trim(this.bySignature, this.limit);
  }
}

function trim(collection: Map<string, unknown> | Set<string>, limit: number): void {
  while (collection.size > limit) {
    const oldest = collection.keys().next().value;
    if (oldest === undefined) return;
    collection.delete(oldest);
  }
}
