/**
 * The share link carries the signaling choice: `signal=here` or
 * `signal=ws(s)://host:port/path`, and no ICE server or credential (the
 * table's server hands those out). Reading it back gives the same choice; a
 * tampered or truncated `signal` is an error, not a silent fallback to
 * someone's Settings, while an older link's `ice` still opens: its STUN URLs
 * are used, its TURN servers and credentials left out, garbage ignored. The
 * choice is what the table uses. It also names the seated people (`via=`,
 * key prefixes) a joiner may reach the creator through.
 */
import { describe, expect, it } from 'vitest';
import { parseRoute, shareLink, tableHash } from '../../src/app/router.js';
import {
  DEFAULT_SETTINGS,
  linkSignalingOf,
  parseIceServers,
  signalingServerFor,
  type Settings,
} from '../../src/app/settings.js';
import { introducersOf } from '../../src/table/introducers.js';
import { parseSignalingQuery, sameSignaling, signalingQuery, type LinkSignaling } from '../../src/app/table-link.js';

const TABLE = 'abcdefgh-0011223344556677';
const PAGE = {
  origin: 'http://192.168.1.5:5173',
  pathname: '/',
  protocol: 'http:',
  hostname: '192.168.1.5',
  port: '5173',
};
const TURN = { urls: 'turn:turn.example.org:3478', username: 'ann', credential: 's3cret' };
const STUN = { urls: ['stun:stun.example.org:3478'] };
const SERVER = { host: 'peer.example.org', port: 9000, path: '/fairdeck', secure: false };
const standalone: LinkSignaling = { server: SERVER };

function routeOf(link: string) {
  const route = parseRoute(link.slice(link.indexOf('#')));
  if (route.page !== 'table') throw new Error(`not a table route: ${JSON.stringify(route)}`);
  return route;
}

