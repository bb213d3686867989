/**
 * The proof that a seat equivocated: two table events it signed for one
 * slot of one hand (or one sequence number), different in content. Any peer
 * can check it with nothing but the seat keys of the hand's set-up (the two
 * signatures, Ed25519 strict, RFC 8032 §5.1.7), so it names its author on
 * every screen whichever version a peer saw first. The follower keeps the
 * first proof it finds (`HandFollower.equivocation`); a fault report can
 * carry it as its evidence.
 */
import { equalBytes } from '@noble/curves/utils.js';
import { keyHex, verifyEnvelope, type EnvelopeOf } from '../../net/envelope.js';
import { parseEvent, type TableEvent } from '../transcript.js';

type Event = EnvelopeOf<'table-event'>;

export interface Equivocation {
  /** The seat that signed both. */
  readonly seat: number;
  /** The version held first, and the other one. */
  readonly first: Event;
  readonly second: Event;
}

/** The slot an event fills, as a string (an act's slot is its author's sequence number). */
export function slotOf(event: TableEvent): string {
  const data = event.data as { packet?: number; request?: number; round?: number };
  switch (event.type) {
    case 'shuffle':
    case 'lock':
    case 'reshuffle':
      return `${event.type}:${data.packet}`;
    case 'keys':
      return `keys:${data.request}`;
    case 'commit':
    case 'reveal':
      return `${event.type}:${data.round}`;
    case 'act':
      return `n:${event.envelope.body.n}`;
    default:
      return event.type;
  }
}

/** Why `proof` does not prove that its seat equivocated in hand `hand` (null: it does). */
export function equivocationFault(proof: Equivocation, seatKeys: readonly string[], hand: number): string | null {
  const key = seatKeys[proof.seat];
  if (key === undefined) return `no seat ${proof.seat + 1} at this hand`;
  const parsed = [proof.first, proof.second].map((e) => parseEvent(e, proof.seat));
  for (const [i, e] of [proof.first, proof.second].entries()) {
    if (e.kind !== 'table-event' || keyHex(e.from) !== key) return `version ${i + 1} is not by seat ${proof.seat + 1}`;
    if (e.body.hand !== hand) return `version ${i + 1} is of hand ${e.body.hand + 1}, not ${hand + 1}`;
    if (!verifyEnvelope(e)) return `version ${i + 1} has no valid signature`;
    const p = parsed[i]!;
    if (!p.ok) return `version ${i + 1} is not a valid event: ${p.error}`;
  }
  if (equalBytes(proof.first.sig, proof.second.sig)) return 'the two versions are one event';
  const [a, b] = parsed.map((p) => (p.ok ? p.value : null));
  const sameSeq = proof.first.body.n === proof.second.body.n;
  if (!sameSeq && slotOf(a!) !== slotOf(b!)) return 'the two versions fill different slots';
  return null;
}
