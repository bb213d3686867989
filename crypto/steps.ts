/**
 * The three cascades of docs/PROTOCOL.md §8.2–8.5, one step per seat in seat
 * order, each a pure function pair: `make…Step` (run by the seat: returns the
 * message to publish, the secrets it must persist first, and the next public
 * state) and `verify…Step` (run by everyone else on the decoded message).
 * - Shuffle (SRA, Shamir–Rivest–Adleman 1981; Barnett & Smart 2003 §4.1):
 *   multiply every point by a fresh s_i, permute uniformly, publish
 *   S_i = s_i·L_i and a zero-knowledge argument that the output is a
 *   permutation of the input times the s_i of S_i (Terelius–Wikström 2010,
 *   shuffle-proof.ts); everyone checks the encodings, that all points are
 *   distinct, and the argument.
 * - Lock (per-card keys, Barnett & Smart §4.2): replace s_i on card c by a fresh
 *   k_ic, i.e. multiply by f_c = k_ic/(t_i·s_i); publish K_ic = k_ic·G and the
 *   Chaum–Pedersen proofs (CRYPTO '92) that f_c links S_i → K_ic and
 *   before_c → after_c, verified as a batch (Bellare–Garay–Rabin '98).
 * - Re-layer (for reshuffles, relayer-step.ts): replace the seat's layer on
 *   every card by one common t_i, so that the packet is shuffled and locked
 *   like a fresh deck.
 * The checks every step shares besides its proof are in step-checks.ts.
 */
import type { RandomSource } from './bytes.js';
import { type Fault, fault } from './fault.js';
import { type Result, ok } from './result.js';
import { Fn, G, HALF, invMod, mulBase, mulSecret, randomScalar, ascalar } from './group.js';
import { type Deck, type PacketState, advance, deckFromHalves, deckFromPoints, stepContext } from './packet.js';
import { type ShuffleStatement, proveShuffle, verifyShuffle } from './shuffle-proof.js';
import { proveDleqBatch } from './dleq.js';
import { randomPermutation, systemRandom } from './random.js';
import { verifyRelayerStep } from './relayer-step.js';
import {
  type FactorClaim,
  assertSecrets,
  assertTurn,
  checkArrival,
  factorStatement,
  factorStepFault,
  header,
} from './step-checks.js';

export type { StepHeader, ShuffleStep, LockStep, RelayerStep, Step, PacketSecrets, Made } from './step-types.js';
import type { ShuffleStep, LockStep, Step, PacketSecrets, Made } from './step-types.js';

/** Empty secrets for a seat that has not acted on a packet yet. */
export function newPacketSecrets(packet: number, seat: number): PacketSecrets {
  return { packet, seat };
}

/** Seat's common layer scalar on the packet before its lock step: t_i·s_i (t_i = 1 for a fresh deck). */
export function layerSecret(secrets: PacketSecrets): bigint {
  if (!secrets.shuffle) throw new RangeError(`packet ${secrets.packet}: seat ${secrets.seat} has no shuffle secret`);
  return secrets.relayer === undefined ? secrets.shuffle.s : Fn.mul(secrets.relayer, secrets.shuffle.s);
}

// ------------------------------------------------------------------ shuffle

/** What the shuffle step of `seat` with output `deck` and layer S proves on the packet now. */
export function shuffleStatement(state: PacketState, seat: number, deck: Deck, layer: Deck): ShuffleStatement {
  return { context: stepContext(state, 'shuffle', seat), base: state.layers[seat]!, layer, X: state.deck, Y: deck };
}

/**
 * The message of a shuffle step for given outputs: the shuffle argument for
 * witness (s, perm) over the step's context, base, layer and both decks.
 * `makeShuffleStep` is the honest use; tests use it to build cheating steps
 * (the proof of a deck that is not s·X permuted does not verify).
 */
export function proveShuffleStep(
  state: PacketState,
  seat: number,
  s: bigint,
  perm: readonly number[],
  deck: Deck,
  layer: Deck,
  rng: RandomSource,
): ShuffleStep {
  const proof = proveShuffle(shuffleStatement(state, seat, deck, layer), s, perm, rng);
  return { kind: 'shuffle', header: header(state, seat), deck, layer, proof };
}

/** The seat's shuffle step: Y_j = s·X_perm[j], S = s·L, the shuffle argument. */
export function makeShuffleStep(
  state: PacketState,
  seat: number,
  secrets: PacketSecrets,
  rng: RandomSource = systemRandom,
): Made<ShuffleStep> {
  assertTurn(state, 'shuffle', seat);
  assertSecrets(state, secrets, seat, 'shuffle');
  const s = randomScalar(rng);
  const perm = randomPermutation(rng, state.size);
  const X = state.deck.points;
  // Publish doubles of halves: one shared inversion encodes the whole deck.
  const sHalf = Fn.mul(s, HALF);
  const deck = deckFromHalves(perm.map((p) => mulSecret(X[p]!, sHalf)));
  const basePoint = state.layers[seat]!.points[0]!;
  const layer = deckFromPoints([basePoint === G ? mulBase(s) : mulSecret(basePoint, s)]);
  const message = proveShuffleStep(state, seat, s, perm, deck, layer, rng);
  return {
    message,
    secrets: { ...secrets, shuffle: { s, perm } },
    state: advance(state, deck, { layer }),
  };
}

