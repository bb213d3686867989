/**
 * Where a page's hands have their cascades' proofs checked (hand-session.ts
 * `dealProofs`: the deal's and each reshuffle's), their seats' cascade steps
 * made (`stepMaker`) and their audits' card part run (`audits`): in a module
 * worker (hand-worker.ts), so the largest pieces of a hand's crypto leave
 * the page's main thread, which goes on drawing and taking messages. The
 * worker starts when the page is asked to have it ready (`warm`: while a
 * table's lobby is shown) or else with the first job, and serves every
 * later one. Anything short of the worker's answer (no Worker in this
 * browser, a worker that fails to load or throws, a worker that answers
 * nothing for `patienceMs` while jobs wait on it) settles as "not held",
 * "not made" or "no cards", and the hand then does that work on the main
 * thread as it would without a worker: the worker can only save the page
 * time, never change a verdict or a step.
 *
 * The worker takes its jobs one after another, so the patience is the
 * worker's, not each job's: it runs while jobs wait and starts again at each
 * answer, and a job queued behind others (a page's hosted bots ask too)
 * waits for its turn without the clock running out on it, and a long audit
 * (a hand of many reshuffles: seconds here, several times that on a phone)
 * says every second that it is still going. A worker that stays silent that
 * long is stuck: it is ended (not left to spend a core on answers nobody
 * waits for), every job waiting on it settles at once, and the next job
 * starts a new worker.
 */
import type { DealProofCheck, DealProofJob } from '../table/hand/deal-proofs.js';
import type { StepJob, StepMade, StepMaker } from '../table/hand/steps-elsewhere.js';
import type { AuditCheck, AuditJob } from '../table/hand/audit-elsewhere.js';
import { equalBytes } from '../../crypto/bytes.js';
import type { WorkerAnswer, WorkerAsk } from './hand-worker.js';

/** How long the worker may answer nothing while jobs wait before the page does them itself (a slow phone checks a deal in about 2 s). */
const PATIENCE_MS = 20_000;

