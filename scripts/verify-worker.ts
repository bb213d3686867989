/**
 * The worker-thread halves of `npm run verify` (scripts/verify-parallel.ts),
 * run while the main thread replays the hands; each uses the table's own
 * functions, never a second implementation. A worker starts before the file
 * is parsed (so its start-up overlaps the main thread's) and then gets one
 * job by message, with one or both tasks (on two cores one worker does both;
 * on more, one worker each):
 * - `signatures`: every event of every hand through the envelope gate
 *   (`parseUnverified`, then `verifyEnvelope` with the mesh's per-author
 *   `SignatureVerifier`, strict RFC 8032); the answer lists the events whose
 *   envelope parses but whose signature does not verify, as `[hand, event]`
 *   index pairs (events that do not parse are the main thread's to refuse).
 * - `deal`: per hand, the deal's cascade (packet 0) as the follower runs it
 *   (cascade.ts `startDeal`, then `takeStep` on the step each seat owes in
 *   turn, every shuffle argument and lock proof verified), on the step
 *   events the file holds; the answer lists, per hand, the signatures (hex)
 *   of the steps that verified, in cascade order, up to the first that is
 *   missing, doubled or does not verify.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { keyHex, parseUnverified, verifyEnvelope, type EnvelopeOf } from '../src/net/envelope.js';
import { SignatureVerifier } from '../src/net/verify.js';
import { startDeal, stepType, takeStep } from '../src/table/hand/cascade.js';
import { PacketBook } from '../src/table/hand/packets.js';
import { systemRandom, type DeckSize } from '../crypto/index.js';
import { parseEvent, type TableEvent } from '../src/table/transcript.js';
import { base64ToBytes } from '../src/table/transcript-file.js';

export interface DealHand {
  readonly handNo: number;
  readonly seatKeys: readonly string[];
  readonly deckSize: number;
  readonly events: readonly string[];
}

export type WorkerTask = 'signatures' | 'deal';

/** What one worker is asked: the file's table and hands, and which tasks to run on them (in this order). */
export interface WorkerJob {
  readonly table: string;
  readonly hands: readonly DealHand[];
  readonly tasks: readonly WorkerTask[];
}

export interface SignatureAnswer {
  readonly bad: readonly (readonly [hand: number, event: number])[];
}
export interface DealAnswer {
  /** Per hand, the deal steps (signature hex) that verified, in cascade order. */
  readonly verified: readonly (readonly string[])[];
}
/** A worker's answer: one part per task it ran, and the CPU time (ms; null off Linux) of each task, for the bench. */
export interface WorkerAnswer {
  readonly signatures?: SignatureAnswer;
  readonly deal?: DealAnswer;
  readonly cpuMs: Partial<Record<WorkerTask, number | null>>;
}

/** CPU time (ms) this thread has used, from /proc/thread-self/stat (utime + stime, in ticks of 10 ms); null where there is none. */
export function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export function badSignatures(job: { readonly table: string; readonly hands: readonly (readonly string[])[] }): SignatureAnswer {
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

/** The deal's verified steps of one hand (see the file comment). */
function dealSteps(table: string, hand: DealHand): string[] {
  const slots = new Map<string, TableEvent[]>();
  for (const text of hand.events) {
    const bytes = base64ToBytes(text);
    const parsed = bytes && parseUnverified(bytes, table);
    if (!parsed || !parsed.ok || parsed.value.kind !== 'table-event') continue;
    const envelope = parsed.value as EnvelopeOf<'table-event'>;
    const seat = hand.seatKeys.indexOf(keyHex(envelope.from));
    const type = envelope.body.type;
    if (seat < 0 || envelope.body.hand !== hand.handNo || (type !== 'shuffle' && type !== 'lock')) continue;
    const event = parseEvent(envelope, seat);
    if (!event.ok || (event.event as TableEvent<'shuffle'>).data.packet !== 0) continue;
    const slot = `${type}/${seat}`;
    slots.set(slot, [...(slots.get(slot) ?? []), event.event]);
  }
  const book = new PacketBook(table, hand.handNo, hand.seatKeys.length, hand.deckSize as DeckSize);
  const cascade = startDeal(book);
  const verified: string[] = [];
  while (cascade.state.phase !== 'locked') {
    const owed = slots.get(`${stepType(cascade.state)}/${cascade.state.next}`) ?? [];
    // One event for the slot, or the follower's own pool decides (a copy, an equivocation): not confirmed here.
    if (owed.length !== 1) break;
    const event = owed[0]! as TableEvent<'shuffle' | 'lock'>;
    if (!takeStep(cascade, event, book, systemRandom).ok) break;
    verified.push(keyHex(event.envelope.sig));
  }
  return verified;
}

export function dealProofs(job: { readonly table: string; readonly hands: readonly DealHand[] }): DealAnswer {
  return { verified: job.hands.map((hand) => dealSteps(job.table, hand)) };
}

/**
 * Runs the job's tasks in order; each task's CPU time counts from the
 * previous one's end (the first's includes loading this thread). A task that
 * throws (a file the main thread will refuse) leaves its part out: the main
 * thread then checks that part itself.
 */
export function runJob(job: WorkerJob): WorkerAnswer {
  const answer: { signatures?: SignatureAnswer; deal?: DealAnswer; cpuMs: Partial<Record<WorkerTask, number | null>> } = { cpuMs: {} };
  let before: number | null = 0;
  for (const task of job.tasks) {
    try {
      if (task === 'signatures') answer.signatures = badSignatures({ table: job.table, hands: job.hands.map((hand) => hand.events) });
      else answer.deal = dealProofs(job);
    } catch {
      // Left out: see above.
    }
    const now = threadCpuMs();
    answer.cpuMs[task] = now === null || before === null ? null : now - before;
    before = now;
  }
  return answer;
}

if (parentPort && workerData === 'verify') {
  const port = parentPort;
  port.once('message', (job: WorkerJob) => port.postMessage(runJob(job)));
}
