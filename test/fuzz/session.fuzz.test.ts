/**
 * Fuzzing the hand session: real signed events of a two-seat
 * courier hand (test/table/courier-game.ts; ready, shuffle, lock and key
 * events, made by two seat sessions joined directly) are mutated on the wire
 * (bit flips, inserts, deletes, truncation, splices) and fed, after the
 * decoder, to a fresh seatless session. Nothing may throw, and every halt
 * must name an author (no `internal`, no null seat), but for one by design:
 * the session takes envelopes the mesh has verified, and this fuzz skips the
 * signature, so a ready whose setup and terms hashes are both mutated reads
 * as a seat that signed other terms, which calls the hand off naming nobody
 * (hand/setup-checks.ts `readyFault`). RUNS runs feed the
 * mutant before the hand can start (take, schema, slot and ready checks).
 * Wire mutants rarely get past the decoder and the signature; the
 * re-signed body mutants for every event type, fed at the step that consumes
 * them, are session-bodies.fuzz.test.ts. Seeds from test/helpers/depth.ts.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import { encodeEnvelope, keyHex, parseUnverified, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { HandSession } from '../../src/table/hand-session.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { tableSigners } from '../helpers/hand-table.js';
import { courierGame } from '../table/courier-game.js';
import { seedFor } from '../helpers/depth.js';
import { mutate, mutations, RUNS } from './mutate.js';

type Event = EnvelopeOf<'table-event'>;
const signers = tableSigners.slice(0, 2);
const setup: HandSetup = {
  table: 'fuzzhand-0011223344556677',
  handNo: 0,
  game: courierGame.id,
  options: {},
  seatKeys: signers.map((s) => keyHex(s.publicKey)),
  dealer: 0,
  carry: null,
  previous: null,
};
const events: Event[] = [];
let encoded: Uint8Array[] = [];

beforeAll(() => {
  const seats: HandSession[] = [];
  let seq = 1;
  for (const seat of [0, 1]) {
    seats.push(
      new HandSession(
        { setup, game: courierGame, mySeat: seat, rng: seededRandom(`fuzz-session-${seat}`) },
        {
          sign: (body) =>
            signEnvelope(signers[seat]!, { kind: 'table-event', table: setup.table, seq: seq++, to: null, body }),
          keepSecrets: () => {},
          publish: (envelope) => {
            events.push(envelope);
            queueMicrotask(() => seats[1 - seat]!.receive(envelope));
          },
          changed: () => {},
        },
      ),
    );
  }
  for (const s of seats) s.start();
});

async function settle(): Promise<void> {
  for (let i = 0; i < 200; i++) await Promise.resolve();
}

function spectator(): HandSession {
  return new HandSession(
    { setup, game: courierGame, mySeat: null, rng: seededRandom('fuzz-spectator') },
    { changed: () => {} },
  );
}

function feedMutant(prefix: readonly Event[], bytes: Uint8Array): void {
  const session = spectator();
  for (const e of prefix) session.receive(e);
  const decoded = parseUnverified(bytes, setup.table);
  if (!decoded.ok || decoded.value.kind !== 'table-event') return;
  const before = session.events().length;
  session.receive(decoded.value as Event);
  const halt = session.halt;
  if (halt?.code === 'abandoned' && decoded.value.body.type === 'ready') {
    expect(halt.seat, halt.detail).toBeNull();
    expect(halt.detail).toContain('agreed to other terms');
  } else if (halt) {
    expect(halt.code, halt.detail).not.toBe('internal');
    expect(halt.seat, halt.detail).not.toBeNull();
  } else {
    expect(session.events().length).toBeGreaterThanOrEqual(before);
  }
}

it('mutated events never crash a session, and every halt names an author', async () => {
  await settle();
  expect(events.filter((e) => e.body.type === 'ready')).toHaveLength(2);
  expect(events.some((e) => e.body.type === 'shuffle')).toBe(true);
  encoded = events.map((e) => encodeEnvelope(e));
  const ready0 = events.find((e) => e.body.type === 'ready' && keyHex(e.from) === setup.seatKeys[0])!;
  fc.assert(
    fc.property(fc.nat(), mutations, (pick, ms) =>
      feedMutant([ready0], mutate(encoded[pick % encoded.length]!, ms, encoded)),
    ),
    { numRuns: RUNS, seed: seedFor(31337) },
  );
}, 1_800_000);
