/**
 * The audit's recomputation of one cascade step from its author's disclosed
 * secrets (docs/PROTOCOL.md §8.7; audit.ts runs them in cascade order). A
 * re-layer step must be (t/k)·before with the disclosed t and the lock keys
 * of the source packets, a shuffle step s·(input permuted) with the disclosed
 * s and permutation, a lock step (k/ℓ)·before with the disclosed keys, each
 * key k_c matching K_c (when someone verified the lock step's proof, the
 * keys alone: the proof and the keys already show the deck; a key equal to
 * a public share checked live needs no multiplication). Each is
 * checked by the small-exponent batch test
 * (Bellare, Garay & Rabin, EUROCRYPT '98, §3.1; batch-check.ts), which names
 * the first wrong card when it fails. The step's live checks run first: in
 * full, or (when the proofs were verified live) only its context, turn and
 * size, since the recomputation subsumes what the proofs show. A failed
 * check throws an AuditFault, which the audit turns into its verdict.
 */
import { type RandomSource, equalBytes } from './bytes.js';
import { type Fault, fault as mkFault } from './fault.js';
import { type Result, ok } from './result.js';
import { type Point, Fn, G, mulBase, mulPublic } from './group.js';
import { type DeckWeights, firstMismatch, keysMatch, scaledMismatch } from './batch-check.js';
import { type PacketInput, type PacketState, type StepKind, advance } from './packet.js';
import { isPermutation } from './random.js';
import { verifyLockStep, verifyShuffleStep } from './steps.js';
import { verifyRelayerStep } from './relayer-step.js';
import type { LockStep, PacketSecrets, RelayerStep, ShuffleStep } from './step-types.js';

/** The first fault the audit found, thrown to end it. */
export class AuditFault extends Error {
  constructor(readonly fault: Fault) {
    super(fault.reason);
  }
}

export function fail(f: Fault): never {
  throw new AuditFault(f);
}

/** What auditing the steps of one packet needs. */
export interface PacketAudit {
  readonly packet: number;
  /** Re-verify each step's proofs (false: they were verified live). */
  readonly proofs: boolean;
  /** Whether someone verified the steps' proofs: here (`proofs`) or live. */
  readonly proofChecked: boolean;
  /** Verifier randomness for the batch tests. */
  readonly rng: RandomSource;
  /** A seat's disclosed secrets for a packet; fails (missing) if it disclosed none. */
  readonly secretOf: (packet: number, seat: number, step: StepKind) => PacketSecrets;
  /** Seat `layer`'s key for `position` of this packet from a key share checked against K live, if any. */
  readonly checkedKey?: (layer: number, position: number) => bigint | undefined;
}

/** Seat `seat`'s re-layer step, recomputed with its disclosed t and source lock keys; the next state. */
export function auditRelayerStep(
  state: PacketState,
  msg: RelayerStep | undefined,
  seat: number,
  inputs: readonly PacketInput[],
  a: PacketAudit,
): PacketState {
  const { packet, rng } = a;
  if (!msg)
    fail({
      seat,
      packet,
      step: 'relayer',
      code: 'missing',
      reason: `re-layer step of seat ${seat} is missing`,
    });
  const live = a.proofs ? verifyRelayerStep(state, msg, rng) : unchecked(state, msg);
  if (!live.ok) fail(live.error);
  const sec = a.secretOf(packet, seat, 'relayer');
  const t = sec.relayer;
  if (t === undefined)
    fail({
      seat,
      packet,
      step: 'relayer',
      code: 'missing',
      reason: `seat ${seat} did not disclose t for packet ${packet}`,
    });
  if (!mulBase(t).equals(msg.layer.points[0]!)) {
    fail({
      seat,
      packet,
      step: 'relayer',
      code: 'secret',
      reason: `seat ${seat}'s disclosed t does not match T_${seat}`,
    });
  }
  const ell = inputs.map((input) => {
    if (input.kind === 'public') return 1n;
    const key = a.secretOf(input.packet, seat, 'lock').lock?.[input.position];
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
      packet,
      step: 'relayer',
      position: bad,
      code: 'recompute',
      reason: `seat ${seat}'s re-layered card ${bad} is not (t/k)·before with its disclosed secrets`,
    });
  }
  return live.value;
}

/**
 * Seat `seat`'s shuffle step, recomputed with its disclosed s and permutation; the next state, the
 * permutation and the batch test's weights on the output deck. `carry`: the weights the previous shuffle
 * step's audit put on this step's input deck (batch-check.ts `scaledMismatch`).
 */
