/**
 * Cascades: the rounds of signed steps that make a locked packet (docs/PROTOCOL.md
 * §8.2–8.5): the deal (shuffle then lock by each seat in seat order)
 * and a reshuffle the engine asks for (first a re-layer by each seat, then
 * shuffle and lock). The follower checks each step event against the
 * packet's state as it comes, and the proofs of all the cascade's steps
 * together once the packet is locked (crypto/step-batch.ts), and then records
 * the packet and where each engine handle now lies. Making a step needs a seat's
 * secrets and is the seat agent's part (seat-agent.ts).
 */
import {
  decodeLockStep,
  decodeRelayerStep,
  decodeShuffleStep,
  openDeck,
  openReshuffle,
  takeStepUnproved,
  verifyStepProofs,
  type UnprovedStep,
  type PacketInput,
  type PacketState,
  type PacketTranscript,
  type RandomSource,
  type Step as CryptoStep,
} from '../../../crypto/index.js';
import { advance } from '../../../crypto/packet.js';
import { equalBytes } from '@noble/curves/utils.js';
import type { AnyState, CryptoRequest } from '../../engine/index.js';
import type { StepType } from './event-pool.js';
import { cryptoWords, fail, type Halt } from './halt.js';
import { type Result, err, ok } from '../../result.js';
import type { PacketBook } from './packets.js';

export type ReshuffleRequest = Extract<CryptoRequest, { kind: 'reshuffle' }>;

export interface Cascade {
  readonly packet: number;
  /** The packet's state before its first step: where another thread takes the steps again from (deal-proofs.ts). */
  readonly start: PacketState;
  state: PacketState;
  readonly record: { relayer: CryptoStep[]; shuffle: CryptoStep[]; lock: CryptoStep[] };
  /** The engine request this cascade fulfils (null for the deal). */
  readonly request: ReshuffleRequest | null;
  /** Steps of this cascade taken with their proofs not checked yet (`takeStepUnchecked`, `checkProofs`). */
  readonly unproved: UnprovedStep[];
  /** Every step taken, in cascade order, as its author sent it: what another thread checks the cascade from (deal-proofs.ts). */
  readonly steps: StepBytes[];
}

/**
 * A cascade step as its event carries it: its author and the step's bytes (a step event is one); `presumed` when
 * this page took it as made, unchecked (its own: `presumeStep`), which another thread then does too.
 */
export interface StepBytes {
  readonly seat: number;
  readonly data: { readonly step: Uint8Array };
  readonly presumed?: boolean;
}

/** Whether every step of the cascade is in: its packet is locked. */
export function isLocked(cascade: Cascade): boolean {
  return cascade.state.phase === 'locked';
}

/** The event type that carries the step a packet in this phase awaits. */
export function stepType(state: PacketState): StepType {
  return state.phase === 'relayer' ? 'reshuffle' : (state.phase as 'shuffle' | 'lock');
}

/** A cascade of `packet` from its first state, no step taken yet; `request` the engine's reshuffle it fulfils. */
export function cascadeFrom(packet: number, start: PacketState, request: ReshuffleRequest | null = null): Cascade {
  return {
    packet,
    start,
    state: start,
    record: { relayer: [], shuffle: [], lock: [] },
    request,
    unproved: [],
    steps: [],
  };
}

export function startDeal(book: PacketBook): Cascade {
  return cascadeFrom(0, openDeck(book.hand, 0));
}

/** The packet a reshuffle makes from the request's handles: public cards by identity, hidden ones where they lie. */
export function startReshuffle(book: PacketBook, request: ReshuffleRequest, state: AnyState): Cascade {
  const inputs: PacketInput[] = request.handles.map((handle) => {
    const card = state.cards[handle]?.card ?? null;
    if (card !== null) return { kind: 'public', card: state.deck.indexOf(card) };
    const at = book.locate(handle);
    if (!at) throw new RangeError(`reshuffle of handle ${handle}, which has no card`);
    return { kind: 'hidden', packet: at.packet, position: at.position };
  });
  const packet = book.transcripts.length;
  return cascadeFrom(packet, openReshuffle(book.hand, packet, inputs, book.packets), request);
}

