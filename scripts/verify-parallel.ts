/**
 * `verifyTranscript` on three threads, for `npm run verify`: the main
 * thread replays every hand in the seatless follower — the one verification
 * path — presuming each envelope's signature good and the proofs of each
 * deal's cascade steps good, while two worker threads
 * (scripts/verify-worker.ts) check every signature of the file and every
 * deal's shuffle arguments and lock proofs, each with the table's own
 * functions (the envelope gate; cascade.ts `takeStep` from the same start).
 * Then:
 * - every presumption confirmed (no bad signature; the deal steps the replay
 *   took are, in order, steps the worker verified from the same start, so
 *   on the same input states): the replay's report is exactly the one a
 *   single thread would give;
 * - anything unconfirmed: the file is verified again on this thread, with
 *   the worker's signature answers (a pure function of the bytes) and every
 *   proof checked in line, which gives the single-thread report, fault and
 *   place included. Only a broken file pays for the second pass.
 * A file that does not parse, and a worker that fails to start or answer,
 * fall back to the single-thread `verifyTranscript`.
 */
import { Worker } from 'node:worker_threads';
import { keyHex } from '../src/net/envelope.js';
import { rulesVersions } from '../src/games/rules-versions.js';
import { setupArgs } from '../src/table/hand/setup.js';
import { parseTranscriptFile, type TranscriptFile } from '../src/table/transcript-file.js';
import { verifyTranscript, type TranscriptReport } from '../src/table/verify-transcript.js';
import { threadCpuMs, type DealAnswer, type DealHand, type SignatureAnswer, type WorkerJob } from './verify-worker.js';

/** A worker next to this file: the bundled .mjs when running prebuilt (scripts/verify-run.mjs), the .ts through tsx otherwise. */
function startWorker<T>(job: WorkerJob): Promise<T | null> {
  const bundled = import.meta.url.endsWith('.mjs');
  const url = new URL(bundled ? './verify-worker.mjs' : './verify-worker.ts', import.meta.url);
  let worker: Worker;
  try {
    worker = new Worker(url, { workerData: job, ...(bundled ? {} : { execArgv: ['--import', 'tsx'] }) });
  } catch {
    return Promise.resolve(null);
  }
  return new Promise<T | null>((resolve) => {
    worker.once('message', (message: T) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
}

/** Per hand, what the deal worker needs: the seats, and the deck size (the same under every rules version that sets the hand up). */
function dealHands(file: TranscriptFile): DealHand[] {
  return file.hands.map((hand) => {
    const made = rulesVersions(hand.setup.game).map((r) => r.rules.setup(setupArgs(hand.setup))).find((m) => m.ok);
    return { handNo: hand.setup.handNo, seatKeys: hand.setup.seatKeys, deckSize: made?.ok ? made.state.deck.length : 0, events: hand.events };
  });
}

export interface ParallelReport {
  readonly report: TranscriptReport;
  /** Whether the worker threads' answers were used (1: one thread, a fallback). */
  readonly threads: 1 | 3;
  /** CPU time (ms) of each thread that answered (Linux), for the bench: the longest is the critical path on an idle machine. */
  readonly threadCpuMs?: { readonly main: number | null; readonly signatures: number | null; readonly deal: number | null };
}

export async function verifyTranscriptParallel(text: string): Promise<ParallelReport> {
  const parsed = parseTranscriptFile(text);
  if (!parsed.ok) return { report: verifyTranscript(text), threads: 1 };
  const file = parsed.value;
  const signatures = startWorker<SignatureAnswer>({ task: 'signatures', table: file.table, hands: file.hands.map((hand) => hand.events) });
  const deal = startWorker<DealAnswer>({ task: 'deal', table: file.table, hands: dealHands(file) });
  // The deal steps the replay presumed, per hand, in the order it took them.
  const presumed: string[][] = file.hands.map(() => []);
  const report = verifyTranscript(file, {
    signature: () => true,
    presumeProofs: (hand, packet, envelope) => packet === 0 && presumed[hand]!.push(keyHex(envelope.sig)) > 0,
  });
  const main = threadCpuMs();
  const [sigs, steps] = await Promise.all([signatures, deal]);
  if (!sigs) return { report: verifyTranscript(file), threads: 1 };
  const threadCpu = { main, signatures: sigs.cpuMs ?? null, deal: steps?.cpuMs ?? null };
  const bad = new Set(sigs.bad.map(([hand, event]) => `${hand}/${event}`));
  const confirmed = steps !== null && presumed.every((taken, hand) => taken.every((sig, i) => steps.verified[hand]?.[i] === sig));
  if (bad.size === 0 && confirmed) return { report, threads: 3, threadCpuMs: threadCpu };
  return { report: verifyTranscript(file, { signature: (_envelope, hand, event) => !bad.has(`${hand}/${event}`) }), threads: 3, threadCpuMs: threadCpu };
}