/** An older link's `ice` parameter: base64url JSON, as links carried it. */
function oldIce(servers: unknown): string {
  return btoa(JSON.stringify(servers)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('the signaling choice in a link', () => {
  it('the embedded server reads back as embedded', () => {
    const link = shareLink(TABLE, PAGE, { server: 'embedded' });
    expect(link).toBe(`http://192.168.1.5:5173/#/t/${TABLE}?signal=here`);
    expect(routeOf(link)).toEqual({ page: 'table', table: TABLE, signaling: { server: 'embedded' } });
  });

  it('another PeerServer reads back the same; TLS and IPv6 survive', () => {
    const link = shareLink(TABLE, PAGE, standalone);
    expect(new URLSearchParams(link.split('?')[1]).get('signal')).toBe('ws://peer.example.org:9000/fairdeck');
    expect(routeOf(link).signaling).toEqual(standalone);
    const choice: LinkSignaling = { server: { host: '[::1]', port: 443, path: '/', secure: true } };
    expect(routeOf(shareLink(TABLE, PAGE, choice)).signaling).toEqual(choice);
    expect(sameSignaling(routeOf(shareLink(TABLE, PAGE, choice)).signaling!, choice)).toBe(true);
  });

  it('a new link never carries ICE servers, whatever the creator’s Settings hold', () => {
    const creator: Settings = { ...DEFAULT_SETTINGS, signaling: SERVER, iceServers: [STUN, TURN] };
    const link = shareLink(TABLE, PAGE, linkSignalingOf(creator));
    expect(link).toBe(
      `http://192.168.1.5:5173/#/t/${TABLE}?signal=${encodeURIComponent('ws://peer.example.org:9000/fairdeck')}`,
    );
    expect(link).not.toMatch(/ice=|s3cret|ann|turn\.example/);
  });

  it('an old link without a choice means "my Settings"', () => {
    expect(routeOf(`#/t/${TABLE}`).signaling).toBeNull();
    expect(tableHash(TABLE)).toBe(`#/t/${TABLE}`);
  });

  it('a tampered or truncated signal is an error that says what is wrong', () => {
    for (const [query, error] of [
      ['signal=http://peer.example.org:9000/x', /not ws:\/\/host:port\/path/],
      ['signal=ws://peer.example.org/x', /not ws:\/\/host:port\/path/],
      ['signal=ws://peer.example.org:0/x', /1–65535/],
    ] as const) {
      const parsed = parseSignalingQuery(query);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(error);
      expect(parseRoute(`#/t/${TABLE}?${query}`).page).toBe('not-found');
    }
    expect(signalingQuery({ server: 'embedded' })).toBe('signal=here');
  });
});

describe('an older link that carries ICE servers still opens', () => {
  it.each([
    [
      'STUN and TURN without credentials: the STUN URL is used, TURN left out',
      [STUN, { urls: TURN.urls }],
      ['stun:stun.example.org:3478'],
    ],
    [
      'TURN with credentials (the removed opt-in): left out, credentials unread',
      [TURN, { urls: 'stuns:s.example.org:5349' }],
      ['stuns:s.example.org:5349'],
    ],
    ['the same STUN URL twice: once', [STUN, STUN], ['stun:stun.example.org:3478']],
    ['not a list', { urls: 'stun:x.example.org' }, []],
    [
      'entries that are not servers',
      [null, 7, 'stun:a.example.org', { urls: 42 }, { urls: ['http://x', 'stun:ok.example.org'] }],
      ['stun:ok.example.org'],
    ],
    [
      'a STUN URL with a space, a path or a user',
      [{ urls: ['stun:a b', 'stun:a.example.org/x', 'stun:u@a.example.org'] }],
      [],
    ],
    [
      'more STUN URLs than make sense: the first four',
      [{ urls: ['stun:a.org', 'stun:b.org', 'stun:c.org', 'stun:d.org', 'stun:e.org'] }],
      ['stun:a.org', 'stun:b.org', 'stun:c.org', 'stun:d.org'],
    ],
  ] as const)('%s', (_what, servers, stun) => {
    const route = routeOf(`#/t/${TABLE}?signal=here&ice=${oldIce(servers)}`);
    expect(route.signaling).toEqual(stun.length > 0 ? { server: 'embedded', linkStun: stun } : { server: 'embedded' });
  });

  it.each([
    ['not base64', '%%%'],
    ['base64 of no JSON', 'bm90IGpzb24'],
    ['empty', ''],
    ['truncated', oldIce([STUN]).slice(0, 9)],
    ['5000 characters of noise', 'A'.repeat(5000)],
  ])('an unreadable ice (%s) is ignored, not an error', (_what, ice) => {
    expect(routeOf(`#/t/${TABLE}?signal=here&ice=${ice}`).signaling).toEqual({ server: 'embedded' });
  });

  it('the share link made from such a table carries no ICE servers on', () => {
    const choice = routeOf(`#/t/${TABLE}?signal=here&ice=${oldIce([STUN])}`).signaling!;
    expect(shareLink(TABLE, PAGE, choice)).toBe(`http://192.168.1.5:5173/#/t/${TABLE}?signal=here`);
  });
});

describe('the table uses the link’s server', () => {
  const joiner: Settings = {
    ...DEFAULT_SETTINGS,
    signaling: { host: 'mine.example.org', port: 9000, path: '/', secure: true },
  };

  it('a joiner uses the creator’s server, not its own Settings', () => {
    expect(signalingServerFor(joiner, PAGE, routeOf(shareLink(TABLE, PAGE, standalone)).signaling)).toEqual(SERVER);
  });

  it('embedded means the page’s origin (443 over https); no link means Settings', () => {
    expect(signalingServerFor(joiner, PAGE, { server: 'embedded' })).toEqual({
      host: '192.168.1.5',
      port: 5173,
      path: '/peerjs',
      secure: false,
    });
    expect(
      signalingServerFor(DEFAULT_SETTINGS, { protocol: 'https:', hostname: 'cards.example.org', port: '' }),
    ).toEqual({
      host: 'cards.example.org',
      port: 443,
      path: '/peerjs',
      secure: true,
    });
    expect(signalingServerFor(joiner, PAGE, null)).toEqual(joiner.signaling);
  });
});

describe('own ICE servers typed in Settings', () => {
  it.each([
    [
      'a TURN server without credentials',
      '[{"urls":"turn:t.example.org:3478"}]',
      /0: a turn: server needs both "username" and "credential"/,
    ],
    [
      'a TURN server with a username only',
      '[{"urls":["stun:s.example.org","turns:t.example.org:5349"],"username":"u"}]',
      /needs both/,
    ],
    ['a URL of another scheme', '[{"urls":"http://x"}]', /urls must start with stun:, stuns:, turn: or turns:/],
    ['not JSON', '[{urls:1}]', /not JSON/],
  ])('%s is refused with a reason', (_what, text, error) => {
    const parsed = parseIceServers(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });

  it('STUN alone, and TURN with both, are taken', () => {
    expect(parseIceServers(JSON.stringify([STUN, TURN]))).toEqual({ ok: true, value: [STUN, TURN] });
  });
});

describe('the introducers in a link (via=)', () => {
  const CAT = '8139770e5a0b1c2d'.padEnd(64, '0');
  const DAN = 'ffee0011aabbccdd'.padEnd(64, '1');
  const ANN = `${TABLE.slice(-16)}`.padEnd(64, '2');

  it('names the seated people but the creator and the bots, and reads back the same', () => {
    const seats = [
      { keyHex: ANN, bot: null },
      { keyHex: CAT, bot: null },
      { keyHex: DAN, bot: { hostSeat: 0 } },
      { keyHex: null, bot: null },
    ];
    const via = introducersOf(TABLE, seats);
    expect(via).toEqual([CAT.slice(0, 16)]);
    const link = shareLink(TABLE, PAGE, { server: 'embedded' }, via);
    expect(link).toBe(`http://192.168.1.5:5173/#/t/${TABLE}?signal=here&via=${CAT.slice(0, 16)}`);
    expect(routeOf(link)).toEqual({
      page: 'table',
      table: TABLE,
      signaling: { server: 'embedded' },
      via: [CAT.slice(0, 16)],
    });
    expect(routeOf(shareLink(TABLE, PAGE, null, [CAT, DAN])).via).toEqual([CAT.slice(0, 16), DAN.slice(0, 16)]);
  });

  it('drops what is not a key prefix, and a link without via names nobody', () => {
    expect(
      routeOf(`#/t/${TABLE}?via=${CAT.slice(0, 16)},not-hex,ABCDEF0011223344,${CAT.slice(0, 15)},${CAT.slice(0, 16)}`)
        .via,
    ).toEqual([CAT.slice(0, 16)]);
    expect(routeOf(`#/t/${TABLE}?signal=here`)).not.toHaveProperty('via');
    expect(routeOf(`#/t/${TABLE}?via=`)).not.toHaveProperty('via');
  });
});

describe('the shown link follows the seats', () => {
  const BOB = 'b0b0b0b0b0b0b0b0'.padEnd(64, '3');
  const CAT = '8139770e5a0b1c2d'.padEnd(64, '0');
  const ANN = `${TABLE.slice(-16)}`.padEnd(64, '2');
  const seat = (keyHex: string | null, reachability: string | null = 'direct') => ({ keyHex, bot: null, reachability });

  it('names a seat once it is taken, drops it once it is given back, and prefers live seats to lost ones', () => {
    // The creator alone: nobody to name; Bob sits: the creator's link now names him.
    expect(introducersOf(TABLE, [seat(ANN, 'self'), seat(null, null), seat(null, null)])).toEqual([]);
    const bobSat = introducersOf(TABLE, [seat(ANN, 'self'), seat(BOB), seat(null, null)]);
    expect(shareLink(TABLE, PAGE, null, bobSat)).toBe(`http://192.168.1.5:5173/#/t/${TABLE}?via=${BOB.slice(0, 16)}`);
    // Bob leaves: the link names nobody again (a stale via would send joiners to a peer that no longer relays for the table).
    expect(introducersOf(TABLE, [seat(ANN, 'self'), seat(null, null), seat(null, null)])).toEqual([]);
    // Bob's connection is lost while Cat's is live: only Cat is named; with nobody live, both are (they may come back).
    expect(introducersOf(TABLE, [seat(ANN, 'self'), seat(BOB, 'offline'), seat(CAT, 'relayed')])).toEqual([
      CAT.slice(0, 16),
    ]);
    expect(introducersOf(TABLE, [seat(ANN, 'self'), seat(BOB, 'offline'), seat(CAT, 'offline')])).toEqual([
      BOB.slice(0, 16),
      CAT.slice(0, 16),
    ]);
    // A joiner's own page names itself (reachability 'self') and the other seated people.
    expect(introducersOf(TABLE, [seat(ANN, 'direct'), seat(BOB, 'self'), seat(CAT, 'direct')])).toEqual([
      BOB.slice(0, 16),
      CAT.slice(0, 16),
    ]);
  });
});
