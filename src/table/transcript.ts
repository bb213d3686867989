/**
 * The events of a hand's transcript and the runtime schema of each one's
 * `data`. Events travel as `table-event` envelopes (src/net/messages.ts:
 * `{hand, n, at, hash, type, data}`, signed by their author); this file says
 * what `data` holds for each `type`, validates it, and gives every event the
 * "slot" it fills (hand/event-pool.ts): an author fills a slot once, so a second, different event
 * for the same slot is equivocation and is blamed.
 *
 * - `ready`     {sealKey, setup, terms?, name?}: the seat's X25519 key for this
 *               hand, the hash of the hand's set-up it agrees to and of its
 *               terms (game, options, seat keys: hand/setup.ts), and the name it plays under (signed by its own key, so a
 *               transcript's names can be checked; absent in readies made
 *               before names were signed); the hand starts when every seat
 *               is ready.
 * - `shuffle`, `lock`, `reshuffle` {packet, step}: one cascade step
 *               (crypto/codec.ts bytes); reshuffle carries the re-layer step.
 * - `keys`      {request, shares}: key shares for one crypto request of the
 *               engine: public (reveal to all) or sealed to one seat.
 * - `act`       {action, keys}: a move; `keys` reveal the hand cards it plays.
 * - `commit`    {round, digest, answers?}: real time only: the hash of the
 *               moves this seat makes in a round (possibly none), salted;
 *               `answers` names (by signature) the other seat's commit that
 *               made it commit with no move of its own (hand/event-pool.ts
 *               charges the round's events to the seat that opened it).
 * - `reveal`    {round, actions, salt}: the moves and salt behind the commit.
 * - `disclose`  {secrets, sealSecret}: every secret of the hand, for the audit.
 * - `abandon`   {reason}: the author ends the hand without a result.
 * - `fault`     {code, seat, detail, evidence?}: the author's peer halted the
 *               hand with this verdict (hand/halt.ts); sent so every screen
 *               shows it. A bare one halts nobody else: each peer checks it
 *               against its own. One with evidence is judged by every peer
 *               (hand/faults.ts): checked, it halts there too; refuted, it
 *               names its author `false-report`.
 */
import * as v from 'valibot';
import { canonicalJson } from '../engine/index.js';
import { bytesOfLength } from '../net/messages.js';
import type { EnvelopeOf } from '../net/envelope.js';
import { err, ok, type Result } from '../result.js';

const uint = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const bytes = (max: number) =>
  v.pipe(
    v.custom<Uint8Array>((x) => x instanceof Uint8Array, 'must be bytes'),
    v.check((x) => x.length <= max, `longer than ${max} bytes`),
  );
const MAX_STEP = 64 * 1024;
/** The most moves one real-time reveal may carry. */
export const MAX_REVEAL_MOVES = 16;
/** A move is plain JSON data (no byte strings, no non-finite numbers): every peer hashes it (F7). */
const move = v.custom<unknown>((x) => {
  try {
    canonicalJson(x);
    return true;
  } catch {
    return false;
  }
}, 'a move must be plain JSON data');

const seatNo = v.pipe(uint, v.maxValue(7));
/**
 * The evidence a fault report carries (hand/faults.ts judges it):
 * - `sealed`: the recipient of the sealed shares of crypto request `request`
 *   opens its pair key with each sender in `openings` (crypto/seal-proof.ts:
 *   the X25519 shared secret and its Chaum–Pedersen proof, with the sender's
 *   signed keys event as it got it), so that anyone opens those shares; `own` are its own layer keys (encoded KeyShares to
 *   everyone) for the cards that open to no card, when that is the fault.
 * - `report`: the signed fault report (an encoded envelope) of the seat the
 *   report names `false-report`, as it was received.
 */
