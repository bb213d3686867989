/**
 * The share link carries the signaling choice: `signal=here` or
 * `signal=ws(s)://host:port/path`, and the ICE servers without TURN
 * credentials unless the creator opted in. Reading it back gives the same
 * choice; a tampered or truncated link is an error, not a silent fallback to
 * someone's Settings; and the choice (with the reader's own TURN login for a
 * server they also have) is what the table uses. It also names the seated
 * people (`via=`, key prefixes) a joiner may reach the creator through.
 */
import { describe, expect, it } from 'vitest';
import { parseRoute, shareLink, tableHash } from '../../src/app/router.js';
import { DEFAULT_SETTINGS, linkSignalingOf, signalingFor, type Settings } from '../../src/app/settings.js';
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
const standalone: LinkSignaling = { server: SERVER, iceServers: [STUN, TURN] };

function routeOf(link: string) {
  const route = parseRoute(link.slice(link.indexOf('#')));
  if (route.page !== 'table') throw new Error(`not a table route: ${JSON.stringify(route)}`);
  return route;
}

describe('the signaling choice in a link', () => {
  it('the embedded server reads back as embedded', () => {
    const link = shareLink(TABLE, PAGE, { server: 'embedded' });
    expect(link).toBe(`http://192.168.1.5:5173/#/t/${TABLE}?signal=here`);
    expect(routeOf(link)).toEqual({ page: 'table', table: TABLE, signaling: { server: 'embedded' } });
  });

  it('another PeerServer and the ICE servers read back the same, without credentials', () => {
    const link = shareLink(TABLE, PAGE, standalone);
    expect(link).not.toContain('s3cret');
    const route = routeOf(link);
    expect(new URLSearchParams(link.split('?')[1]).get('signal')).toBe('ws://peer.example.org:9000/fairdeck');
    expect(route.signaling).toEqual({ server: standalone.server, iceServers: [STUN, { urls: TURN.urls }] });
  });

  it('credentials only when the creator opts in; TLS and IPv6 survive', () => {
    const choice: LinkSignaling = { server: { host: '[::1]', port: 443, path: '/', secure: true }, iceServers: [TURN] };
    const link = shareLink(TABLE, PAGE, choice, true);
    expect(routeOf(link).signaling).toEqual(choice);
    expect(sameSignaling(routeOf(link).signaling!, choice)).toBe(true);
  });

  it('an old link without a choice means "my Settings"', () => {
    expect(routeOf(`#/t/${TABLE}`).signaling).toBeNull();
    expect(tableHash(TABLE)).toBe(`#/t/${TABLE}`);
  });

  it('a tampered or truncated link is an error that says what is wrong', () => {
    for (const [query, error] of [
      ['signal=http://peer.example.org:9000/x', /not ws:\/\/host:port\/path/],
      ['signal=ws://peer.example.org/x', /not ws:\/\/host:port\/path/],
      ['signal=ws://peer.example.org:0/x', /1–65535/],
      ['signal=here&ice=%%%', /not readable/],
      [`signal=here&ice=${btoa(JSON.stringify([{ urls: 'http://x' }]))}`, /urls must start with/],
    ] as const) {
      const parsed = parseSignalingQuery(query);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(error);
      expect(parseRoute(`#/t/${TABLE}?${query}`).page).toBe('not-found');
    }
    expect(signalingQuery({ server: 'embedded' })).toBe('signal=here');
  });
});

describe('the table uses the link’s choice', () => {
  const joiner: Settings = { ...DEFAULT_SETTINGS, iceServers: [{ urls: 'stun:other.example.org' }] };

  it('a joiner on default Settings uses the creator’s server and ICE servers', () => {
    const config = signalingFor(joiner, PAGE, routeOf(shareLink(TABLE, PAGE, standalone)).signaling);
    expect(config).toEqual({ ...SERVER, iceServers: [STUN, { urls: TURN.urls }] });
  });

  it('a link without ICE servers leaves the joiner’s own; embedded means the page’s origin', () => {
    expect(signalingFor(joiner, PAGE, { server: 'embedded' })).toEqual({
      host: '192.168.1.5',
      port: 5173,
      path: '/peerjs',
      secure: false,
      iceServers: joiner.iceServers,
    });
  });

  it('the creator’s own reloaded page keeps its TURN login, which the link does not carry', () => {
    const creator: Settings = { ...DEFAULT_SETTINGS, signaling: SERVER, iceServers: [STUN, TURN] };
    const choice = routeOf(shareLink(TABLE, PAGE, linkSignalingOf(creator))).signaling;
    expect(signalingFor(creator, PAGE, choice).iceServers).toEqual([STUN, TURN]);
    expect(signalingFor(joiner, PAGE, choice).iceServers).toEqual([STUN, { urls: TURN.urls }]);
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
    const link = shareLink(TABLE, PAGE, { server: 'embedded' }, false, via);
    expect(link).toBe(`http://192.168.1.5:5173/#/t/${TABLE}?signal=here&via=${CAT.slice(0, 16)}`);
    expect(routeOf(link)).toEqual({
      page: 'table',
      table: TABLE,
      signaling: { server: 'embedded' },
      via: [CAT.slice(0, 16)],
    });
    expect(routeOf(shareLink(TABLE, PAGE, null, false, [CAT, DAN])).via).toEqual([CAT.slice(0, 16), DAN.slice(0, 16)]);
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
    expect(shareLink(TABLE, PAGE, null, false, bobSat)).toBe(
      `http://192.168.1.5:5173/#/t/${TABLE}?via=${BOB.slice(0, 16)}`,
    );
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
