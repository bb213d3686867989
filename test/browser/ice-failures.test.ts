/**
 * Why a link did not open, and how an open one runs, where it really
 * happens: PeerJS transports in Chromium (Vitest browser mode) over real
 * WebRTC, a real signaling server and a real coturn on 127.0.0.1
 * (coturn-commands.ts). On one machine every pair of browsers can reach each
 * other directly, so the cases that need "no direct path" make this page's
 * RTCPeerConnections relay-only (`iceTransportPolicy: 'relay'`): only a TURN
 * relay can then carry a link, as across two strict NATs. (The whole path
 * across real NATs is the NAT lab's.) Checked, both on the dialling side and
 * on the dialled one (which names the dialler from its dial's metadata):
 * no TURN server → needs a relay; credentials minted with another secret
 * than coturn's → a real 401 from coturn → the relay refused; a TURN URL on a
 * closed port → unreachable; a TURN server the browser itself refuses
 * (no credentials) → left out at start, named, refused; the right
 * credentials → the link opens through the relay and says `turn`; no
 * forcing → `direct`; a page that is not open → nobody serves it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { commands } from 'vitest/browser';
import { PeerJsTransport } from '../../src/net/peerjs-transport.js';
import type { LinkFailure, LinkRoute } from '../../src/net/ice-watch.js';
import { checkIceServers } from '../../src/net/ice-config.js';

const PATH = '/fairdeck';
const SECRET = 'fairdeck-test-secret-0123';
let signalingPort = 0;
let coturnPort = 0;
let runs = 0;
const started: PeerJsTransport[] = [];
const Original = RTCPeerConnection;

/** From now on this page's RTCPeerConnections use relay candidates only (no direct path, as behind strict NATs). */
function relayOnly(on: boolean): void {
  const Forced = class extends Original {
    constructor(config?: RTCConfiguration) {
      super({ ...config, iceTransportPolicy: 'relay' });
    }
  };
  (globalThis as unknown as { RTCPeerConnection: typeof RTCPeerConnection }).RTCPeerConnection = on ? Forced : Original;
}

beforeAll(async () => {
  signalingPort = await commands.startSignaling();
  coturnPort = await commands.startCoturn(SECRET, true);
});
afterAll(async () => {
  relayOnly(false);
  for (const transport of started.splice(0)) transport.stop();
  await commands.stopSignaling(signalingPort);
  await commands.stopCoturn(coturnPort);
});

interface Side {
  readonly transport: PeerJsTransport;
  readonly failures: { remote: string; failure: LinkFailure }[];
  readonly routes: { remote: string; route: LinkRoute }[];
  readonly problems: string[];
  readonly opened: string[];
}

/** A transport with id `fd-ice-<run>-<name>` (each test takes its own run number) that records what it reports. */
async function side(run: number, name: string, iceServers: RTCIceServer[]): Promise<Side> {
  const failures: Side['failures'] = [];
  const routes: Side['routes'] = [];
  const problems: string[] = [];
  const opened: string[] = [];
  const transport = new PeerJsTransport(`fd-ice-${run}-${name}`, {
    signaling: { host: '127.0.0.1', port: signalingPort, path: PATH, secure: false, iceServers },
    token: `token-${run}-${name}`,
    label: name,
    observer: {
      linkFailed: (remote, failure) => failures.push({ remote, failure }),
      linkRoute: (remote, route) => routes.push({ remote, route }),
    },
  });
  started.push(transport);
  await transport.start({
    linkOpen: (remote) => opened.push(remote),
    linkClosed: () => undefined,
    message: () => undefined,
    problem: (text) => problems.push(text),
  });
  return { transport, failures, routes, problems, opened };
}

/** Ann dials Bob (both with `ice`); resolves with what each side reported once both have a failure. */
async function failedDial(ice: RTCIceServer[]) {
  const run = ++runs;
  const ann = await side(run, 'Ann', ice);
  const bob = await side(run, 'Bob', ice);
  ann.transport.connect(bob.transport.localId);
  await expect.poll(() => ann.failures.length > 0 && bob.failures.length > 0, { timeout: 12_000 }).toBe(true);
  expect(ann.opened).toEqual([]);
  return { ann: ann.failures[0]!, bob: bob.failures[0]!, annSide: ann };
}

