/**
 * Test identities: deterministic ed25519 signers from a small seed, so tests
 * name their peers ("seat 1", "mallory") and stay reproducible.
 */
import type { Signer } from '../../src/net/envelope.js';
import { ed25519BaseBytes } from '../../crypto/index.js';
import { ed25519Signer } from '../../src/net/signer.js';

export function testSigner(seed: number): Signer & { secretKey: Uint8Array } {
  const secretKey = new Uint8Array(32).fill(seed);
  return { secretKey, ...ed25519Signer(secretKey, ed25519BaseBytes) };
}
