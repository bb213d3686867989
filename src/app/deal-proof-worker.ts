/**
 * The page's worker for a hand's deal proofs (src/table/hand/deal-proofs.ts):
 * it gets a job (an id and the deal's steps), takes the steps again from a
 * fresh deal with the table's own functions, and answers with the id and
 * whether every step held. Loaded by deal-proof-client.ts, as a module
 * worker of its own chunk, when a page first has a deal checked.
 */
import { systemRandom } from '../../crypto/index.js';
import { dealHolds, type DealProofJob } from '../table/hand/deal-proofs.js';

/** What the page sends: a job and the id its answer carries back. */
export interface DealProofAsk {
  readonly id: number;
  readonly job: DealProofJob;
}

/** What comes back: the job's id, and whether every step of its deal held. */
export interface DealProofAnswer {
  readonly id: number;
  readonly hold: boolean;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DealProofAsk>) => void) | null;
  postMessage(answer: DealProofAnswer): void;
};
scope.onmessage = ({ data }) => scope.postMessage({ id: data.id, hold: dealHolds(data.job, systemRandom) });