const evidence = v.variant('kind', [
  v.strictObject({
    kind: v.literal('sealed'),
    request: uint,
    openings: v.pipe(
      v.array(
        v.strictObject({
          from: seatNo,
          /** The sender's signed keys event (an encoded envelope), as the recipient got it. */
          event: bytes(MAX_STEP),
          shared: bytesOfLength(32, 'shared'),
          proof: bytesOfLength(97, 'proof'),
        }),
      ),
      v.minLength(1),
      v.maxLength(7),
    ),
    own: v.pipe(v.array(bytes(MAX_STEP)), v.maxLength(64)),
  }),
  v.strictObject({ kind: v.literal('report'), event: bytes(MAX_STEP) }),
]);

export const EVENT_DATA = {
  ready: v.strictObject({
    sealKey: bytesOfLength(32, 'sealKey'),
    setup: bytesOfLength(32, 'setup'),
    /** The hash of the terms agreed (hand/setup.ts `termsHash`): absent in readies signed before terms were. */
    terms: v.optional(bytesOfLength(32, 'terms')),
    name: v.optional(v.pipe(v.string(), v.maxLength(32, 'name longer than 32'))),
  }),
  shuffle: v.strictObject({ packet: uint, step: bytes(MAX_STEP) }),
  lock: v.strictObject({ packet: uint, step: bytes(MAX_STEP) }),
  reshuffle: v.strictObject({ packet: uint, step: bytes(MAX_STEP) }),
  keys: v.strictObject({
    request: uint,
    /** Public shares (encoded KeyShares, one per packet), or sealed ones to `to`. */
    shares: v.pipe(v.array(bytes(MAX_STEP)), v.maxLength(64)),
    to: v.nullable(v.pipe(uint, v.maxValue(7))),
  }),
  act: v.strictObject({
    action: move,
    /** Encoded KeyShares (one per packet) revealing the hand cards the action plays. */
    keys: v.pipe(v.array(bytes(MAX_STEP)), v.maxLength(64)),
  }),
  commit: v.strictObject({
    round: uint,
    digest: bytesOfLength(32, 'digest'),
    answers: v.optional(bytesOfLength(64, 'answers')),
  }),
  reveal: v.strictObject({
    round: uint,
    actions: v.pipe(v.array(move), v.maxLength(MAX_REVEAL_MOVES, `at most ${MAX_REVEAL_MOVES} moves per round`)),
    salt: bytesOfLength(32, 'salt'),
  }),
  disclose: v.strictObject({
    secrets: v.pipe(v.array(bytes(MAX_STEP)), v.maxLength(256)),
    sealSecret: bytesOfLength(32, 'sealSecret'),
  }),
  abandon: v.strictObject({ reason: v.pipe(v.string(), v.maxLength(300)) }),
  fault: v.strictObject({
    code: v.pipe(v.string(), v.regex(/^[a-z-]{1,24}$/, 'not a halt code')),
    seat: v.nullable(v.pipe(uint, v.maxValue(7))),
    detail: v.pipe(v.string(), v.maxLength(300)),
    /** What any peer can check the verdict by (hand/faults.ts); absent or null: a bare verdict, shown only. */
    evidence: v.optional(v.nullable(evidence)),
  }),
} as const;

export type FaultEvidence = v.InferOutput<typeof evidence>;

export type EventType = keyof typeof EVENT_DATA;
export type EventData<T extends EventType> = v.InferOutput<(typeof EVENT_DATA)[T]>;

/** A verified table event with its data validated for its type. */
export interface TableEvent<T extends EventType = EventType> {
  readonly envelope: EnvelopeOf<'table-event'>;
  readonly seat: number;
  readonly type: T;
  readonly data: EventData<T>;
}

export type ParsedEvent = Result<TableEvent, string>;

export function parseEvent(envelope: EnvelopeOf<'table-event'>, seat: number): ParsedEvent {
  const type = envelope.body.type;
  const parsed = v.safeParse(EVENT_DATA[type], envelope.body.data);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return err(`bad ${type} event: ${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}`);
  }
  return ok({ envelope, seat, type, data: parsed.output } as TableEvent);
}
