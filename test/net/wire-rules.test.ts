/**
 * The small rules of the wire, checked one by one and fast: the body schema
 * of every message kind (messages.ts: bounds, the exact reasons a peer's log
 * shows, which kinds need a seat, are relayed or are replay-checked), how a
 * peer id is derived from a key (peer-id.ts), and the transport's shared
 * rules (transport.ts: which of two crossed dials both sides keep, the
 * signaling reconnect backoff). Schemas are built when messages.ts loads, so
 * each test loads it afresh with loadedNow (docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { loadedNow } from '../helpers/loaded-now.js';
import { PEER_ID_KEY_HEX, peerIdFor } from '../../src/net/peer-id.js';
import { keepExistingLink, keepLinkStartedBy, reconnectDelayMs } from '../../src/net/transport.js';

const messages = () => loadedNow(() => import('../../src/net/messages.js'));

/** The first issue's message, or 'ok'. */
async function verdict(kind: string, body: unknown): Promise<string> {
  const m = await messages();
  const result = v.safeParse(m.BODY_SCHEMAS[kind as keyof typeof m.BODY_SCHEMAS], body);
  return result.success ? 'ok' : result.issues[0].message;
}

const key = new Uint8Array(32).fill(7);
const hash = new Uint8Array(32).fill(3);
const config = { game: 'pesten', seats: 4, options: { targetPoints: 2, jokers: true, deck: 'two' } };
const roster = (patch: Record<string, unknown> = {}) => ({
  version: 3,
  config,
  seats: [{ key, name: 'Ann', peerId: 'fd-t-0011' }, null],
  hands: 0,
  ...patch,
});
const event = (patch: Record<string, unknown> = {}) => ({
  hand: 1,
  n: 0,
  at: 5,
  hash,
  type: 'act',
  data: { any: 'thing' },
  ...patch,
});

describe('peer ids', () => {
  test('are fd-<table>-<first 16 hex of the key>', () => {
    expect(PEER_ID_KEY_HEX).toBe(16);
    expect(peerIdFor('tbl', '0123456789abcdef0123456789abcdef')).toBe('fd-tbl-0123456789abcdef');
    expect(peerIdFor('x', 'abc')).toBe('fd-x-abc');
  });
});

describe('transport rules', () => {
  test('crossed dials: both keep the link started by the smaller id', () => {
    expect(keepLinkStartedBy('a', 'b')).toBe('a');
    expect(keepLinkStartedBy('b', 'a')).toBe('a');
    expect(keepLinkStartedBy('a', 'a')).toBe('a');
    expect(keepExistingLink('a', 'b', true)).toBe(true);
    expect(keepExistingLink('b', 'a', true)).toBe(false);
    // The remote started the one we hold: its new dial replaces it, whoever is smaller.
    expect(keepExistingLink('a', 'b', false)).toBe(false);
    expect(keepExistingLink('b', 'a', false)).toBe(false);
  });

  test.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [4, 16_000],
    [5, 30_000],
    [6, 30_000],
    [40, 30_000],
  ])('reconnect attempt %i waits %i ms', (attempt, ms) => {
    expect(reconnectDelayMs(attempt)).toBe(ms);
  });
});

describe('message kinds', () => {
  test('the kinds every peer must spell alike', async () => {
    const m = await messages();
    expect(m.KINDS).toEqual(['hello', 'presence', 'join', 'leave', 'roster', 'table-event', 'fetch', 'echo', 'chat']);
  });

  test('bytesOfLength names what must be bytes and how many', async () => {
    const m = await messages();
    const schema = m.bytesOfLength(4, 'nonce');
    expect(v.safeParse(schema, new Uint8Array(4)).success).toBe(true);
    expect(v.safeParse(schema, new Uint8Array(5)).issues?.[0].message).toBe('nonce must be 4 bytes');
    expect(v.safeParse(schema, new Uint8Array(3)).issues?.[0].message).toBe('nonce must be 4 bytes');
    expect(v.safeParse(schema, [1, 2, 3, 4]).issues?.[0].message).toBe('nonce must be bytes');
  });
});

