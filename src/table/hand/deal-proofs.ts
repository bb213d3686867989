/**
 * The deal's proofs checked on another thread. A live follower takes each
 * step of the deal's cascade as it comes and leaves its proofs (every
 * shuffle argument and lock proof) for one sum once the deck is locked
 * (cascade.ts `checkProofs`, crypto/step-batch.ts); that sum is the largest
 * part of a page's set-up. A page may hand it to a worker instead
 * (src/app/hand-worker.ts), which takes the same steps again from
 * their bytes, from a fresh deal, with the same functions
 * (`takeStepUnchecked` on each, then `checkProofs`), while the page's main
 * thread goes on drawing.
 *
 * The worker's answer is a shortcut for the honest case only. "Every step
 * holds" lets the follower open the deal without the sum; any other answer
 * (a step that fails, a worker that could not run) makes the follower check
 * the proofs on its own thread as it would have without a worker, so the
 * verdict, and the seat it names, are the follower's own. No card of the
 * deal opens before one of the two has checked every proof.
 */
import type { DeckSize, RandomSource } from '../../../crypto/index.js';
import { checkProofs, isLocked, startDeal, takeStepUnchecked, type Cascade, type StepBytes } from './cascade.js';
import { PacketBook } from './packets.js';

/** What a worker needs to check a hand's deal: the hand's parameters and every step of the deal, in cascade order. */
export interface DealProofJob {
  readonly table: string;
  readonly handNo: number;
  readonly players: number;
  readonly deckSize: DeckSize;
  readonly steps: readonly StepBytes[];
}

/** Checks a job elsewhere: settles with true only when `dealHolds` found every step good there. */
export type DealProofCheck = (job: DealProofJob) => Promise<boolean>;

/** The job that checks the deal `cascade` of `book`'s hand again, from its steps' bytes. */
export function dealProofJob(table: string, book: PacketBook, cascade: Cascade): DealProofJob {
  const { handNo, seats, deckSize } = book.hand.params;
  return { table, handNo, players: seats, deckSize, steps: [...cascade.steps] };
}

/**
 * Whether the job's steps, taken in order from a fresh deal, lock the deck with every step's checks and proofs
 * verified (the worker's half; see the file comment). False for any step that fails, a step too many or too few,
 * and a job that cannot even be read.
 */
export function dealHolds(job: DealProofJob, rng: RandomSource): boolean {
  try {
    const book = new PacketBook(job.table, job.handNo, job.players, job.deckSize);
    const cascade = startDeal(book);
    for (const step of job.steps) if (isLocked(cascade) || !takeStepUnchecked(cascade, step, book).ok) return false;
    return isLocked(cascade) && checkProofs(cascade, rng).ok;
  } catch {
    return false;
  }
}

/**
 * One follower's question to the other thread about its deal's proofs (`askDealProofs`), and the answer. While it
 * is asked, the locked deal waits; "every step holds" lets it open without the sum; any other answer leaves the
 * proofs to the follower's own check. Only the deal is asked about (packet 0): a reshuffle's proofs are checked
 * on the follower's thread.
 */
export class DealProofAsk {
  private state: 'not asked' | 'asked' | 'hold' | 'check here' = 'not asked';

  constructor(private readonly ask: ((job: DealProofJob) => void) | undefined) {}

  /** Hands a just-locked deal's unchecked proofs to the other thread; false (nothing asked) without one, or for anything else. */
  askAbout(table: string, book: PacketBook, cascade: Cascade): boolean {
    if (!this.ask || cascade.packet !== 0 || cascade.unproved.length === 0) return false;
    this.state = 'asked';
    this.ask(dealProofJob(table, book, cascade));
    return true;
  }

  /** The other thread's answer: every step holds, or not (or no answer). */
  answered(hold: boolean): void {
    if (this.state === 'asked') this.state = hold ? 'hold' : 'check here';
  }

  /** Whether a locked cascade may open now: not while the deal's answer is awaited; a deal that holds has its proofs taken as checked. */
  mayOpen(cascade: Cascade): boolean {
    if (cascade.packet !== 0) return true;
    if (this.state === 'asked') return false;
    if (this.state === 'hold') cascade.unproved.length = 0;
    return true;
  }
}
