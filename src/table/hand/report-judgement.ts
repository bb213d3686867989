/**
 * What a fault report means to this peer, and the pieces every judgement of
 * one uses: the refutation naming its author `false-report` (with the
 * report as evidence anyone can check), this peer's step, and a signed event
 * carried as evidence. faults.ts judges reports; sealed-evidence.ts judges
 * the evidence of sealed key shares.
 */
import { encodeEnvelope, parseUnverified, verifyEnvelope } from '../../net/envelope.js';
import { parseEvent, type TableEvent } from '../transcript.js';
import type { HandFollower } from './follower.js';
import { seatName, type Halt } from './halt.js';

/** What a report means to this peer. */
export type Judgement =
  /** A bare verdict: shown, nothing follows from it. */
  | { readonly kind: 'shown' }
  /** Its evidence names what this peer has not reached yet: judged again later. */
  | { readonly kind: 'pending' }
  /** Its evidence shows the fault: this halt (a seat null one goes to the audit at once). */
  | { readonly kind: 'holds'; readonly halt: Halt }
  /** It does not check out: its author is named `false-report`. */
  | { readonly kind: 'false'; readonly halt: Halt };

export const SHOWN: Judgement = { kind: 'shown' };
export const PENDING: Judgement = { kind: 'pending' };

/** The halt naming a report's author `false-report`, with the report itself as the evidence anyone can check. */
export function refuted(report: TableEvent<'fault'>, why: string): Judgement {
  const claim =
    report.data.seat === null
      ? `a fault with no seat (${report.data.code})`
      : `${report.data.code} by ${seatName(report.data.seat)}`;
  return {
    kind: 'false',
    halt: {
      code: 'false-report',
      seat: report.seat,
      detail: `${seatName(report.seat)} reported ${claim}, which does not check out: ${why}`.slice(0, 300),
      evidence: { kind: 'report', event: encodeEnvelope(report.envelope) },
    },
  };
}

/** This peer's step: the index of its last state hash. */
export const stepOf = (f: HandFollower): number => f.hashes.length - 1;

/** A signed event of type `type` by a seat of this hand, carried as evidence; why not, as a string. */
export function embeddedEvent<T extends 'fault' | 'keys'>(
  f: HandFollower,
  bytes: Uint8Array,
  type: T,
): TableEvent<T> | string {
  const parsed = parseUnverified(bytes, f.setup.table);
  if (!parsed.ok) return `the ${type} event it carries does not decode: ${parsed.error}`;
  const envelope = parsed.value;
  if (envelope.kind !== 'table-event') return 'it carries no table event';
  if (!verifyEnvelope(envelope)) return `the ${type} event it carries has a bad signature`;
  const seat = f.seatOf(envelope);
  if (seat < 0) return `the ${type} event it carries is from no seat of this hand`;
  if (envelope.body.hand !== f.setup.handNo) return `the ${type} event it carries is of another hand`;
  const event = parseEvent(envelope, seat);
  if (!event.ok) return event.error;
  if (event.value.type !== type) return `it carries a ${event.value.type} event, not a ${type} event`;
  return event.value as TableEvent<T>;
}