export class HandWorkerClient {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: WorkerAnswer | null) => void>();
  /** The last check and the last audit asked, each with its answer (shared with a job equal to it). */
  private readonly lastAsked = new Map<
    'check' | 'audit',
    { readonly job: unknown; readonly answer: Promise<unknown> }
  >();
  /** Runs while jobs wait on the worker, from the first job sent to it idle or from its last answer. */
  private patience: ReturnType<typeof setTimeout> | null = null;

  /** `start`: makes the worker (the bundler turns the URL into the worker's own chunk). */
  constructor(
    private readonly start: () => Worker = () =>
      new Worker(new URL('./hand-worker.ts', import.meta.url), { type: 'module', name: 'fairdeck hand crypto' }),
    private readonly patienceMs = PATIENCE_MS,
  ) {}

  /** The check a table session gives its hands (the same check asked by two of the page's seats runs once: `shared`). */
  readonly check: DealProofCheck = (job: DealProofJob) =>
    this.shared(
      'check',
      job,
      (id) => ({ id, job }),
      (answer) => !!answer && 'hold' in answer && answer.hold === true,
    );

  /** Where a table session's hands make their seats' cascade steps. */
  readonly make: StepMaker = (step: StepJob) =>
    this.ask((id) => ({ id, step })).then((answer): StepMade | null =>
      answer && 'made' in answer ? answer.made : null,
    );

  /**
   * Starts the worker now, before any job: its chunk loads and its module runs (150–360 ms to a first answer in
   * Chromium here) while nothing waits for it, so a seat's first step or the deal's check does not. Does nothing
   * when it runs already or cannot start (the first job then tries again, or the page does the work itself).
   */
  warm(): void {
    this.ready();
  }

  /** Where a table session's hands run their audits' card part (the same audit asked by two seats runs once: `shared`). */
  readonly audit: AuditCheck = (job: AuditJob) =>
    this.shared(
      'audit',
      job,
      (id) => ({ id, audit: job }),
      (answer) => (answer && 'cards' in answer ? answer.cards : null),
    );

  /**
   * A page that hosts bots has a follower per seat it plays, and each asks for the same cascade's check and the
   * same hand's audit with a job of its own, one after another: a job equal to the last one of its kind (`sameJob`)
   * shares that one's answer, so the worker runs it once. Either answer depends on the job alone (the random batch
   * weights only decide how a fault is caught, which every run finds alike). Without the worker's answer (none in
   * this browser, a worker that failed or fell silent), an equal job asks again.
   */
  private shared<T>(
    kind: 'check' | 'audit',
    job: DealProofJob | AuditJob,
    ask: (id: number) => WorkerAsk,
    read: (answer: WorkerAnswer | null) => T,
  ): Promise<T> {
    const last = this.lastAsked.get(kind);
    if (last && sameJob(last.job, job)) return last.answer as Promise<T>;
    const answered = this.ask(ask);
    const entry = { job, answer: answered.then(read) };
    this.lastAsked.set(kind, entry);
    void answered.then((answer) => {
      if (answer === null && this.lastAsked.get(kind) === entry) this.lastAsked.delete(kind);
    });
    return entry.answer;
  }

  /** Sends the job `ask` makes with its id; settles with the worker's answer, or null without one. */
  private ask(ask: (id: number) => WorkerAsk): Promise<WorkerAnswer | null> {
    return new Promise((resolve) => {
      const worker = this.ready();
      if (!worker) return resolve(null);
      const id = this.nextId++;
      this.waiting.set(id, resolve);
      // A job sent to an idle worker starts the clock; one sent to a busy worker waits for its turn.
      this.patience ??= setTimeout(() => this.stuck(), this.patienceMs);
      worker.postMessage(ask(id));
    });
  }

  private ready(): Worker | null {
    if (this.worker) return this.worker;
    if (typeof Worker !== 'function') return null;
    try {
      const worker = this.start();
      worker.addEventListener('message', ({ data }: MessageEvent<WorkerAnswer>) => {
        // A job still going (a long audit) settles nothing: the worker is not stuck, and its clock starts again.
        if (!('going' in data)) this.settle(data.id, data);
        if (this.worker !== worker) return;
        // An answer: the worker moves on to its next job, which has the whole patience.
        this.clearPatience();
        if (this.waiting.size > 0) this.patience = setTimeout(() => this.stuck(), this.patienceMs);
      });
      // A worker that failed (its chunk did not load, it threw): every job waiting on it is done on the page, and
      // the next one starts a new worker.
      const failed = (event: Event) => {
        // Handled here: the page does the work itself, and the console is not told of an uncaught error.
        event.preventDefault();
        if (this.worker === worker) this.stuck();
      };
      worker.addEventListener('error', failed);
      worker.addEventListener('messageerror', failed);
      this.worker = worker;
      return worker;
    } catch {
      return null;
    }
  }

  /** The worker failed, or answered nothing for the whole patience: it is ended, and every job waiting on it settles. */
  private stuck(): void {
    this.clearPatience();
    this.worker?.terminate();
    this.worker = null;
    for (const id of [...this.waiting.keys()]) this.settle(id, null);
  }

  private clearPatience(): void {
    if (this.patience !== null) clearTimeout(this.patience);
    this.patience = null;
  }

  private settle(id: number, answer: WorkerAnswer | null): void {
    const done = this.waiting.get(id);
    if (!done) return;
    this.waiting.delete(id);
    done(answer);
  }
}

/**
 * Whether two of the page's jobs ask the same: the same data (`sameData`) but for which steps each follower took
 * as made (a step's `presumed`, cascade.ts): each of the page's followers marks the steps its own seat's agent made,
 * so their jobs differ there alone. Every such step was made by this page, which each of its followers trusts
 * alike, so an answer that took another local seat's step as made holds for this follower too.
 */
export function sameJob(a: unknown, b: unknown): boolean {
  return sameData(a, b, 'presumed');
}

/**
 * Whether two values hold the same data: the same bytes in every byte array, the same numbers, strings and bigints,
 * arrays and plain objects alike in every entry but the key `ignored`. What a structured clone carries, nothing else.
 */
export function sameData(a: unknown, b: unknown, ignored?: string): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Uint8Array || b instanceof Uint8Array)
    return a instanceof Uint8Array && b instanceof Uint8Array && equalBytes(a, b);
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i], ignored))
    );
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a).filter((k) => k !== ignored);
  const other = b as Record<string, unknown>;
  return (
    keys.length === Object.keys(b).filter((k) => k !== ignored).length &&
    keys.every((k) => Object.hasOwn(b, k) && sameData((a as Record<string, unknown>)[k], other[k], ignored))
  );
}

/** The page's one client: every table session's hands share its worker (table-stack.ts `dealProofs`, `stepMaker`, `audits`). */
export const pageHandWorker = new HandWorkerClient();
