/**
 * End-of-hand audit (docs/PROTOCOL.md §8.7, what waits for the end of the
 * hand). Given the public transcript of every packet and every seat's
 * disclosed secrets (t_i, s_i and the permutation, every k_ic), it re-runs the
 * live checks, recomputes every cascade step from the disclosed secrets
 * (a lock step's deck only when nobody verified its proof: the proof and the
 * disclosed keys together already show it), recovers every permutation and
 * the card at every position, and returns
 * "clean" or the first fault with the seat to blame. Recomputation is checked
 * by the small-exponent batch test (Bellare, Garay & Rabin, EUROCRYPT '98,
 * §3.1: Σ μ_j Y_j = Σ μ_j f_j X_j with random 128-bit μ_j, one multi-scalar
 * multiplication per step instead of one multiplication per card) and falls
 * back to card-by-card checks only to locate a fault. This is the "open the
 * cards and keys after the game" verification of SRA mental poker (Shamir,
 * Rivest & Adleman 1981; Crépeau, CRYPTO '86 §5), which catches every cheating
 * shuffle and names its author without any zero-knowledge shuffle argument.
 * The recomputation of each step is audit-steps.ts; this file forms the
 * packets, runs their steps in cascade order, recovers the cards and checks
 * the key shares.
 */
import type { RandomSource } from './bytes.js';
import { ALL_SEATS, type Hand, type HandParams, createHand } from './cards.js';
import { type Fault, fault as mkFault } from './fault.js';
import { type KeyShares, verifyKeyShares } from './keys.js';
import { type PacketSource, type PacketState, type StepKind, openDeck, openReshuffle } from './packet.js';
import { systemRandom } from './random.js';
import type { LockStep, PacketSecrets, RelayerStep, ShuffleStep } from './step-types.js';
import type { DeckWeights } from './batch-check.js';
import {
  type PacketAudit,
  AuditFault,
  auditLockStep,
  auditRelayerStep,
  auditShuffleStep,
  fail,
} from './audit-steps.js';

/** The public record of one packet: how it was formed and every step, in seat order. */
export interface PacketTranscript {
  readonly id: number;
  readonly source: PacketSource;
  readonly relayer: readonly RelayerStep[];
  readonly shuffle: readonly ShuffleStep[];
  readonly lock: readonly LockStep[];
}

/** The public record of a hand's cryptography. */
export interface HandTranscript {
  readonly params: HandParams;
  /** In the order the packets were opened; a reshuffle only uses earlier packets. */
  readonly packets: readonly PacketTranscript[];
  /** Key shares exchanged during the hand (decrypted), each checked against K_ic. */
  readonly keyShares?: readonly KeyShares[];
}

export interface AuditedPacket {
  readonly id: number;
  /** cards[c] = card index at final position c. */
  readonly cards: readonly number[];
  /** perms[i] = seat i's shuffle permutation (perm[j] = input position at output j). */
  readonly perms: readonly (readonly number[])[];
}

export type AuditResult =
  | { readonly verdict: 'clean'; readonly packets: readonly AuditedPacket[] }
  | { readonly verdict: 'fault'; readonly fault: Fault };

/**
 * What the caller already verified live, so the audit does not do it again.
 * The recomputation of every step from the disclosed secrets always runs:
 * it is what catches a lie that only the secrets reveal.
 */
export interface Verified {
  /**
   * Every step's proofs (the shuffle argument, the DLEQ proofs) were verified
   * when the step arrived: the audit only checks each step's context, turn
   * and size, then recomputes it.
   */
  readonly proofs?: boolean;
  /**
   * Every public key share (to = ALL_SEATS) in the transcript was checked
   * with verifyKeyShares when it arrived; the audit still checks the shares
   * sealed to one seat, which the other peers could not open live.
   */
  readonly publicShares?: boolean;
}

export interface AuditOptions {
  /** Verifier randomness for the batch tests (default: the platform CSPRNG). */
  readonly rng?: RandomSource;
  /** What was verified live (default: nothing, the audit verifies everything). */
  readonly verified?: Verified;
  /** Older spelling of `verified.proofs`: false = the proofs were verified live. */
  readonly verifyProofs?: boolean;
  /** A Hand already created for these params (saves deriving the card points again). */
  readonly hand?: Hand;
  /** Called after each packet: a long audit (a hand of many reshuffles) says it is still going. */
  readonly progress?: () => void;
}

/**
 * Audits a whole hand. Packets are audited in order (their steps in cascade
 * order: re-layer, shuffle, lock), then the key shares of that packet.
 */
