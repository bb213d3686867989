/**
 * End-of-hand audit (docs/PROTOCOL.md §8.7, what waits for the end of the
 * hand). Given the public transcript of every packet and every seat's
 * disclosed secrets (t_i, s_i and the permutation, every k_ic), it re-runs the
 * live checks, recomputes every cascade step from the disclosed secrets
 * (a lock step's deck only when nobody verified its proof: the proof and the
 * disclosed keys together already show it), recovers every permutation and the card at every position, and returns
 * "clean" or the first fault with the seat to blame. Recomputation is checked
 * by the small-exponent batch test (Bellare, Garay & Rabin, EUROCRYPT '98,
 * §3.1: Σ μ_j Y_j = Σ μ_j f_j X_j with random 128-bit μ_j, one multi-scalar
 * multiplication per step instead of one multiplication per card) and falls
 * back to card-by-card checks only to locate a fault. This is the "open the
 * cards and keys after the game" verification of SRA mental poker (Shamir,
 * Rivest & Adleman 1981; Crépeau, CRYPTO '86 §5), which catches every cheating
 * shuffle and names its author without any zero-knowledge shuffle argument.
 */
import { type RandomSource, equalBytes } from './bytes.js';
import { ALL_SEATS, type Hand, type HandParams, createHand } from './cards.js';
import { type Fault, fault as mkFault } from './fault.js';
import { type Result, ok } from './result.js';
import { Fn, G, mulBase, mulPublic } from './group.js';
import { firstKeyMismatch, firstMismatch, firstMismatchScaled } from './batch-check.js';
import { type KeyShares, verifyKeyShares } from './keys.js';
import { type PacketSource, type PacketState, type StepKind, advance, openDeck, openReshuffle } from './packet.js';
import { isPermutation, systemRandom } from './random.js';
import {
  type LockStep,
  type PacketSecrets,
  type RelayerStep,
  type ShuffleStep,
  verifyLockStep,
  verifyShuffleStep,
} from './steps.js';
import { verifyRelayerStep } from './relayer-step.js';

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
}

class AuditFault extends Error {
  constructor(readonly fault: Fault) {
    super(fault.reason);
  }
}