describe('bodies', () => {
  test.each<[string, string, unknown, string]>([
    ['hello', 'honest', { peerId: 'fd-t_A-9', name: 'Ann' }, 'ok'],
    ['hello', 'name of 32', { peerId: 'p', name: 'n'.repeat(32) }, 'ok'],
    ['hello', 'name of 33', { peerId: 'p', name: 'n'.repeat(33) }, 'name longer than 32'],
    ['hello', 'name not a string', { peerId: 'p', name: 5 }, 'name must be a string'],
    ['hello', 'peer id of 128', { peerId: 'p'.repeat(128), name: 'n' }, 'ok'],
    ['hello', 'peer id of 129', { peerId: 'p'.repeat(129), name: 'n' }, 'peer id too long'],
    ['hello', 'peer id not a string', { peerId: 1, name: 'n' }, 'peer id must be a string'],
    ['hello', 'peer id with a dot', { peerId: 'fd.x', name: 'n' }, 'peer id has characters PeerJS does not allow'],
    [
      'hello',
      'peer id with a leading space',
      { peerId: ' fd', name: 'n' },
      'peer id has characters PeerJS does not allow',
    ],
    [
      'hello',
      'peer id with a trailing space',
      { peerId: 'fd ', name: 'n' },
      'peer id has characters PeerJS does not allow',
    ],
    ['hello', 'empty peer id', { peerId: '', name: 'n' }, 'peer id has characters PeerJS does not allow'],
    [
      'hello',
      'an unknown field',
      { peerId: 'p', name: 'n', extra: 1 },
      'Invalid key: Expected never but received "extra"',
    ],
    ['presence', 'honest', { peerId: 'p', name: 'n', links: Array(16).fill('q') }, 'ok'],
    ['presence', '17 links', { peerId: 'p', name: 'n', links: Array(17).fill('q') }, 'too many links'],
    [
      'presence',
      'a bad link',
      { peerId: 'p', name: 'n', links: ['a b'] },
      'peer id has characters PeerJS does not allow',
    ],
    ['join', 'any seat', { peerId: 'p', name: 'n', seat: null }, 'ok'],
    ['join', 'seat 0', { peerId: 'p', name: 'n', seat: 0 }, 'ok'],
    ['join', 'seat 7', { peerId: 'p', name: 'n', seat: 7 }, 'ok'],
    ['join', 'seat 8', { peerId: 'p', name: 'n', seat: 8 }, 'no such seat'],
    ['join', 'seat -1', { peerId: 'p', name: 'n', seat: -1 }, 'must be ≥ 0'],
    ['join', 'seat 1.5', { peerId: 'p', name: 'n', seat: 1.5 }, 'must be an integer'],
    ['join', 'seat "1"', { peerId: 'p', name: 'n', seat: '1' }, 'must be a number'],
    ['leave', 'honest', { rosterVersion: 0 }, 'ok'],
    ['leave', 'negative', { rosterVersion: -1 }, 'must be ≥ 0'],
    ['roster', 'honest', roster(), 'ok'],
    ['roster', '8 seats', roster({ seats: Array(8).fill(null) }), 'ok'],
    ['roster', '9 seats', roster({ seats: Array(9).fill(null) }), 'too many seats'],
    [
      'roster',
      'a short key',
      roster({ seats: [{ key: new Uint8Array(31), name: 'n', peerId: 'p' }] }),
      'key must be 32 bytes',
    ],
    ['roster', 'hands -1', roster({ hands: -1 }), 'must be ≥ 0'],
    ['roster', 'version 2^53', roster({ version: 2 ** 53 }), 'must be an integer'],
    ['roster', '2 seats', roster({ config: { ...config, seats: 2 } }), 'ok'],
    ['roster', '1 seat', roster({ config: { ...config, seats: 1 } }), 'at least 2 seats'],
    ['roster', '8 seats in config', roster({ config: { ...config, seats: 8 } }), 'ok'],
    ['roster', '9 seats in config', roster({ config: { ...config, seats: 9 } }), 'at most 8 seats'],
    ['roster', 'game of 32', roster({ config: { ...config, game: 'g'.repeat(32) } }), 'ok'],
    ['roster', 'game of 33', roster({ config: { ...config, game: 'g'.repeat(33) } }), 'game id longer than 32'],
    ['roster', 'game not a string', roster({ config: { ...config, game: 3 } }), 'game must be a string'],
    ['roster', 'game with digits and dashes', roster({ config: { ...config, game: 'stress-2' } }), 'ok'],
    [
      'roster',
      'game upper case',
      roster({ config: { ...config, game: 'Pesten' } }),
      'game id must be lower-case letters, digits and dashes',
    ],
    [
      'roster',
      'game starting with a digit',
      roster({ config: { ...config, game: '2stress' } }),
      'game id must be lower-case letters, digits and dashes',
    ],
    [
      'roster',
      'game ending in a space',
      roster({ config: { ...config, game: 'pesten ' } }),
      'game id must be lower-case letters, digits and dashes',
    ],
    [
      'roster',
      'game with a space in it',
      roster({ config: { ...config, game: 'a b' } }),
      'game id must be lower-case letters, digits and dashes',
    ],
    [
      'roster',
      '16 options',
      roster({
        config: { ...config, options: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`o${i}`, i])) },
      }),
      'ok',
    ],
    [
      'roster',
      '17 options',
      roster({
        config: { ...config, options: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`o${i}`, i])) },
      }),
      'too many options',
    ],
    [
      'roster',
      'an option name of 33',
      roster({ config: { ...config, options: { ['o'.repeat(33)]: 1 } } }),
      'Invalid length: Expected <=32 but received 33',
    ],
    [
      'roster',
      'an option that is a list',
      roster({ config: { ...config, options: { a: [1] } } }),
      'Invalid type: Expected (boolean | number | string) but received Array',
    ],
    ['table-event', 'honest', event(), 'ok'],
    ['table-event', 'every type', event({ type: 'fault' }), 'ok'],
    ['table-event', 'an unknown type', event({ type: 'cheat' }), 'unknown event type'],
    ['table-event', 'a short hash', event({ hash: new Uint8Array(31) }), 'hash must be 32 bytes'],
    ['fetch', 'honest', { hand: 2, have: { ['ab'.repeat(32)]: 3 } }, 'ok'],
    ['fetch', 'a short author', { hand: 2, have: { ['ab'.repeat(31)]: 3 } }, 'author must be a hex key'],
    ['fetch', 'an author with a prefix', { hand: 2, have: { [`x${'ab'.repeat(32)}`]: 3 } }, 'author must be a hex key'],
    ['fetch', 'an author with a suffix', { hand: 2, have: { [`${'ab'.repeat(32)}x`]: 3 } }, 'author must be a hex key'],
    ['fetch', 'an upper-case author', { hand: 2, have: { ['AB'.repeat(32)]: 3 } }, 'author must be a hex key'],
    [
      'fetch',
      '8 authors',
      { hand: 2, have: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [String(i).repeat(64), 1])) },
      'ok',
    ],
    [
      'fetch',
      '9 authors',
      { hand: 2, have: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i).repeat(64), 1])) },
      'too many authors',
    ],
  ])('%s: %s → %s', async (kind, _what, body, expected) => {
    expect(await verdict(kind, body)).toBe(expected);
  });

  test('every event type of a transcript is accepted', async () => {
    for (const type of [
      'ready',
      'shuffle',
      'lock',
      'keys',
      'act',
      'commit',
      'reveal',
      'reshuffle',
      'disclose',
      'abandon',
      'fault',
    ]) {
      expect(await verdict('table-event', event({ type }))).toBe('ok');
    }
  });

  test('the table config schema is exported for the lobby', async () => {
    const m = await messages();
    expect(v.safeParse(m.tableConfigSchema, config).success).toBe(true);
    expect(v.safeParse(m.seatMemberSchema, { key, name: 'n', peerId: 'p' }).success).toBe(true);
    expect(v.safeParse(m.rosterSchema, roster()).success).toBe(true);
  });
});
