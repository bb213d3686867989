/**
 * Where a page's hands have their deal proofs checked (hand-session.ts
 * `dealProofs`): in a module worker (deal-proof-worker.ts), so the largest
 * part of a hand's set-up leaves the page's main thread, which goes on
 * drawing and taking messages. The worker starts with the first deal and
 * serves every later one. Anything short of the worker's "every step held"
 * (no Worker in this browser, a worker that fails to load or throws, no
 * answer within `patienceMs`) settles as false, and the hand then checks the
 * proofs on the main thread as it would without a worker: the worker can only
 * save the page time, never change a verdict.
 */
import type { DealProofCheck, DealProofJob } from '../table/hand/deal-proofs.js';
import type { DealProofAnswer, DealProofAsk } from './deal-proof-worker.js';

/** How long a deal's check may take in the worker before the page checks it itself (a slow phone takes about 2 s). */
const PATIENCE_MS = 20_000;

export class DealProofClient {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, (hold: boolean) => void>();

  /** `start`: makes the worker (the bundler turns the URL into the worker's own chunk). */
  constructor(
    private readonly start: () => Worker = () =>
      new Worker(new URL('./deal-proof-worker.ts', import.meta.url), { type: 'module', name: 'fairdeck deal proofs' }),
    private readonly patienceMs = PATIENCE_MS,
  ) {}

  /** The check a table session gives its hands. */
  readonly check: DealProofCheck = (job: DealProofJob) =>
    new Promise<boolean>((resolve) => {
      const worker = this.ready();
      if (!worker) return resolve(false);
      const id = this.nextId++;
      const timer = setTimeout(() => this.settle(id, false), this.patienceMs);
      this.waiting.set(id, (hold) => {
        clearTimeout(timer);
        resolve(hold);
      });
      const ask: DealProofAsk = { id, job };
      worker.postMessage(ask);
    });

  private ready(): Worker | null {
    if (this.worker) return this.worker;
    if (typeof Worker !== 'function') return null;
    try {
      const worker = this.start();
      worker.addEventListener('message', ({ data }: MessageEvent<DealProofAnswer>) => this.settle(data.id, data.hold));
      // A worker that failed (its chunk did not load, it threw): every job waiting on it is checked on the page, and
      // the next one starts a new worker.
      const failed = (event: Event) => {
        // Handled here: the page checks the proofs itself, and the console is not told of an uncaught error.
        event.preventDefault();
        if (this.worker !== worker) return;
        this.worker = null;
        worker.terminate();
        for (const id of [...this.waiting.keys()]) this.settle(id, false);
      };
      worker.addEventListener('error', failed);
      worker.addEventListener('messageerror', failed);
      this.worker = worker;
      return worker;
    } catch {
      return null;
    }
  }

  private settle(id: number, hold: boolean): void {
    const done = this.waiting.get(id);
    if (!done) return;
    this.waiting.delete(id);
    done(hold === true);
  }
}

/** The page's one client: every table session's hands share its worker (table-stack.ts `dealProofs`). */
export const pageDealProofs = new DealProofClient();
