/**
 * Offline verification of a transcript file (transcript-file.ts), with no
 * network and no secret: every envelope goes through the same decode gate
 * the mesh uses (`decodeEnvelope`: canonical CBOR, shape, table, strict
 * ed25519 signature); the file must hold each author's events without a gap
 * or a copy; then each hand is fed to a seatless `HandSession` — the very
 * follower every seat runs at the table — which orders the events by what
 * is awaited, verifies every shuffle argument, lock proof, key share, move
 * and state hash, and runs the end-of-hand audit with all cards open. A hand
 * must end clean; its outcome must be what the file claims (and the claim
 * must be there), and the next hand's set-up must follow from it (dealer,
 * carried scores). A hand a seat ended without a result (its signed abandon)
 * makes the match not clean but does not end the check: the hands after it
 * chain from it and are verified too. The file is checked whole: it must start at the table's
 * first hand, and not end before the hands the creator's signed roster it
 * carries says were started. The report names the first fault, the seat to
 * blame (null when no seat's signature is involved: an altered or
 * incomplete file) and where it was found, and shows each seat by the name
 * it signed in its ready (the file's own list of names is unchecked). Asked
 * to (`states`), each hand's report carries the states its follower applied,
 * which the replay viewer steps through (src/app/replay.ts).
 */
import { canonicalJson, type AnyState, type Input, type OpenCards, type Outcome } from '../engine/index.js';
import {
  keyHex,
  parseUnverified,
  verifyEnvelope,
  type Envelope,
  type EnvelopeOf,
  type Result,
} from '../net/envelope.js';
import { SignatureVerifier } from '../net/verify.js';
import { ed25519Keyed } from '../../crypto/ed25519-verify.js';
import { HandSession } from '../table/hand-session.js';
import { seatName, type HaltCode } from '../table/hand/halt.js';
import { outcomeOf, setupHash, type HandOutcome, type HandSetup } from '../table/hand/setup.js';
import { base64ToBytes, parseTranscriptFile, type TranscriptFile, type TranscriptHand } from './transcript-file.js';
import { handVerdict, type VerdictSummary } from './verdict.js';
import { rulesForHand } from './verify-rules.js';
import { chainFault, signedRoster } from './verify-chain.js';

/** Faults of the file itself, besides the follower's halt codes. */
export type FileFaultCode =
  | 'bad-file'
  | 'bad-envelope'
  | 'not-a-seat'
  | 'wrong-hand'
  | 'duplicate'
  | 'missing-event'
  | 'incomplete'
  | 'setup-chain'
  | 'claim-mismatch'
  | 'no-claim'
  | 'not-from-start'
  | 'truncated'
  | 'rules-version';

export interface TranscriptFault {
  readonly code: HaltCode | FileFaultCode;
  /** The seat to blame, or null when no seat can be (the file was altered or is incomplete). */
  readonly seat: number | null;
  /** Index of the hand in the file, and of the event within it (as listed in the file), when known. */
  readonly hand: number | null;
  readonly event: number | null;
  readonly detail: string;
}

export interface HandReport {
  readonly handNo: number;
  /** Each seat's name as its own ready signed it (null: its ready carries none — written before names were signed — or was not reached). */
  readonly names: readonly (string | null)[];
  /** The version of the game's rules the hand was replayed by (src/games/rules-versions.ts), whether it is today's, and for an older one what changed since. */
  readonly rules: { readonly version: number; readonly current: boolean; readonly change: string | null } | null;
  readonly verdict: VerdictSummary | null;
  readonly outcome: Outcome | null;
  readonly stateHash: string | null;
  /** For a replay: the inputs the follower applied, in order, and every card once the audit opened them (null before). */
  readonly inputs: readonly Input[];
  readonly open: OpenCards | null;
  /** With `states` asked for: the follower's state before the first input and after each (a replay steps through them). */
  readonly states?: readonly AnyState[];
  /** Called off before every seat agreed to its set-up: no card was dealt, nothing to replay. */
  readonly calledOff?: true;
}

