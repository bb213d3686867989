/**
 * Where a table's ICE servers come from (src/app/ice-choice.ts), as Settings
 * shows it: the server the page came from ("this server") or the one a link
 * named ("the table's server"), the player's own, and an older link's STUN;
 * in that order, a URL never twice, credentials kept for the browser but
 * only flagged for the screen. And what a page tells about its links
 * (src/app/link-status.ts): the joiner's failure screen per cause, and the
 * creator's line "<name> tried to join but could not connect (needs a relay
 * server)", once per peer and cause.
 */
import { describe, expect, it } from 'vitest';
import { combineIce, ICE_ORIGIN_TEXT, originOf } from '../../src/app/ice-choice.js';
import { JOIN_FAILURE_TITLE, joinFailureView, LinkStatus, otherPeerLine } from '../../src/app/link-status.js';
import type { LinkFailure } from '../../src/net/ice-watch.js';

const SERVER_TURN = { urls: ['turn:cards.example.org:3478'], username: '1:x', credential: 'c' };
const SERVER_STUN = { urls: ['stun:cards.example.org:3478'] };
const OWN_TURN = { urls: 'turn:mine.example.org:3478', username: 'me', credential: 'pw' };

describe('combineIce: the servers in use and their origin', () => {
  it('this server first, then your own, then an older link’s STUN', () => {
    const { iceServers, entries } = combineIce({
      server: { origin: 'this-server', servers: [SERVER_STUN, SERVER_TURN] },
      own: [OWN_TURN],
      linkStun: ['stun:old.example.org'],
    });
    expect(iceServers).toEqual([
      SERVER_STUN,
      SERVER_TURN,
      { ...OWN_TURN, urls: ['turn:mine.example.org:3478'] },
      { urls: ['stun:old.example.org'] },
    ]);
    expect(entries).toEqual([
      { urls: ['stun:cards.example.org:3478'], origin: 'this-server', withCredential: false },
      { urls: ['turn:cards.example.org:3478'], origin: 'this-server', withCredential: true },
      { urls: ['turn:mine.example.org:3478'], origin: 'own', withCredential: true },
      { urls: ['stun:old.example.org'], origin: 'link', withCredential: false },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/"c"|pw|1:x/);
  });

  it('the table’s server; a URL given twice is used once, from the first source', () => {
    const { iceServers, entries } = combineIce({
      server: { origin: 'table-server', servers: [SERVER_STUN] },
      own: [{ urls: ['stun:cards.example.org:3478', 'stun:mine.example.org'] }],
      linkStun: ['stun:cards.example.org:3478'],
    });
    expect(iceServers).toEqual([SERVER_STUN, { urls: ['stun:mine.example.org'] }]);
    expect(entries.map((e) => e.origin)).toEqual(['table-server', 'own']);
  });

  it('nothing anywhere: no ICE server (a LAN)', () => {
    expect(combineIce({ server: { origin: 'this-server', servers: [] }, own: [], linkStun: [] })).toEqual({
      iceServers: [],
      entries: [],
    });
    expect(combineIce({ server: null, own: [], linkStun: [] }).iceServers).toEqual([]);
  });

  it.each([
    ['http://192.168.1.5:5173/ice', 'http://192.168.1.5:5173', 'this-server'],
    ['https://cards.example.org:443/ice', 'https://cards.example.org', 'this-server'],
    ['http://localhost:80/ice', 'http://localhost', 'this-server'],
    ['https://cards.example.org:443/ice', 'https://copy.example.net', 'table-server'],
    ['http://cards.example.org:443/ice', 'https://cards.example.org', 'table-server'],
    ['not a url', 'https://cards.example.org', 'table-server'],
  ] as const)('%s seen from %s is %s', (url, page, origin) => {
    expect(originOf(url, page)).toBe(origin);
    expect(ICE_ORIGIN_TEXT[origin]).toMatch(/server/);
  });
});

describe('what a page says about its links', () => {
  const TABLE = 'abcdefgh-0011223344556677';
  const CREATOR = `fd-${TABLE}-0011223344556677`;
  const BOB = `fd-${TABLE}-b0b0b0b0b0b0b0b0`;
  const failure = (cause: LinkFailure['cause'], extra: Partial<LinkFailure> = {}): LinkFailure => ({
    cause,
    detail: `detail of ${cause}`,
    incoming: true,
    label: 'Bob',
    ...extra,
  });

  it.each([
    ['needs-relay', 'Bob tried to join but could not connect (needs a relay server)'],
    [
      'relay-refused',
      'Bob tried to join but could not connect (the relay (TURN) server refused this page’s credentials)',
    ],
    ['relay-unreachable', 'Bob tried to join but could not connect (the relay (TURN) server could not be reached)'],
  ] as const)('the creator, dialled by Bob who is not seated: %s', (cause, line) => {
    expect(otherPeerLine(BOB, failure(cause), { amCreator: true, seatedName: null })).toBe(line);
  });

  it('no name in the dial: the key; a seated peer: its seat name and that play goes through others', () => {
    expect(otherPeerLine(BOB, failure('needs-relay', { label: null }), { amCreator: true, seatedName: null })).toBe(
      'a player (key b0b0b0b0…) tried to join but could not connect (needs a relay server)',
    );
    expect(otherPeerLine(BOB, failure('needs-relay'), { amCreator: true, seatedName: 'Robert' })).toMatch(
      /^Robert could not connect to this page directly \(needs a relay server\): detail of needs-relay; messages still go through/,
    );
  });

  it('each cause has its own title and advice, and the unserved one blames the creator’s page only', () => {
    const views = (['unserved', 'needs-relay', 'relay-refused', 'relay-unreachable'] as const).map((cause) =>
      joinFailureView({ cause, detail: 'd' }),
    );
    expect(new Set(views.map((v) => v.title)).size).toBe(4);
    expect(views[0]!.title).toBe('Nobody is serving this table');
    expect(views[0]!.advice).toMatch(/creator’s page may be closed/);
    for (const view of views.slice(1)) {
      expect(view.title).toMatch(/relay \(TURN\) server/);
      expect(view.advice).toMatch(/creator’s page answered/);
      expect(view.advice).not.toMatch(/may be closed/);
    }
    expect(views[2]!.advice).toMatch(/TURN_SECRET/);
    expect(views[3]!.advice).toMatch(/3478/);
  });

  it('LinkStatus: the joiner keeps the creator’s failure and logs it once; the creator logs each peer and cause once', () => {
    const lines: string[] = [];
    let changes = 0;
    let creator = false;
    const status = new LinkStatus({
      creatorPeerId: CREATOR,
      amCreator: () => creator,
      joining: () => true,
      seatedName: () => null,
      log: (level, text) => lines.push(`${level} ${text}`),
      changed: () => changes++,
    });
    status.linkFailed(CREATOR, failure('relay-refused', { incoming: false, label: null }));
    status.linkFailed(CREATOR, failure('relay-refused', { incoming: false, label: null }));
    expect(status.creatorFailure?.cause).toBe('relay-refused');
    expect(lines).toEqual([
      `warn no link to the table’s creator — ${JOIN_FAILURE_TITLE['relay-refused']}: detail of relay-refused`,
    ]);
    expect(changes).toBe(2);
    // A dial of ours to a page that is not open is not news.
    status.linkFailed(BOB, failure('unserved', { incoming: false }));
    expect(lines).toHaveLength(1);
    creator = true;
    status.linkFailed(BOB, failure('needs-relay'));
    status.linkFailed(BOB, failure('needs-relay'));
    expect(lines.slice(1)).toEqual(['warn Bob tried to join but could not connect (needs a relay server)']);
    status.linkRoute(BOB, 'turn');
    status.linkRoute(BOB, 'turn');
    expect(status.routeView()).toEqual({ [BOB]: 'turn' });
    expect(changes).toBe(3);
  });

  it('LinkStatus: a page that holds the table (a reload) names no dead creator when its direct dial fails; the seat is reached through another', () => {
    const lines: string[] = [];
    const status = new LinkStatus({
      creatorPeerId: CREATOR,
      amCreator: () => false,
      joining: () => false,
      seatedName: (peerId) => (peerId === CREATOR ? 'Ann' : null),
      log: (level, text) => lines.push(`${level} ${text}`),
      changed: () => undefined,
    });
    // No answer to this page's offer (dropped on the way): the creator's page is open and at the table.
    status.linkFailed(CREATOR, failure('unserved', { incoming: false, label: null }));
    expect(status.creatorFailure).toBeNull();
    expect(lines).toEqual([]);
    status.linkFailed(CREATOR, failure('needs-relay', { incoming: false, label: null }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^warn Ann could not connect to this page directly \(needs a relay server\).*messages still go through any player both can reach$/,
    );
    expect(lines[0]).not.toMatch(/serving|creator/);
  });
});