// Side by side: each waits for its dial to be given up (about 6 s), and every one needs "no direct path".
describe.concurrent('a link that cannot open names its cause on both sides', () => {
  beforeAll(() => relayOnly(true));
  afterAll(() => relayOnly(false));

  test('no TURN server: the table needs a relay', async () => {
    const { ann, bob } = await failedDial([]);
    expect(ann.failure).toMatchObject({ cause: 'needs-relay', incoming: false, label: null });
    expect(bob.failure).toMatchObject({ cause: 'needs-relay', incoming: true, label: 'Ann' });
    expect(bob.remote).toBe(ann.remote.replace('Bob', 'Ann'));
  });

  test('credentials minted with another secret: coturn answers 401, the relay refused', async () => {
    const wrong = await commands.mintTurn('not-the-secret-of-this-coturn');
    const { ann, bob } = await failedDial([{ urls: `turn:127.0.0.1:${coturnPort}?transport=udp`, ...wrong }]);
    for (const { failure } of [ann, bob]) {
      expect(failure.cause).toBe('relay-refused');
      expect(failure.detail).toMatch(new RegExp(`turn:127\\.0\\.0\\.1:${coturnPort}\\?transport=udp answered 401`));
    }
  });

  test('a TURN URL where nothing listens: the relay could not be reached', async () => {
    const closed = await commands.unusedPort();
    const good = await commands.mintTurn(SECRET);
    const { ann } = await failedDial([{ urls: `turn:127.0.0.1:${closed}?transport=tcp`, ...good }]);
    expect(ann.failure.cause).toBe('relay-unreachable');
    expect(ann.failure.detail).toMatch(new RegExp(`127\\.0\\.0\\.1:${closed}`));
  });

  test('a TURN server without credentials: the browser refuses it, it is left out and named, and the link says so', async () => {
    const refused = checkIceServers([{ urls: 'stun:127.0.0.1:9' }, { urls: `turn:127.0.0.1:${coturnPort}` }]);
    expect(refused.usable).toEqual([{ urls: 'stun:127.0.0.1:9' }]);
    expect(refused.refused).toEqual([
      { url: `turn:127.0.0.1:${coturnPort}`, reason: expect.stringMatching(/username and credential/) },
    ]);
    const { ann, annSide } = await failedDial([{ urls: `turn:127.0.0.1:${coturnPort}` }]);
    expect(
      annSide.problems.some((p) => /ICE server turn:127\.0\.0\.1:\d+ left out: the browser refused it/.test(p)),
    ).toBe(true);
    expect(ann.failure.cause).toBe('relay-refused');
    expect(ann.failure.detail).toMatch(/the browser refused turn:127\.0\.0\.1:\d+: .*username and credential/);
  });

  test('a page that is not open: nobody serves it', async () => {
    const run = ++runs;
    const ann = await side(run, 'Ann', []);
    ann.transport.connect(`fd-ice-${run}-nobody`);
    await expect.poll(() => ann.failures.length, { timeout: 12_000 }).toBeGreaterThan(0);
    expect(ann.failures[0]!.failure.cause).toBe('unserved');
  });
});

describe('an open link says how it runs', () => {
  test('the right credentials, relay only: the link opens through coturn and reads turn', async () => {
    relayOnly(true);
    const run = ++runs;
    const good = await commands.mintTurn(SECRET);
    const ice = [{ urls: `turn:127.0.0.1:${coturnPort}?transport=udp`, ...good }];
    const ann = await side(run, 'Ann', ice);
    const bob = await side(run, 'Bob', ice);
    ann.transport.connect(bob.transport.localId);
    await expect.poll(() => ann.routes.length > 0 && bob.routes.length > 0, { timeout: 12_000 }).toBe(true);
    relayOnly(false);
    expect(ann.routes[0]).toEqual({ remote: bob.transport.localId, route: 'turn' });
    expect(bob.routes[0]).toEqual({ remote: ann.transport.localId, route: 'turn' });
    expect(ann.failures).toEqual([]);
  });

  test('no ICE server on one machine: the link is direct', async () => {
    const run = ++runs;
    const ann = await side(run, 'Ann', []);
    const bob = await side(run, 'Bob', []);
    ann.transport.connect(bob.transport.localId);
    await expect.poll(() => ann.routes.length > 0, { timeout: 12_000 }).toBe(true);
    expect(ann.routes[0]).toEqual({ remote: bob.transport.localId, route: 'direct' });
  });
});
