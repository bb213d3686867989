/**
 * Fault reports and their evidence. A peer whose hand halts signs a `fault`
 * event with its verdict (code, seat, detail) and sends it, so every screen
 * can show the same verdict. A bare report (no evidence) halts nobody and
 * makes nobody disclose: each peer checks it against its own verdict — the
 * same code and seat means it agrees; a peer that has not halted shows "seat
 * X reports a fault by seat Y" and may end the hand.
 *
 * A verdict that only the reporter can reach carries evidence that every peer
 * checks before anything follows from it (`judgeReport`):
 * - A bad sealed key share (it does not open, fails its commitment, or leaves
 *   an entry out): the recipient publishes its pair key with the sender,
 *   proven to be the X25519 Diffie–Hellman of their two announced keys
 *   (crypto/seal-proof.ts), with the sender's signed keys event as it got
 *   it, and every peer opens that sender's shares and checks them itself.
 *   Checked, it halts naming the sender with the code the recipient found
 *   (or `equivocation`, if this peer holds another signed version of that
 *   keys event).
 * - A card sealed to the reporter that opens to no card (a fault that names
 *   nobody, so it sends the hand to the audit at once, early-audit.ts): the
 *   proven pair keys with every sender, plus the reporter's own layer keys
 *   for the cards that fail, so every peer opens those cards and sees it.
 * - A report that did not check out: the peer names its author
 *   `false-report`, and its own report carries the signed original as the
 *   evidence, so a page that does not hold the original (a watcher that
 *   joined late, the offline verifier of a transcript) names the same seat.
 *   On a live table a report takes effect only once every seat holds it
 *   (event-pool.ts), even one its author addressed to one seat: every page
 *   passes a table event on whatever its `to` says (src/net/mesh.ts).
 * A report with evidence that does not check out names its author
 * `false-report`, and so does a report of a fault with no seat that carries no
 * evidence once this peer has passed the step it was made at without finding
 * the fault (an honest peer finds such a fault in public data too). Nothing
 * is disclosed because of a report until it checks out.
 *
 * This module judges the reports (fault-report.ts holds them as the table
 * reads them); sealed-evidence.ts makes and judges the evidence of sealed
 * shares, report-judgement.ts holds what both use (a judgement, a
 * refutation).
 */
import { systemRandom, type RandomSource } from '../../../crypto/index.js';
import type { TableEvent } from '../transcript.js';
import type { HandFollower } from './follower.js';
import { seatName, type Halt } from './halt.js';
import { PENDING, SHOWN, embeddedEvent, refuted, stepOf, type Judgement } from './report-judgement.js';
import { judgeSealed } from './sealed-evidence.js';

export { faultData, faultReports, type FaultReport } from './fault-report.js';

// ------------------------------------------------------------ judging reports

/** What a report's judgement makes this peer do: halt (or audit at once) with `halt`, on `reporter`'s report. */
export interface ReportVerdict {
  readonly halt: Halt;
  readonly reporter: number;
}

/**
 * The reports of one hand as one follower judges them: each report once it
 * is settled (shown, held or refuted), a pending one again on every call.
 */
export class ReportDesk {
  private readonly settled = new Set<number>();
  private readonly rng: RandomSource;

  constructor(rng: RandomSource = systemRandom) {
    this.rng = rng;
  }

  /** The first report that now holds or is refuted, as what this peer must do; null when none. */
  next(f: HandFollower): ReportVerdict | null {
    for (const report of f.pool.faultReports()) {
      if (this.settled.has(report.seat)) continue;
      const judged = judgeReport(f, report, this.rng);
      if (judged.kind === 'pending') continue;
      this.settled.add(report.seat);
      if (judged.kind !== 'shown') return { halt: judged.halt, reporter: report.seat };
    }
    return null;
  }
}

/**
 * Judges one fault report by its evidence (see the module comment). `depth`
 * is 1 for a report carried as another report's evidence (which may not
 * carry one in turn). Never throws on a peer's input.
 */
export function judgeReport(f: HandFollower, report: TableEvent<'fault'>, rng: RandomSource, depth = 0): Judgement {
  const data = report.data;
  const evidence = data.evidence ?? null;
  if (evidence === null) {
    if (data.seat !== null || data.code === 'internal' || data.code === 'abandoned') return SHOWN;
    // A fault with no seat found in public data shows here too, at the step the report was made at.
    return stepOf(f) > report.envelope.body.at
      ? refuted(report, `no evidence, and step ${report.envelope.body.at} went by here without that fault`)
      : PENDING;
  }
  try {
    return evidence.kind === 'report'
      ? judgeForward(f, report, evidence.event, rng, depth)
      : judgeSealed(f, report, evidence, rng);
  } catch (error) {
    return refuted(
      report,
      `its evidence could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A report naming `false-report` the author of the report it carries: it holds iff that report, judged here, is refuted. */
function judgeForward(
  f: HandFollower,
  report: TableEvent<'fault'>,
  bytes: Uint8Array,
  rng: RandomSource,
  depth: number,
): Judgement {
  if (depth > 0) return refuted(report, 'it carries a report that carries another');
  if (report.data.code !== 'false-report' || report.data.seat === null)
    return refuted(report, 'it carries a report but does not name its author false-report');
  const inner = embeddedEvent(f, bytes, 'fault');
  if (typeof inner === 'string') return refuted(report, inner);
  if (inner.seat !== report.data.seat)
    return refuted(report, `the report it carries is ${seatName(inner.seat)}'s, not ${seatName(report.data.seat)}'s`);
  const judged = judgeReport(f, inner, rng, depth + 1);
  if (judged.kind === 'pending') return PENDING;
  if (judged.kind === 'false') return { kind: 'holds', halt: judged.halt };
  return refuted(
    report,
    judged.kind === 'holds'
      ? `${seatName(inner.seat)}'s report checks out`
      : `${seatName(inner.seat)}'s report is a bare verdict`,
  );
}