/**
 * Checks one step event (its author is the seat the packet awaits) but for
 * its proofs, which are checked later with the rest of the cascade's
 * (crypto/step-batch.ts), and advances the cascade: the step is applied and
 * kept in `cascade.unproved` until `checkProofs`. The caller runs
 * `checkProofs` when the packet is locked (before any card of it opens) and
 * before the hand stops for any other reason, so no card of the packet is
 * opened and no verdict is given on a step whose proofs were not checked.
 */
export function takeStepUnchecked(cascade: Cascade, event: StepBytes, book: PacketBook): Result<null, Halt> {
  const seat = event.seat;
  const kind = cascade.state.phase;
  const expect = { hand: book.hand, packet: cascade.packet, seat };
  try {
    const msg = decodeStep(kind, event.data.step, expect);
    const verdict = takeStepUnproved(cascade.state, msg);
    if (!verdict.ok) return fail('bad-step', seat, `bad ${kind} step: ${cryptoWords(verdict.error.reason)}`);
    cascade.unproved.push({ state: cascade.state, msg });
    cascade.steps.push({ seat, data: { step: event.data.step } });
    recordOf(cascade, kind).push(msg);
    cascade.state = verdict.value;
    return ok(null);
  } catch (error) {
    return fail('bad-step', seat, `malformed ${kind} step: ${(error as Error).message}`);
  }
}

/** The first step whose proofs fail: the halt naming its author, and its index among the steps checked. */
export interface BadProofs {
  readonly halt: Halt;
  readonly at: number;
}

/**
 * Checks the proofs of every step `takeStepUnchecked` took in one
 * multi-scalar multiplication (crypto/step-batch.ts); when they do not all
 * verify, the first step whose proofs fail, its author named.
 */
export function checkProofs(cascade: Cascade, rng: RandomSource): Result<null, BadProofs> {
  const steps = cascade.unproved.splice(0);
  const verdict = verifyStepProofs(steps, rng);
  if (verdict.ok) return ok(null);
  const { fault, at } = verdict.error;
  const halt = fail('bad-step', fault.seat, `bad ${fault.step} step: ${cryptoWords(fault.reason)}`);
  return err({ halt: halt.error, at });
}

/**
 * The halt naming the author of the first step whose proofs do not verify among those the cascade took with their
 * proofs unchecked (`checkProofs`), or null when they all do (or there is no cascade). Checking them cannot fail on
 * anyone's event (each step's shape was checked when it was taken), so an exception here is this page's own failure.
 */
export function unprovedFault(cascade: Cascade | null, rng: RandomSource): Halt | null {
  if (!cascade || cascade.unproved.length === 0) return null;
  try {
    const proved = checkProofs(cascade, rng);
    return proved.ok ? null : proved.error.halt;
  } catch (error) {
    return { code: 'internal', seat: null, detail: `internal error: ${(error as Error).message}` };
  }
}

/** The step of `kind` encoded in `bytes`, its header checked against `expect` (throws a named error if malformed). */
/** A step's bytes read as `kind`, bound to `expect`'s hand, packet and seat (a RangeError says what does not fit). */
export function decodeStep(
  kind: PacketState['phase'],
  bytes: Uint8Array,
  expect: { hand: PacketBook['hand']; packet: number; seat: number },
): CryptoStep {
  if (kind === 'shuffle') return decodeShuffleStep(bytes, expect);
  if (kind === 'lock') return decodeLockStep(bytes, expect);
  return decodeRelayerStep(bytes, expect);
}

function recordOf(cascade: Cascade, kind: PacketState['phase']): CryptoStep[] {
  return kind === 'shuffle' ? cascade.record.shuffle : kind === 'lock' ? cascade.record.lock : cascade.record.relayer;
}