export interface TranscriptReport {
  readonly ok: boolean;
  readonly file: TranscriptFile | null;
  /** How many hands the table had started, by the roster its creator signed that the file holds (null: it holds none). */
  readonly started: number | null;
  readonly hands: readonly HandReport[];
  readonly fault: TranscriptFault | null;
}

export interface VerifyOptions {
  /** Decoded envelopes by their base64 text (a pure function of the bytes and the table): lets a test verify many variants of one file. */
  readonly decodeCache?: Map<string, Result<Envelope>>;
  /**
   * Who decides the signature of event `event` of hand `hand` (indices in
   * the file), once every other check of the envelope gate passed. Default:
   * this thread, strict RFC 8032 (net/verify.ts). scripts/verify.ts answers
   * from a worker thread that checks them all in parallel (see there); a
   * signature is a pure function of the bytes, so the answer is the same.
   */
  readonly signature?: (envelope: Envelope, hand: number, event: number) => boolean;
  /**
   * True for a cascade step of packet `packet` of hand `hand` whose proofs
   * the caller checks elsewhere and confirms before it trusts the report
   * (follower.ts `presumeProofs`; scripts/verify-parallel.ts). Default: none.
   */
  readonly presumeProofs?: (hand: number, packet: number, envelope: EnvelopeOf<'table-event'>) => boolean;
  /** True for a public key share of hand `hand` that the caller checks elsewhere and confirms before it trusts the report (packets.ts `presumeKey`). Default: none. */
  readonly presumeKey?: (hand: number, packet: number, layer: number, position: number, key: bigint) => boolean;
  /** Each hand's report carries its states, as its follower applied the inputs (the replay viewer); default: none kept. */
  readonly states?: boolean;
}

type HandRun =
  /** `noResult`: the hand ended without a result (a seat ended it, signed): no seat's fault, but not clean. */
  | { ok: true; report: HandReport; record: HandOutcome | null; noResult: TranscriptFault | null }
  | { ok: false; report: HandReport | null; fault: TranscriptFault };

export function verifyTranscript(input: string | TranscriptFile, options: VerifyOptions = {}): TranscriptReport {
  let file: TranscriptFile;
  if (typeof input === 'string') {
    const parsed = parseTranscriptFile(input);
    if (!parsed.ok)
      return {
        ok: false,
        file: null,
        started: null,
        hands: [],
        fault: { code: 'bad-file', seat: null, hand: null, event: null, detail: parsed.error },
      };
    file = parsed.value;
  } else file = input;
  const verifier = new SignatureVerifier(32, ed25519Keyed);
  const hands: HandReport[] = [];
  const roster = signedRoster(file, options.signature ? undefined : verifier);
  if (!roster.ok)
    return {
      ok: false,
      file,
      started: null,
      hands,
      fault: { code: 'bad-file', seat: null, hand: null, event: null, detail: roster.error },
    };
  const started = roster.value;
  const start = file.hands[0]!.setup;
  if (start.handNo !== 0 || start.previous !== null)
    return {
      ok: false,
      file,
      started,
      hands,
      fault: {
        code: 'not-from-start',
        seat: null,
        hand: 0,
        event: null,
        detail: `the file does not start at the table's first hand: it starts at hand ${start.handNo + 1}, so the hand${start.handNo === 1 ? '' : 's'} before it, and the set-up they led to (dealer, carried scores), cannot be checked`,
      },
    };
  let previous: { setup: HandSetup; outcome: HandOutcome | null } | undefined;
  // A hand ended without a result does not end the check: the next hand chains from it (no outcome: the same dealer
  // and carry), and every later hand is verified too. The match is then not clean, for that reason alone.
  let noResult: TranscriptFault | null = null;
  for (const [index, hand] of file.hands.entries()) {
    const chain = chainFault(file, index, hand.setup, previous);
    if (chain)
      return {
        ok: false,
        file,
        started,
        hands,
        fault: { code: 'setup-chain', seat: null, hand: index, event: null, detail: chain },
      };
    const signature = options.signature ?? ((envelope: Envelope) => verifyEnvelope(envelope, verifier));
    const run = verifyHand(file, index, signature, options.signature ? undefined : options.decodeCache, options);
    if (run.report) hands.push(run.report);
    if (!run.ok) return { ok: false, file, started, hands, fault: run.fault };
    noResult ??= run.noResult;
    previous = { setup: hand.setup, outcome: run.record };
  }
  const last = file.hands.at(-1)!.setup.handNo;
  if (started !== null && started > last + 1)
    return {
      ok: false,
      file,
      started,
      hands,
      fault: {
        code: 'truncated',
        seat: null,
        hand: null,
        event: null,
        detail: `the match is cut short: the table's roster, signed by its creator, says ${started} hands were started, but the file ends with hand ${last + 1}`,
      },
    };
  if (noResult) return { ok: false, file, started, hands, fault: noResult };
  return { ok: true, file, started, hands, fault: null };
}

