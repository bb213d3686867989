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
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  ALL_SEATS,
  decodeKeyShares,
  encodeKeyShares,
  openWith,
  proveSealKey,
  revealToSeat,
  systemRandom,
  verifySealKey,
  withKeyShares,
  type KeyRing,
  type KeyShares,
  type PacketSecrets,
  type RandomSource,
  type SealKeyPair,
} from '../../../crypto/index.js';
import { contributors, type Handle } from '../../engine/index.js';
import { encodeEnvelope, parseUnverified, verifyEnvelope } from '../../net/envelope.js';
import { parseEvent, type FaultEvidence, type TableEvent } from '../transcript.js';
import type { HandFollower, PrivateRequest } from './follower.js';
import { fail, seatName, type Halt } from './halt.js';
import type { Result } from '../../result.js';
import { mergeRings } from './packets.js';

export { faultData, faultReports, type FaultReport } from './fault-report.js';

// ------------------------------------------------------------ judging reports

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

const SHOWN: Judgement = { kind: 'shown' };
const PENDING: Judgement = { kind: 'pending' };

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

/** The halt naming a report's author `false-report`, with the report itself as the evidence anyone can check. */
function refuted(report: TableEvent<'fault'>, why: string): Judgement {
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
const stepOf = (f: HandFollower): number => f.hashes.length - 1;

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

/** A signed event of type `type` by a seat of this hand, carried as evidence; why not, as a string. */
function embeddedEvent<T extends 'fault' | 'keys'>(
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
  if (event.event.type !== type) return `it carries a ${event.event.type} event, not a ${type} event`;
  return event.event as TableEvent<T>;
}

type SealedEvidence = Extract<FaultEvidence, { kind: 'sealed' }>;

/** The private request a report's evidence names, once delivered here; pending or refuted otherwise. */
function deliveredRequest(f: HandFollower, report: TableEvent<'fault'>, id: number): PrivateRequest | Judgement {
  const request = f.deliveredRequest(id);
  if (request) return request;
  return stepOf(f) > report.envelope.body.at
    ? refuted(report, `request ${id} was not delivered at step ${report.envelope.body.at}`)
    : PENDING;
}

/** Binds a seal-key proof to one sealed keys event: the digest of its signed envelope. */
export function sealedMessage(event: TableEvent<'keys'>): Uint8Array {
  return sha256(encodeEnvelope(event.envelope));
}

function proofContext(f: HandFollower, event: TableEvent<'keys'>, recipient: number) {
  const params = f.book.hand.params;
  return {
    tableId: params.tableId,
    handNo: params.handNo,
    from: event.seat,
    to: recipient,
    message: sealedMessage(event),
  };
}

/**
 * Opens one sender's sealed shares with a proven pair key and checks them as
 * the recipient does (packets.ts `checkShares`): the shares, or the halt
 * naming the sender.
 */
function openSealed(
  f: HandFollower,
  event: TableEvent<'keys'>,
  key: Uint8Array,
  request: PrivateRequest,
  recipient: number,
): Result<KeyShares[], Halt> {
  const params = f.book.hand.params;
  const context = { tableId: params.tableId, handNo: params.handNo, purpose: 'keys', from: event.seat, to: recipient };
  const plain: Uint8Array[] = [];
  for (const sealed of event.data.shares) {
    let opened: { packet: number; plaintext: Uint8Array } | null;
    try {
      opened = openWith(key, sealed, context);
    } catch {
      opened = null;
    }
    if (!opened || !f.book.packets.has(opened.packet))
      return fail(
        'unsealable',
        event.seat,
        `keys sealed to ${seatName(recipient)} do not open under their proven pair key`,
      );
    plain.push(opened.plaintext);
  }
  const checked = f.book.checkShares(
    event.seat,
    plain,
    request.handles,
    recipient,
    request.kind === 'reveal-to' ? 'own' : 'all',
  );
  return checked;
}

function judgeSealed(
  f: HandFollower,
  report: TableEvent<'fault'>,
  evidence: SealedEvidence,
  rng: RandomSource,
): Judgement {
  const recipient = report.seat;
  const named = report.data.seat;
  const request = deliveredRequest(f, report, evidence.request);
  if (request.kind !== 'reveal-to' && request.kind !== 'forward') return request;
  if ((request.kind === 'reveal-to' ? request.seat : request.to) !== recipient)
    return refuted(report, `request ${request.id} was not for ${seatName(recipient)}`);
  const senders = contributors(request, f.players).filter((seat) => seat !== recipient);
  const rings = new Map<number, KeyRing>();
  const seen = new Set<number>();
  for (const opening of evidence.openings) {
    if (!senders.includes(opening.from) || seen.has(opening.from))
      return refuted(
        report,
        `it opens ${seatName(opening.from)}'s shares, which request ${request.id} does not hold once`,
      );
    seen.add(opening.from);
    // The sender's signed keys event as the recipient got it: a different one held here is a second version.
    const event = embeddedEvent(f, opening.event, 'keys');
    if (typeof event === 'string') return refuted(report, event);
    if (event.seat !== opening.from || event.data.request !== request.id || event.data.to !== recipient)
      return refuted(report, `the keys event it carries is not ${seatName(opening.from)}'s for request ${request.id}`);
    const held = f.pool.keys(request.id, opening.from);
    if (!held) return PENDING;
    if (bytesToHex(held.envelope.sig) !== bytesToHex(event.envelope.sig))
      return {
        kind: 'holds',
        halt: {
          code: 'equivocation',
          seat: opening.from,
          detail: `sent two different keys events for request ${request.id} (${seatName(recipient)}'s report carries the other)`,
        },
      };
    const proven = verifySealKey(
      f.sealKeys[recipient]!,
      f.sealKeys[opening.from]!,
      opening,
      proofContext(f, event, recipient),
      rng,
    );
    if (!proven.ok)
      return refuted(report, `its pair key with ${seatName(opening.from)} is not proven: ${proven.error}`);
    const opened = openSealed(f, event, proven.value, request, recipient);
    if (!opened.ok) {
      if (named !== opening.from)
        return refuted(
          report,
          `its evidence shows ${opened.error.code} by ${seatName(opening.from)}, not what it names`,
        );
      return {
        kind: 'holds',
        halt: { ...opened.error, detail: `${opened.error.detail} (shown by ${seatName(recipient)}'s proof)` },
      };
    }
    if (named === opening.from)
      return refuted(report, `${seatName(opening.from)}'s keys open and check out under the proven pair key`);
    for (const msg of opened.value)
      rings.set(msg.header.packet, withKeyShares(rings.get(msg.header.packet) ?? new Map(), msg));
  }
  if (named !== null) return refuted(report, `it does not open ${seatName(named)}'s shares`);
  if (senders.some((seat) => !seen.has(seat))) return refuted(report, 'it does not open every share of the request');
  return judgeNoCard(f, report, evidence, request, rings);
}

/** A card sealed to the reporter that opens to no card: open the cards its own keys name, with every proven share. */
function judgeNoCard(
  f: HandFollower,
  report: TableEvent<'fault'>,
  evidence: SealedEvidence,
  request: PrivateRequest,
  rings: Map<number, KeyRing>,
): Judgement {
  const recipient = report.seat;
  let handles: Handle[] = [...request.handles];
  if (request.kind === 'reveal-to') {
    const own: KeyShares[] = [];
    for (const bytes of evidence.own) own.push(decodeKeyShares(bytes, { hand: f.book.hand, seat: recipient }));
    handles = [];
    for (const msg of own)
      for (const e of msg.entries) {
        const handle = f.book.handleOf(msg.header.packet, e.position);
        if (!request.handles.includes(handle)) return refuted(report, 'its own keys name a card the request does not');
        if (!handles.includes(handle)) handles.push(handle);
      }
    if (handles.length === 0) return refuted(report, 'it names no card that opens to no card');
    const checked = f.book.checkShares(recipient, evidence.own, handles, ALL_SEATS, 'own');
    if (!checked.ok) return refuted(report, `its own keys do not check out: ${checked.error.detail}`);
    for (const msg of checked.value)
      rings.set(msg.header.packet, withKeyShares(rings.get(msg.header.packet) ?? new Map(), msg));
  }
  const opened = f.book.open(handles, (packet) =>
    mergeRings(rings.get(packet) ?? new Map(), f.book.publicRing(packet)),
  );
  if (opened.ok) return refuted(report, 'every card it names opens to a card');
  return {
    kind: 'holds',
    halt: {
      ...opened.error,
      detail: `${opened.error.detail} (a card sealed to ${seatName(recipient)}, shown by its evidence)`,
    },
  };
}

// ------------------------------------------------------------ making evidence

/**
 * The evidence of a fault found in sealed shares of `request`: the recipient
 * `me` (key pair `mine`) proves its pair key with each sender of `events`;
 * `own` lists its own layer keys for cards that open to no card (a fault with
 * no seat). Null when a proof cannot be made (then the report stays bare).
 */
export function sealedEvidence(
  f: HandFollower,
  me: number,
  mine: SealKeyPair,
  request: PrivateRequest,
  events: readonly TableEvent<'keys'>[],
  rng: RandomSource,
  own: readonly Uint8Array[] = [],
): FaultEvidence | undefined {
  try {
    const openings = events.map((event) => {
      const opening = proveSealKey(mine, f.sealKeys[event.seat]!, proofContext(f, event, me), rng);
      return { from: event.seat, event: encodeEnvelope(event.envelope), shared: opening.shared, proof: opening.proof };
    });
    return { kind: 'sealed', request: request.id, openings, own: [...own] };
  } catch {
    return undefined;
  }
}

/** This seat's own layer keys, to everyone, for the `handles` of a reveal-to that open to no card. */
export function ownKeysFor(
  f: HandFollower,
  me: number,
  handles: readonly Handle[],
  secrets: (packet: number) => PacketSecrets | undefined,
): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const [packet, positions] of f.book.group(handles) ?? []) {
    const mine = secrets(packet);
    const state = f.book.packets.get(packet);
    if (!mine || !state) continue;
    out.push(encodeKeyShares(revealToSeat(state, me, mine, positions, ALL_SEATS)));
  }
  return out;
}
