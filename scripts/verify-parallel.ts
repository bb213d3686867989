/**
 * `verifyTranscript` on worker threads, for `npm run verify`: the main
 * thread replays every hand in the seatless follower — the one verification
 * path — presuming each envelope's signature good, the proofs of each
 * deal's cascade steps good and each public key share of the deal's packet
 * good, while worker threads (scripts/verify-worker.ts) check every
 * signature of the file, every deal's shuffle arguments and lock proofs and
 * the deal's public key shares, each with the table's own functions (the
 * envelope gate; cascade.ts `takeStepUnchecked` and `checkProofs` from the same start; keys.ts
 * `verifyKeyShares` against the packet that cascade locked). On two cores one worker does
 * both (two threads for two cores: a third would only add its start-up, a
 * second load of the verifier); with three or more, one worker each. The
 * workers start before the file is parsed, so their start-up overlaps it.
 * Then:
 * - every presumption confirmed (no bad signature; the deal steps the replay
 *   took are, in order, steps the worker verified from the same start, so
 *   on the same input states, and so the same locked packet; every key share
 *   entry the replay presumed is one the worker verified against that
 *   packet): the replay's report is exactly the one a single thread would
 *   give;
 * - anything unconfirmed: the file is verified again on this thread, with
 *   the worker's signature answers (a pure function of the bytes) and every
 *   proof checked in line, which gives the single-thread report, fault and
 *   place included. Only a broken file pays for the second pass.
 * A file that does not parse, and a worker that fails to start or answer,
 * fall back to the single-thread `verifyTranscript`.
 */
import '../src/games/all.js';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { keyHex } from '../src/net/envelope.js';
import { rulesVersions } from '../src/games/rules-versions.js';
import { setupArgs } from '../src/table/hand/setup.js';
import { parseTranscriptFile, type TranscriptFile } from '../src/verify/transcript-file.js';
import { verifyTranscript, type TranscriptReport } from '../src/verify/verify-transcript.js';
import {
  keyEntryId,
  threadCpuMs,
  type DealHand,
  type WorkerAnswer,
  type WorkerJob,
  type WorkerTask,
} from './verify-worker.js';

interface StartedWorker {
  /** Sends the job; resolves with the answer, or null when the worker failed to start or answer. */
  run(job: WorkerJob): Promise<WorkerAnswer | null>;
  stop(): void;
}

/** A worker next to this file, started now and waiting for its job: the bundled .mjs when running prebuilt (scripts/verify-run.mjs), the .ts through tsx otherwise. */
function startWorker(): StartedWorker {
  const bundled = import.meta.url.endsWith('.mjs');
  const url = new URL(bundled ? './verify-worker.mjs' : './verify-worker.ts', import.meta.url);
  let worker: Worker;
  try {
    worker = new Worker(url, { workerData: 'verify', ...(bundled ? {} : { execArgv: ['--import', 'tsx'] }) });
  } catch {
    return { run: () => Promise.resolve(null), stop: () => {} };
  }
  const answer = new Promise<WorkerAnswer | null>((resolve) => {
    worker.once('message', (message: WorkerAnswer) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  return {
    run: (job) => {
      worker.postMessage(job);
      return answer;
    },
    stop: () => void worker.terminate(),
  };
}

/** Per hand, what the deal worker needs: the seats, and the deck size (the same under every rules version that sets the hand up). */
export function dealHands(file: TranscriptFile): DealHand[] {
  return file.hands.map((hand) => {
    const made = rulesVersions(hand.setup.game)
      .map((r) => r.rules.setup(setupArgs(hand.setup)))
      .find((m) => m.ok);
    return {
      handNo: hand.setup.handNo,
      seatKeys: hand.setup.seatKeys,
      deckSize: made?.ok ? made.value.deck.length : 0,
      events: hand.events,
    };
  });
}

export interface ParallelReport {
  readonly report: TranscriptReport;
  /** How many threads' answers were used (1: one thread, a fallback; 2: one worker did both tasks; 3: one worker each). */
  readonly threads: 1 | 2 | 3;
  /** CPU time (ms; Linux) of the main thread and of each worker task, for the bench (a worker's first task includes loading that worker). */
  readonly threadCpuMs?: {
    readonly main: number | null;
    readonly signatures: number | null;
    readonly deal: number | null;
  };
}

export interface ParallelOptions {
  /** Worker threads: 1 (both tasks on one), or 2 (one per task). Default: 1 on up to two cores, else 2. */
  readonly workers?: 1 | 2;
}

export async function verifyTranscriptParallel(text: string, options: ParallelOptions = {}): Promise<ParallelReport> {
  const count = options.workers ?? (availableParallelism() >= 3 ? 2 : 1);
  const workers = Array.from({ length: count }, startWorker);
  const parsed = parseTranscriptFile(text);
  if (!parsed.ok) {
    for (const worker of workers) worker.stop();
    return { report: verifyTranscript(text), threads: 1 };
  }
  const file = parsed.value;
  // A worker waiting for its job keeps the process alive: every path sends it one or stops it.
  let hands: DealHand[];
  try {
    hands = dealHands(file);
  } catch (error) {
    for (const worker of workers) worker.stop();
    throw error;
  }
  const job = (tasks: WorkerTask[]): WorkerJob => ({ table: file.table, hands, tasks });
  const answers =
    count === 2
      ? [workers[0]!.run(job(['signatures'])), workers[1]!.run(job(['deal']))]
      : [workers[0]!.run(job(['signatures', 'deal']))];
  // The deal steps the replay presumed, per hand, in the order it took them, and the deal's key share entries it presumed.
  const presumed: string[][] = file.hands.map(() => []);
  const presumedKeys: string[][] = file.hands.map(() => []);
  const report = verifyTranscript(file, {
    signature: () => true,
    presumeProofs: (hand, packet, envelope) => packet === 0 && presumed[hand]!.push(keyHex(envelope.sig)) > 0,
    presumeKey: (hand, packet, layer, position, key) =>
      packet === 0 && presumedKeys[hand]!.push(keyEntryId(layer, position, key)) > 0,
  });
  const main = threadCpuMs();
  const got = await Promise.all(answers);
  const sigs = got.find((answer) => answer?.signatures)?.signatures;
  const steps = got.find((answer) => answer?.deal)?.deal;
  const threads = count === 2 ? 3 : 2;
  if (!sigs) return { report: verifyTranscript(file), threads: 1 };
  const cpu = (task: WorkerTask) => got.find((answer) => answer?.cpuMs[task] !== undefined)?.cpuMs[task] ?? null;
  const threadCpu = { main, signatures: cpu('signatures'), deal: cpu('deal') };
  const bad = new Set(sigs.bad.map(([hand, event]) => `${hand}/${event}`));
  const keysVerified = (steps?.keys ?? []).map((entries) => new Set(entries));
  const confirmed =
    steps !== undefined &&
    presumed.every((taken, hand) => taken.every((sig, i) => steps.verified[hand]?.[i] === sig)) &&
    presumedKeys.every((taken, hand) => taken.every((entry) => keysVerified[hand]?.has(entry) === true));
  if (bad.size === 0 && confirmed) return { report, threads, threadCpuMs: threadCpu };
  return {
    report: verifyTranscript(file, { signature: (_envelope, hand, event) => !bad.has(`${hand}/${event}`) }),
    threads,
    threadCpuMs: threadCpu,
  };
}
