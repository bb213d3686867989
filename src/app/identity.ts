/**
 * The browser's long-lived ed25519 identity (RFC 8032), kept in IndexedDB. Two
 * tabs of one browser are two players, so each tab claims an identity slot with
 * the Web Locks API: the first free slot is held for the tab's life, and a
 * reload frees and re-takes the same slot, so it keeps its identity and seat.
 * Where Web Locks are missing (insecure origins), every tab uses slot 0.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Signer } from '../net/envelope.js';
import { keyHex } from '../net/envelope.js';
import { ed25519Signer, nobleBaseBytes } from '../net/signer.js';
import type { BrowserStore } from './persistence.js';

const MAX_SLOTS = 16;

export interface Identity extends Signer {
  readonly slot: number;
  readonly keyHex: string;
  /** A stable secret for the signaling server, so a reload reclaims the same peer id at once. */
  readonly signalingToken: string;
}

async function claimSlot(): Promise<number> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return 0;
  for (let slot = 0; slot < MAX_SLOTS; slot++) {
    const claimed = await new Promise<boolean>((resolve) => {
      void locks.request(`fairdeck-identity-${slot}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // Holding the returned promise holds the lock until the tab goes away.
        return lock ? new Promise<void>(() => {}) : undefined;
      });
    });
    if (claimed) return slot;
  }
  return 0;
}

/**
 * The base multiplication of this page's signatures (R = r·B): noble's until
 * crypto/group.ts `ed25519BaseBytes`, the project's fixed-base table, has
 * loaded (table-stack.ts starts loading it when a table opens:
 * src/table/signature-base.ts). Neither the home page nor the lobby waits for
 * crypto/; the signatures are the same bytes either way.
 */
let signatureBase: (r: bigint) => Uint8Array = nobleBaseBytes;
export function useSignatureBase(baseBytes: (r: bigint) => Uint8Array): void {
  signatureBase = baseBytes;
}

export async function loadIdentity(store: BrowserStore): Promise<Identity> {
  const slot = await claimSlot();
  let stored = await store.loadIdentity(slot);
  if (!stored) {
    stored = { slot, secretKey: ed25519.utils.randomSecretKey(), createdAt: Date.now() };
    await store.saveIdentity(stored);
  }
  const secretKey = stored.secretKey;
  const signer = ed25519Signer(secretKey, (r) => signatureBase(r));
  const publicKey = signer.publicKey;
  const token = bytesToHex(sha256(concatBytes(utf8ToBytes('fairdeck/signaling-token\0'), secretKey))).slice(0, 24);
  return {
    slot,
    publicKey,
    keyHex: keyHex(publicKey),
    signalingToken: token,
    sign: (message) => signer.sign(message),
  };
}
