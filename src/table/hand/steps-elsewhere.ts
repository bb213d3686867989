/**
 * This seat's cascade steps made on another thread. Making a shuffle or a
 * lock (docs/PROTOCOL.md §8: a whole packet re-encrypted, with its shuffle
 * argument or its key proofs) is the longest piece of work a page does in
 * one go, and on the main thread nothing is drawn and no click is taken
 * meanwhile. A page may hand it to its worker (src/app/hand-worker.ts):
 * the job carries the packet's public state and this seat's secrets of it
 * (no further than the page's own worker), the worker makes the step with the
 * same function as here (`makeOwnStep`, through `makeStepOf`) and answers
 * with the step's bytes and the secrets it adds. The seat agent then keeps
 * the secrets and publishes the step as it would one made here.
 *
 * The other thread can only save the page time. No maker, a job that cannot
 * be sent, a worker that fails or does not answer, or an answer that is not
 * this seat's step of this phase: the step is made here, as without one.
 */
import {
  createHand,
  encodeLockStep,
  encodeRelayerStep,
  encodeShuffleStep,
  makeLockStep,
  makeRelayerStep,
  makeShuffleStep,
  packetStateBytes,
  packetStateFrom,
  type HandParams,
  type PacketSecrets,
  type PacketState,
  type PacketStateBytes,
  type RandomSource,
  type Step,
} from '../../../crypto/index.js';
import { decodeStep } from './cascade.js';

/** What another thread needs to make `seat`'s step of a packet: the hand, the packet's state, the seat's secrets. */
export interface StepJob {
  readonly hand: HandParams;
  readonly seat: number;
  readonly state: PacketStateBytes;
  readonly secrets: PacketSecrets;
  /** A re-layer only: this seat's secrets of the locked packets its cards come from. */
  readonly sources: readonly PacketSecrets[];
}

/** The other thread's answer: the step's bytes as published, and the seat's secrets with the step's added. */
export interface StepMade {
  readonly bytes: Uint8Array;
  readonly secrets: PacketSecrets;
}

/** A step made, here or there: its bytes, the step they encode, and the secrets to keep before it is published. */
export interface OwnStep extends StepMade {
  readonly message: Step;
}

/** Makes a job's step elsewhere: settles with the step, or null when it could not. */
export type StepMaker = (job: StepJob) => Promise<StepMade | null>;

/** `seat`'s step of `state`'s phase (re-layer, shuffle or lock), made and encoded. */
export function makeOwnStep(
  state: PacketState,
  seat: number,
  secrets: PacketSecrets,
  sourceSecrets: (packet: number) => PacketSecrets | undefined,
  rng: RandomSource,
): OwnStep {
  if (state.phase === 'shuffle') {
    const made = makeShuffleStep(state, seat, secrets, rng);
    return { bytes: encodeShuffleStep(made.message), message: made.message, secrets: made.secrets };
  }
  if (state.phase === 'lock') {
    const made = makeLockStep(state, seat, secrets, rng);
    return { bytes: encodeLockStep(made.message), message: made.message, secrets: made.secrets };
  }
  if (state.phase === 'relayer') {
    const made = makeRelayerStep(state, seat, secrets, sourceSecrets, rng);
    return { bytes: encodeRelayerStep(made.message), message: made.message, secrets: made.secrets };
  }
  throw new RangeError(`packet ${state.id} is locked: no step to make`);
}

/** The job for `seat`'s next step of `state`, with `secrets` its secrets of the packet so far. */
export function stepJob(
  state: PacketState,
  seat: number,
  secrets: PacketSecrets,
  sourceSecrets: (packet: number) => PacketSecrets | undefined,
): StepJob {
  const from = state.source.kind === 'reshuffle' ? state.source.inputs : [];
  const packets = new Set(from.flatMap((input) => (input.kind === 'hidden' ? [input.packet] : [])));
  const sources = [...packets].flatMap((packet) => sourceSecrets(packet) ?? []);
  return { hand: state.hand.params, seat, state: packetStateBytes(state), secrets, sources };
}

/** The other thread's half: the job's step, made from its state and secrets with the same function as here. */
export function makeStepOf(job: StepJob, rng: RandomSource): StepMade {
  const state = packetStateFrom(createHand(job.hand), job.state);
  const sources = new Map(job.sources.map((s) => [s.packet, s]));
  const { bytes, secrets } = makeOwnStep(state, job.seat, job.secrets, (packet) => sources.get(packet), rng);
  return { bytes, secrets };
}

/** An answer read as `seat`'s step of `state`'s phase: null when it is not one (then the step is made here). */
function ownStepOf(answer: StepMade, state: PacketState, seat: number): OwnStep | null {
  try {
    const { bytes, secrets } = answer;
    if (state.phase === 'locked' || secrets.packet !== state.id || secrets.seat !== seat) return null;
    const message = decodeStep(state.phase, bytes, { hand: state.hand, packet: state.id, seat });
    return message.deck.points.length === state.size ? { bytes, secrets, message } : null;
  } catch {
    return null;
  }
}

/**
 * One seat's steps asked of another thread. `take` answers, for the step the
 * seat owes now: make it here, wait (it is asked, the seat makes nothing
 * meanwhile and `resume` is called once it is answered), or the step made
 * there.
 */
export class StepsElsewhere {
  private readonly asked = new Set<string>();
  private readonly answers = new Map<string, StepMade | null>();

  constructor(
    private readonly maker: StepMaker | undefined,
    private readonly resume: () => void,
  ) {}

  take(state: PacketState, seat: number, job: () => StepJob): 'here' | 'wait' | OwnStep {
    if (!this.maker) return 'here';
    const key = `${state.id}:${state.phase}`;
    const answer = this.answers.get(key);
    if (answer !== undefined) return (answer && ownStepOf(answer, state, seat)) ?? 'here';
    if (this.asked.has(key)) return 'wait';
    this.asked.add(key);
    let asked: Promise<StepMade | null>;
    try {
      asked = this.maker(job());
    } catch {
      this.answers.set(key, null);
      return 'here';
    }
    const answered = (made: StepMade | null) => {
      this.answers.set(key, made ?? null);
      this.resume();
    };
    asked.then(answered, () => answered(null));
    return 'wait';
  }
}
