/**
 * Evidence of a fault found in sealed key shares (faults.ts says when a
 * report carries some): the recipient proves its pair key with each sender
 * (crypto/seal-proof.ts) and hands over the sender's signed keys event, so
 * every peer opens those shares and checks them itself. Making that evidence
 * (`sealedEvidence`, `ownKeysFor`) and judging it (`judgeSealed`).
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
  verifySealKey,
  withKeyShares,
  type KeyRing,
  type KeyShares,
  type PacketSecrets,
  type RandomSource,
  type SealKeyPair,
} from '../../../crypto/index.js';
import { contributors, type Handle } from '../../engine/index.js';
import { encodeEnvelope } from '../../net/envelope.js';
import type { Result } from '../../result.js';
import type { FaultEvidence, TableEvent } from '../transcript.js';
import type { HandFollower, PrivateRequest } from './follower.js';
import { fail, seatName, type Halt } from './halt.js';
import { mergeRings } from './packets.js';
import { PENDING, embeddedEvent, refuted, stepOf, type Judgement } from './report-judgement.js';

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

/** Judges a report's sealed-share evidence: the fault it shows, or its author refuted (see faults.ts). */
export function judgeSealed(
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
