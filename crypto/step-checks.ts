/**
 * What every cascade step of docs/PROTOCOL.md §8.2–8.5 checks besides its
 * proof. The maker asserts that the packet awaits its step and that the
 * secrets are its own for this packet; a verifier checks that the message is
 * bound to this table, hand and packet, comes in turn, and carries a deck of
 * the packet's size with no point twice (encodings are canonical, RFC 9496
 * §4.3, so equal points have equal bytes), each check returning the fault
 * naming the seat, or null. And what the lock and re-layer steps share:
 * the statement each proves, one Chaum–Pedersen batch (CRYPTO '92, dleq.ts)
 * that one factor per card links the seat's layer to its new commitment and
 * each card before to after, and the check of a received one.
 */
import { type RandomSource, equalBytes, toHex } from './bytes.js';
import { type DleqBatchProof, type DleqBatchStatement, verifyDleqBatch } from './dleq.js';
import type { Fault } from './fault.js';
import { type Deck, type PacketState, type StepKind, stepContext } from './packet.js';
import type { PacketSecrets, StepHeader } from './step-types.js';

/** The header of a step `seat` makes on the packet now. */
export function header(state: PacketState, seat: number): StepHeader {
  return {
    tableId: state.hand.params.tableId,
    handNo: state.hand.params.handNo,
    packet: state.id,
    seat,
  };
}

/** The maker's own check: the packet awaits a `kind` step from `seat`. */
export function assertTurn(state: PacketState, kind: StepKind, seat: number): void {
  if (state.phase !== kind) throw new RangeError(`${kind} step: packet ${state.id} is in phase ${state.phase}`);
  if (seat !== state.next)
    throw new RangeError(`${kind} step: seat ${seat} acts out of turn, awaiting seat ${state.next}`);
}

/** The maker's own check: `secrets` are this seat's for this packet. */
export function assertSecrets(state: PacketState, secrets: PacketSecrets, seat: number, kind: StepKind): void {
  if (secrets.packet !== state.id || secrets.seat !== seat) {
    throw new RangeError(
      `${kind} step: secrets are for packet ${secrets.packet} seat ${secrets.seat}, expected packet ${state.id} seat ${seat}`,
    );
  }
}

/** A received step's table, hand and packet, and (for a cascade step) its phase and turn; the fault, or null. */
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

/** A received step's deck: the packet's size, and no point twice; the fault, or null. */
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

/** A received step's header (checkHeader) and deck (`what`, for the reason; checkDeck): the first fault, or null. */
export function checkArrival(
  state: PacketState,
  msg: { readonly header: StepHeader; readonly deck: Deck },
  kind: StepKind,
  what: string,
): Fault | null {
  return checkHeader(state, msg.header, kind) ?? checkDeck(state, msg.deck, msg.header.seat, kind, what);
}

/**
 * What a lock or re-layer step of `seat` proves: one factor per card links
 * `base` → `target` and the packet's deck → `deck`, card by card, bound to
 * the step's context.
 */
export function factorStatement(
  state: PacketState,
  kind: 'lock' | 'relayer',
  seat: number,
  base: Deck,
  target: Deck,
  deck: Deck,
): DleqBatchStatement {
  return { context: stepContext(state, kind, seat), base, target, X: state.deck, Y: deck };
}

/** What a received lock or re-layer step claims, read once its header and deck passed. */
export interface FactorClaim {
  /** The seat's layer commitment (or per-card layers) the factors start from. */
  readonly base: Deck;
  /** The new commitments: K_c per card (lock) or T_i (re-layer). */
  readonly target: Deck;
  /** How many points `target` must have, and what to say when it has not. */
  readonly size: number;
  readonly sizeReason: string;
  /** What a batch that does not verify means, for the reason. */
  readonly why: string;
}

/** A received lock or re-layer step: what it must carry besides the deck and the proof. */
export interface FactorStepMessage {
  readonly header: StepHeader;
  readonly deck: Deck;
  readonly proof: DleqBatchProof;
}

/**
 * Checks a received lock or re-layer step: its header and deck (`what`), the
 * size of its new commitments and its Chaum–Pedersen batch with verifier
 * weights from `rng`; the fault naming the seat, or null.
 */
export function factorStepFault(
  state: PacketState,
  msg: FactorStepMessage,
  kind: 'lock' | 'relayer',
  what: string,
  rng: RandomSource,
  claim: (seat: number) => FactorClaim,
): Fault | null {
  return factorArrivalFault(state, msg, kind, what, claim) ?? factorProofFault(state, msg, kind, claim, rng);
}

/** `factorStepFault` without the proof: the header, the deck and the size of the new commitments. */
export function factorArrivalFault(
  state: PacketState,
  msg: FactorStepMessage,
  kind: 'lock' | 'relayer',
  what: string,
  claim: (seat: number) => FactorClaim,
): Fault | null {
  const wrong = checkArrival(state, msg, kind, what);
  if (wrong) return wrong;
  const seat = msg.header.seat;
  const c = claim(seat);
  if (c.target.points.length !== c.size)
    return { seat, packet: state.id, step: kind, code: 'size', reason: c.sizeReason };
  return null;
}

/** The statement a lock or re-layer step that arrived well formed proves (its claim's base and target). */
export function factorClaimStatement(
  state: PacketState,
  msg: FactorStepMessage,
  kind: 'lock' | 'relayer',
  claim: (seat: number) => FactorClaim,
): DleqBatchStatement {
  const seat = msg.header.seat;
  const c = claim(seat);
  return factorStatement(state, kind, seat, c.base, c.target, msg.deck);
}

/** `factorStepFault`'s proof check alone, for a step that arrived well formed. */
function factorProofFault(
  state: PacketState,
  msg: FactorStepMessage,
  kind: 'lock' | 'relayer',
  claim: (seat: number) => FactorClaim,
  rng: RandomSource,
): Fault | null {
  if (verifyDleqBatch(factorClaimStatement(state, msg, kind, claim), msg.proof, rng)) return null;
  const seat = msg.header.seat;
  const reason = `Chaum–Pedersen batch of seat ${seat} does not verify (${claim(seat).why})`;
  return { seat, packet: state.id, step: kind, code: 'proof', reason };
}
