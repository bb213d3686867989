/**
 * Test identities: deterministic ed25519 signers from a small seed, so tests
 * name their peers ("seat 1", "mallory") and stay reproducible.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import type { Signer } from '../../src/net/envelope.js';

export function testSigner(seed: number): Signer & { secretKey: Uint8Array } {
  const secretKey = new Uint8Array(32).fill(seed);
  const publicKey = ed25519.getPublicKey(secretKey);
  return { publicKey, secretKey, sign: (message) => ed25519.sign(message, secretKey) };
}
