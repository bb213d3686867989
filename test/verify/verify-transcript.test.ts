/**
 * The offline verifier (src/verify/verify-transcript.ts) case by case, on
 * the smallest real transcript (Pesten, 2 seats, 23 events): each check of
 * the file — its text, the set-up chain between hands, base64, the envelope
 * gate, the seat, the hand number, copies, gaps, the agreed set-up, the
 * rules version — gives its own fault code, the seat to blame (null for an
 * altered file) and the exact words, and is reached without replaying the
 * hand; then the few cases that need the replay (clean, a seat's fault
 * noticed on an event, a fault of the audit, abandoned, incomplete, a false
 * claim, the presumptions passed through), and the report in words from
 * hand-made reports. The fixture and the decode cache are built in a
 * `beforeAll`, never at module level.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import { canonicalJson, type AnyState, type AuditReport, type Outcome } from '../../src/engine/index.js';
import { gameModule } from '../../src/games/index.js';
import {
  encodeEnvelope,
  keyHex,
  signEnvelope,
  type Envelope,
  type EnvelopeOf,
  type Result,
} from '../../src/net/envelope.js';
import { nextSetup, outcomeOf, type HandSetup } from '../../src/table/hand/setup.js';
import { bytesToBase64, transcriptJson, type TranscriptFile } from '../../src/verify/transcript-file.js';
import { verifyTranscript, type TranscriptReport, type VerifyOptions } from '../../src/verify/verify-transcript.js';
import { describeReport } from '../../src/verify/verify-words.js';
import { decodeEvent, fixture, resigned, simulatorSigners, withEvents, FIXTURE_SEEDS } from './transcripts.js';

let pesten: TranscriptFile;
let events: string[];
let cache: Map<string, Result<Envelope>>;
let signers: ReturnType<typeof simulatorSigners>;
let cleanReport: TranscriptReport | undefined;
/** The clean file's report, replayed once, when a test first needs it. */
const clean = () => (cleanReport ??= verify(pesten));
/**
 * The proofs and public key shares are taken as checked (as scripts/verify-parallel.ts
 * does once a worker has checked them): what is tested here is the file around them,
 * and the replay runs in a fraction of the time. fixtures.test.ts verifies with every proof.
 */
const PRESUMED: VerifyOptions = { presumeProofs: () => true, presumeKey: () => true };
const verify = (file: TranscriptFile | string, options: VerifyOptions = PRESUMED) =>
  verifyTranscript(file, { decodeCache: cache, ...options });
const ev = (k: number) => decodeEvent(pesten, events[k]!);
const resign = (k: number, body: Partial<EnvelopeOf<'table-event'>['body']>) => {
  const e = ev(k);
  const seat = pesten.hands[0]!.setup.seatKeys.indexOf(keyHex(e.from));
  return resigned(signers[seat]!, e, { ...e.body, ...body });
};
/** The file as a page exports a hand that ended without a result: it claims none. */
const unclaimed = (file: TranscriptFile): TranscriptFile => ({
  ...file,
  hands: file.hands.map((hand) => ({ ...hand, claimed: { stateHash: null, outcome: null } })),
});
const setupOf = (over: Partial<HandSetup>) => ({
  ...pesten,
  hands: [{ ...pesten.hands[0]!, setup: { ...pesten.hands[0]!.setup, ...over } }],
});

beforeAll(() => {
  pesten = fixture('pesten-2p.json');
  events = [...pesten.hands[0]!.events];
  cache = new Map();
  signers = simulatorSigners(FIXTURE_SEEDS['pesten-2p.json']!, 2);
  // Every event decoded into the cache once, with no replay: a copy at the end stops the check before the hand.
  expect(verify(withEvents(pesten, [...events, events[0]!])).fault?.code).toBe('duplicate');
}, 120_000);

