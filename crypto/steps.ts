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
 * - Re-layer (for reshuffles): replace the seat's layer ℓ_ic on card c (k_ic of
 *   the source packet, or 1 for a public card) by one common layer t_i,
 *   i.e. multiply by t_i/ℓ_ic; publish T_i = t_i·G and the Chaum–Pedersen
 *   proofs that t_i/ℓ_ic links K_ic (or G) → T_i and before_c → after_c.
 * Layers commute, so after the re-layer cascade every card carries
 * (∏ t_i)·H_card and the packet is shuffled and locked like a fresh deck.
 */
import { type RandomSource, equalBytes, toHex } from './bytes.js';
import { type Fault, fault } from './fault.js';
import { type Result, ok } from './result.js';
import { Fn, G, HALF, invMod, mulBase, mulSecret, randomScalar, ascalar } from './group.js';
import {
  type Deck,
  type PacketState,
  type StepKind,
  advance,
  deckFromHalves,
  deckFromPoints,
  stepContext,
} from './packet.js';
import { type ShuffleStatement, proveShuffle, verifyShuffle } from './shuffle-proof.js';
import { proveDleqBatch, verifyDleqBatch } from './dleq.js';
import { randomPermutation, systemRandom } from './random.js';

export type { StepHeader, ShuffleStep, LockStep, RelayerStep, Step, PacketSecrets, Made } from './step-types.js';
import type { StepHeader, ShuffleStep, LockStep, RelayerStep, Step, PacketSecrets, Made } from './step-types.js';

/** Empty secrets for a seat that has not acted on a packet yet. */
export function newPacketSecrets(packet: number, seat: number): PacketSecrets {
  return { packet, seat };
}

function header(state: PacketState, seat: number): StepHeader {
  return {
    tableId: state.hand.params.tableId,
    handNo: state.hand.params.handNo,
    packet: state.id,
    seat,
  };
}

function assertTurn(state: PacketState, kind: StepKind, seat: number): void {
  if (state.phase !== kind) throw new RangeError(`${kind} step: packet ${state.id} is in phase ${state.phase}`);
  if (seat !== state.next)
    throw new RangeError(`${kind} step: seat ${seat} acts out of turn, awaiting seat ${state.next}`);
}

function assertSecrets(state: PacketState, secrets: PacketSecrets, seat: number, kind: StepKind): void {
  if (secrets.packet !== state.id || secrets.seat !== seat) {
    throw new RangeError(
      `${kind} step: secrets are for packet ${secrets.packet} seat ${secrets.seat}, expected packet ${state.id} seat ${seat}`,
    );
  }
}

/** Seat's common layer scalar on the packet before its lock step: t_i·s_i (t_i = 1 for a fresh deck). */
export function layerSecret(secrets: PacketSecrets): bigint {
  if (!secrets.shuffle) throw new RangeError(`packet ${secrets.packet}: seat ${secrets.seat} has no shuffle secret`);
  return secrets.relayer === undefined ? secrets.shuffle.s : Fn.mul(secrets.relayer, secrets.shuffle.s);
}

// ------------------------------------------------------------------ shuffle

