/**
 * Reading the table's server's answer to `GET /table-peers`
 * (src/net/table-peers.ts): the key prefixes of the other peers registered at
 * this table, and nothing else — not this page, not another table's ids, not
 * ids of another shape — and hostile answers refused whole. Where the
 * endpoint sits beside a signaling path. The server's side runs for real in
 * test/server/signaling-socket.test.ts, the joining through it in
 * test/e2e/relay-any-seat.deep.e2e.ts.
 */
import { describe, expect, test } from 'vitest';
import { MAX_TABLE_PEERS, parseTablePeers, tablePeersUrlFor } from '../../src/net/table-peers.js';

const TABLE = 'abcdefgh-0011223344556677';
const SELF = `fd-${TABLE}-ffffffffffffffff`;
const id = (prefix: string, table = TABLE) => `fd-${table}-${prefix}`;

describe('parseTablePeers', () => {
  test('the prefixes of the other peers at this table, each once', () => {
    const answer = { peers: [id('0011223344556677'), SELF, id('8899aabbccddeeff'), id('0011223344556677')] };
    expect(parseTablePeers(answer, TABLE, SELF)).toEqual({
      ok: true,
      value: ['0011223344556677', '8899aabbccddeeff'],
    });
  });
  test.each<[string, string]>([
    ['another table', id('0011223344556677', 'zzzzzzzz-0011223344556677')],
    ['a table whose id starts like this one', `fd-${TABLE}0-0011223344556677`],
    ['a short prefix', id('00112233')],
    ['a long prefix', id('0011223344556677aa')],
    ['upper-case hex', id('AABBCCDDEEFF0011')],
    ['no prefix', `fd-${TABLE}-`],
    ['not a Fairdeck id', 'someone-else'],
  ])('%s is left out', (_what, peer) => {
    expect(parseTablePeers({ peers: [peer, id('0123456789abcdef')] }, TABLE, SELF)).toEqual({
      ok: true,
      value: ['0123456789abcdef'],
    });
  });
  test.each<[string, unknown]>([
    ['nothing', undefined],
    ['null', null],
    ['a list alone', [id('0011223344556677')]],
    ['no peers', {}],
    ['peers not a list', { peers: id('0011223344556677') }],
    ['a number among them', { peers: [1] }],
    ['an id over 128 characters', { peers: ['f'.repeat(129)] }],
    ['too many', { peers: Array.from({ length: MAX_TABLE_PEERS + 1 }, () => id('0011223344556677')) }],
  ])('%s is not an answer', (_what, json) => {
    const parsed = parseTablePeers(json, TABLE, SELF);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/^not a table-peers answer \(.+\)$/);
  });
});

describe('tablePeersUrlFor', () => {
  test.each<[string, { host: string; port: number; path: string; secure: boolean }, string]>([
    [
      'the embedded server',
      { host: 'example.org', port: 443, path: '/peerjs', secure: true },
      'https://example.org:443/',
    ],
    [
      'a path with a slash',
      { host: 'localhost', port: 5173, path: '/peerjs/', secure: false },
      'http://localhost:5173/',
    ],
    ['a nested path', { host: '10.0.0.2', port: 9000, path: '/a/peerjs', secure: false }, 'http://10.0.0.2:9000/a/'],
    ['an IPv6 host', { host: '::1', port: 9000, path: '/peerjs', secure: false }, 'http://[::1]:9000/'],
  ])('%s: beside the signaling path', (_what, server, base) => {
    expect(tablePeersUrlFor(server, TABLE)).toBe(`${base}table-peers?table=${TABLE}`);
  });
});
