/**
 * Fuzzing the wire decoders: every envelope kind of src/net and
 * every table-event type's data (src/table/transcript.ts) take RUNS
 * mutated real messages each (bit flips, inserts, deletes, truncation,
 * splices with other kinds), from the run's seed: the decoders return a result and
 * never throw, never hang, and never change the message they were given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeEnvelope, parseUnverified, signEnvelope, type Envelope } from '../../src/net/envelope.js';
import { KINDS, type Kind } from '../../src/net/messages.js';
import { EVENT_DATA, parseEvent, type EventType } from '../../src/table/transcript.js';
import { testSigner } from '../helpers/signers.js';
import { seedFor } from '../helpers/depth.js';
import { mutate, mutations, RUNS } from './mutate.js';

const TABLE = 'fuzztabl-0011223344556677';
const signer = testSigner(90);
const key = signer.publicKey;
const b = (n: number, fill = 1) => new Uint8Array(n).fill(fill);
const DATA: Record<EventType, unknown> = {
  ready: { sealKey: b(32), setup: b(32, 2) },
  shuffle: { packet: 0, step: b(300, 3) },
  lock: { packet: 1, step: b(200, 4) },
  reshuffle: { packet: 2, step: b(100, 5) },
  keys: { request: 3, shares: [b(80, 6), b(40, 7)], to: 1 },
  act: { action: { type: 'play', card: 12 }, keys: [b(64, 8)] },
  commit: { round: 4, digest: b(32, 9) },
  reveal: { round: 4, actions: [{ type: 'claim', onTop: 3 }], salt: b(32, 10) },
  disclose: { secrets: [b(120, 11)], sealSecret: b(32, 12) },
  abandon: { reason: 'gone' },
  fault: { code: 'desync', seat: 1, detail: 'seat 2 computed a different state' },
};
const BODIES: Record<Kind, unknown> = {
  hello: { peerId: 'fd-abc', name: 'Ann' },
  presence: { peerId: 'fd-abc', name: 'Ann', links: ['fd-def'] },
  join: { peerId: 'fd-abc', name: 'Ann', seat: 1 },
  leave: { rosterVersion: 3 },
  roster: {
    version: 2,
    config: { game: 'stress-shed', seats: 2, options: {} },
    seats: [{ key, name: 'Ann', peerId: 'fd-abc' }, null],
    hands: 0,
  },
  'table-event': { hand: 0, n: 1, at: 2, hash: b(32), type: 'act', data: DATA.act },
  fetch: { hand: 0, have: { [Buffer.from(key).toString('hex')]: 3 }, want: [b(64, 13)] },
  echo: { hand: 0, events: [b(64, 14), b(64, 15)] },
  chat: { type: 'text', text: 'nice hand' },
};
const sign = (kind: Kind, body: unknown): Envelope =>
  signEnvelope(signer, { kind, table: TABLE, seq: 7, to: null, body } as never) as Envelope;
const samples = KINDS.map((kind) => encodeEnvelope(sign(kind, BODIES[kind]) as never));
const eventSamples = (Object.keys(DATA) as EventType[]).map((type) =>
  encodeEnvelope(sign('table-event', { ...(BODIES['table-event'] as object), type, data: DATA[type] }) as never),
);

const FUZZ_TIMEOUT_MS = 1_800_000;

describe('envelope decoder', () => {
  it.each(KINDS.map((kind, i) => [kind, i] as const))(
    `%s: ${RUNS} mutated messages decode to a result, never a throw`,
    (kind, i) => {
      const real = samples[i]!;
      expect(parseUnverified(real, TABLE).ok).toBe(true);
      let refused = 0;
      fc.assert(
        fc.property(mutations, (ms) => {
          const bytes = mutate(real, ms, samples);
          const copy = bytes.slice();
          const result = parseUnverified(bytes, TABLE);
          if (!result.ok) refused++;
          expect(bytes).toEqual(copy);
        }),
        { numRuns: RUNS, seed: seedFor(4242 + i) },
      );
      expect(refused).toBeGreaterThan(RUNS / 2);
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('table-event data, per type', () => {
  it.each((Object.keys(EVENT_DATA) as EventType[]).map((type, i) => [type, i] as const))(
    `%s: ${RUNS} mutated events parse to a result, never a throw`,
    (type, i) => {
      const real = eventSamples[i]!;
      let checked = 0;
      fc.assert(
        fc.property(mutations, (ms) => {
          const decoded = parseUnverified(mutate(real, ms, eventSamples), TABLE);
          if (!decoded.ok || decoded.value.kind !== 'table-event') return;
          checked++;
          const parsed = parseEvent(decoded.value as never, 0);
          expect(typeof parsed.ok).toBe('boolean');
        }),
        { numRuns: RUNS, seed: seedFor(777 + i) },
      );
      const unmutated = parseUnverified(real, TABLE);
      expect(unmutated.ok && parseEvent(unmutated.value as never, 0).ok).toBe(true);
      expect(checked).toBeGreaterThan(0);
    },
    FUZZ_TIMEOUT_MS,
  );
});
