/**
 * Taking one verified, signed table event into a hand's event pool, and what
 * that means for the hand at once: nothing (another hand's, no seat's, or a
 * copy of one held, which only adds the seats that showed they hold it), a
 * new event, a second version of a slot (equivocation), or a fault its
 * author is named for (data that does not fit its type, a flood past the
 * per-author limits, a ready that commits to another set-up or announces a
 * seal key nobody can seal to). A ready under other terms (options, seats)
 * than this page's is no seat's fault this page can see (the roster changed
 * between the seats' agreements, or its creator sent different ones): the
 * hand is called off before any card is dealt, naming nobody, and the next
 * hand asks every seat again. When the hand comes to apply an event,
 * `stepFault` checks the state hash it carries against this page's. The
 * follower (follower.ts) acts on the answers.
 */
import { encodeEnvelope, keyHex, type EnvelopeOf } from '../../net/envelope.js';
import { parseEvent, type TableEvent } from '../transcript.js';
import type { Equivocation } from './equivocation.js';
import type { EventPool, PoolLimits } from './event-pool.js';
import { seatName, type Halt } from './halt.js';
import { readyFault } from './setup-checks.js';

/** What the hand's terms say of an event: its hand, its seats' keys, the limits and the digests a ready signs. */
export interface IntakeTerms {
  readonly handNo: number;
  readonly limits: PoolLimits;
  /** The set-up hash and terms hash every seat's ready must commit to. */
  readonly digests: { readonly setup: Uint8Array; readonly terms: Uint8Array };
}

export type Intake =
  /** Not for this hand or no seat's, a copy of an event held, or a duplicate. */
  | { readonly kind: 'ignored' }
  /** New to the pool: the follower may progress. */
  | { readonly kind: 'new' }
  /** The hand stops: a fault named on its author, or a ready under other terms (naming nobody). */
  | { readonly kind: 'halt'; readonly halt: Halt }
  /** A second version of a slot held: proof against its author. */
  | { readonly kind: 'equivocation'; readonly proof: Equivocation; readonly detail: string };

/**
 * Puts `envelope` (signed by `seat`, -1 for no seat) into `pool`. `seenBy`:
 * the seats whose page showed it holds this event; `size`: its encoded
 * length, if the caller has it.
 */
export function intake(
  envelope: EnvelopeOf<'table-event'>,
  seat: number,
  seenBy: readonly number[],
  size: number | undefined,
  pool: EventPool,
  terms: IntakeTerms,
): Intake {
  if (envelope.body.hand !== terms.handNo || seat < 0) return { kind: 'ignored' };
  const sig = keyHex(envelope.sig);
  if (pool.bySignature(sig)) {
    pool.confirm(sig, seenBy);
    return { kind: 'ignored' };
  }
  const parsed = parseEvent(envelope, seat);
  if (!parsed.ok) return { kind: 'halt', halt: { code: 'bad-event', seat, detail: parsed.error } };
  const rival = pool.rival(parsed.value);
  // Encoded only for an event new here (a copy of one held costs no encoding).
  const inserted = pool.insert(parsed.value, size ?? encodeEnvelope(envelope).length, seenBy);
  if (inserted === 'over-limit') {
    const { eventsPerAuthor, bytesPerAuthor } = terms.limits;
    const detail = `sent more than ${eventsPerAuthor} events or ${bytesPerAuthor} bytes in one hand (flooding)`;
    return { kind: 'halt', halt: { code: 'flood', seat, detail } };
  }
  if (inserted === 'equivocation')
    return {
      kind: 'equivocation',
      proof: { seat, first: rival!.envelope, second: envelope },
      detail: `sent two different ${parsed.value.type} events for one purpose (equivocation)`,
    };
  if (inserted === 'duplicate') return { kind: 'ignored' };
  if (parsed.value.type === 'ready') return readyIntake(parsed.value as TableEvent<'ready'>, terms);
  return { kind: 'new' };
}

/** A ready is checked at once: it must commit to this page's set-up and terms and announce a usable seal key. */
function readyIntake(event: TableEvent<'ready'>, terms: IntakeTerms): Intake {
  const fault = readyFault(event.data, terms.digests);
  if (!fault) return { kind: 'new' };
  if (fault.code !== 'other-terms')
    return { kind: 'halt', halt: { code: fault.code, seat: event.seat, detail: fault.detail } };
  const detail = `${seatName(event.seat)} agreed to other terms for this hand than this page (other options or seats: the table's seating changed between the seats' agreements); no card was dealt, nobody is named, and the next hand asks every seat again`;
  return { kind: 'halt', halt: { code: 'abandoned', seat: null, detail } };
}

/**
 * An event carries its author's state hash at step `at`: `at` must be no
 * later than now (`hashes` holds one hash per step reached; the step that
 * consumes the event is the last), and the hash must be this page's there.
 */
export function stepFault(event: TableEvent, hashes: readonly string[]): Halt | null {
  const { at, hash } = event.envelope.body;
  const now = hashes.length - 1;
  if (at > now)
    return {
      code: 'future-step',
      seat: event.seat,
      detail: `made its ${event.type} at step ${at}, which does not exist yet (now ${now})`,
    };
  if (keyHex(hash) !== hashes[at]!.slice(0, 64))
    return {
      code: 'desync',
      seat: event.seat,
      detail: `desync at step ${at}: ${seatName(event.seat)} computed a different state`,
    };
  return null;
}
