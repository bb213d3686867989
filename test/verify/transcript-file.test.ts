/**
 * The transcript file's reader and writer (src/verify/transcript-file.ts),
 * field by field and without replaying a hand: the version switch, each
 * schema rule with the exact refusal a user reads ("bad transcript
 * (version 1): hands.0.setup.seatKeys.0: must be 32 bytes of lower-case
 * hex"), what `buildTranscriptFile` writes (format version 3, the game's
 * rules version, hands sorted, envelopes as base64 of their CBOR, no claim
 * when nothing was recorded, the creator's signed roster or null) and the text form (its strict base64 is in
 * base64.test.ts). The schemas are built when the module loads,
 * so every test loads it afresh (`loadedNow`, docs/TESTING.md); the games'
 * rules versions come from a stand-in registry (see below).
 */
import { describe, expect, it, vi } from 'vitest';
import { encodeEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { loadedNow } from '../helpers/loaded-now.js';

/**
 * The game registry stands in for src/games/rules-versions.ts: loading every game afresh
 * in each test cost a third of a second; transcript-file.ts asks it
 * only for the current rules version of a game (null: a game it does not know).
 */
vi.mock('../../src/games/rules-versions.js', () => ({
  currentRulesVersion: (game: string) => ({ 'fighting-cards': 2, pesten: 1 })[game] ?? null,
}));
const load = () => loadedNow(() => import('../../src/verify/transcript-file.js'));
const KEY_A = 'a1'.repeat(32);
const KEY_B = '0b'.repeat(32);
const HASH = 'cd'.repeat(32);

const setup = (over: Partial<Record<keyof HandSetup, unknown>> = {}) => ({
  table: 'tbl-1',
  handNo: 0,
  game: 'pesten',
  options: { x: 1 },
  seatKeys: [KEY_A, KEY_B],
  dealer: 0,
  carry: null,
  previous: null,
  ...over,
});
const hand = (over: Record<string, unknown> = {}) => ({
  setup: setup(),
  events: ['AAAA'],
  claimed: { stateHash: HASH, outcome: { stateHash: HASH, nextDealer: 1, carry: { s: [1, 2] } } },
  ...over,
});
const file1 = (over: Record<string, unknown> = {}) => ({
  format: 'fairdeck-transcript',
  version: 1,
  table: 'tbl-1',
  game: 'pesten',
  names: ['Ann', 'Bo'],
  hands: [hand()],
  ...over,
});
const file2 = (over: Record<string, unknown> = {}) => ({ ...file1(), version: 2, rules: 1, ...over });
const file3 = (over: Record<string, unknown> = {}) => ({ ...file2(), version: 3, roster: null, ...over });
const withSetup = (over: Partial<Record<keyof HandSetup, unknown>>) => file1({ hands: [hand({ setup: setup(over) })] });

describe('parseTranscriptFile', () => {
  it.each([
    ['version 1', file1()],
    ['version 2 with its rules version', file2()],
    ['version 2, rules version 7', file2({ rules: 7 })],
    ['version 3 without a roster', file3()],
    ['version 3 with a roster', file3({ roster: 'AQIDBA==' })],
    ['a table id of 64 characters', file1({ table: 't'.repeat(64) })],
    ['a game id of 32 characters', file1({ game: 'g'.repeat(32) })],
    ['eight names of 64 characters', file1({ names: Array.from({ length: 8 }, () => 'n'.repeat(64)) })],
    ['no claim', file1({ hands: [hand({ claimed: null })] })],
    [
      'a claim with no state hash and no outcome',
      file1({ hands: [hand({ claimed: { stateHash: null, outcome: null } })] }),
    ],
    [
      'an outcome hash longer than 64 digits',
      file1({
        hands: [
          hand({ claimed: { stateHash: 'x', outcome: { stateHash: '0'.repeat(80), nextDealer: 0, carry: null } } }),
        ],
      }),
    ],
    [
      'eight seats, a carry and a previous hand',
      withSetup({ seatKeys: Array.from({ length: 8 }, () => KEY_A), carry: [1], previous: HASH, handNo: 3, dealer: 7 }),
    ],
    ['a set-up table id of 64 characters', withSetup({ table: 's'.repeat(64), game: 'h'.repeat(32) })],
    ['an event of 1,000,000 characters', file1({ hands: [hand({ events: ['A'.repeat(1_000_000)] })] })],
    ['two hands, no events', file1({ hands: [hand({ events: [] }), hand({ events: [] })] })],
  ])('reads %s as it is', async (_what, raw) => {
    const { parseTranscriptFile } = await load();
    expect(parseTranscriptFile(JSON.stringify(raw))).toEqual({ ok: true, value: raw });
  });

  it.each([
    [
      'a table id of 65 characters',
      file1({ table: 't'.repeat(65) }),
      'bad transcript (version 1): table: Invalid length: Expected <=64 but received 65',
    ],
    [
      'an empty table id',
      file1({ table: '' }),
      'bad transcript (version 1): table: Invalid length: Expected >=1 but received 0',
    ],
    [
      'a game id of 33 characters',
      file1({ game: 'g'.repeat(33) }),
      'bad transcript (version 1): game: Invalid length: Expected <=32 but received 33',
    ],
    [
      'nine names',
      file1({ names: Array.from({ length: 9 }, () => 'n') }),
      'bad transcript (version 1): names: Invalid length: Expected <=8 but received 9',
    ],
    [
      'a name of 65 characters',
      file1({ names: ['Ann', 'n'.repeat(65)] }),
      'bad transcript (version 1): names.1: Invalid length: Expected <=64 but received 65',
    ],
    ['no hand', file1({ hands: [] }), 'bad transcript (version 1): hands: the file holds no hand'],
    [
      'an extra field',
      file1({ extra: 1 }),
      'bad transcript (version 1): extra: Invalid key: Expected never but received "extra"',
    ],
    [
      'version 1 with a rules version',
      file1({ rules: 2 }),
      'bad transcript (version 1): rules: Invalid key: Expected never but received "rules"',
    ],
    [
      'version 3 without its roster field',
      file3({ roster: undefined }),
      'bad transcript (version 3): roster: Invalid key: Expected "roster" but received undefined',
    ],
    [
      'a roster in a version 2 file',
      file2({ roster: null }),
      'bad transcript (version 2): roster: Invalid key: Expected never but received "roster"',
    ],
    [
      'version 2 without its rules version',
      file2({ rules: undefined }),
      'bad transcript (version 2): rules: Invalid key: Expected "rules" but received undefined',
    ],
    [
      'version 2, rules version 0',
      file2({ rules: 0 }),
      'bad transcript (version 2): rules: Invalid value: Expected >=1 but received 0',
    ],
    [
      'version 2, rules version 1.5',
      file2({ rules: 1.5 }),
      'bad transcript (version 2): rules: Invalid safe integer: Received 1.5',
    ],
    [
      'version 2, a game id of 33 characters',
      file2({ game: 'g'.repeat(33) }),
      'bad transcript (version 2): game: Invalid length: Expected <=32 but received 33',
    ],
    [
      'an event of 1,000,001 characters',
      file1({ hands: [hand({ events: ['A'.repeat(1_000_001)] })] }),
      'bad transcript (version 1): hands.0.events.0: Invalid length: Expected <=1000000 but received 1000001',
    ],
    [
      '100,001 events',
      file1({ hands: [hand({ events: Array.from({ length: 100_001 }, () => '') })] }),
      'bad transcript (version 1): hands.0.events: Invalid length: Expected <=100000 but received 100001',
    ],
    [
      'an event that is not text',
      file1({ hands: [hand({ events: [1] })] }),
      'bad transcript (version 1): hands.0.events.0: Invalid type: Expected string but received 1',
    ],
    [
      'an extra field in a hand',
      file1({ hands: [hand({ x: 1 })] }),
      'bad transcript (version 1): hands.0.x: Invalid key: Expected never but received "x"',
    ],
    [
      'a claim with an extra field',
      file1({ hands: [hand({ claimed: { stateHash: null, outcome: null, x: 1 } })] }),
      'bad transcript (version 1): hands.0.claimed.x: Invalid key: Expected never but received "x"',
    ],
    [
      'a claimed state hash that is not text',
      file1({ hands: [hand({ claimed: { stateHash: 5, outcome: null } })] }),
      'bad transcript (version 1): hands.0.claimed.stateHash: Invalid type: Expected string but received 5',
    ],
    [
      'an outcome hash of 63 digits',
      file1({
        hands: [
          hand({ claimed: { stateHash: null, outcome: { stateHash: '0'.repeat(63), nextDealer: 0, carry: null } } }),
        ],
      }),
      'bad transcript (version 1): hands.0.claimed.outcome.stateHash: Invalid format: Expected /^[0-9a-f]{64,}$/ but received "000000000000000000000000000000000000000000000000000000000000000"',
    ],
    [
      'an outcome hash with a capital',
      file1({
        hands: [
          hand({
            claimed: { stateHash: null, outcome: { stateHash: `A${'0'.repeat(64)}`, nextDealer: 0, carry: null } },
          }),
        ],
      }),
      `bad transcript (version 1): hands.0.claimed.outcome.stateHash: Invalid format: Expected /^[0-9a-f]{64,}$/ but received "A${'0'.repeat(64)}"`,
    ],
    [
      'an outcome with a negative next dealer',
      file1({
        hands: [hand({ claimed: { stateHash: null, outcome: { stateHash: HASH, nextDealer: -1, carry: null } } })],
      }),
      'bad transcript (version 1): hands.0.claimed.outcome.nextDealer: Invalid value: Expected >=0 but received -1',
    ],
    [
      'an outcome without its carry',
      file1({ hands: [hand({ claimed: { stateHash: null, outcome: { stateHash: HASH, nextDealer: 0 } } })] }),
      'bad transcript (version 1): hands.0.claimed.outcome.carry: Invalid key: Expected "carry" but received undefined',
    ],
    [
      'an outcome with an extra field',
      file1({
        hands: [hand({ claimed: { stateHash: null, outcome: { stateHash: HASH, nextDealer: 0, carry: null, y: 2 } } })],
      }),
      'bad transcript (version 1): hands.0.claimed.outcome.y: Invalid key: Expected never but received "y"',
    ],
    [
      'a set-up table id of 65 characters',
      withSetup({ table: 's'.repeat(65) }),
      'bad transcript (version 1): hands.0.setup.table: Invalid length: Expected <=64 but received 65',
    ],
    [
      'an empty set-up table id',
      withSetup({ table: '' }),
      'bad transcript (version 1): hands.0.setup.table: Invalid length: Expected >=1 but received 0',
    ],
    [
      'a set-up game id of 33 characters',
      withSetup({ game: 'g'.repeat(33) }),
      'bad transcript (version 1): hands.0.setup.game: Invalid length: Expected <=32 but received 33',
    ],
    [
      'a negative hand number',
      withSetup({ handNo: -1 }),
      'bad transcript (version 1): hands.0.setup.handNo: Invalid value: Expected >=0 but received -1',
    ],
    [
      'a fractional dealer',
      withSetup({ dealer: 0.5 }),
      'bad transcript (version 1): hands.0.setup.dealer: Invalid safe integer: Received 0.5',
    ],
    [
      'a dealer as text',
      withSetup({ dealer: '0' }),
      'bad transcript (version 1): hands.0.setup.dealer: Invalid type: Expected number but received "0"',
    ],
    [
      'one seat',
      withSetup({ seatKeys: [KEY_A] }),
      'bad transcript (version 1): hands.0.setup.seatKeys: a hand has 2 to 8 seats, or none (called off)',
    ],
    [
      'nine seats',
      withSetup({ seatKeys: Array.from({ length: 9 }, () => KEY_A) }),
      'bad transcript (version 1): hands.0.setup.seatKeys: Invalid length: Expected <=8 but received 9',
    ],
    [
      'a seat key of 31 bytes',
      withSetup({ seatKeys: [KEY_A, 'ab'.repeat(31)] }),
      'bad transcript (version 1): hands.0.setup.seatKeys.1: must be 32 bytes of lower-case hex',
    ],
    [
      'a seat key of 33 bytes',
      withSetup({ seatKeys: ['ab'.repeat(33), KEY_B] }),
      'bad transcript (version 1): hands.0.setup.seatKeys.0: must be 32 bytes of lower-case hex',
    ],
    [
      'a seat key in capitals',
      withSetup({ seatKeys: [KEY_A.toUpperCase(), KEY_B] }),
      'bad transcript (version 1): hands.0.setup.seatKeys.0: must be 32 bytes of lower-case hex',
    ],
    [
      'a seat key with a prefix',
      withSetup({ seatKeys: [KEY_A, `x${KEY_B}`] }),
      'bad transcript (version 1): hands.0.setup.seatKeys.1: must be 32 bytes of lower-case hex',
    ],
    [
      'a seat key with a suffix',
      withSetup({ seatKeys: [KEY_A, `${KEY_B}x`] }),
      'bad transcript (version 1): hands.0.setup.seatKeys.1: must be 32 bytes of lower-case hex',
    ],
    [
      'a previous hash of 31 bytes',
      withSetup({ previous: 'ab'.repeat(31) }),
      'bad transcript (version 1): hands.0.setup.previous: must be 32 bytes of lower-case hex',
    ],
    [
      'a set-up without its carry',
      withSetup({ carry: undefined }),
      'bad transcript (version 1): hands.0.setup.carry: Invalid key: Expected "carry" but received undefined',
    ],
    [
      'a set-up with an extra field',
      withSetup({ z: 0 } as never),
      'bad transcript (version 1): hands.0.setup.z: Invalid key: Expected never but received "z"',
    ],
    // A field named by the empty string: the error names no field and says nothing in its place.
    [
      'an extra field whose name is empty',
      file1({ '': 1 }),
      'bad transcript (version 1): Invalid key: Expected never but received ""',
    ],
    [
      'version 2, an extra field whose name is empty',
      file2({ '': 1 }),
      'bad transcript (version 2): Invalid key: Expected never but received ""',
    ],
  ])('refuses %s, naming the field', async (_what, raw, error) => {
    const { parseTranscriptFile } = await load();
    expect(parseTranscriptFile(JSON.stringify(raw))).toEqual({ ok: false, error });
  });

  it.each([
    ['text that is not JSON', '{', /^not JSON: \S/],
    ['JSON null', 'null', /^not a Fairdeck transcript \(the "format" field must be "fairdeck-transcript"\)$/],
    ['a JSON number', '5', /^not a Fairdeck transcript \(the "format" field must be "fairdeck-transcript"\)$/],
    [
      'another format',
      JSON.stringify({ ...file1(), format: 'fairdeck' }),
      /^not a Fairdeck transcript \(the "format" field must be "fairdeck-transcript"\)$/,
    ],
    [
      'version 4',
      JSON.stringify(file1({ version: 4 })),
      /^unknown transcript version 4 \(this verifier reads versions 1 to 3: a newer Fairdeck wrote it\)$/,
    ],
    [
      'version "1" as text',
      JSON.stringify(file1({ version: '1' })),
      /^unknown transcript version "1" \(this verifier reads versions 1 to 3: a newer Fairdeck wrote it\)$/,
    ],
    [
      'no version',
      JSON.stringify(file1({ version: undefined })),
      /^unknown transcript version undefined \(this verifier reads versions 1 to 3: a newer Fairdeck wrote it\)$/,
    ],
  ])('refuses %s', async (_what, text, error) => {
    const { parseTranscriptFile } = await load();
    const parsed = parseTranscriptFile(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(error);
  });

  it('the format and the version written are pinned', async () => {
    const { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } = await load();
    expect([TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION]).toEqual(['fairdeck-transcript', 3]);
  });
});

describe('buildTranscriptFile and transcriptJson', () => {
  const roster = {
    v: 1,
    kind: 'roster',
    table: 'tbl-1',
    from: new Uint8Array(32).fill(3),
    seq: 5,
    to: null,
    body: {
      version: 4,
      config: { game: 'fighting-cards', seats: 3, options: {} },
      seats: [null, null, null],
      hands: 2,
    },
    sig: new Uint8Array(64).fill(4),
  } as unknown as EnvelopeOf<'roster'>;
  const envelope = {
    kind: 'table-event',
    table: 'tbl-1',
    from: new Uint8Array(32).fill(1),
    seq: 3,
    to: null,
    body: { hand: 0, n: 0, at: 0, hash: new Uint8Array(32), type: 'abandon', data: { reason: 'x' } },
    sig: new Uint8Array(64).fill(2),
  } as unknown as EnvelopeOf<'table-event'>;

  it("writes version 3 with the game's rules version, the hands in hand order, the events as base64 of their bytes, the roster signed", async () => {
    const { buildTranscriptFile, bytesToBase64 } = await load();
    const s0 = setup({ game: 'fighting-cards' }) as unknown as HandSetup;
    const s1 = setup({ game: 'fighting-cards', handNo: 1 }) as unknown as HandSetup;
    const names = ['Ann', 'Bo'];
    const outcome = { stateHash: HASH, nextDealer: 1, carry: null };
    const file = buildTranscriptFile(
      [
        { setup: s1, envelopes: [new Uint8Array([1, 2, 3, 4])], stateHash: null, outcome: null },
        { setup: s0, envelopes: [envelope, new Uint8Array([255])], stateHash: HASH, outcome },
      ],
      names,
      roster,
    );
    expect(file).toEqual({
      format: 'fairdeck-transcript',
      version: 3,
      table: 'tbl-1',
      game: 'fighting-cards',
      rules: 2,
      names: ['Ann', 'Bo'],
      hands: [
        { setup: s0, events: [bytesToBase64(encodeEnvelope(envelope)), '/w=='], claimed: { stateHash: HASH, outcome } },
        { setup: s1, events: ['AQIDBA=='], claimed: null },
      ],
      roster: bytesToBase64(encodeEnvelope(roster)),
    });
    expect(file.names).not.toBe(names);
  });

  it('a claim when only the state hash or only the outcome was recorded; rules version 1 for a game this build does not know; no names', async () => {
    const { buildTranscriptFile } = await load();
    const s = setup({ game: 'no-such-game' }) as unknown as HandSetup;
    const outcome = { stateHash: HASH, nextDealer: 0, carry: null };
    const file = buildTranscriptFile([
      { setup: s, envelopes: [], stateHash: HASH, outcome: null },
      { setup: { ...s, handNo: 1 }, envelopes: [], stateHash: null, outcome },
    ]);
    expect(file.roster).toBeNull();
    expect(file.rules).toBe(1);
    expect(file.names).toEqual([]);
    expect(file.hands.map((h) => h.claimed)).toEqual([
      { stateHash: HASH, outcome: null },
      { stateHash: null, outcome },
    ]);
    expect(file.game).toBe('no-such-game');
  });

  it('refuses a match with no hand', async () => {
    const { buildTranscriptFile } = await load();
    expect(() => buildTranscriptFile([])).toThrow(new RangeError('buildTranscriptFile: no hand to export'));
  });

  it('the text form: JSON indented by one space, ending in a newline, read back as it was', async () => {
    const { parseTranscriptFile, transcriptJson } = await load();
    const raw = file2();
    const text = transcriptJson(raw as never);
    expect(text).toBe(`${JSON.stringify(raw, null, 1)}\n`);
    expect(text.startsWith('{\n "format": "fairdeck-transcript",\n "version": 2,')).toBe(true);
    expect(parseTranscriptFile(text)).toEqual({ ok: true, value: raw });
  });
});
