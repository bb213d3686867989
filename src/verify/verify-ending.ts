/**
 * How a hand of a transcript file ended, for the offline verifier
 * (verify-transcript.ts): called off before every seat agreed to it (no card
 * dealt); or as its replay (verify-replay.ts) ended it — at the first fault,
 * which names the seat to blame and the event it was noticed on; without a
 * result, by a seat's signed abandon (no seat's fault, but the match is not
 * clean, and the file may claim no result for it); cut short (the file is
 * incomplete); or played to the end, with the outcome and final state hash
 * the file must claim.
 */
import { canonicalJson } from '../engine/index.js';
import { keyHex, type EnvelopeOf } from '../net/envelope.js';
import { seatName } from '../table/hand/halt.js';
import { outcomeOf, type HandOutcome, type HandSetup } from '../table/hand/setup.js';
import type { TranscriptHand } from './transcript-file.js';
import type { HandReplay } from './verify-replay.js';
import type { HandReport, TranscriptFault } from './verify-transcript.js';

/** A hand checked: its report, and what the next hand chains from; or the first fault (with the report when it was replayed). */
export type HandRun =
  /** `noResult`: the hand ended without a result (a seat ended it, signed): no seat's fault, but not clean. */
  | { ok: true; report: HandReport; record: HandOutcome | null; noResult: TranscriptFault | null }
  | { ok: false; report: HandReport | null; fault: TranscriptFault };

/** Hand `index` (`setup`), called off before every seat agreed to it: no result, nothing to replay. */
export function calledOff(setup: HandSetup, index: number): HandRun {
  // A newcomer records such a hand with no seats and no events. The next hand chains from it as from any hand
  // without a result, and its seats' readies sign that chain.
  return {
    ok: true,
    report: {
      handNo: setup.handNo,
      names: setup.seatKeys.map(() => null),
      rules: null,
      verdict: null,
      outcome: null,
      stateHash: null,
      inputs: [],
      open: null,
      calledOff: true,
    },
    record: null,
    noResult: {
      code: 'abandoned',
      seat: null,
      hand: index,
      event: null,
      detail: `hand ${index + 1} was called off before every seat agreed to it: no card was dealt`,
    },
  };
}

/** Hand `index` (`hand`) as its replay from `envelopes` ended it, judged against what the file claims of it. */
export function handEnding(
  hand: TranscriptHand,
  index: number,
  envelopes: readonly EnvelopeOf<'table-event'>[],
  replay: HandReplay,
): HandRun {
  const { report, follower, verdict, detectedAt } = replay;
  const failed = (
    code: TranscriptFault['code'],
    seat: number | null,
    event: number | null,
    detail: string,
  ): HandRun => ({ ok: false, report, fault: { code, seat, hand: index, event, detail } });
  if (verdict.fault) {
    const at = detectedAt !== null ? envelopes[detectedAt]! : null;
    const where = at
      ? ` (noticed on taking in event #${detectedAt! + 1}: ${seatName(hand.setup.seatKeys.indexOf(keyHex(at.from)))}'s ${at.body.type} n=${at.body.n})`
      : ' (found by the end-of-hand audit)';
    return failed(verdict.fault.code, verdict.fault.seat, detectedAt, `${verdict.fault.detail}${where}`);
  }
  if (follower.halt) {
    // Ended without a result by a seat's signed abandon: the file may not claim a result for it.
    if (hand.claimed?.outcome)
      return failed(
        'claim-mismatch',
        null,
        null,
        `the file claims the outcome ${canonicalJson(hand.claimed.outcome)}, but the replay ends without a result: ${follower.halt.detail}`,
      );
    return {
      ok: true,
      report,
      record: null,
      noResult: {
        code: 'abandoned',
        seat: null,
        hand: index,
        event: detectedAt,
        detail: `the hand has no result: ${follower.halt.detail}`,
      },
    };
  }
  if (!replay.finished) {
    const waiting = follower.waiting();
    const who =
      waiting && waiting.seats.length ? `${waiting.seats.map(seatName).join(', ')} (${waiting.what})` : 'more events';
    return failed(
      'incomplete',
      null,
      null,
      `the hand is incomplete: it stops at engine step ${follower.inputs.length}, waiting for ${who}`,
    );
  }
  const record = outcomeOf(report.outcome, follower.hash!);
  const claim = claimFault(hand, index, follower.hash!, record);
  return claim ? failed(claim.code, null, null, claim.detail) : { ok: true, report, record, noResult: null };
}

/** What is wrong with the file's claim of how hand `index` (`hand`), played to the end, ended (null: nothing). */
function claimFault(
  hand: TranscriptHand,
  index: number,
  stateHash: string,
  record: HandOutcome | null,
): { code: 'no-claim' | 'claim-mismatch'; detail: string } | null {
  if (!hand.claimed?.outcome)
    return {
      code: 'no-claim',
      detail: `the file does not say how hand ${index + 1} ended (its claimed outcome is missing), though the hand played to the end: every exporting page records it, so the file was altered`,
    };
  if (hand.claimed.stateHash !== null && hand.claimed.stateHash !== stateHash)
    return {
      code: 'claim-mismatch',
      detail: `the file claims the hand ended in state ${hand.claimed.stateHash.slice(0, 16)}…, but the replay ends in ${stateHash.slice(0, 16)}…`,
    };
  if (canonicalJson(hand.claimed.outcome) !== canonicalJson(record))
    return {
      code: 'claim-mismatch',
      detail: `the file claims the outcome ${canonicalJson(hand.claimed.outcome)}, but the replay gives ${canonicalJson(record)}`,
    };
  return null;
}
