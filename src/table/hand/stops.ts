/**
 * How a hand stops, and what it keeps of why: its one halt (the first; any
 * later one is ignored), the fault naming no seat that sent it to the audit
 * at once instead (early-audit.ts: once, during the deal or play), and the
 * proofs of equivocation met while it ran and after it was played out. The
 * follower (follower.ts) asks it and sets its own phase from the answer.
 */
import { startsAudit, type AuditCause } from './early-audit.js';
import type { Equivocation } from './equivocation.js';
import type { Halt } from './halt.js';

export class HandStops {
  private haltValue: Halt | null = null;
  private auditCauseValue: AuditCause | null = null;
  private equivocationValue: Equivocation | null = null;
  private lateEquivocationValue: Equivocation | null = null;

  get halt(): Halt | null {
    return this.haltValue;
  }
  /** Why the hand is being audited before its end (null: it is not). */
  get auditCause(): AuditCause | null {
    return this.auditCauseValue;
  }
  /** The two signed versions of one slot that halted the hand `equivocation` (null: none seen). */
  get equivocation(): Equivocation | null {
    return this.equivocationValue;
  }
  /**
   * Two signed versions of one slot that met only after the hand was played
   * out and audited: proof against their author for the record, but the hand
   * stands — every event of it took effect only once every seat held that
   * very version (event-pool.ts), so no honest page played the other one.
   * The hand is not halted (null: none seen).
   */
  get lateEquivocation(): Equivocation | null {
    return this.lateEquivocationValue;
  }

  /**
   * True if `halt` sends the hand to the audit at once rather than stopping
   * it: it names no seat, the hand is `auditable` (dealing or playing), and
   * nothing stopped or sent it to the audit before. `reporter` is the seat
   * whose signed report it is.
   */
  toAudit(halt: Halt, reporter: number | null, auditable: boolean): boolean {
    if (this.haltValue || this.auditCauseValue || !auditable || !startsAudit(halt)) return false;
    this.auditCauseValue = { fault: halt, reporter };
    return true;
  }

  /** Keeps `halt` as the hand's; false if it had one already. */
  end(halt: Halt): boolean {
    if (this.haltValue) return false;
    this.haltValue = halt;
    return true;
  }

  /** Keeps the first proof of equivocation met while the hand runs, or (`late`) once it is played out. */
  equivocated(proof: Equivocation, late: boolean): void {
    if (late) this.lateEquivocationValue ??= proof;
    else this.equivocationValue ??= proof;
  }
}
