/**
 * The end-of-hand audit's card part on another thread. Once every seat has
 * disclosed, a follower runs the audit (audit.ts): its card part recomputes
 * every cascade step of the hand from the disclosed secrets and opens every
 * sealed key share, the largest single piece of a page's main-thread work
 * in a hand (a 66–174 ms task on each page at the end of a 4-player hand),
 * and its rules part replays the inputs with every card open. A page may
 * hand the card part to its worker (src/app/hand-worker.ts): the worker
 * takes every locked packet again from its first state and steps, as it
 * does to check a cascade's proofs (deal-proofs.ts `cascadeAgain`), and
 * runs the same card audit (audit.ts `auditCards`) on the public shares the
 * follower took, the seal keys, the disclosures and the sealed shares.
 *
 * The worker's answer is a shortcut for the honest case only: every
 * packet's cards let the follower run the rules part here at once; any
 * other answer (a fault found, a job it could not read, no answer) has the
 * follower run the whole audit itself, as without a worker, so the verdict,
 * and the seat it names, are always the follower's own. An audit at once
 * (early-audit.ts: a hand stopped mid-play) is run here.
 */
import type { KeyShares, RandomSource } from '../../../crypto/index.js';
import type { TableEvent } from '../transcript.js';
import {
  auditCards,
  auditFollowed,
  sealedShares,
  type AuditedCards,
  type Disclosed,
  type HandAudit,
  type SealedShares,
} from './audit.js';
import { cascadeTranscript, type Cascade } from './cascade.js';
import { cascadeAgain, dealProofJob, type DealProofJob } from './deal-proofs.js';
import type { HandFollower } from './follower.js';
import { PacketBook } from './packets.js';

/** What the other thread needs for the card part: every locked packet as a cascade job, in the order they locked, and what the card audit reads. */
export interface AuditJob {
  readonly cascades: readonly DealProofJob[];
  /** The public key shares the follower checked and took (packets.ts `publicShares`). */
  readonly publicShares: readonly KeyShares[];
  readonly sealKeys: readonly Uint8Array[];
  readonly disclosures: readonly Disclosed[];
  readonly sealed: readonly SealedShares[];
}

/** Runs a job's card part elsewhere: settles with every packet's cards, or null (a fault found, no answer). */
export type AuditCheck = (job: AuditJob) => Promise<AuditedCards | null>;

/**
 * The other thread's half: every packet's cards when the card audit finds no fault, else null (also for a job it
 * cannot read). `progress` is called as it goes (after each packet taken again, and each audited): a hand of many
 * reshuffles takes seconds, and the worker says meanwhile that it is not stuck.
 */
export function auditedCards(job: AuditJob, rng: RandomSource, progress?: () => void): AuditedCards | null {
  try {
    const first = job.cascades[0];
    if (!first) return null;
    const book = new PacketBook(first.table, first.handNo, first.players, first.deckSize);
    for (const packet of job.cascades) {
      const cascade = cascadeAgain(book, packet);
      if (!cascade) return null;
      book.lock(cascadeTranscript(cascade), cascade.state);
      progress?.();
    }
    book.publish(job.publicShares);
    const { sealKeys, disclosures, sealed } = job;
    const found = auditCards({ book, sealKeys, disclosures, sealed, rng, ...(progress ? { progress } : {}) });
    return 'cards' in found ? found.cards : null;
  } catch {
    return null;
  }
}

/**
 * One follower's audit with its card part asked of the other thread (`askAudit`): it keeps each locked cascade for
 * the job, asks once every seat has disclosed, waits for the answer, then audits with the cards found or, on any
 * other answer, on its own.
 */
export class AuditAsk {
  private readonly cascades: DealProofJob[] = [];
  private answer: 'not asked' | 'asked' | 'audit here' | AuditedCards = 'not asked';

  constructor(private readonly ask: ((job: AuditJob) => void) | undefined) {}

  /** A cascade just locked, kept for the job (only with another thread to ask). */
  locked(table: string, book: PacketBook, cascade: Cascade): void {
    if (this.ask) this.cascades.push(dealProofJob(table, book, cascade));
  }

  /** The followed hand's audit, once every seat has disclosed; null while the other thread's answer is awaited. */
  audit(
    f: HandFollower,
    disclosures: readonly TableEvent<'disclose'>[],
    rng: RandomSource,
    rules: boolean,
  ): HandAudit | null {
    if (this.ask && rules && this.answer === 'not asked') {
      this.answer = 'asked';
      this.ask({
        cascades: this.cascades,
        publicShares: f.book.publicShares,
        sealKeys: f.sealKeys,
        disclosures: disclosures.map(({ seat, data: { sealSecret, secrets } }) => ({
          seat,
          data: { sealSecret, secrets },
        })),
        sealed: sealedShares(f.pool.events()),
      });
    }
    if (this.answer === 'asked') return null;
    return auditFollowed(f, disclosures, rng, rules, typeof this.answer === 'object' ? this.answer : undefined);
  }

  /** The other thread's answer: every packet's cards, or null (the follower audits on its own). */
  answered(cards: AuditedCards | null): void {
    if (this.answer === 'asked') this.answer = cards ?? 'audit here';
  }
}