export function auditShuffleStep(
  state: PacketState,
  msg: ShuffleStep | undefined,
  seat: number,
  a: PacketAudit,
  carry?: DeckWeights,
): { readonly state: PacketState; readonly perm: number[]; readonly weights: DeckWeights } {
  const { packet, rng } = a;
  const m = state.size;
  if (!msg)
    fail({
      seat,
      packet,
      step: 'shuffle',
      code: 'missing',
      reason: `shuffle step of seat ${seat} is missing`,
    });
  const live = a.proofs ? verifyShuffleStep(state, msg, rng) : unchecked(state, msg);
  if (!live.ok) fail(live.error);
  const sh = a.secretOf(packet, seat, 'shuffle').shuffle;
  if (!sh)
    fail({
      seat,
      packet,
      step: 'shuffle',
      code: 'missing',
      reason: `seat ${seat} did not disclose s and its permutation for packet ${packet}`,
    });
  if (!isPermutation(sh.perm, m)) {
    fail({
      seat,
      packet,
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
      packet,
      step: 'shuffle',
      code: 'secret',
      reason: `seat ${seat}'s disclosed s does not match S_${seat} (mismatched S_i)`,
    });
  }
  const X = sh.perm.map((p) => state.deck.points[p]!);
  // The carried weights hold only for the very deck they were drawn on (else fresh ones are drawn).
  const carried =
    carry && sameDeck(carry.points, state.deck.points)
      ? { mu: sh.perm.map((p) => carry.mu[p]!), sum: carry.sum }
      : undefined;
  const { bad, weights } = scaledMismatch(X, msg.deck.points, sh.s, rng, carried);
  if (bad >= 0) {
    fail({
      seat,
      packet,
      step: 'shuffle',
      position: bad,
      code: 'recompute',
      reason: `seat ${seat}'s shuffled card ${bad} is not s·(input ${sh.perm[bad]}): a card was replaced, duplicated or re-masked`,
    });
  }
  return { state: live.value, perm: [...sh.perm], weights };
}

/** Seat `seat`'s lock step, recomputed with its disclosed keys (each checked against K); the next state. */
export function auditLockStep(
  state: PacketState,
  msg: LockStep | undefined,
  seat: number,
  a: PacketAudit,
): PacketState {
  const { packet, rng } = a;
  const m = state.size;
  if (!msg) fail({ seat, packet, step: 'lock', code: 'missing', reason: `lock step of seat ${seat} is missing` });
  const live = a.proofs ? verifyLockStep(state, msg, rng) : unchecked(state, msg);
  if (!live.ok) fail(live.error);
  const sec = a.secretOf(packet, seat, 'lock');
  const k = sec.lock;
  if (!k || k.length !== m)
    fail({
      seat,
      packet,
      step: 'lock',
      code: 'missing',
      reason: `seat ${seat} did not disclose its ${m} lock keys for packet ${packet}`,
    });
  const zero = k.findIndex((kc) => kc === 0n);
  if (zero >= 0)
    fail({
      seat,
      packet,
      step: 'lock',
      position: zero,
      code: 'secret',
      reason: `seat ${seat}'s disclosed key for position ${zero} does not match K_${seat},${zero}`,
    });
  if (!sec.shuffle)
    fail({
      seat,
      packet,
      step: 'shuffle',
      code: 'missing',
      reason: `seat ${seat} did not disclose s for packet ${packet}`,
    });
  const ell = sec.relayer === undefined ? sec.shuffle.s : Fn.mul(sec.relayer, sec.shuffle.s);
  const ellInv = Fn.inv(ell);
  const f = k.map((kc) => Fn.mul(kc, ellInv));
  // One MSM checks both K_c = k_c·G (the disclosed keys) and the locked deck. When the step's DLEQ
  // batch proof was verified (live, or just above), it showed out_c = f'_c·in_c with K_c = f'_c·S (Chaum–Pedersen,
  // CRYPTO '92), and S = ℓ·G was checked above from the disclosed s (and t): so once k_c·G = K_c,
  // f'_c = k_c/ℓ = f_c and the deck holds too. Only the keys are checked then.
  // A disclosed key equal to one checked against K live (a public share) matches K too: k ↦ k·G is
  // injective on [0, ℓ). Only the other keys go into the batch test.
  const rest = a.proofChecked ? k.flatMap((kc, c) => (a.checkedKey?.(seat, c) === kc ? [] : [c])) : [];
  const bad = !a.proofChecked
    ? firstMismatch(state.deck.points, msg.deck.points, f, rng, { K: msg.keys.points, k })
    : keysMatch(
          rest.map((c) => msg.keys.points[c]!),
          rest.map((c) => k[c]!),
          rng,
        )
      ? -1
      : -2;
  if (bad === -2) {
    const c = Math.max(
      k.findIndex((kc, i) => !mulBase(kc).equals(msg.keys.points[i]!)),
      0,
    );
    fail({
      seat,
      packet,
      step: 'lock',
      position: c,
      code: 'secret',
      reason: `seat ${seat}'s disclosed key for position ${c} does not match K_${seat},${c}`,
    });
  }
  if (bad >= 0) {
    fail({
      seat,
      packet,
      step: 'lock',
      position: bad,
      code: 'recompute',
      reason: `seat ${seat}'s locked card ${bad} is not (k/s)·before (wrong lock factor)`,
    });
  }
  return live.value;
}

function sameDeck(a: readonly Point[], b: readonly Point[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
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
