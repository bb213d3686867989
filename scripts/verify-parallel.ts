/**
 * `verifyTranscript` on two threads, for `npm run verify`: the main thread
 * replays every hand in the seatless follower — the one verification path,
 * unchanged — presuming each envelope's signature good, while a worker
 * thread (scripts/verify-worker.ts) checks every signature of the file with
 * the same envelope gate. Then:
 * - no bad signature: every presumption the replay made was true, so its
 *   report is exactly the one a single thread would give;
 * - a bad signature somewhere: the file is verified again on this thread
 *   with the worker's answers (a pure function of the bytes), which gives the
 *   single-thread report, fault and place included. Only a broken file pays
 *   for the second pass.
 * A file that does not parse, and a worker that fails to start or answer,
 * fall back to the single-thread `verifyTranscript`.
 */
import { Worker } from 'node:worker_threads';
import { parseTranscriptFile } from '../src/table/transcript-file.js';
import { verifyTranscript, type TranscriptReport } from '../src/table/verify-transcript.js';
import type { SignatureAnswer, SignatureJob } from './verify-worker.js';

/** The worker next to this file: the bundled .mjs when running prebuilt (scripts/verify-run.mjs), the .ts through tsx otherwise. */
function startWorker(job: SignatureJob): Worker {
  const bundled = import.meta.url.endsWith('.mjs');
  const url = new URL(bundled ? './verify-worker.mjs' : './verify-worker.ts', import.meta.url);
  return new Worker(url, { workerData: job, ...(bundled ? {} : { execArgv: ['--import', 'tsx'] }) });
}

export interface ParallelReport {
  readonly report: TranscriptReport;
  /** Where the signatures were decided: the worker thread, or this one (a fallback). */
  readonly signatures: 'worker' | 'main';
}

export async function verifyTranscriptParallel(text: string): Promise<ParallelReport> {
  const parsed = parseTranscriptFile(text);
  if (!parsed.ok) return { report: verifyTranscript(text), signatures: 'main' };
  const file = parsed.value;
  let worker: Worker;
  try {
    worker = startWorker({ table: file.table, hands: file.hands.map((hand) => hand.events) });
  } catch {
    return { report: verifyTranscript(file), signatures: 'main' };
  }
  const answer = new Promise<SignatureAnswer | null>((resolve) => {
    worker.once('message', (message: SignatureAnswer) => resolve(message));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  const presumed = verifyTranscript(file, { signature: () => true });
  const checked = await answer;
  void worker.terminate();
  if (!checked) return { report: verifyTranscript(file), signatures: 'main' };
  if (checked.bad.length === 0) return { report: presumed, signatures: 'worker' };
  const bad = new Set(checked.bad.map(([hand, event]) => `${hand}/${event}`));
  return { report: verifyTranscript(file, { signature: (_envelope, hand, event) => !bad.has(`${hand}/${event}`) }), signatures: 'worker' };
}
