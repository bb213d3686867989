/**
 * A cascade's proofs checked on another thread: the deal's, and each
 * reshuffle's. A live follower takes each step of a cascade as it comes and
 * leaves its proofs (every re-layer, shuffle argument and lock proof) for one
 * sum once the packet is locked (cascade.ts `checkProofs`,
 * crypto/step-batch.ts); the deal's sum is the largest part of a page's
 * set-up, and a reshuffle's a freeze in play. A page may hand it to its
 * worker (src/app/hand-worker.ts), which takes the same steps again from
 * their bytes, from the cascade's first state (a fresh deal, or the
 * reshuffled packet's state as bytes), with the same functions
 * (`takeStepUnchecked` on each, then `checkProofs`), while the page's main
 * thread goes on drawing.
 *
 * The worker's answer is a shortcut for the honest case only. "Every step
 * holds" lets the follower open the packet without the sum; any other answer
 * (a step that fails, a worker that could not run) makes the follower check
 * the proofs on its own thread as it would have without a worker, so the
 * verdict, and the seat it names, are the follower's own. No card of the
 * packet opens before one of the two has checked every proof.
 */
import {
  packetStateBytes,
  packetStateFrom,
  type DeckSize,
  type PacketStateBytes,
  type RandomSource,
} from '../../../crypto/index.js';
import { cascadeFrom, checkProofs, isLocked, startDeal, takeStep, type Cascade, type StepBytes } from './cascade.js';
import { PacketBook } from './packets.js';

/**
 * What a worker needs to check a cascade: the hand's parameters, the packet, its first state (null: the deal, from
 * a fresh deck) and every step, in cascade order.
 */
export interface DealProofJob {
  readonly table: string;
  readonly handNo: number;
  readonly players: number;
  readonly deckSize: DeckSize;
  readonly packet: number;
  readonly start: PacketStateBytes | null;
  readonly steps: readonly StepBytes[];
}

/** Checks a job elsewhere: settles with true only when `dealHolds` found every step good there. */
export type DealProofCheck = (job: DealProofJob) => Promise<boolean>;

/** The job that checks `cascade` of `book`'s hand again, from its first state and its steps' bytes. */
export function dealProofJob(table: string, book: PacketBook, cascade: Cascade): DealProofJob {
  const { handNo, seats, deckSize } = book.hand.params;
  const start = cascade.packet === 0 ? null : packetStateBytes(cascade.start);
  return { table, handNo, players: seats, deckSize, packet: cascade.packet, start, steps: [...cascade.steps] };
}

/**
 * Whether the job's steps, taken in order from a fresh deal, lock the deck with every step's checks and proofs
 * verified (the worker's half; see the file comment). False for any step that fails, a step too many or too few,
 * and a job that cannot even be read.
 */
export function dealHolds(job: DealProofJob, rng: RandomSource): boolean {
  try {
    const cascade = cascadeAgain(new PacketBook(job.table, job.handNo, job.players, job.deckSize), job);
    return cascade !== null && checkProofs(cascade, rng).ok;
  } catch {
    return false;
  }
}

/**
 * The job's cascade taken again in `book` from its first state, every step but for its proofs: the locked cascade,
 * or null for a step that fails, a step too many or too few. Throws on a first state that cannot be read.
 */
export function cascadeAgain(book: PacketBook, job: DealProofJob): Cascade | null {
  const cascade = job.start ? cascadeFrom(job.packet, packetStateFrom(book.hand, job.start)) : startDeal(book);
  for (const step of job.steps) {
    if (isLocked(cascade)) return null;
    // A step the page took as made (its own) is taken so here too: only the others' proofs are summed.
    const took = takeStep(cascade, step, book, step.presumed === true);
    if (!took.ok) return null;
  }
  return isLocked(cascade) ? cascade : null;
}

/**
 * One follower's question to the other thread about a locked cascade's proofs (`askDealProofs`), and the answer.
 * While it is asked, the locked packet waits; "every step holds" lets it open without the sum; any other answer
 * leaves the proofs to the follower's own check. One cascade is locked at a time: a question is about the
 * packet last asked about, and an answer about another is ignored.
 */
export class DealProofAsk {
  private state: 'not asked' | 'asked' | 'hold' | 'check here' = 'not asked';
  private packet = -1;

  constructor(private readonly ask: ((job: DealProofJob) => void) | undefined) {}

  /** Hands a just-locked cascade's unchecked proofs to the other thread; false (nothing asked) without one, or with none. */
  askAbout(table: string, book: PacketBook, cascade: Cascade): boolean {
    if (!this.ask || cascade.unproved.length === 0) return false;
    [this.state, this.packet] = ['asked', cascade.packet];
    this.ask(dealProofJob(table, book, cascade));
    return true;
  }

  /** The other thread's answer about `packet`: every step holds, or not (or no answer). */
  answered(packet: number, hold: boolean): void {
    if (this.state === 'asked' && packet === this.packet) this.state = hold ? 'hold' : 'check here';
  }

  /** Whether a locked cascade may open now: not while its answer is awaited; one that holds has its proofs taken as checked. */
  mayOpen(cascade: Cascade): boolean {
    if (cascade.packet !== this.packet) return true;
    if (this.state === 'asked') return false;
    if (this.state === 'hold') cascade.unproved.length = 0;
    return true;
  }
}
