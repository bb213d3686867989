/**
 * The `data` of each table event type (src/table/transcript.ts): what a
 * seat may put in a `ready`, `shuffle`, `keys`, `act`, `fault`, … event and
 * the exact words `parseEvent` refuses anything else with (they end up in a
 * `bad-event` halt, naming the field). One row per rule: the largest value
 * allowed passes and the next one is refused, so each bound is pinned. The
 * schemas are built when the module loads, so every test loads it afresh
 * with `loadedNow` (docs/TESTING.md).
 */
import { describe, expect, it } from 'vitest';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import { loadedNow } from '../helpers/loaded-now.js';

const load = () => loadedNow(() => import('../../src/table/transcript.js'));
const b = (n: number) => new Uint8Array(n);
const envelopeOf = (type: string, data: unknown) => ({ body: { type, data } }) as unknown as EnvelopeOf<'table-event'>;
const STEP = 64 * 1024;

/** [type, data, null (accepted) or the exact error]. */
const ROWS: [string, string, unknown, string | null][] = [
  ['ready: keys of 32 bytes', 'ready', { sealKey: b(32), setup: b(32) }, null],
  [
    'ready: a short seal key',
    'ready',
    { sealKey: b(31), setup: b(32) },
    'bad ready event: sealKey: sealKey must be 32 bytes',
  ],
  [
    'ready: a set-up hash that is not bytes',
    'ready',
    { sealKey: b(32), setup: 'ab' },
    'bad ready event: setup: setup must be bytes',
  ],
  [
    'ready: an extra field',
    'ready',
    { sealKey: b(32), setup: b(32), x: 1 },
    'bad ready event: x: Invalid key: Expected never but received "x"',
  ],
  ['ready: not an object', 'ready', 7, 'bad ready event: Invalid type: Expected Object but received 7'],
  ['shuffle: the largest step', 'shuffle', { packet: 0, step: b(STEP) }, null],
  [
    'shuffle: a step one byte too long',
    'shuffle',
    { packet: 0, step: b(STEP + 1) },
    `bad shuffle event: step: longer than ${STEP} bytes`,
  ],
  [
    'shuffle: a step that is not bytes',
    'shuffle',
    { packet: 0, step: [1, 2] },
    'bad shuffle event: step: must be bytes',
  ],
  [
    'shuffle: a negative packet',
    'shuffle',
    { packet: -1, step: b(1) },
    'bad shuffle event: packet: Invalid value: Expected >=0 but received -1',
  ],
  [
    'shuffle: a fractional packet',
    'shuffle',
    { packet: 1.5, step: b(1) },
    'bad shuffle event: packet: Invalid safe integer: Received 1.5',
  ],
  [
    'shuffle: a packet as text',
    'shuffle',
    { packet: '1', step: b(1) },
    'bad shuffle event: packet: Invalid type: Expected number but received "1"',
  ],
  ['lock: a step', 'lock', { packet: 3, step: b(10) }, null],
  [
    'lock: a step one byte too long',
    'lock',
    { packet: 3, step: b(STEP + 1) },
    `bad lock event: step: longer than ${STEP} bytes`,
  ],
  [
    'lock: an extra field',
    'lock',
    { packet: 3, step: b(10), y: 0 },
    'bad lock event: y: Invalid key: Expected never but received "y"',
  ],
  ['reshuffle: a step', 'reshuffle', { packet: 2, step: b(0) }, null],
  [
    'reshuffle: a step one byte too long',
    'reshuffle',
    { packet: 2, step: b(STEP + 1) },
    `bad reshuffle event: step: longer than ${STEP} bytes`,
  ],
  [
    'reshuffle: no packet',
    'reshuffle',
    { step: b(0) },
    'bad reshuffle event: packet: Invalid key: Expected "packet" but received undefined',
  ],
  [
    'keys: 64 public shares',
    'keys',
    { request: 0, shares: [b(STEP), ...Array.from({ length: 63 }, () => b(1))], to: null },
    null,
  ],
  [
    'keys: 65 shares',
    'keys',
    { request: 0, shares: Array.from({ length: 65 }, () => b(1)), to: null },
    'bad keys event: shares: Invalid length: Expected <=64 but received 65',
  ],
  [
    'keys: a share too long',
    'keys',
    { request: 0, shares: [b(1), b(STEP + 1)], to: null },
    `bad keys event: shares.1: longer than ${STEP} bytes`,
  ],
  ['keys: sealed to seat 8 (index 7)', 'keys', { request: 1, shares: [], to: 7 }, null],
  [
    'keys: sealed to a ninth seat',
    'keys',
    { request: 1, shares: [], to: 8 },
    'bad keys event: to: Invalid value: Expected <=7 but received 8',
  ],
  [
    'keys: sealed to seat -1',
    'keys',
    { request: 1, shares: [], to: -1 },
    'bad keys event: to: Invalid value: Expected >=0 but received -1',
  ],
  [
    'keys: no recipient field',
    'keys',
    { request: 1, shares: [] },
    'bad keys event: to: Invalid key: Expected "to" but received undefined',
  ],
  [
    'keys: a negative request',
    'keys',
    { request: -2, shares: [], to: null },
    'bad keys event: request: Invalid value: Expected >=0 but received -2',
  ],
  [
    'act: a JSON move with 64 keys',
    'act',
    { action: { play: [1, 'x', null, true], n: -2.5 }, keys: Array.from({ length: 64 }, () => b(1)) },
    null,
  ],
  [
    'act: 65 keys',
    'act',
    { action: 1, keys: Array.from({ length: 65 }, () => b(1)) },
    'bad act event: keys: Invalid length: Expected <=64 but received 65',
  ],
  [
    'act: a key too long',
    'act',
    { action: 1, keys: [b(STEP + 1)] },
    `bad act event: keys.0: longer than ${STEP} bytes`,
  ],
  [
    'act: a move holding bytes',
    'act',
    { action: { card: b(2) }, keys: [] },
    'bad act event: action: a move must be plain JSON data',
  ],
  [
    'act: a move holding a non-finite number',
    'act',
    { action: [Infinity], keys: [] },
    'bad act event: action: a move must be plain JSON data',
  ],
  ['commit: a digest', 'commit', { round: 4, digest: b(32) }, null],
  [
    'commit: a short digest',
    'commit',
    { round: 4, digest: b(16) },
    'bad commit event: digest: digest must be 32 bytes',
  ],
  [
    'commit: a negative round',
    'commit',
    { round: -1, digest: b(32) },
    'bad commit event: round: Invalid value: Expected >=0 but received -1',
  ],
  [
    'reveal: 16 moves',
    'reveal',
    { round: 0, actions: Array.from({ length: 16 }, (_, i) => ({ i })), salt: b(32) },
    null,
  ],
  [
    'reveal: 17 moves',
    'reveal',
    { round: 0, actions: Array.from({ length: 17 }, (_, i) => i), salt: b(32) },
    'bad reveal event: actions: at most 16 moves per round',
  ],
  [
    'reveal: a move that is not JSON',
    'reveal',
    { round: 0, actions: [1, NaN], salt: b(32) },
    'bad reveal event: actions.1: a move must be plain JSON data',
  ],
  [
    'reveal: a short salt',
    'reveal',
    { round: 0, actions: [], salt: b(31) },
    'bad reveal event: salt: salt must be 32 bytes',
  ],
  [
    'disclose: 256 secrets',
    'disclose',
    { secrets: [b(STEP), ...Array.from({ length: 255 }, () => b(1))], sealSecret: b(32) },
    null,
  ],
  [
    'disclose: 257 secrets',
    'disclose',
    { secrets: Array.from({ length: 257 }, () => b(1)), sealSecret: b(32) },
    'bad disclose event: secrets: Invalid length: Expected <=256 but received 257',
  ],
  [
    'disclose: a secret too long',
    'disclose',
    { secrets: [b(STEP + 1)], sealSecret: b(32) },
    `bad disclose event: secrets.0: longer than ${STEP} bytes`,
  ],
  [
    'disclose: a short seal secret',
    'disclose',
    { secrets: [], sealSecret: b(33) },
    'bad disclose event: sealSecret: sealSecret must be 32 bytes',
  ],
  ['abandon: a reason of 300 characters', 'abandon', { reason: 'r'.repeat(300) }, null],
  [
    'abandon: a reason of 301 characters',
    'abandon',
    { reason: 'r'.repeat(301) },
    'bad abandon event: reason: Invalid length: Expected <=300 but received 301',
  ],
  [
    'abandon: a reason that is not text',
    'abandon',
    { reason: 3 },
    'bad abandon event: reason: Invalid type: Expected string but received 3',
  ],
  [
    'fault: a halt code of 24 letters and dashes, seat 8',
    'fault',
    { code: 'a-'.repeat(12), seat: 7, detail: 'd'.repeat(300) },
    null,
  ],
  ['fault: no seat named', 'fault', { code: 'desync', seat: null, detail: '' }, null],
  [
    'fault: a halt code of 25 characters',
    'fault',
    { code: 'a'.repeat(25), seat: null, detail: '' },
    'bad fault event: code: not a halt code',
  ],
  [
    'fault: an empty halt code',
    'fault',
    { code: '', seat: null, detail: '' },
    'bad fault event: code: not a halt code',
  ],
  [
    'fault: a halt code with a digit',
    'fault',
    { code: 'bad-step2', seat: null, detail: '' },
    'bad fault event: code: not a halt code',
  ],
  [
    'fault: a halt code with capitals',
    'fault',
    { code: 'Desync', seat: null, detail: '' },
    'bad fault event: code: not a halt code',
  ],
  [
    'fault: a halt code with a prefix',
    'fault',
    { code: ' desync', seat: null, detail: '' },
    'bad fault event: code: not a halt code',
  ],
  [
    'fault: a halt code with a suffix',
    'fault',
    { code: 'desync!', seat: null, detail: '' },
    'bad fault event: code: not a halt code',
  ],
  [
    'fault: a ninth seat',
    'fault',
    { code: 'desync', seat: 8, detail: '' },
    'bad fault event: seat: Invalid value: Expected <=7 but received 8',
  ],
  [
    'fault: a negative seat',
    'fault',
    { code: 'desync', seat: -1, detail: '' },
    'bad fault event: seat: Invalid value: Expected >=0 but received -1',
  ],
  [
    'fault: a detail of 301 characters',
    'fault',
    { code: 'desync', seat: 0, detail: 'd'.repeat(301) },
    'bad fault event: detail: Invalid length: Expected <=300 but received 301',
  ],
];