describe('the file, checked before any replay', () => {
  it('text that is not a transcript: bad-file, nothing else known', () => {
    const report = verifyTranscript('{"format": "x"}');
    expect(report).toEqual({
      ok: false,
      file: null,
      started: null,
      hands: [],
      fault: {
        code: 'bad-file',
        seat: null,
        hand: null,
        event: null,
        detail: 'not a Fairdeck transcript (the "format" field must be "fairdeck-transcript")',
      },
    });
  });

  it('a hand of another table (read from its text): setup-chain, no seat blamed', () => {
    const file = setupOf({ table: 'another-table' });
    const report = verify(transcriptJson(file));
    expect(report.ok).toBe(false);
    expect(report.file).toEqual(file);
    expect(report.hands).toEqual([]);
    expect(report.fault).toEqual({
      code: 'setup-chain',
      seat: null,
      hand: 0,
      event: null,
      detail: `hand 1 is of table another-table, not of this file's table ${pesten.table}`,
    });
  });

  it("a hand whose first seat is not the table's creator is not this table's: setup-chain, no seat blamed", () => {
    const [ann, bob] = pesten.hands[0]!.setup.seatKeys;
    expect(verify(setupOf({ seatKeys: [bob!, ann!] })).fault).toEqual({
      code: 'setup-chain',
      seat: null,
      hand: 0,
      event: null,
      detail: "hand 1's first seat is not the table's creator (whose key the table id names)",
    });
  });

  it('a hand of another game: setup-chain', () => {
    expect(verify(setupOf({ game: 'stress-shed' })).fault).toEqual({
      code: 'setup-chain',
      seat: null,
      hand: 0,
      event: null,
      detail: 'hand 1 is a hand of stress-shed, not of pesten',
    });
  });

  it('an event that is not canonical base64: bad-file, naming the event', () => {
    const report = verify(
      withEvents(
        pesten,
        events.map((e, k) => (k === 4 ? `${e.slice(0, -4)}` + 'Zh==' : e)),
      ),
    );
    expect(report.fault).toEqual({
      code: 'bad-file',
      seat: null,
      hand: 0,
      event: 4,
      detail: 'event #5 is not canonical base64',
    });
    expect(report.hands).toEqual([]);
  });

  it('an event whose signature the caller refuses: bad-envelope; the caller is asked per hand and event, and the cache is not used', () => {
    const signature = vi.fn((_envelope: Envelope, _hand: number, event: number) => event !== 6);
    const poisoned = new Map<string, Result<Envelope>>(events.map((e) => [e, { ok: false, error: 'from the cache' }]));
    const report = verifyTranscript(pesten, { signature, decodeCache: poisoned });
    expect(report.fault).toEqual({
      code: 'bad-envelope',
      seat: null,
      hand: 0,
      event: 6,
      detail: 'event #7 is refused by the envelope check: bad signature — it is not what a seat signed',
    });
    expect(signature.mock.calls.map(([envelope, hand, event]) => [keyHex(envelope.sig), hand, event])).toEqual(
      events.slice(0, 7).map((e, k) => [keyHex(ev(k).sig), 0, k]),
    );
  });

  it("an envelope that does not parse: bad-envelope, with the gate's reason", () => {
    const bytes = encodeEnvelope(ev(3));
    const cut = bytesToBase64(bytes.subarray(0, bytes.length - 1));
    const report = verify(
      withEvents(
        pesten,
        events.map((e, k) => (k === 3 ? cut : e)),
      ),
    );
    expect(report.fault).toMatchObject({ code: 'bad-envelope', seat: null, hand: 0, event: 3 });
    expect(report.fault!.detail).toMatch(
      /^event #4 is refused by the envelope check: .+ — it is not what a seat signed$/,
    );
  });

  it('a message of another kind than a table event: bad-envelope', () => {
    const other = 'a-hello-message';
    const forged = new Map(cache);
    forged.set(other, { ok: true, value: { ...ev(2), kind: 'hello' } as unknown as Envelope });
    const report = verifyTranscript(
      withEvents(
        pesten,
        events.map((e, k) => (k === 2 ? other : e)),
      ),
      { decodeCache: forged },
    );
    expect(report.fault).toEqual({
      code: 'bad-envelope',
      seat: null,
      hand: 0,
      event: 2,
      detail: 'event #3 is a hello message, not a table event',
    });
  });

  it('an event signed by a key with no seat: not-a-seat, naming the key', () => {
    const secretKey = ed25519.utils.randomSecretKey(seededRandom('verify-transcript-stranger')(32));
    const stranger = {
      publicKey: ed25519.getPublicKey(secretKey),
      sign: (m: Uint8Array) => ed25519.sign(m, secretKey),
    };
    const e = ev(8);
    const text = bytesToBase64(
      encodeEnvelope(
        signEnvelope(stranger, { kind: 'table-event', table: e.table, seq: e.seq, to: e.to, body: e.body }),
      ),
    );
    const report = verify(
      withEvents(
        pesten,
        events.map((x, k) => (k === 8 ? text : x)),
      ),
    );
    expect(report.fault).toEqual({
      code: 'not-a-seat',
      seat: null,
      hand: 0,
      event: 8,
      detail: `event #9 is signed by ${keyHex(stranger.publicKey).slice(0, 16)}…, who has no seat at this table`,
    });
  });

  it('an event of another hand, signed by its seat: wrong-hand, naming the seat and both hands', () => {
    const report = verify(
      withEvents(
        pesten,
        events.map((x, k) => (k === 10 ? resign(10, { hand: 3 }) : x)),
      ),
    );
    expect(report.fault).toEqual({
      code: 'wrong-hand',
      seat: null,
      hand: 0,
      event: 10,
      detail: 'event #11 (by seat 2) belongs to hand 4, not to hand 1',
    });
  });

  it('an event twice: duplicate, naming both copies', () => {
    const report = verify(withEvents(pesten, [...events, events[12]!]));
    expect(report.fault).toEqual({
      code: 'duplicate',
      seat: null,
      hand: 0,
      event: 23,
      detail: "event #24 is a second copy of event #13 (seat 2's act n=6)",
    });
  });

  it.each([
    ["seat 2's act n=6", 12, "seat 2's event n=6 is missing from the file (it holds that seat's events up to n=12)"],
    ["seat 1's ready n=0", 0, "seat 1's event n=0 is missing from the file (it holds that seat's events up to n=9)"],
    ["seat 1's act n=5", 11, "seat 1's event n=5 is missing from the file (it holds that seat's events up to n=9)"],
  ])('%s removed: missing-event', (_what, k, detail) => {
    const report = verify(
      withEvents(
        pesten,
        events.filter((_, i) => i !== k),
      ),
    );
    expect(report.fault).toEqual({ code: 'missing-event', seat: null, hand: 0, event: null, detail });
  });

  it('a set-up the seats did not agree to (their readies commit to another): bad-file', () => {
    expect(verify(setupOf({ options: { x: 1 } })).fault).toEqual({
      code: 'bad-file',
      seat: null,
      hand: 0,
      event: null,
      detail: "hand 1's set-up in the file is not the one the seats agreed to: no seat's ready commits to its hash",
    });
    expect(verify(setupOf({ dealer: 1 })).fault?.code).toBe('bad-file');
  });

  it("one ready committing to the file's set-up is enough to pass that check", () => {
    // Seat 2's ready re-signed with another set-up hash: the follower then blames seat 2, not the file.
    const report = verify(
      withEvents(
        pesten,
        events.map((x, k) =>
          k === 1 ? resign(1, { data: { ...(ev(1).body.data as object), setup: new Uint8Array(32) } }) : x,
        ),
      ),
    );
    expect(report.fault).toMatchObject({ code: 'bad-setup', seat: 1, hand: 0 });
  });

  it('a file with no ready at all: the set-up check has nothing to compare, and the follower judges the hand (here an abandon at step 0)', () => {
    // Seat 1's first event re-signed as an abandon: no event of the file is a ready, and no event carries a set-up hash.
    const abandon = resign(0, { type: 'abandon', data: { reason: 'never started' } });
    const report = verify(unclaimed(withEvents(pesten, [abandon])));
    expect(report.fault).toMatchObject({ code: 'abandoned', seat: null, hand: 0, event: 0 });
    expect(report.fault!.detail).toMatch(/^the hand has no result: .*never started/);
  });

  it('a rules version this verifier does not know: rules-version, no seat blamed', () => {
    const report = verify({ ...pesten, version: 2, rules: 5 });
    expect(report.fault).toEqual({
      code: 'rules-version',
      seat: null,
      hand: 0,
      event: null,
      detail:
        "the file says hand 1 was played under version 5 of pesten's rules, which this verifier does not know (it knows version 1, 2): a newer Fairdeck wrote it",
    });
    expect(report.hands).toEqual([]);
  });

  it('a game this verifier has no rules for: bad-file', () => {
    // Without the creator's roster, which names the game too (it is checked first).
    const file = {
      ...pesten,
      roster: null,
      game: 'no-such-game',
      hands: [{ ...pesten.hands[0]!, setup: { ...pesten.hands[0]!.setup, game: 'no-such-game' }, events: [] }],
    };
    expect(verify(file).fault).toEqual({
      code: 'bad-file',
      seat: null,
      hand: 0,
      event: null,
      detail: 'no rules for the game no-such-game in this verifier',
    });
  });
});

