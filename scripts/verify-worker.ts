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
 *   (cascade.ts `startDeal`, then `takeStepUnchecked` on the step each seat
 *   owes in turn and `checkProofs` once the deal is locked: every shuffle
 *   argument and lock proof verified, in one sum), on the step
 *   events the file holds; the answer lists, per hand, the signatures (hex)
 *   of the steps that verified, in cascade order, up to the first that is
 *   missing, doubled or does not verify. Then, once the deal is locked,
 *   every public key share of packet 0 the file holds (reveals to all, the
 *   keys acts attach to played cards) through crypto/keys.ts
 *   `verifyKeyShares` against the locked packet; the answer lists, per hand,
 *   the entries (`layer/position/key` hex) of the shares that verified whole.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { keyHex, parseUnverified, verifyEnvelope, type EnvelopeOf } from '../src/net/envelope.js';
import { SignatureVerifier } from '../src/net/verify.js';
import { checkProofs, isLocked, startDeal, stepType, takeStepUnchecked } from '../src/table/hand/cascade.js';
import { PacketBook } from '../src/table/hand/packets.js';
import { decodeKeyShares, systemRandom, verifyKeyShares, type DeckSize } from '../crypto/index.js';
import { parseEvent, type TableEvent } from '../src/table/transcript.js';
import { base64ToBytes } from '../src/verify/transcript-file.js';

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
  /** Per hand, the entries of packet 0's public key shares that verified, as `keyEntryId`s. */
  readonly keys: readonly (readonly string[])[];
}

/** How a key share entry is named between the threads: layer, position and key (hex). */
export function keyEntryId(layer: number, position: number, key: bigint): string {
  return `${layer}/${position}/${key.toString(16)}`;
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

export function badSignatures(job: {
  readonly table: string;
  readonly hands: readonly (readonly string[])[];
}): SignatureAnswer {
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

/** The deal's verified steps of one hand, and then its verified public key shares of the deal (see the file comment). */
function dealSteps(table: string, hand: DealHand): { steps: string[]; keys: string[] } {
  const slots = new Map<string, TableEvent[]>();
  const shares: { seat: number; bytes: Uint8Array }[] = [];
  for (const text of hand.events) {
    const bytes = base64ToBytes(text);
    const parsed = bytes && parseUnverified(bytes, table);
    if (!parsed || !parsed.ok || parsed.value.kind !== 'table-event') continue;
    const envelope = parsed.value as EnvelopeOf<'table-event'>;
    const seat = hand.seatKeys.indexOf(keyHex(envelope.from));
    const type = envelope.body.type;
    if (
      seat < 0 ||
      envelope.body.hand !== hand.handNo ||
      (type !== 'shuffle' && type !== 'lock' && type !== 'keys' && type !== 'act')
    )
      continue;
    const event = parseEvent(envelope, seat);
    if (!event.ok) continue;
    if (type === 'keys') {
      const data = (event.value as TableEvent<'keys'>).data;
      if (data.to === null) for (const share of data.shares) shares.push({ seat, bytes: share });
      continue;
    }
    if (type === 'act') {
      for (const share of (event.value as TableEvent<'act'>).data.keys) shares.push({ seat, bytes: share });
      continue;
    }
    if ((event.value as TableEvent<'shuffle'>).data.packet !== 0) continue;
    const slot = `${type}/${seat}`;
    slots.set(slot, [...(slots.get(slot) ?? []), event.value]);
  }
  const book = new PacketBook(table, hand.handNo, hand.seatKeys.length, hand.deckSize as DeckSize);
  const cascade = startDeal(book);
  const steps: string[] = [];
  // The steps taken with their proofs not yet checked, in cascade order; confirmed when their proofs are, up to
  // the first whose proofs fail (checkProofs checks them one by one when the sum is not zero, and says which).
  const unproved: string[] = [];
  const settle = (): boolean => {
    const proved = checkProofs(cascade, systemRandom);
    steps.push(...unproved.splice(0, proved.ok ? unproved.length : proved.error.at));
    unproved.length = 0;
    return proved.ok;
  };
  while (!isLocked(cascade)) {
    const owed = slots.get(`${stepType(cascade.state)}/${cascade.state.next}`) ?? [];
    // One event for the slot, or the follower's own pool decides (a copy, an equivocation): not confirmed here.
    if (owed.length !== 1) break;
    const event = owed[0]! as TableEvent<'shuffle' | 'lock'>;
    if (!takeStepUnchecked(cascade, event, book).ok) break;
    unproved.push(keyHex(event.envelope.sig));
  }
  if (!settle() || !isLocked(cascade)) return { steps, keys: [] };
  const keys: string[] = [];
  for (const { seat, bytes } of shares) {
    try {
      const msg = decodeKeyShares(bytes, { hand: book.hand, seat });
      if (msg.header.packet === 0 && verifyKeyShares(cascade.state, msg) === null)
        for (const e of msg.entries) keys.push(keyEntryId(e.layer, e.position, e.key));
    } catch {
      // Malformed: the main thread refuses it by itself (and never presumes it).
    }
  }
  return { steps, keys };
}

function dealProofs(job: { readonly table: string; readonly hands: readonly DealHand[] }): DealAnswer {
  const hands = job.hands.map((hand) => dealSteps(job.table, hand));
  return { verified: hands.map((hand) => hand.steps), keys: hands.map((hand) => hand.keys) };
}

/**
 * Runs the job's tasks in order; each task's CPU time counts from the
 * previous one's end (the first's includes loading this thread). A task that
 * throws (a file the main thread will refuse) leaves its part out: the main
 * thread then checks that part itself.
 */
export function runJob(job: WorkerJob): WorkerAnswer {
  const answer: { signatures?: SignatureAnswer; deal?: DealAnswer; cpuMs: Partial<Record<WorkerTask, number | null>> } =
    { cpuMs: {} };
  let before: number | null = 0;
  for (const task of job.tasks) {
    try {
      if (task === 'signatures')
        answer.signatures = badSignatures({ table: job.table, hands: job.hands.map((hand) => hand.events) });
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
