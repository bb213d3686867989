/**
 * The messages and secrets of the cascade steps (steps.ts makes and checks
 * them): a shuffle step (a permutation and a common layer s_i, with its
 * shuffle argument), a lock step (per-card keys k_ic, batched Chaum–Pedersen
 * proof) and a re-layer step (t_i), and what one seat keeps secret about one
 * packet until the audit.
 */
import type { Deck, PacketState } from './packet.js';
import type { ShuffleProof } from './shuffle-proof.js';
import type { DleqBatchProof } from './dleq.js';

/** Names the table, hand, packet and author of a message. */
export interface StepHeader {
  readonly tableId: Uint8Array;
  readonly handNo: number;
  readonly packet: number;
  readonly seat: number;
}

export interface ShuffleStep {
  readonly kind: 'shuffle';
  readonly header: StepHeader;
  /** The shuffled points Y_j = s_i·X_perm[j]. */
  readonly deck: Deck;
  /** S_i = s_i·L_i (one-point deck). */
  readonly layer: Deck;
  /** The shuffle argument: deck is a permutation of the input times log_{L_i} S_i. */
  readonly proof: ShuffleProof;
}

export interface LockStep {
  readonly kind: 'lock';
  readonly header: StepHeader;
  /** Y_c = (k_ic / ℓ_i)·X_c. */
  readonly deck: Deck;
  /** K_ic = k_ic·G. */
  readonly keys: Deck;
  readonly proof: DleqBatchProof;
}

export interface RelayerStep {
  readonly kind: 'relayer';
  readonly header: StepHeader;
  /** Y_c = (t_i / ℓ_ic)·X_c. */
  readonly deck: Deck;
  /** T_i = t_i·G (one-point deck). */
  readonly layer: Deck;
  readonly proof: DleqBatchProof;
}

export type Step = ShuffleStep | LockStep | RelayerStep;

/**
 * Everything one seat must keep secret about one packet, and disclose at the
 * end-of-hand audit. Persist it (encodePacketSecrets) before sending the step.
 */
export interface PacketSecrets {
  readonly packet: number;
  readonly seat: number;
  /** t_i of the re-layer step (reshuffled packets only). */
  readonly relayer?: bigint;
  /** s_i and the permutation of the shuffle step (perm[j] = input position at output j). */
  readonly shuffle?: { readonly s: bigint; readonly perm: readonly number[] };
  /** k_ic of the lock step, by position. */
  readonly lock?: readonly bigint[];
}

export interface Made<M> {
  readonly message: M;
  readonly secrets: PacketSecrets;
  readonly state: PacketState;
}