describe('the hand, replayed', () => {
  it('the clean file: every field of the report', () => {
    const report = clean();
    expect(report.ok).toBe(true);
    expect(report.fault).toBeNull();
    expect(report.file).toBe(pesten);
    expect(report.hands).toHaveLength(1);
    const hand = report.hands[0]!;
    expect(hand.handNo).toBe(0);
    expect(hand.rules).toEqual({ version: 2, current: true, change: null });
    expect(hand.verdict!.status).toBe('clean');
    expect(hand.verdict!.counts.events).toBe(23);
    expect(hand.stateHash).toBe(pesten.hands[0]!.claimed!.stateHash);
    expect(outcomeOf(hand.outcome, hand.stateHash!)).toEqual(pesten.hands[0]!.claimed!.outcome);
    expect(hand.inputs.length).toBeGreaterThan(10);
    expect(hand.open).not.toBeNull();
  });

  it('a seat that signs a false state hash: its fault, blaming it, noticed on that event', () => {
    const report = verify(
      withEvents(
        pesten,
        events.map((x, k) => (k === 14 ? resign(14, { hash: new Uint8Array(32) }) : x)),
      ),
    );
    expect(report.ok).toBe(false);
    expect(report.fault).toMatchObject({ code: 'desync', seat: 1, hand: 0, event: 14 });
    expect(report.fault!.detail).toMatch(
      /^desync at step 7: seat 2 .* \(noticed on taking in event #15: seat 2's act n=7\)$/,
    );
    expect(report.hands).toHaveLength(1);
    expect(report.hands[0]!.verdict!.status).toBe('fault');
    expect(report.hands[0]!.outcome).toBeNull();
  });

  it('the disclosures swapped (each re-signed by its seat): the fault found, blaming seat 1', () => {
    const a = ev(21),
      b = ev(22);
    const swapped = events.map((x, k) =>
      k === 21 ? resign(21, { data: b.body.data }) : k === 22 ? resign(22, { data: a.body.data }) : x,
    );
    const report = verify(withEvents(pesten, swapped));
    expect(report.fault).toMatchObject({ code: 'bad-disclosure', seat: 0, hand: 0 });
    expect(report.fault!.detail).toContain('disclosed a seal key that is not the one it announced');
    expect(report.fault!.detail).toMatch(
      / \((noticed on taking in event #2[23]: seat [12]'s disclose n=(9|12))|(found by the end-of-hand audit)\)$/,
    );
  });

  it('a seat abandons mid-hand: abandoned, no seat blamed, no result', () => {
    const abandon = resign(12, { n: 7, at: 6, hash: ev(13).body.hash, type: 'abandon', data: { reason: 'had to go' } });
    const abandoned = withEvents(pesten, [...events.slice(0, 14), abandon]);
    const report = verify(unclaimed(abandoned));
    expect(report.fault).toMatchObject({ code: 'abandoned', seat: null, hand: 0 });
    expect(report.fault!.detail).toMatch(/^the hand has no result: .*had to go/);
    expect(report.fault!.event).toBe(14);
    expect(report.hands[0]!.verdict!.status).toBe('no-result');
    // The file still claims the result the hand never reached: altered, nobody blamed.
    expect(verify(abandoned).fault).toMatchObject({ code: 'claim-mismatch', seat: null, hand: 0 });
  });

  it('the last disclosure missing: incomplete, waiting for that seat', () => {
    const report = verify(withEvents(pesten, events.slice(0, 22)));
    expect(report.fault).toMatchObject({ code: 'incomplete', seat: null, hand: 0, event: null });
    expect(report.fault!.detail).toMatch(
      /^the hand is incomplete: it stops at engine step \d+, waiting for seat 2 \(.+\)$/,
    );
    expect(report.hands[0]!.verdict!.status).toBe('pending');
  });

  it('no events at all: incomplete at engine step 0', () => {
    const report = verify(withEvents(pesten, []));
    expect(report.fault).toMatchObject({ code: 'incomplete', seat: null, hand: 0, event: null });
    expect(report.fault!.detail).toMatch(
      /^the hand is incomplete: it stops at engine step 0, waiting for seat 1, seat 2 \(.+\)$/,
    );
  });

  it('a real-time hand cut where nobody owes anything yet (no commit of the round): incomplete, waiting for "more events"', () => {
    // Stress Speed right after the deal: the engine awaits moves at any time, and while nobody has committed, nobody is late.
    const speed = fixture('stress-speed-2p.json');
    const report = verifyTranscript(withEvents(speed, speed.hands[0]!.events.slice(0, 10)), PRESUMED);
    expect(report.fault).toEqual({
      code: 'incomplete',
      seat: null,
      hand: 0,
      event: null,
      detail: 'the hand is incomplete: it stops at engine step 2, waiting for more events',
    });
  });

  it("a finished hand's outcome is the game's score after the audit, given the rules report of that audit", () => {
    // Pesten has no scoreAfterAudit (Fighting Cards has one, for a renege only the audit finds): one is lent to it here.
    const module = gameModule('pesten')! as {
      scoreAfterAudit?: (state: AnyState, report: AuditReport) => Outcome | null;
      rules: { outcome: (state: AnyState) => Outcome | null };
    };
    const after = vi.fn((state: AnyState, _report: AuditReport): Outcome | null => ({
      ...module.rules.outcome(state)!,
      summary: 'scored after the audit',
    }));
    module.scoreAfterAudit = after;
    try {
      // The claim records the next dealer and carry, not the summary: it still holds.
      const report = verify(pesten);
      expect(report.ok).toBe(true);
      expect(after).toHaveBeenCalledTimes(1);
      expect(after.mock.calls[0]![1]).toMatchObject({ verdict: 'clean' });
      expect(report.hands[0]!.outcome).toEqual({ ...clean().hands[0]!.outcome!, summary: 'scored after the audit' });
    } finally {
      delete module.scoreAfterAudit;
    }
  });

  it('a claimed state hash the replay does not reach: claim-mismatch', () => {
    const hand = pesten.hands[0]!;
    const report = verify({
      ...pesten,
      hands: [{ ...hand, claimed: { ...hand.claimed!, stateHash: 'f'.repeat(64) } }],
    });
    expect(report.fault).toEqual({
      code: 'claim-mismatch',
      seat: null,
      hand: 0,
      event: null,
      detail: `the file claims the hand ended in state ffffffffffffffff…, but the replay ends in ${hand.claimed!.stateHash!.slice(0, 16)}…`,
    });
    expect(report.hands).toHaveLength(1);
  });

  it('a claimed outcome the replay does not give (no claimed hash): claim-mismatch, both in JSON', () => {
    const hand = pesten.hands[0]!;
    const claimed = { ...hand.claimed!.outcome!, nextDealer: 0 };
    const report = verify({ ...pesten, hands: [{ ...hand, claimed: { stateHash: null, outcome: claimed } }] });
    expect(report.fault).toEqual({
      code: 'claim-mismatch',
      seat: null,
      hand: 0,
      event: null,
      detail: `the file claims the outcome ${canonicalJson(claimed)}, but the replay gives ${canonicalJson(hand.claimed!.outcome)}`,
    });
  });

  it("the presumptions are asked with the hand's index, and trusted", () => {
    const presumeProofs = vi.fn((_hand: number, _packet: number, _envelope: EnvelopeOf<'table-event'>) => true);
    const presumeKey = vi.fn((_hand: number, _packet: number, _layer: number, _position: number, _key: bigint) => true);
    // A claim of the outcome only (no state hash): compared, and it holds.
    const hand = pesten.hands[0]!;
    const report = verify(
      { ...pesten, hands: [{ ...hand, claimed: { stateHash: null, outcome: hand.claimed!.outcome } }] },
      { presumeProofs, presumeKey },
    );
    expect(report.hands[0]!.stateHash).toBe(pesten.hands[0]!.claimed!.stateHash);
    expect(report.ok).toBe(true);
    expect(presumeProofs).toHaveBeenCalled();
    expect(presumeKey).toHaveBeenCalled();
    expect(new Set(presumeProofs.mock.calls.map(([hand]) => hand))).toEqual(new Set([0]));
    expect(
      presumeProofs.mock.calls.every(
        ([, packet, envelope]) =>
          typeof packet === 'number' && ['shuffle', 'lock', 'reshuffle'].includes(envelope.body.type),
      ),
    ).toBe(true);
    expect(new Set(presumeKey.mock.calls.map(([hand]) => hand))).toEqual(new Set([0]));
    expect(presumeKey.mock.calls.every(([, , , , key]) => typeof key === 'bigint')).toBe(true);
  });

  it("a second hand: its set-up must follow from the first's result, naming what differs", () => {
    const first = pesten.hands[0]!;
    const previous = { setup: first.setup, outcome: first.claimed!.outcome };
    const base = {
      table: pesten.table,
      game: pesten.game,
      options: first.setup.options,
      seatKeys: first.setup.seatKeys,
    };
    const next = nextSetup(base, 1, previous);
    // The first hand with its claim (which its replay confirms): its result carries on.
    const two = (setup: HandSetup) => ({
      ...pesten,
      hands: [first, { setup, events: [], claimed: null }],
    });
    // Followed: the second hand is checked (and has no events yet).
    const followed = verify(two(next));
    expect(followed.fault).toMatchObject({ code: 'incomplete', hand: 1 });
    expect(followed.hands.map((h) => h.handNo)).toEqual([0, 1]);
    const one = verify(two({ ...next, dealer: 1 - next.dealer }));
    expect(one.fault).toEqual({
      code: 'setup-chain',
      seat: null,
      hand: 1,
      event: null,
      detail: `hand 2's set-up does not follow from the result of the hand before it (dealer differs: expected dealer ${next.dealer})`,
    });
    expect(one.hands).toHaveLength(1);
    const twoFields = verify(two({ ...next, dealer: 1 - next.dealer, handNo: 5 }));
    expect(twoFields.fault!.detail).toBe(
      `hand 2's set-up does not follow from the result of the hand before it (handNo, dealer differ: expected handNo 1, dealer ${next.dealer})`,
    );
  });
});

describe('the report in words', () => {
  const checks = [
    { ok: true, title: 'check one' },
    { ok: false, title: 'check two' },
    { ok: null, title: 'check three' },
  ];
  const file = {
    format: 'fairdeck-transcript',
    version: 2,
    rules: 3,
    table: 'tbl-9',
    game: 'pesten',
    names: ['Ann', 'Bo'],
    hands: [{ setup: { seatKeys: ['a'.repeat(64), 'b'.repeat(64)] } }],
  } as unknown as TranscriptFile;
  const hand = (over: object = {}) => ({
    handNo: 2,
    names: ['Ann', 'Bo'],
    rules: { version: 3, current: true, change: null },
    verdict: { status: 'clean', counts: { events: 40 }, checks },
    outcome: { ranking: [[1], [0]], scores: [3, 7], summary: 'seat 1 took the last trick; seats 0, 1 drew' },
    stateHash: 'c'.repeat(70),
    inputs: [],
    open: null,
    ...over,
  });
  const words = (report: object) => describeReport(report as TranscriptReport);

  it('a clean report: the file, the seats, each hand and the verdict', () => {
    expect(words({ ok: true, file, started: 3, hands: [hand()], fault: null })).toEqual([
      'Transcript of pesten at table tbl-9: 1 hand(s), format version 2, rules version 3',
      `Seats: seat 1 (Ann) ${'a'.repeat(12)}…, seat 2 (Bo) ${'b'.repeat(12)}…`,
      'Hands started at the table, by the roster its creator signed: 3',
      '',
      'Hand 3: CLEAN — 40 signed events',
      '  ✔ check one',
      '  ✘ check two',
      '  · check three — not reached',
      '  Result: 1. seat 2 (Bo)  2. seat 1 (Ann)',
      '  Scores: seat 1 (Ann) 3, seat 2 (Bo) 7',
      '  seat 2 (Bo) took the last trick; seat 1 (Ann) and seat 2 (Bo) drew',
      `  Final state hash: ${'c'.repeat(64)}`,
      '',
      'VERDICT: CLEAN — all 1 hand(s) verified offline: every signature, every shuffle argument and lock proof, every key share against its commitment, every move by replay with all cards open, every state hash, the outcomes and the set-up of each next hand.',
    ]);
  });

  it('a hand of an older rules version, a tie, no scores, no summary, not clean: no final hash', () => {
    // A file written before seats signed their names: the file's own names, marked, and a line that says so.
    const old = hand({
      names: [null, null],
      rules: { version: 1, current: false, change: 'the match now carries rows' },
      verdict: { status: 'fault', counts: { events: 5 }, checks: [] },
      outcome: { ranking: [[0, 1]], scores: null, summary: null },
    });
    const lines = words({
      ok: false,
      file: { ...file, version: 1, rules: undefined, names: ['Ann', ''] },
      started: null,
      hands: [
        old,
        hand({
          names: [null, null],
          rules: { version: 1, current: false, change: null },
          verdict: null,
          outcome: null,
          stateHash: null,
        }),
      ],
      fault: { code: 'desync', seat: 1, hand: 0, event: 4, detail: 'it lied' },
    });
    expect(lines).toEqual([
      'Transcript of pesten at table tbl-9: 1 hand(s), format version 1',
      `Seats: seat 1 ("Ann", name not signed) ${'a'.repeat(12)}…, seat 2 ${'b'.repeat(12)}…`,
      "Names not signed: seat 1, seat 2 signed no name in their ready (a file written before seats signed their names, or a hand not checked): a name shown in quotes is the exporting page's, unchecked",
      "The file holds no roster signed by the table's creator (written before format version 3, or by a page that had none): whether hands are missing at its end cannot be checked",
      '',
      'Hand 3: FAULT — 5 signed events',
      '  Replayed by version 1 of the pesten rules, the ones it was played under (the match now carries rows)',
      '  Result: 1. seat 1 ("Ann", name not signed), seat 2',
      '',
      'Hand 3: NOT CHECKED — 0 signed events',
      '  Replayed by version 1 of the pesten rules, the ones it was played under (an older version)',
      '',
      'VERDICT: NOT CLEAN — the first fault (hand 1, event #5): seat 2 is to blame.',
      '  Why: it lied [desync]',
    ]);
  });

  it('a fault with no seat, no hand and no event; no file', () => {
    expect(
      words({
        ok: false,
        file: null,
        hands: [],
        fault: { code: 'bad-file', seat: null, hand: null, event: null, detail: 'not JSON' },
      }),
    ).toEqual([
      '',
      'VERDICT: NOT CLEAN — the first fault: no seat is to blame (the file itself is altered or incomplete).',
      '  Why: not JSON [bad-file]',
    ]);
    expect(
      words({
        ok: false,
        file: null,
        hands: [
          hand({
            names: [null, null],
            rules: null,
            stateHash: null,
            outcome: { ranking: [[0]], scores: [1], summary: 'seat 0 won' },
          }),
        ],
        fault: { code: 'incomplete', seat: 0, hand: null, event: 2, detail: 'x' },
      }),
    ).toEqual([
      '',
      'Hand 3: CLEAN — 40 signed events',
      '  ✔ check one',
      '  ✘ check two',
      '  · check three — not reached',
      '  Result: 1. seat 1',
      '  Scores: seat 1 1',
      '  Seat 1 won',
      '',
      'VERDICT: NOT CLEAN — the first fault (event #3): seat 1 is to blame.',
      '  Why: x [incomplete]',
    ]);
  });

  it('with no file: an older rules version names no game, and a hand with a state hash but no verdict shows no final hash', () => {
    const lines = words({
      ok: false,
      file: null,
      hands: [hand({ rules: { version: 1, current: false, change: null }, verdict: null, outcome: null })],
      fault: { code: 'incomplete', seat: null, hand: 0, event: null, detail: 'x' },
    });
    expect(lines).toEqual([
      '',
      'Hand 3: NOT CHECKED — 0 signed events',
      '  Replayed by version 1 of the  rules, the ones it was played under (an older version)',
      '',
      'VERDICT: NOT CLEAN — the first fault (hand 1): no seat is to blame (the file itself is altered or incomplete).',
      '  Why: x [incomplete]',
    ]);
  });

  it('a real report of the fixture names the rules-free lines', () => {
    const lines = describeReport(clean());
    expect(lines[0]).toBe(
      `Transcript of pesten at table ${pesten.table}: 1 hand(s), format version 3, rules version 2`,
    );
    expect(lines).toContain(`  Final state hash: ${pesten.hands[0]!.claimed!.stateHash!.slice(0, 64)}`);
    expect(lines.at(-1)).toMatch(/^VERDICT: CLEAN — all 1 hand\(s\) verified offline/);
  });
});
