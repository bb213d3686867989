/**
 * The signature half of `npm run verify` (scripts/verify-parallel.ts), run
 * in a worker thread while the main thread replays the hands: every event of
 * every hand goes through the envelope gate's own functions
 * (`parseUnverified`, then `verifyEnvelope` with the mesh's per-author
 * `SignatureVerifier`, strict RFC 8032), and the worker answers with the
 * events whose envelope parses but whose signature does not verify, as
 * `[hand, event]` index pairs. Events that do not parse are left to the main
 * thread, which refuses them before it would ask for their signature.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseUnverified, verifyEnvelope } from '../src/net/envelope.js';
import { SignatureVerifier } from '../src/net/verify.js';
import { base64ToBytes } from '../src/table/transcript-file.js';

export interface SignatureJob {
  readonly table: string;
  /** Per hand, its events as the file lists them (base64). */
  readonly hands: readonly (readonly string[])[];
}

export interface SignatureAnswer {
  readonly bad: readonly (readonly [hand: number, event: number])[];
}

export function badSignatures(job: SignatureJob): SignatureAnswer {
  const verifier = new SignatureVerifier();
  const bad: [number, number][] = [];
  job.hands.forEach((events, hand) =>
    events.forEach((text, event) => {
      const bytes = base64ToBytes(text);
      const parsed = bytes && parseUnverified(bytes, job.table);
      if (parsed && parsed.ok && !verifyEnvelope(parsed.value, verifier)) bad.push([hand, event]);
    }),
  );
  return { bad };
}

if (parentPort && workerData) parentPort.postMessage(badSignatures(workerData as SignatureJob));