export function audit(
  transcript: HandTranscript,
  secrets: readonly PacketSecrets[],
  opts: AuditOptions = {},
): AuditResult {
  const rng = opts.rng ?? systemRandom;
  const proofs = !(opts.verified?.proofs ?? opts.verifyProofs === false);
  const skipPublicShares = opts.verified?.publicShares ?? false;
  /** Whether someone verified the steps' proofs: here (`proofs`) or live. */
  const proofChecked = proofs || opts.verified?.proofs === true;
  try {
    const hand = opts.hand ?? createHand(transcript.params);
    const n = hand.params.seats;
    const bySeat = new Map<string, PacketSecrets>();
    for (const s of secrets) {
      const key = `${s.packet}/${s.seat}`;
      if (bySeat.has(key)) {
        fail({
          seat: s.seat,
          packet: s.packet,
          step: 'secrets',
          code: 'secret',
          reason: `seat ${s.seat} disclosed two different secret sets for packet ${s.packet}`,
        });
      }
      bySeat.set(key, s);
    }
    const secretOf = (packet: number, seat: number, step: StepKind): PacketSecrets => {
      const s = bySeat.get(`${packet}/${seat}`);
      if (!s)
        fail({
          seat,
          packet,
          step,
          code: 'missing',
          reason: `seat ${seat} did not disclose its secrets for packet ${packet}`,
        });
      return s;
    };
    const locked = new Map<number, PacketState>();
    const recovered = new Map<number, number[]>();
    const audited: AuditedPacket[] = [];

    for (const pt of transcript.packets) {
      let state: PacketState;
      try {
        state =
          pt.source.kind === 'deck' ? openDeck(hand, pt.id) : openReshuffle(hand, pt.id, pt.source.inputs, locked);
      } catch (e) {
        fail({
          seat: null,
          packet: pt.id,
          code: 'missing',
          reason: `packet ${pt.id} cannot be formed: ${(e as Error).message}`,
        });
      }
      const m = state.size;
      // Keys of the public shares verified live (each k·G = K_ic then), for the lock steps' key checks.
      const checked = new Map<number, bigint>();
      if (skipPublicShares)
        for (const ks of transcript.keyShares ?? [])
          if (ks.header.packet === pt.id && ks.to === ALL_SEATS)
            for (const e of ks.entries) checked.set(e.position * 256 + e.layer, e.key);
      const checkedKey = (layer: number, position: number) => checked.get(position * 256 + layer);
      const steps: PacketAudit = { packet: pt.id, proofs, proofChecked, rng, secretOf, checkedKey };

      // ---- re-layer cascade (reshuffles only)
      if (pt.source.kind === 'reshuffle') {
        for (let seat = 0; seat < n; seat++)
          state = auditRelayerStep(state, pt.relayer[seat], seat, pt.source.inputs, steps);
      } else if (pt.relayer.length > 0) {
        fail({
          seat: pt.relayer[0]!.header.seat,
          packet: pt.id,
          step: 'relayer',
          code: 'turn',
          reason: `re-layer step on a fresh deck`,
        });
      }

      // ---- shuffle cascade
      // Each step's output deck is the next step's input: its batch-test weights and weighted sum carry over.
      const perms: number[][] = [];
      let weights: DeckWeights | undefined;
      for (let seat = 0; seat < n; seat++) {
        const shuffled = auditShuffleStep(state, pt.shuffle[seat], seat, steps, weights);
        perms.push(shuffled.perm);
        state = shuffled.state;
        weights = shuffled.weights;
      }

      // ---- lock cascade
      for (let seat = 0; seat < n; seat++) state = auditLockStep(state, pt.lock[seat], seat, steps);

      // ---- recover the cards
      const inputCard = (p: number): number => {
        if (pt.source.kind === 'deck') return p;
        const input = pt.source.inputs[p]!;
        if (input.kind === 'public') return input.card;
        return recovered.get(input.packet)![input.position]!;
      };
      const cards = Array.from({ length: m }, (_, c) => {
        let p = c;
        for (let i = n - 1; i >= 0; i--) p = perms[i]![p]!;
        return inputCard(p);
      });
      recovered.set(pt.id, cards);
      locked.set(pt.id, state);
      audited.push({ id: pt.id, cards, perms });

      // Key shares: each key is compared with the disclosed k (checked against K above).
      const disclosedKey = (layer: number, position: number): bigint | undefined =>
        bySeat.get(`${pt.id}/${layer}`)?.lock?.[position];
      for (const ks of transcript.keyShares ?? []) {
        if (ks.header.packet !== pt.id) continue;
        if (skipPublicShares && ks.to === ALL_SEATS) continue;
        const f = verifyKeyShares(state, ks, disclosedKey);
        if (f) fail(f);
      }
      opts.progress?.();
    }
    for (const ks of transcript.keyShares ?? []) {
      if (!locked.has(ks.header.packet)) {
        fail({
          seat: ks.header.seat,
          packet: ks.header.packet,
          step: 'keys',
          code: 'context',
          reason: `key shares for packet ${ks.header.packet}, which is not in the transcript`,
        });
      }
    }
    return { verdict: 'clean', packets: audited };
  } catch (e) {
    if (e instanceof AuditFault) return { verdict: 'fault', fault: mkFault(e.fault).error };
    throw e;
  }
}
