/**
 * The audit at once (F2): a fault that names no seat — a card that opens to
 * "not-a-card", a crypto result the rules refuse, a card handle with no card,
 * an exception while the table's own results are applied — does not halt the
 * hand unblamed. It starts the disclosure round at once (the usual disclosure
 * deadline applies, and a seat that misses it is named `no-disclosure`); once
 * every seat has disclosed, the crypto audit names the author of the bad step
 * or key. It starts only on a fault this peer found itself, or on another
 * seat's signed report whose evidence this peer has checked (faults.ts): a
 * card sealed to the reporter that opens to no card is shown to everyone by
 * the reporter's proven pair keys and its own keys for that card. A report
 * of a fault with no seat that does not check out names its author
 * `false-report` before anyone discloses anything. Should the audit still
 * find every secret in order, the reporter is named `false-report` all the
 * same; only a clean audit after a fault this peer found itself ends as
 * `internal` (seat null): every secret checked out, so the fault was this
 * peer's own.
 */
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
