/**
 * Tamper evidence of a transcript file, by an attacker who edits the file
 * (and, where said, a seat that re-signs with its own key): one byte changed
 * anywhere in an envelope, an event removed or duplicated, a secret swapped
 * between seats, an event signed for another table, a changed set-up or
 * claimed result — each refused with the reason, the event and (when a
 * seat's signature is involved) the seat. Reordering the events is ACCEPTED:
 * the follower applies events in the order the hand awaits them, never in
 * the order they arrive, so a reordered file is the same hand (tested with
 * the order reversed, and among the random mutations). Then MUTATIONS random
 * mutations of a real transcript of each built game (fast-check; 60 in
 * `npm test`, 1,000 in the deep suite, from the run's seed): every one is refused with its precise reason, except reorderings,
 * which verify clean with the same final state hash.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs, seedFor } from '../helpers/depth.js';
import { keyHex } from '../../src/net/envelope.js';
import { base64ToBytes, bytesToBase64, type TranscriptFile } from '../../src/verify/transcript-file.js';
import { verifyTranscript, type VerifyOptions } from '../../src/verify/verify-transcript.js';
import {
  decodeEvent,
  firstHand,
  fixture,
  resigned,
  simulatorSigners,
  withEvents,
  FIXTURE_SEEDS,
} from './transcripts.js';

const shed = firstHand(fixture('stress-shed-2p.json'));
const events = shed.hands[0]!.events;
const cache: VerifyOptions['decodeCache'] = new Map();
const verify = (file: TranscriptFile) => verifyTranscript(file, { decodeCache: cache });
const cleanHash = verify(shed).hands[0]!.stateHash;

function flipped(text: string, at: number, xor: number): string {
  const bytes = base64ToBytes(text)!;
  bytes[at % bytes.length]! ^= xor;
  return bytesToBase64(bytes);
}

describe('one change, one precise refusal', () => {
  it('the untouched file is clean (the baseline of every case below)', () => {
    expect(cleanHash).toMatch(/^[0-9a-f]{64}/);
  });

  it.each([
    ['the first byte', 0],
    ['a byte of the body', 200],
    ['the last byte (the signature)', -1],
  ])('one byte changed in %s of an envelope: refused, naming the event', (_where, at) => {
    const i = 17;
    const bytes = base64ToBytes(events[i]!)!;
    const report = verify(
      withEvents(
        shed,
        events.map((e, k) => (k === i ? flipped(e, at < 0 ? bytes.length + at : at, 0x20) : e)),
      ),
    );
    expect(report.ok).toBe(false);
    expect(report.fault).toMatchObject({ hand: 0, event: i, seat: null });
    expect(report.fault!.code === 'bad-envelope' || report.fault!.code === 'bad-file').toBe(true);
    expect(report.fault!.detail).toContain(`event #${i + 1}`);
  });

  it('an event removed: refused, naming the seat and the missing number', () => {
    const i = 40;
    const gone = decodeEvent(shed, events[i]!);
    const seat = shed.hands[0]!.setup.seatKeys.indexOf(keyHex(gone.from));
    const report = verify(
      withEvents(
        shed,
        events.filter((_, k) => k !== i),
      ),
    );
    expect(report.fault).toMatchObject({ code: 'missing-event', hand: 0 });
    expect(report.fault!.detail).toContain(`seat ${seat + 1}'s event n=${gone.body.n} is missing`);
  });

  it('an event duplicated: refused, naming both copies', () => {
    const copy = [...events.slice(0, 60), events[12]!, ...events.slice(60)];
    const report = verify(withEvents(shed, copy));
    expect(report.fault).toMatchObject({ code: 'duplicate', event: 60 });
    expect(report.fault!.detail).toContain('second copy of event #13');
  });

  it('the events reordered (reversed): ACCEPTED, the same hand with the same final hash', () => {
    const report = verify(withEvents(shed, [...events].reverse()));
    expect(report.fault).toBeNull();
    expect(report.ok).toBe(true);
    expect(report.hands[0]!.stateHash).toBe(cleanHash);
  });

  it('secrets swapped between seats (each disclosure re-signed by its own seat): refused, blaming the first seat', () => {
    const signers = simulatorSigners(FIXTURE_SEEDS['stress-shed-2p.json']!, 2);
    const discloses = events.flatMap((text, k) => (decodeEvent(shed, text).body.type === 'disclose' ? [k] : []));
    expect(discloses).toHaveLength(2);
    const [a, b] = discloses.map((k) => decodeEvent(shed, events[k]!));
    const seatOf = (e: typeof a) => shed.hands[0]!.setup.seatKeys.indexOf(keyHex(e!.from));
    const swapped = [...events];
    swapped[discloses[0]!] = resigned(signers[seatOf(a)]!, a!, { ...a!.body, data: b!.body.data });
    swapped[discloses[1]!] = resigned(signers[seatOf(b)]!, b!, { ...b!.body, data: a!.body.data });
    const report = verify(withEvents(shed, swapped));
    expect(report.ok).toBe(false);
    expect(report.fault).toMatchObject({ code: 'bad-disclosure', seat: 0 });
    expect(report.fault!.detail).toContain('disclosed a seal key that is not the one it announced');
    // The verdict on screen: play checked out; the key check is where the fault is.
    const checks = Object.fromEntries(report.hands[0]!.verdict!.checks.map((c) => [c.key, c.ok]));
    expect(checks).toMatchObject({ signatures: true, shuffle: true, hashes: true, keys: false });
    expect(report.hands[0]!.verdict!.status).toBe('fault');
  });

  it("a seat that signs another state hash than the table's: stopped as a desync, blaming that seat, on the hash check", () => {
    const signers = simulatorSigners(FIXTURE_SEEDS['stress-shed-2p.json']!, 2);
    const i = events.findIndex(
      (text) => decodeEvent(shed, text).body.type === 'act' && decodeEvent(shed, text).body.at > 10,
    );
    const e = decodeEvent(shed, events[i]!);
    const seat = shed.hands[0]!.setup.seatKeys.indexOf(keyHex(e.from));
    const lying = resigned(signers[seat]!, e, { ...e.body, hash: new Uint8Array(e.body.hash.length) });
    const report = verify(
      withEvents(
        shed,
        events.map((x, k) => (k === i ? lying : x)),
      ),
    );
    expect(report.fault).toMatchObject({ code: 'desync', seat });
    expect(report.fault!.detail).toContain(`desync at step ${e.body.at}`);
    const v = report.hands[0]!.verdict!;
    expect(v.headline).toContain(`seat ${seat + 1} is to blame`);
    expect(v.checks.find((c) => c.key === 'hashes')!.ok).toBe(false);
    expect(v.checks.find((c) => c.key === 'moves')!.ok).toBeNull();
  });

  it("a secret swapped without the seats' keys: the signature refuses it", () => {
    const k = events.findIndex((text) => decodeEvent(shed, text).body.type === 'disclose');
    const e = decodeEvent(shed, events[k]!);
    const other = decodeEvent(
      shed,
      events.findLast((text) => decodeEvent(shed, text).body.type === 'disclose')!,
    );
    const body = { ...e.body, data: other.body.data };
    const signers = simulatorSigners(FIXTURE_SEEDS['stress-shed-2p.json']!, 2);
    const wrongSigner = signers.find((s) => keyHex(s.publicKey) !== keyHex(e.from))!;
    // Re-signed by the other seat while still claiming to be from the first: not what the first seat signed.
    const tampered = resigned({ publicKey: e.from, sign: wrongSigner.sign }, e, body);
    const report = verify(
      withEvents(
        shed,
        events.map((x, i) => (i === k ? tampered : x)),
      ),
    );
    expect(report.fault).toMatchObject({ code: 'bad-envelope', event: k, seat: null });
    expect(report.fault!.detail).toContain('bad signature');
  });

  it('an event signed by its seat for another table: refused, naming the event and the table', () => {
    const signers = simulatorSigners(FIXTURE_SEEDS['stress-shed-2p.json']!, 2);
    const i = 30;
    const e = decodeEvent(shed, events[i]!);
    const signer = signers.find((s) => keyHex(s.publicKey) === keyHex(e.from))!;
    const elsewhere = resigned(signer, e, e.body, 'othertbl-0011223344556677');
    const report = verify(
      withEvents(
        shed,
        events.map((x, k) => (k === i ? elsewhere : x)),
      ),
    );
    expect(report.fault).toMatchObject({ code: 'bad-envelope', event: i });
    expect(report.fault!.detail).toContain('for another table (othertbl-0011223344556677)');
  });

  it('a claimed result that the replay does not reach: refused', () => {
    const hand = shed.hands[0]!;
    const report = verify({ ...shed, hands: [{ ...hand, claimed: { ...hand.claimed!, stateHash: '0'.repeat(64) } }] });
    expect(report.fault).toMatchObject({ code: 'claim-mismatch', seat: null });
  });
});

// ------------------------------------------------------------ random mutations

type Mutation =
  | { kind: 'flip'; i: number; at: number; xor: number }
  | { kind: 'remove'; i: number }
  | { kind: 'duplicate'; i: number; to: number }
  | { kind: 'setup'; field: number; salt: number }
  | { kind: 'reorder'; i: number; to: number };

const index = fc.nat({ max: 1_000_000 });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 150,
    arbitrary: fc.record({
      kind: fc.constant('flip' as const),
      i: index,
      at: index,
      xor: fc.integer({ min: 1, max: 255 }),
    }),
  },
  { weight: 25, arbitrary: fc.record({ kind: fc.constant('remove' as const), i: index }) },
  { weight: 15, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), i: index, to: index }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('setup' as const),
      field: fc.nat({ max: 7 }),
      salt: fc.nat({ max: 255 }),
    }),
  },
  // Reorderings need a whole replay each: kept rare so the run stays short (about 4 in 1,000).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reorder' as const), i: index, to: index }) },
);

function mutate(file: TranscriptFile, m: Mutation): TranscriptFile {
  const list = file.hands[0]!.events;
  const n = list.length;
  switch (m.kind) {
    case 'flip':
      return withEvents(
        file,
        list.map((e, k) => (k === m.i % n ? flipped(e, m.at, m.xor) : e)),
      );
    case 'remove':
      return withEvents(
        file,
        list.filter((_, k) => k !== m.i % n),
      );
    case 'duplicate': {
      const copy = [...list];
      copy.splice(m.to % (n + 1), 0, list[m.i % n]!);
      return withEvents(file, copy);
    }
    case 'reorder': {
      const copy = [...list];
      const [moved] = copy.splice(m.i % n, 1);
      copy.splice(m.to % n, 0, moved!);
      return withEvents(file, copy);
    }
    case 'setup': {
      const s = file.hands[0]!.setup;
      const hex = m.salt.toString(16).padStart(2, '0').repeat(32);
      const changes = [
        { dealer: (s.dealer + 1 + (m.salt % (s.seatKeys.length - 1))) % s.seatKeys.length },
        { handNo: s.handNo + 1 + m.salt },
        { options: { ...(s.options as object), extra: m.salt } },
        { carry: { injected: m.salt } },
        { previous: hex },
        { seatKeys: [...s.seatKeys].reverse() },
        { table: `${s.table.slice(0, -2)}${hex.slice(0, 2) === s.table.slice(-2) ? 'zz' : hex.slice(0, 2)}` },
        { seatKeys: s.seatKeys.map((k, i) => (i === 0 ? hex : k)) },
      ];
      return { ...file, hands: [{ ...file.hands[0]!, setup: { ...s, ...changes[m.field]! } }] };
    }
  }
}

const games = Object.keys(FIXTURE_SEEDS);
const MUTATIONS = runs(30, 1000);

describe(`${MUTATIONS} random mutations of a real transcript of each built game`, () => {
  it.each(games)(
    '%s: every mutation refused with its reason, or a reordering that verifies the same',
    (name) => {
      const file = firstHand(fixture(name));
      const gameCache: VerifyOptions['decodeCache'] = new Map();
      const check = (f: TranscriptFile) => verifyTranscript(f, { decodeCache: gameCache });
      const clean = check(file);
      expect(clean.ok).toBe(true);
      const seen = { flip: 0, remove: 0, duplicate: 0, setup: 0, reorder: 0 };
      fc.assert(
        fc.property(mutation, (m) => {
          seen[m.kind]++;
          const n = file.hands[0]!.events.length;
          const report = check(mutate(file, m));
          if (m.kind === 'reorder') {
            expect(report.fault).toBeNull();
            expect(report.hands[0]!.stateHash).toBe(clean.hands[0]!.stateHash);
            return;
          }
          expect(report.ok).toBe(false);
          const fault = report.fault!;
          expect(fault.detail.length).toBeGreaterThan(10);
          if (m.kind === 'flip') {
            expect(['bad-envelope', 'bad-file']).toContain(fault.code);
            expect(fault.event).toBe(m.i % n);
          } else if (m.kind === 'remove') {
            const gone = decodeEvent(file, file.hands[0]!.events[m.i % n]!);
            if (fault.code === 'missing-event') expect(fault.detail).toContain(`event n=${gone.body.n} is missing`);
            else expect(fault.code).toBe('incomplete');
          } else if (m.kind === 'duplicate') {
            expect(fault.code).toBe('duplicate');
          } else {
            expect(fault.seat).toBeNull();
            // A first hand's number or previous outcome changed: the file no longer starts at the table's first hand.
            expect(['bad-file', 'setup-chain', 'wrong-hand', 'not-a-seat', 'not-from-start']).toContain(fault.code);
          }
        }),
        { seed: seedFor(14), numRuns: MUTATIONS },
      );
      expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBe(MUTATIONS);
      expect(seen.flip).toBeGreaterThan(MUTATIONS / 2);
      expect(seen.remove + seen.duplicate + seen.setup).toBeGreaterThan(MUTATIONS / 10);
    },
    900_000,
  );
});
