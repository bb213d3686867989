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
 * which the replay viewer steps through (src/app/replay.ts). Each step of
 * a hand has its module: its events (verify-events.ts), its rules version
 * (verify-rules.ts), its replay (verify-replay.ts) and how it ended
 * (verify-ending.ts); the file as a whole is verify-chain.ts.
 */
import type { AnyState, Input, OpenCards, Outcome } from '../engine/index.js';
import { verifyEnvelope, type Envelope, type EnvelopeOf, type Result } from '../net/envelope.js';
import { SignatureVerifier } from '../net/verify.js';
import { ed25519Keyed } from '../../crypto/ed25519-verify.js';
import type { HaltCode } from '../table/hand/halt.js';
import type { HandOutcome, HandSetup } from '../table/hand/setup.js';
import { parseTranscriptFile, type TranscriptFile } from './transcript-file.js';
import type { VerdictSummary } from './verdict.js';
import { handRules } from './verify-rules.js';
import { chainFault, signedRoster } from './verify-chain.js';
import { handEnvelopes, missingEvent, setupAgreement } from './verify-events.js';
import { replayHand } from './verify-replay.js';
import { calledOff, handEnding, type HandRun } from './verify-ending.js';

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

/** Hand `index` of the file: its events, their gaps, its set-up's agreement, its rules, its replay and its ending. */
function verifyHand(
  file: TranscriptFile,
  index: number,
  signature: NonNullable<VerifyOptions['signature']>,
  cache: VerifyOptions['decodeCache'],
  presumptions: Pick<VerifyOptions, 'presumeProofs' | 'presumeKey' | 'states'>,
): HandRun {
  const hand = file.hands[index]!;
  const { setup } = hand;
  const refused = (fault: TranscriptFault): HandRun => ({ ok: false, report: null, fault });
  if (setup.seatKeys.length === 0 && hand.events.length === 0) return calledOff(setup, index);
  const checked = handEnvelopes(hand, index, signature, cache);
  if (!checked.ok) return refused(checked.error);
  const envelopes = checked.value;
  const gap = missingEvent(setup, envelopes, index);
  if (gap) return refused(gap);
  const agreement = setupAgreement(setup, envelopes, index);
  if (agreement === 'called-off') return calledOff(setup, index);
  if (agreement !== 'agreed') return refused(agreement);
  const rules = handRules(file, index, envelopes);
  if (!rules.ok) return refused(rules.error);
  return handEnding(hand, index, envelopes, replayHand(setup, rules.value, envelopes, index, presumptions));
}