/**
 * Checks another seat's shuffle step (context, turn, encodings, distinct
 * points, and the shuffle argument with verifier weights from `rng`); returns
 * the next state or the fault naming the seat.
 */
export function verifyShuffleStep(
  state: PacketState,
  msg: ShuffleStep,
  rng: RandomSource = systemRandom,
): Result<PacketState, Fault> {
  const wrong = shuffleArrivalFault(state, msg);
  if (wrong) return fault(wrong);
  const seat = msg.header.seat;
  if (!verifyShuffle(shuffleStatement(state, seat, msg.deck, msg.layer), msg.proof, rng)) {
    return fault({
      seat,
      packet: state.id,
      step: 'shuffle',
      code: 'proof',
      reason: `shuffle argument of seat ${seat} does not verify (its deck is not a permutation of the input times the s_${seat} of S_${seat})`,
    });
  }
  return ok(advance(state, msg.deck, { layer: msg.layer }));
}

/** `verifyShuffleStep` without the shuffle argument: context, turn, encodings, distinct points, one S. */
export function shuffleArrivalFault(state: PacketState, msg: ShuffleStep): Fault | null {
  const wrong = checkArrival(state, msg, 'shuffle', 'shuffled deck');
  if (wrong) return wrong;
  if (msg.layer.points.length !== 1)
    return { seat: msg.header.seat, packet: state.id, step: 'shuffle', code: 'size', reason: 'S must be one point' };
  return null;
}

// ------------------------------------------------------------------ lock

/**
 * The message of a lock step for given outputs: the batched Chaum–Pedersen
 * proof that f[c] links the seat's layer commitment → keys[c] and
 * before[c] → deck[c]; `ell` is the seat's layer scalar (log of its S).
 */
export function proveLockStep(
  state: PacketState,
  seat: number,
  ell: bigint,
  f: readonly bigint[],
  deck: Deck,
  keys: Deck,
  rng: RandomSource,
): LockStep {
  const proof = proveDleqBatch(factorStatement(state, 'lock', seat, state.layers[seat]!, keys, deck), f, [ell], rng);
  return { kind: 'lock', header: header(state, seat), deck, keys, proof };
}

/** The seat's lock step: fresh k_c, Y_c = (k_c/ℓ)·X_c, K_c = k_c·G, batched Chaum–Pedersen proof. */
export function makeLockStep(
  state: PacketState,
  seat: number,
  secrets: PacketSecrets,
  rng: RandomSource = systemRandom,
): Made<LockStep> {
  assertTurn(state, 'lock', seat);
  assertSecrets(state, secrets, seat, 'lock');
  const ell = ascalar(layerSecret(secrets), 'layer secret');
  const ellInv = invMod(ell); // the only inversion of the step
  const m = state.size;
  const k = Array.from({ length: m }, () => randomScalar(rng));
  const f = k.map((kc) => Fn.mul(kc, ellInv));
  const X = state.deck.points;
  const deck = deckFromHalves(f.map((fc, c) => mulSecret(X[c]!, Fn.mul(fc, HALF))));
  const keys = deckFromHalves(k.map((kc) => mulBase(Fn.mul(kc, HALF))));
  const message = proveLockStep(state, seat, ell, f, deck, keys, rng);
  return { message, secrets: { ...secrets, lock: k }, state: advance(state, deck, { keys }) };
}

/** Checks another seat's lock step (one batch verification for the whole packet). */
export function verifyLockStep(
  state: PacketState,
  msg: LockStep,
  rng: RandomSource = systemRandom,
): Result<PacketState, Fault> {
  const wrong = factorStepFault(state, msg, 'lock', 'locked deck', rng, lockClaim(state, msg));
  if (wrong) return fault(wrong);
  return ok(advance(state, msg.deck, { keys: msg.keys }));
}

/** What a lock step claims: one factor per card links the seat's layer S_i → K_ic. */
export function lockClaim(state: PacketState, msg: LockStep): (seat: number) => FactorClaim {
  return (seat) => ({
    base: state.layers[seat]!,
    target: msg.keys,
    size: state.size,
    sizeReason: `${msg.keys.points.length} key commitments, expected ${state.size}`,
    why: `a lock factor does not match S_${seat} → K_${seat}c`,
  });
}

/** Dispatches on the message kind. */
export function verifyStep(
  state: PacketState,
  msg: Step,
  rng: RandomSource = systemRandom,
): Result<PacketState, Fault> {
  switch (msg.kind) {
    case 'shuffle':
      return verifyShuffleStep(state, msg, rng);
    case 'lock':
      return verifyLockStep(state, msg, rng);
    case 'relayer':
      return verifyRelayerStep(state, msg, rng);
  }
}
