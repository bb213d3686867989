/**
 * The page's worker for a hand's heaviest crypto, off the main thread. Three
 * jobs: a locked cascade's proofs, the deal's or a reshuffle's
 * (src/table/hand/deal-proofs.ts: it takes the steps again from the
 * cascade's first state with the table's own functions and answers whether
 * every step held); one of this seat's cascade steps
 * (src/table/hand/steps-elsewhere.ts: it makes the step from the packet's
 * state and the seat's secrets, and answers with its bytes and secrets, or
 * none when it could not); and the card part of the end-of-hand audit
 * (src/table/hand/audit-elsewhere.ts: it answers every packet's cards, or
 * none for a fault). Each answer carries its job's id. Loaded by
 * hand-worker-client.ts, as a module worker of its own chunk, when a page
 * first has a cascade checked or a step made.
 */
import { systemRandom } from '../../crypto/index.js';
import { dealHolds, type DealProofJob } from '../table/hand/deal-proofs.js';
import { makeStepOf, type StepJob, type StepMade } from '../table/hand/steps-elsewhere.js';
import { auditedCards, type AuditJob } from '../table/hand/audit-elsewhere.js';
import type { AuditedCards } from '../table/hand/audit.js';

/** What the page sends: a job and the id its answer carries back. */
export type WorkerAsk =
  | { readonly id: number; readonly job: DealProofJob }
  | { readonly id: number; readonly step: StepJob }
  | { readonly id: number; readonly audit: AuditJob };

/**
 * What comes back: the job's id, and whether every step of its deal held, the step made (null: not made) or the
 * audit's cards (null: a fault); or, during a long audit, that the job is still going (at most one a second).
 */
export type WorkerAnswer =
  | { readonly id: number; readonly hold: boolean }
  | { readonly id: number; readonly made: StepMade | null }
  | { readonly id: number; readonly cards: AuditedCards | null }
  | { readonly id: number; readonly going: true };

/** How often a long job says it is still going: well inside the client's patience. */
const GOING_EVERY_MS = 1000;

function madeOf(job: StepJob): StepMade | null {
  try {
    return makeStepOf(job, systemRandom);
  } catch {
    return null;
  }
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerAsk>) => void) | null;
  postMessage(answer: WorkerAnswer): void;
};
/** A job's word that it is still going, sent at most every GOING_EVERY_MS. */
function going(id: number): () => void {
  let last = Date.now();
  return () => {
    if (Date.now() - last < GOING_EVERY_MS) return;
    last = Date.now();
    scope.postMessage({ id, going: true });
  };
}

scope.onmessage = ({ data }) =>
  scope.postMessage(
    'step' in data
      ? { id: data.id, made: madeOf(data.step) }
      : 'audit' in data
        ? { id: data.id, cards: auditedCards(data.audit, systemRandom, going(data.id)) }
        : { id: data.id, hold: dealHolds(data.job, systemRandom) },
  );