function fail(f: Fault): never {
  throw new AuditFault(f);
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

      // ---- re-layer cascade (reshuffles only)
      if (pt.source.kind === 'reshuffle') {
        const inputs = pt.source.inputs;
        for (let seat = 0; seat < n; seat++) {
          const msg = pt.relayer[seat];
          if (!msg)
            fail({
              seat,
              packet: pt.id,
              step: 'relayer',
              code: 'missing',
              reason: `re-layer step of seat ${seat} is missing`,
            });
          const live = proofs ? verifyRelayerStep(state, msg, rng) : unchecked(state, msg);
          if (!live.ok) fail(live.error);
          const sec = secretOf(pt.id, seat, 'relayer');
          const t = sec.relayer;
          if (t === undefined)
            fail({
              seat,
              packet: pt.id,
              step: 'relayer',
              code: 'missing',
              reason: `seat ${seat} did not disclose t for packet ${pt.id}`,
            });
          if (!mulBase(t).equals(msg.layer.points[0]!)) {
            fail({
              seat,
              packet: pt.id,
              step: 'relayer',
              code: 'secret',
              reason: `seat ${seat}'s disclosed t does not match T_${seat}`,
            });
          }
          const ell = inputs.map((input) => {
            if (input.kind === 'public') return 1n;
            const key = secretOf(input.packet, seat, 'lock').lock?.[input.position];
            if (key === undefined)
              fail({
                seat,
                packet: input.packet,
                step: 'lock',
                code: 'missing',
                reason: `seat ${seat} did not disclose k for packet ${input.packet} position ${input.position}`,
              });
            return key;
          });
          const inv = Fn.invertBatch(ell);
          const f = inv.map((x) => Fn.mul(t, x));
          const bad = firstMismatch(state.deck.points, msg.deck.points, f, rng);
          if (bad >= 0) {
            fail({
              seat,
              packet: pt.id,
              step: 'relayer',
              position: bad,
              code: 'recompute',
              reason: `seat ${seat}'s re-layered card ${bad} is not (t/k)·before with its disclosed secrets`,
            });
          }
          state = live.value;
        }
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
      const perms: number[][] = [];
      for (let seat = 0; seat < n; seat++) {
        const msg = pt.shuffle[seat];
        if (!msg)
          fail({
            seat,
            packet: pt.id,
            step: 'shuffle',
            code: 'missing',
            reason: `shuffle step of seat ${seat} is missing`,
          });
        const live = proofs ? verifyShuffleStep(state, msg, rng) : unchecked(state, msg);
        if (!live.ok) fail(live.error);
        const sh = secretOf(pt.id, seat, 'shuffle').shuffle;
        if (!sh)
          fail({
            seat,
            packet: pt.id,
            step: 'shuffle',
            code: 'missing',
            reason: `seat ${seat} did not disclose s and its permutation for packet ${pt.id}`,
          });
        if (!isPermutation(sh.perm, m)) {
          fail({
            seat,
            packet: pt.id,
            step: 'shuffle',
            code: 'permutation',
            reason: `seat ${seat}'s disclosed permutation is not a permutation of ${m} cards`,
          });
        }
        const L = state.layers[seat]!.points[0]!;
        const S = L === G ? mulBase(sh.s) : mulPublic(L, sh.s);
        if (!S.equals(msg.layer.points[0]!)) {
          fail({
            seat,
            packet: pt.id,
            step: 'shuffle',
            code: 'secret',
            reason: `seat ${seat}'s disclosed s does not match S_${seat} (mismatched S_i)`,
          });
        }
        const X = sh.perm.map((p) => state.deck.points[p]!);
        const bad = firstMismatchScaled(X, msg.deck.points, sh.s, rng);
        if (bad >= 0) {
          fail({
            seat,
            packet: pt.id,
            step: 'shuffle',
            position: bad,
            code: 'recompute',
            reason: `seat ${seat}'s shuffled card ${bad} is not s·(input ${sh.perm[bad]}): a card was replaced, duplicated or re-masked`,
          });
        }
        perms.push([...sh.perm]);
        state = live.value;
      }

      // ---- lock cascade
      for (let seat = 0; seat < n; seat++) {
        const msg = pt.lock[seat];
        if (!msg)
          fail({ seat, packet: pt.id, step: 'lock', code: 'missing', reason: `lock step of seat ${seat} is missing` });
        const live = proofs ? verifyLockStep(state, msg, rng) : unchecked(state, msg);
        if (!live.ok) fail(live.error);
        const sec = secretOf(pt.id, seat, 'lock');
        const k = sec.lock;
        if (!k || k.length !== m)
          fail({
            seat,
            packet: pt.id,
            step: 'lock',
            code: 'missing',
            reason: `seat ${seat} did not disclose its ${m} lock keys for packet ${pt.id}`,
          });
        const zero = k.findIndex((kc) => kc === 0n);
        if (zero >= 0)
          fail({
            seat,
            packet: pt.id,
            step: 'lock',
            position: zero,
            code: 'secret',
            reason: `seat ${seat}'s disclosed key for position ${zero} does not match K_${seat},${zero}`,
          });
        if (!sec.shuffle)
          fail({
            seat,
            packet: pt.id,
            step: 'shuffle',
            code: 'missing',
            reason: `seat ${seat} did not disclose s for packet ${pt.id}`,
          });
        const ell = sec.relayer === undefined ? sec.shuffle.s : Fn.mul(sec.relayer, sec.shuffle.s);
        const ellInv = Fn.inv(ell);
        const f = k.map((kc) => Fn.mul(kc, ellInv));
        // One MSM checks both K_c = k_c·G (the disclosed keys) and the locked deck. When the step's DLEQ
        // batch proof was verified (live, or just above), it showed out_c = f'_c·in_c with K_c = f'_c·S (Chaum–Pedersen,
        // CRYPTO '92), and S = ℓ·G was checked above from the disclosed s (and t): so once k_c·G = K_c,
        // f'_c = k_c/ℓ = f_c and the deck holds too. Only the keys are checked then.
        const bad = !proofChecked
          ? firstMismatch(state.deck.points, msg.deck.points, f, rng, { K: msg.keys.points, k })
          : firstKeyMismatch(msg.keys.points, k, rng) >= 0
            ? -2
            : -1;
        if (bad === -2) {
          const c = Math.max(
            k.findIndex((kc, i) => !mulBase(kc).equals(msg.keys.points[i]!)),
            0,
          );
          fail({
            seat,
            packet: pt.id,
            step: 'lock',
            position: c,
            code: 'secret',
            reason: `seat ${seat}'s disclosed key for position ${c} does not match K_${seat},${c}`,
          });
        }
        if (bad >= 0) {
          fail({
            seat,
            packet: pt.id,
            step: 'lock',
            position: bad,
            code: 'recompute',
            reason: `seat ${seat}'s locked card ${bad} is not (k/s)·before (wrong lock factor)`,
          });
        }
        state = live.value;
      }

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

/**
 * Advances without re-verifying the proofs (audit with verifyProofs: false):
 * context, turn and size only; the recomputation from disclosed secrets
 * subsumes what the proofs show.
 */
function unchecked(state: PacketState, msg: ShuffleStep | LockStep | RelayerStep): Result<PacketState, Fault> {
  const p = state.hand.params;
  const seat = msg.header.seat;
  if (
    !equalBytes(msg.header.tableId, p.tableId) ||
    msg.header.handNo !== p.handNo ||
    msg.header.packet !== state.id ||
    state.phase !== msg.kind ||
    seat !== state.next
  ) {
    return mkFault({
      seat,
      packet: state.id,
      step: msg.kind,
      code: 'context',
      reason: `${msg.kind} step out of place (hand ${msg.header.handNo}, packet ${msg.header.packet}, seat ${seat})`,
    });
  }
  const extra = msg.kind === 'lock' ? msg.keys.points.length : msg.layer.points.length;
  if (msg.deck.points.length !== state.size || extra !== (msg.kind === 'lock' ? state.size : 1)) {
    return mkFault({
      seat,
      packet: state.id,
      step: msg.kind,
      code: 'size',
      reason: `${msg.kind} step has ${msg.deck.points.length} cards, expected ${state.size}`,
    });
  }
  if (msg.kind === 'lock') return ok(advance(state, msg.deck, { keys: msg.keys }));
  return ok(advance(state, msg.deck, { layer: msg.layer }));
}
