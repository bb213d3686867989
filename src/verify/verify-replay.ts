/**
 * A hand of a transcript file replayed for the offline verifier
 * (verify-transcript.ts): its checked events fed to a seatless
 * `HandSession`, the very follower every seat runs at the table, which
 * orders them by what is awaited, verifies every shuffle argument, lock
 * proof, key share, move and state hash, and runs the end-of-hand audit with
 * all cards open. What it ends with is the hand's report (verdict, outcome,
 * names as the seats signed them, and, asked to, the states a replay steps
 * through); whether that end is clean and what the file claims is
 * verify-ending.ts's.
 */
import type { AnyState, Outcome } from '../engine/index.js';
import type { EnvelopeOf } from '../net/envelope.js';
import type { VersionedRules } from '../games/rules-versions.js';
import { HandSession } from '../table/hand-session.js';
import type { HandFollower } from '../table/hand/follower.js';
import type { HandSetup } from '../table/hand/setup.js';
import { handVerdict, type VerdictSummary } from './verdict.js';
import type { HandReport, VerifyOptions } from './verify-transcript.js';

/** A hand as its follower ended it. */
export interface HandReplay {
  readonly report: HandReport;
  readonly follower: HandFollower;
  readonly verdict: VerdictSummary;
  /** The index of the event on taking in which the session halted (null: it did not, or only at the audit). */
  readonly detectedAt: number | null;
  /** The hand played to the end (its outcome is the report's). */
  readonly finished: boolean;
}

/** Hand `index` (`setup`), replayed by `rules` from its checked `envelopes`, with the caller's presumptions. */
export function replayHand(
  setup: HandSetup,
  rules: VersionedRules,
  envelopes: readonly EnvelopeOf<'table-event'>[],
  index: number,
  presumptions: Pick<VerifyOptions, 'presumeProofs' | 'presumeKey' | 'states'>,
): HandReplay {
  const game = rules.rules;
  const { presumeProofs: presume, presumeKey: presumeHandKey } = presumptions;
  const presumeProofs =
    presume &&
    ((packet: number, event: { envelope: EnvelopeOf<'table-event'> }) => presume(index, packet, event.envelope));
  const presumeKey =
    presumeHandKey &&
    ((packet: number, layer: number, position: number, key: bigint) =>
      presumeHandKey(index, packet, layer, position, key));
  const config = { setup, game, mySeat: null, narrated: presumptions.states === true };
  const session = new HandSession(
    { ...config, ...(presumeProofs ? { presumeProofs } : {}), ...(presumeKey ? { presumeKey } : {}) },
    { changed: () => {} },
  );
  let detectedAt: number | null = null;
  for (const [k, envelope] of envelopes.entries()) {
    session.receive(envelope);
    if (session.halt && detectedAt === null) detectedAt = k;
  }
  const follower = session.follower;
  const verdict = handVerdict(follower);
  const finished = follower.phase === 'done' && follower.state !== null;
  const outcome: Outcome | null = finished ? rules.outcome(follower.state!, follower.audit?.rules ?? null) : null;
  const report: HandReport = {
    handNo: setup.handNo,
    names: setup.seatKeys.map((_, seat) => follower.pool.ready(seat)?.data.name ?? null),
    rules: { version: rules.version, current: rules.current, change: rules.change },
    verdict,
    outcome,
    stateHash: follower.hash,
    inputs: follower.inputs,
    open: follower.audit?.open ?? null,
    ...(presumptions.states ? { states: statesOf(session) } : {}),
  };
  return { report, follower, verdict, detectedAt, finished };
}

/** A narrated hand's states: before its first input and after each (only the dealt state when none was applied; none before the deal). */
function statesOf(session: HandSession): AnyState[] {
  const applied = session.takeApplied();
  const first = applied[0]?.before ?? session.engineState;
  return first ? [first, ...applied.map((a) => a.after)] : [];
}