describe('parseEvent: the data each event type may hold', () => {
  it.each(ROWS)('%s', async (_what, type, data, error) => {
    const { parseEvent } = await load();
    const envelope = envelopeOf(type, data);
    const parsed = parseEvent(envelope, 5);
    if (error === null) {
      // The same values, by identity (a deep comparison of 64 KiB byte strings is slow).
      if (!parsed.ok) expect.fail(parsed.error);
      expect(parsed.value.envelope).toBe(envelope);
      expect([parsed.value.seat, parsed.value.type]).toEqual([5, type]);
      const out = parsed.value.data as Record<string, unknown>;
      expect(Object.keys(out)).toEqual(Object.keys(data as object));
      for (const [key, value] of Object.entries(data as object)) {
        if (!Array.isArray(value)) expect(out[key]).toStrictEqual(value);
        else {
          expect(out[key]).toHaveLength(value.length);
          value.forEach((item, i) => expect((out[key] as unknown[])[i]).toBe(item));
        }
      }
    } else {
      expect(parsed).toEqual({ ok: false, error });
    }
  });

  it('every event type of the wire has a schema, and no other', async () => {
    const { EVENT_DATA } = await load();
    expect(Object.keys(EVENT_DATA).sort()).toEqual(
      [
        'abandon',
        'act',
        'commit',
        'disclose',
        'fault',
        'keys',
        'lock',
        'ready',
        'reshuffle',
        'reveal',
        'shuffle',
      ].sort(),
    );
  });
});
