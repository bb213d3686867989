/**
 * A recorded two-seat courier hand (test/fuzz/recorded-hands.ts: ready,
 * shuffle, lock, keys public and sealed, act with played keys, reshuffle,
 * disclose) stored as test/fixtures/courier-hand-2p.json, so the tests of a
 * hand's crypto (packets, cascade, requests, audit: hand-crypto.test.ts) and
 * the spectator's session replay real signed events in well under a second
 * instead of playing the hand (about 3 s). `npx tsx
 * test/table/plumb-fixture.ts write` re-records it.
 */
import { readFileSync, writeFileSync } from 'node:fs';

import { encodeEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Cascade } from '../../src/table/hand/cascade.js';
import { PacketBook } from '../../src/table/hand/packets.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { decodeStoredHand, type StoredHand } from '../helpers/courier-deal.js';
import { tableSigners } from '../helpers/hand-table.js';
import { courierGame } from './courier-game.js';

const PATH = new URL('../fixtures/courier-hand-2p.json', import.meta.url);

export interface CourierFixture {
  readonly setup: HandSetup;
  readonly events: EnvelopeOf<'table-event'>[];
}

export function courierFixture(): CourierFixture {
  return decodeStoredHand(JSON.parse(readFileSync(PATH, 'utf8')) as StoredHand);
}

export const fixtureGame = courierGame;
export const fixtureSigners = tableSigners.slice(0, 2);

/** An empty packet book for the fixture's hand (2 seats, 32 cards). */
export const freshBook = (fx: CourierFixture): PacketBook => new PacketBook(fx.setup.table, fx.setup.handNo, 2, 32);

/** A cascade state as hex, to compare two states by value. */
export const stateBytes = (s: Cascade['state']) => ({
  phase: s.phase,
  next: s.next,
  deck: bytesToHex(s.deck.bytes),
  layers: s.layers.map((l) => bytesToHex(l.bytes)),
  keys: s.keys.map((k) => bytesToHex(k.bytes)),
});

if (process.argv[2] === 'write') {
  const { recordCourierHand } = await import('../fuzz/recorded-hands.js');
  const hand = await recordCourierHand();
  writeFileSync(
    PATH,
    `${JSON.stringify({ setup: hand.setup, events: hand.events.map((e) => Buffer.from(encodeEnvelope(e)).toString('base64')) }, null, 1)}\n`,
  );
  console.log(`wrote ${hand.events.length} events`);
  process.exit(0);
}
