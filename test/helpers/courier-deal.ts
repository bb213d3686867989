/**
 * The recorded two-seat courier hand's deal (test/fixtures/courier-hand-2p.json)
 * as a deal-proof job (src/table/hand/deal-proofs.ts), whole or altered, and
 * a forged lock step of seat 1 whose proof no longer holds. Free of Node's
 * own modules: the worker's browser test reads the same fixture and jobs as
 * the unit test of `dealHolds`.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { decodeLockStep, encodeLockStep } from '../../crypto/index.js';
import { deckFromPoints } from '../../crypto/packet.js';
import { decodeEnvelope, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import type { DealProofJob } from '../../src/table/hand/deal-proofs.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { testSigner } from './signers.js';

type Event = EnvelopeOf<'table-event'>;

/** The fixture as stored: the hand's set-up and its events, each an encoded envelope in base64. */
export interface StoredHand {
  readonly setup: HandSetup;
  readonly events: readonly string[];
}

/** The stored hand's events, decoded. */
export function decodeStoredHand(raw: StoredHand): { setup: HandSetup; events: Event[] } {
  const events = raw.events.map((b64) => {
    const decoded = decodeEnvelope(
      Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)),
      raw.setup.table,
    );
    if (!decoded.ok) throw new Error(`fixture: ${decoded.error}`);
    return decoded.value as Event;
  });
  return { setup: raw.setup, events };
}

const stepData = (e: Event) => e.body.data as { packet: number; step: Uint8Array };

export interface CourierDeal {
  /** The hand's events up to its disclosures. */
  readonly events: readonly Event[];
  /** The deal's steps among them, in cascade order (shuffles, then locks, each in seat order). */
  readonly deal: readonly Event[];
  readonly seatOf: (e: Event) => number;
  /** The job that checks `steps` (default: the deal) with the hand's parameters, `change` applied. */
  readonly job: (steps?: readonly Event[], change?: Partial<DealProofJob>) => DealProofJob;
  /**
   * Seat 1's lock step of `packet` (default: the deal) with one card's factor wrong, signed by seat 1: its shape is
   * fine, its proof does not hold.
   */
  readonly forgedLock: (packet?: number) => Event;
}

export function courierDeal(hand: { setup: HandSetup; events: readonly Event[] }): CourierDeal {
  const { setup } = hand;
  const seatOf = (e: Event) => setup.seatKeys.indexOf(bytesToHex(e.from));
  const events = hand.events.filter((e) => e.body.type !== 'disclose');
  const order = (e: Event) => (e.body.type === 'shuffle' ? 0 : 10) + seatOf(e);
  const deal = events
    .filter((e) => (e.body.type === 'shuffle' || e.body.type === 'lock') && stepData(e).packet === 0)
    .sort((a, b) => order(a) - order(b));
  const job = (steps: readonly Event[] = deal, change: Partial<DealProofJob> = {}): DealProofJob => ({
    table: setup.table,
    handNo: setup.handNo,
    players: setup.seatKeys.length,
    deckSize: 32,
    packet: 0,
    start: null,
    steps: steps.map((e) => ({ seat: seatOf(e), data: { step: stepData(e).step } })),
    ...change,
  });
  const forgedLock = (packet = 0): Event => {
    const lock = events.find((e) => e.body.type === 'lock' && stepData(e).packet === packet && seatOf(e) === 1)!;
    const msg = decodeLockStep(stepData(lock).step);
    const points = msg.deck.points.map((p, j) => (j === 2 ? p.multiply(3n) : p));
    const step = encodeLockStep({ ...msg, deck: deckFromPoints(points) });
    // The fixture's seats sign with test/helpers/hand-table.ts's keys: seat 1's is testSigner(61).
    return signEnvelope(testSigner(61), {
      kind: 'table-event',
      table: lock.table,
      seq: lock.seq,
      to: lock.to,
      body: { ...lock.body, data: { ...stepData(lock), step } },
    });
  };
  return { events, deal, seatOf, job, forgedLock };
}
