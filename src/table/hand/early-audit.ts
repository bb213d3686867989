/**
 * The audit at once (issue 9 item 2, F2): a fault that names no seat — a card
 * that opens to "not-a-card", a crypto result the rules refuse, a card handle
 * with no card, an exception while the table's own results are applied — does
 * not halt the hand unblamed. It starts the disclosure round at once (the
 * usual disclosure deadline applies, and a seat that misses it is named
 * `no-disclosure`); once every seat has disclosed, the crypto audit names the
 * author of the bad step or key. A seat that sees such a fault where the
 * others cannot (a card sealed to it that opens to no card) signs a `fault`
 * event with seat null: every peer that receives one starts the audit too,
 * and if the audit then finds nothing, the reporter is named for a false
 * report (`false-report`), so a report cannot dodge a losing hand. Only a
 * clean audit after a fault this peer found itself ends as `internal` (seat
 * null): every secret checked out, so the fault was this peer's own.
 */
import type { TableEvent } from '../transcript.js';
import type { HandAudit } from './audit.js';
import type { Halt, HaltCode } from './halt.js';

/** Why a hand went to the audit before its end. */
export interface AuditCause {
  /** The unattributed fault (seat null) that started the audit. */
  readonly fault: Halt;
  /** The seat whose signed fault report started it; null when this peer found the fault itself. */
  readonly reporter: number | null;
}

/** Faults with no seat that never go to the audit: an abandon blames nobody by design; an explicit local failure is this peer's own. */
const NOT_AUDITED: readonly HaltCode[] = ['abandoned'];

/** A halt that names no seat and must be settled by an audit at once. */
export function startsAudit(halt: Halt): boolean {
  return halt.seat === null && !NOT_AUDITED.includes(halt.code);
}

/** A signed fault report of a fault that names no seat (and not this peer's own bug): every peer audits at once. */
export function auditReport(reports: readonly TableEvent<'fault'>[]): TableEvent<'fault'> | undefined {
  return reports.find((e) => e.data.seat === null && e.data.code !== 'abandoned' && e.data.code !== 'internal');
}

/** How a hand audited at once ends: the seat the audit names, else the reporter, else this peer's own fault. */
export function earlyVerdict(audit: HandAudit, cause: AuditCause): Halt {
  const was = `after ${cause.reporter === null ? 'an unattributed fault' : `seat ${cause.reporter + 1}'s report of an unattributed fault`} (${cause.fault.code}: ${cause.fault.detail})`;
  if (!audit.clean && audit.seat !== null)
    return { code: audit.code!, seat: audit.seat, detail: `the audit at once ${was} found: ${audit.detail}` };
  if (cause.reporter !== null) {
    return {
      code: 'false-report',
      seat: cause.reporter,
      detail: `reported a fault that the audit with every secret disclosed does not show ${was}`,
    };
  }
  return { code: 'internal', seat: null, detail: `every secret checked out in the audit ${was}: a fault of this peer` };
}