/**
 * Takes one step event into the cascade, as every follower does. A step this
 * page made itself (`made`: the same bytes its agent produced, never one read
 * back from storage or sent by anyone else), or one whose proofs the caller
 * has checked elsewhere (`presumed`), is applied without verifying its proofs
 * (`presumeStep`): an honest prover's proofs always verify, so checking them
 * would apply exactly this, and the page's cascade work drops by its own
 * share; every other peer verifies it. Any other step is checked now except
 * for its proofs (`takeStepUnchecked`), which are checked with the rest of the
 * cascade's in one multi-scalar multiplication once the packet is locked
 * (`checkProofs`), so a bad step still names its author before any card of
 * the packet opens.
 */
export function takeStep(
  cascade: Cascade,
  event: StepBytes,
  book: PacketBook,
  presumed: boolean,
  made?: CryptoStep,
): Result<null, Halt> {
  return presumed || made !== undefined
    ? presumeStep(cascade, event, book, made)
    : takeStepUnchecked(cascade, event, book);
}

/**
 * `takeStepUnchecked` with the step's proofs presumed good: the step is decoded (its
 * header must be this packet's and its author's) and applied, its shuffle
 * argument or lock proofs not checked here. Only for a caller that has them
 * checked elsewhere on the same input and discards this result unless every
 * one verified (the offline verifier's worker thread, scripts/verify-parallel.ts),
 * and for a step this page's own seat agent made, byte for byte (follower.ts):
 * for a step whose proofs verify, `takeStepUnchecked` and `checkProofs` apply exactly this. `made`:
 * that step as the agent made it, whose encoding is exactly the event's bytes,
 * so decoding them again would give the same points (it is not decoded; its
 * kind and header must still be the awaited ones).
 */
export function presumeStep(
  cascade: Cascade,
  event: StepBytes,
  book: PacketBook,
  made?: CryptoStep,
): Result<null, Halt> {
  const seat = event.seat;
  const kind = cascade.state.phase;
  const expect = { hand: book.hand, packet: cascade.packet, seat };
  try {
    const msg = made && madeFits(made, kind, expect) ? made : decodeStep(kind, event.data.step, expect);
    cascade.steps.push({ seat, data: { step: event.data.step }, presumed: true });
    recordOf(cascade, kind).push(msg);
    cascade.state =
      msg.kind === 'lock'
        ? advance(cascade.state, msg.deck, { keys: msg.keys })
        : advance(cascade.state, msg.deck, { layer: msg.layer });
    return ok(null);
  } catch (error) {
    return fail('bad-step', seat, `malformed ${kind} step: ${(error as Error).message}`);
  }
}

/** A made step of the awaited kind, bound to this table, hand, packet and seat (what decoding its bytes would check). */
function madeFits(
  made: CryptoStep,
  kind: PacketState['phase'],
  expect: { hand: PacketBook['hand']; packet: number; seat: number },
): boolean {
  const h = made.header;
  const p = expect.hand.params;
  return (
    made.kind === kind &&
    h.packet === expect.packet &&
    h.seat === expect.seat &&
    h.handNo === p.handNo &&
    equalBytes(h.tableId, p.tableId)
  );
}

/** A locked cascade's public record: how its packet was formed and every step. */
export function cascadeTranscript({ packet, state, record }: Cascade): PacketTranscript {
  return {
    id: packet,
    source: state.source,
    relayer: record.relayer as PacketTranscript['relayer'],
    shuffle: record.shuffle as PacketTranscript['shuffle'],
    lock: record.lock as PacketTranscript['lock'],
  };
}

/** Records the locked packet and places the handles it holds. */
export function finishCascade(book: PacketBook, cascade: Cascade): void {
  const { packet, state } = cascade;
  book.lock(cascadeTranscript(cascade), state);
  if (cascade.request) cascade.request.into.forEach((handle, position) => book.place(handle, { packet, position }));
  else for (let position = 0; position < state.size; position++) book.place(position, { packet, position });
}