function shuffleStatement(state: PacketState, seat: number, deck: Deck, layer: Deck): ShuffleStatement {
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

function checkHeader(state: PacketState, h: StepHeader, kind: StepKind | 'keys'): Fault | null {
  const p = state.hand.params;
  const base = { seat: h.seat, packet: state.id, step: kind } as const;
  if (!equalBytes(h.tableId, p.tableId)) {
    return {
      ...base,
      code: 'context',
      reason: `${kind} step is bound to table ${toHex(h.tableId)}, expected ${toHex(p.tableId)}`,
    };
  }
  if (h.handNo !== p.handNo)
    return { ...base, code: 'context', reason: `${kind} step is bound to hand ${h.handNo}, expected hand ${p.handNo}` };
  if (h.packet !== state.id)
    return {
      ...base,
      code: 'context',
      reason: `${kind} step is bound to packet ${h.packet}, expected packet ${state.id}`,
    };
  if (kind !== 'keys') {
    if (state.phase !== kind)
      return {
        ...base,
        code: 'turn',
        reason: `${kind} step received while packet ${state.id} is in phase ${state.phase}`,
      };
    if (h.seat !== state.next)
      return { ...base, code: 'turn', reason: `${kind} step from seat ${h.seat}, awaiting seat ${state.next}` };
  }
  return null;
}

function checkDeck(state: PacketState, deck: Deck, seat: number, kind: StepKind, what: string): Fault | null {
  if (deck.points.length !== state.size || deck.bytes.length !== 32 * state.size) {
    return {
      seat,
      packet: state.id,
      step: kind,
      code: 'size',
      reason: `${what} has ${deck.points.length} points, expected ${state.size}`,
    };
  }
  // Canonical encodings: equal points have equal bytes.
  const seen = new Map<string, number>();
  for (let j = 0; j < state.size; j++) {
    const hex = toHex(deck.bytes.subarray(32 * j, 32 * j + 32));
    const prev = seen.get(hex);
    if (prev !== undefined) {
      return {
        seat,
        packet: state.id,
        step: kind,
        position: j,
        code: 'duplicate',
        reason: `${what}: positions ${prev} and ${j} hold the same point`,
      };
    }
    seen.set(hex, j);
  }
  return null;
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
  const h = checkHeader(state, msg.header, 'shuffle');
  if (h) return fault(h);
  const seat = msg.header.seat;
  const d = checkDeck(state, msg.deck, seat, 'shuffle', 'shuffled deck');
  if (d) return fault(d);
  if (msg.layer.points.length !== 1)
    return fault({ seat, packet: state.id, step: 'shuffle', code: 'size', reason: 'S must be one point' });
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
  const proof = proveDleqBatch(
    { context: stepContext(state, 'lock', seat), base: state.layers[seat]!, target: keys, X: state.deck, Y: deck },
    f,
    [ell],
    rng,
  );
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
  const h = checkHeader(state, msg.header, 'lock');
  if (h) return fault(h);
  const seat = msg.header.seat;
  const d = checkDeck(state, msg.deck, seat, 'lock', 'locked deck');
  if (d) return fault(d);
  if (msg.keys.points.length !== state.size) {
    return fault({
      seat,
      packet: state.id,
      step: 'lock',
      code: 'size',
      reason: `${msg.keys.points.length} key commitments, expected ${state.size}`,
    });
  }
  const good = verifyDleqBatch(
    {
      context: stepContext(state, 'lock', seat),
      base: state.layers[seat]!,
      target: msg.keys,
      X: state.deck,
      Y: msg.deck,
    },
    msg.proof,
    rng,
  );
  if (!good) {
    return fault({
      seat,
      packet: state.id,
      step: 'lock',
      code: 'proof',
      reason: `Chaum–Pedersen batch of seat ${seat} does not verify (a lock factor does not match S_${seat} → K_${seat}c)`,
    });
  }
  return ok(advance(state, msg.deck, { keys: msg.keys }));
}

// ------------------------------------------------------------------ re-layer

/**
 * The seat's re-layer step on a reshuffled packet. `sourceSecrets(packetId)`
 * returns the seat's secrets of a source packet (its lock keys).
 */
export function makeRelayerStep(
  state: PacketState,
  seat: number,
  secrets: PacketSecrets,
  sourceSecrets: (packet: number) => PacketSecrets | undefined,
  rng: RandomSource = systemRandom,
): Made<RelayerStep> {
  assertTurn(state, 'relayer', seat);
  assertSecrets(state, secrets, seat, 'relayer');
  if (state.source.kind !== 'reshuffle' || !state.cardLayers)
    throw new RangeError('relayer step: packet is not a reshuffle');
  const ell: bigint[] = state.source.inputs.map((input, c) => {
    if (input.kind === 'public') return 1n;
    const src = sourceSecrets(input.packet);
    const key = src?.lock?.[input.position];
    if (src === undefined || key === undefined || src.seat !== seat) {
      throw new RangeError(
        `relayer step: no lock key of seat ${seat} for packet ${input.packet} position ${input.position} (card ${c})`,
      );
    }
    return ascalar(key, `lock key ${input.packet}/${input.position}`);
  });
  const inv = Fn.invertBatch(ell);
  const t = randomScalar(rng);
  const f = inv.map((x) => Fn.mul(t, x));
  const X = state.deck.points;
  const deck = deckFromHalves(f.map((fc, c) => mulSecret(X[c]!, Fn.mul(fc, HALF))));
  const layer = deckFromPoints([mulBase(t)]);
  const proof = proveDleqBatch(
    {
      context: stepContext(state, 'relayer', seat),
      base: state.cardLayers[seat]!,
      target: layer,
      X: state.deck,
      Y: deck,
    },
    f,
    ell,
    rng,
  );
  const message: RelayerStep = { kind: 'relayer', header: header(state, seat), deck, layer, proof };
  return { message, secrets: { ...secrets, relayer: t }, state: advance(state, deck, { layer }) };
}

export function verifyRelayerStep(
  state: PacketState,
  msg: RelayerStep,
  rng: RandomSource = systemRandom,
): Result<PacketState, Fault> {
  const h = checkHeader(state, msg.header, 'relayer');
  if (h) return fault(h);
  const seat = msg.header.seat;
  const d = checkDeck(state, msg.deck, seat, 'relayer', 're-layered deck');
  if (d) return fault(d);
  if (msg.layer.points.length !== 1)
    return fault({ seat, packet: state.id, step: 'relayer', code: 'size', reason: 'T must be one point' });
  const good = verifyDleqBatch(
    {
      context: stepContext(state, 'relayer', seat),
      base: state.cardLayers![seat]!,
      target: msg.layer,
      X: state.deck,
      Y: msg.deck,
    },
    msg.proof,
    rng,
  );
  if (!good) {
    return fault({
      seat,
      packet: state.id,
      step: 'relayer',
      code: 'proof',
      reason: `Chaum–Pedersen batch of seat ${seat} does not verify (a re-layer factor does not match K → T_${seat})`,
    });
  }
  return ok(advance(state, msg.deck, { layer: msg.layer }));
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