/** The envelope gate of the mesh (`decodeEnvelope`: parse, then the signature), with the signature decided by `signature`. */
function decodeEvent(bytes: Uint8Array, table: string, signature: (envelope: Envelope) => boolean): Result<Envelope> {
  const parsed = parseUnverified(bytes, table);
  if (!parsed.ok) return parsed;
  return signature(parsed.value) ? parsed : { ok: false, error: 'bad signature' };
}

function verifyHand(
  file: TranscriptFile,
  index: number,
  signature: NonNullable<VerifyOptions['signature']>,
  cache: VerifyOptions['decodeCache'],
  presumptions: Pick<VerifyOptions, 'presumeProofs' | 'presumeKey' | 'states'>,
): HandRun {
  const hand: TranscriptHand = file.hands[index]!;
  const { setup } = hand;
  const fault = (
    code: TranscriptFault['code'],
    seat: number | null,
    event: number | null,
    detail: string,
  ): HandRun => ({ ok: false, report: null, fault: { code, seat, hand: index, event, detail } });
  // A hand no seat agreed to (a newcomer records one with no seats and no events): no result, nothing to replay. The
  // next hand chains from it as from any hand without a result, and its seats' readies sign that chain.
  const calledOff: HandRun = {
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
  if (setup.seatKeys.length === 0 && hand.events.length === 0) return calledOff;
  const envelopes: EnvelopeOf<'table-event'>[] = [];
  const seen = new Map<string, number>();
  const numbers = setup.seatKeys.map(() => new Set<number>());
  for (const [k, text] of hand.events.entries()) {
    let decoded = cache?.get(text);
    if (!decoded) {
      const bytes = base64ToBytes(text);
      if (!bytes) return fault('bad-file', null, k, `event #${k + 1} is not canonical base64`);
      decoded = decodeEvent(bytes, setup.table, (envelope) => signature(envelope, index, k));
      cache?.set(text, decoded);
    }
    if (!decoded.ok)
      return fault(
        'bad-envelope',
        null,
        k,
        `event #${k + 1} is refused by the envelope check: ${decoded.error} — it is not what a seat signed`,
      );
    const envelope = decoded.value;
    if (envelope.kind !== 'table-event')
      return fault('bad-envelope', null, k, `event #${k + 1} is a ${envelope.kind} message, not a table event`);
    const seat = setup.seatKeys.indexOf(keyHex(envelope.from));
    if (seat < 0)
      return fault(
        'not-a-seat',
        null,
        k,
        `event #${k + 1} is signed by ${keyHex(envelope.from).slice(0, 16)}…, who has no seat at this table`,
      );
    if (envelope.body.hand !== setup.handNo)
      return fault(
        'wrong-hand',
        null,
        k,
        `event #${k + 1} (by ${seatName(seat)}) belongs to hand ${envelope.body.hand + 1}, not to hand ${setup.handNo + 1}`,
      );
    const sig = keyHex(envelope.sig);
    const first = seen.get(sig);
    if (first !== undefined)
      return fault(
        'duplicate',
        null,
        k,
        `event #${k + 1} is a second copy of event #${first + 1} (${seatName(seat)}'s ${envelope.body.type} n=${envelope.body.n})`,
      );
    seen.set(sig, k);
    numbers[seat]!.add(envelope.body.n);
    envelopes.push(envelope);
  }
  for (const [seat, held] of numbers.entries()) {
    const top = Math.max(-1, ...held);
    for (let n = 0; n <= top; n++) {
      if (!held.has(n))
        return fault(
          'missing-event',
          null,
          null,
          `${seatName(seat)}'s event n=${n} is missing from the file (it holds that seat's events up to n=${top})`,
        );
    }
  }
  // Every seat's ready commits to the set-up's hash: if none commits to the file's set-up, the file's set-up was changed.
  const digest = keyHex(setupHash(setup));
  const readies = envelopes.filter((e) => e.body.type === 'ready');
  const agreed = readies.some((e) => {
    const data = e.body.data as { setup?: unknown };
    return data.setup instanceof Uint8Array && keyHex(data.setup) === digest;
  });
  // Only readies and abandons, none for this set-up: the seats saw other terms, and the hand was called off.
  if (readies.length > 0 && !agreed && envelopes.every((e) => e.body.type === 'ready' || e.body.type === 'abandon'))
    return calledOff;
  if (readies.length > 0 && !agreed)
    return fault(
      'bad-file',
      null,
      null,
      `hand ${index + 1}'s set-up in the file is not the one the seats agreed to: no seat's ready commits to its hash`,
    );
  const chosen = rulesForHand(setup.game, file.rules, setup, envelopes, index);
  if (!chosen.ok)
    return fault(chosen.error.startsWith('no rules') ? 'bad-file' : 'rules-version', null, null, chosen.error);
  const rules = chosen.value;
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
  const outcome = finished ? rules.outcome(follower.state!, follower.audit?.rules ?? null) : null;
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
  const failed = (
    code: TranscriptFault['code'],
    seat: number | null,
    event: number | null,
    detail: string,
  ): HandRun => ({ ok: false, report, fault: { code, seat, hand: index, event, detail } });
  if (verdict.fault) {
    const at = detectedAt !== null ? envelopes[detectedAt]! : null;
    const where = at
      ? ` (noticed on taking in event #${detectedAt! + 1}: ${seatName(setup.seatKeys.indexOf(keyHex(at.from)))}'s ${at.body.type} n=${at.body.n})`
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
  if (!finished) {
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
  const record = outcomeOf(outcome, follower.hash!);
  if (!hand.claimed?.outcome)
    return failed(
      'no-claim',
      null,
      null,
      `the file does not say how hand ${index + 1} ended (its claimed outcome is missing), though the hand played to the end: every exporting page records it, so the file was altered`,
    );
  if (hand.claimed) {
    if (hand.claimed.stateHash !== null && hand.claimed.stateHash !== follower.hash) {
      return failed(
        'claim-mismatch',
        null,
        null,
        `the file claims the hand ended in state ${hand.claimed.stateHash.slice(0, 16)}…, but the replay ends in ${follower.hash!.slice(0, 16)}…`,
      );
    }
    if (canonicalJson(hand.claimed.outcome) !== canonicalJson(record)) {
      return failed(
        'claim-mismatch',
        null,
        null,
        `the file claims the outcome ${canonicalJson(hand.claimed.outcome)}, but the replay gives ${canonicalJson(record)}`,
      );
    }
  }
  return { ok: true, report, record, noResult: null };
}

/** A narrated hand's states: before its first input and after each (only the dealt state when none was applied; none before the deal). */
function statesOf(session: HandSession): AnyState[] {
  const applied = session.takeApplied();
  const first = applied[0]?.before ?? session.engineState;
  return first ? [first, ...applied.map((a) => a.after)] : [];
}
