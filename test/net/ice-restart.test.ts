/**
 * The ICE restart's decisions (src/net/ice-restart.ts, ice-restart-policy.ts,
 * ice-restart-message.ts), without WebRTC: when
 * a link in trouble is offered a restart, offered it again, tried again with
 * fresh credentials, kept, or given up
 * to the mesh's redial — never while ICE carries it, however quiet it is or
 * however long signaling is down (the same driven through IceRestarts on a
 * stand-in connection under a fake clock); which signaling payloads are restart messages (anything
 * else a PeerServer relays, and hostile shapes, are not); and reading the SDP
 * attributes a restart compares (ICE ufrag, DTLS fingerprint). The restart
 * itself runs over real networks in the NAT lab (test/nat/network-change.nat.ts).
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { IceRestarts, type RestartableConnection } from '../../src/net/ice-restart.js';
import {
  KEEPALIVE_PRESUMED_MS,
  RESTART_GIVE_UP_MS,
  RESTART_RESEND_MS,
  RESTART_SETTLE_MS,
  restartStep,
  SILENT_MS,
  type RestartState,
} from '../../src/net/ice-restart-policy.js';
import { readRestartPayload, sdpAttribute, type RestartPayload } from '../../src/net/ice-restart-message.js';

describe('restartStep', () => {
  const trouble: RestartState = {
    troubleSinceMs: 10_000,
    offerer: true,
    lastOfferMs: undefined,
    answeredMs: undefined,
    iceConnected: false,
    keptAlive: false,
    retries: 0,
  };
  test.each<[string, RestartState, number, string]>([
    ['the dialling side offers as soon as the trouble starts', trouble, 10_000, 'offer'],
    ['the other side waits for the offer', { ...trouble, offerer: false }, 10_000, 'wait'],
    [
      'an offer just sent is not sent again',
      { ...trouble, lastOfferMs: 10_000 },
      10_000 + RESTART_RESEND_MS - 1,
      'wait',
    ],
    ['an unanswered offer is sent again', { ...trouble, lastOfferMs: 10_000 }, 10_000 + RESTART_RESEND_MS, 'offer'],
    [
      'an answered offer is not sent again',
      { ...trouble, lastOfferMs: 10_000, answeredMs: 10_050 },
      10_000 + RESTART_RESEND_MS + 100,
      'wait',
    ],
    [
      'a restart answered whose ICE still has no path is tried once more with fresh credentials',
      { ...trouble, lastOfferMs: 10_000, answeredMs: 10_050 },
      10_050 + RESTART_SETTLE_MS,
      'retry',
    ],
    [
      'a restart tried again whose ICE still has no path is given up, so the link is dialled again',
      { ...trouble, lastOfferMs: 10_000, answeredMs: 10_050, retries: 1 },
      10_050 + RESTART_SETTLE_MS,
      'give-up',
    ],
    [
      'a restart answered from a remote that keeps the link alive, with nothing heard since, is tried once more although ICE says connected',
      { ...trouble, lastOfferMs: 10_000, answeredMs: 10_050, iceConnected: true, keptAlive: true },
      10_050 + RESTART_SETTLE_MS,
      'retry',
    ],
    [
      'and kept after that try, while ICE says connected',
      { ...trouble, lastOfferMs: 10_000, answeredMs: 10_050, iceConnected: true, keptAlive: true, retries: 1 },
      10_050 + RESTART_SETTLE_MS,
      'keep',
    ],
    [
      'a restart answered whose ICE found a path is kept, however silent SCTP still is',
      { ...trouble, lastOfferMs: 10_000, answeredMs: 10_050, iceConnected: true },
      10_050 + RESTART_SETTLE_MS,
      'keep',
    ],
    [
      'the answering side starts again a restart it answered when ICE has no path (the offer of the next comes)',
      { ...trouble, offerer: false, answeredMs: 10_050 },
      10_050 + RESTART_SETTLE_MS,
      'retry',
    ],
    [
      'and gives up one tried again',
      { ...trouble, offerer: false, answeredMs: 10_050, retries: 1 },
      10_050 + RESTART_SETTLE_MS,
      'give-up',
    ],
    [
      'the answering side keeps a restart it answered when ICE has a path',
      { ...trouble, offerer: false, answeredMs: 10_050, iceConnected: true },
      10_050 + RESTART_SETTLE_MS,
      'keep',
    ],
    [
      'not a moment before it settled',
      { ...trouble, offerer: false, answeredMs: 10_050 },
      10_050 + RESTART_SETTLE_MS - 1,
      'wait',
    ],
    [
      'an unanswered restart (signaling down) with ICE disconnected is given up in time',
      { ...trouble, lastOfferMs: 11_000 },
      10_000 + RESTART_GIVE_UP_MS,
      'give-up',
    ],
    [
      'an unanswered restart (signaling down) with ICE connected is kept: a quiet link is not a broken one',
      { ...trouble, lastOfferMs: 11_000, iceConnected: true },
      10_000 + RESTART_GIVE_UP_MS,
      'keep',
    ],
    ['the other side gives up in time too', { ...trouble, offerer: false }, 10_000 + RESTART_GIVE_UP_MS, 'give-up'],
    [
      'and keeps the link if ICE has a path',
      { ...trouble, offerer: false, iceConnected: true },
      10_000 + RESTART_GIVE_UP_MS,
      'keep',
    ],
    ['not a moment before', { ...trouble, offerer: false }, 10_000 + RESTART_GIVE_UP_MS - 1, 'wait'],
    [
      'ICE connected changes nothing before the episode ends',
      { ...trouble, lastOfferMs: 10_000, iceConnected: true },
      10_000 + RESTART_RESEND_MS,
      'offer',
    ],
  ])('%s', (_what, state, now, step) => {
    expect(restartStep(state, now)).toBe(step);
  });
});

/** A DTLS fingerprint both descriptions of a fake connection share. */
const FINGERPRINT = 'a=fingerprint:sha-256 AA:BB:CC';
const sdpWith = (ufrag: string) => `v=0\r\na=ice-ufrag:${ufrag}\r\n${FINGERPRINT}\r\n`;

/** An open connection over a stand-in RTCPeerConnection holding only what IceRestarts reads and calls. */
function fakeConnection(ice: RTCIceConnectionState = 'connected') {
  let offers = 0;
  const pc = {
    iceConnectionState: ice,
    signalingState: 'stable' as RTCSignalingState,
    localDescription: null as { type: string; sdp: string } | null,
    remoteDescription: { type: 'answer', sdp: sdpWith('old') },
    onicecandidate: null,
    /** Each offer with fresh ICE credentials: the first `new`, then `new2`, `new3`… */
    createOffer: async () => ({ type: 'offer', sdp: sdpWith(++offers === 1 ? 'new' : `new${offers}`) }),
    rollbacks: 0,
    setLocalDescription: async (description: { type: string; sdp?: string }) => {
      if (description.type === 'rollback') {
        pc.rollbacks++;
        pc.localDescription = null;
        pc.signalingState = 'stable';
        return;
      }
      pc.localDescription = { type: description.type, sdp: description.sdp ?? '' };
      pc.signalingState = 'have-local-offer';
    },
    setRemoteDescription: async (description: { type: string; sdp: string }) => {
      pc.remoteDescription = description;
      pc.signalingState = 'stable';
    },
  };
  const connection = {
    peer: 'bob',
    connectionId: 'dc_1',
    open: true,
    peerConnection: pc as unknown as RTCPeerConnection,
  } satisfies RestartableConnection;
  return { connection, pc };
}

describe('IceRestarts on a live link (a stand-in connection, the real clock policy)', () => {
  let restarts: IceRestarts | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    restarts?.stop();
    vi.useRealTimers();
  });

  function watched(ice: RTCIceConnectionState = 'connected') {
    const sent: RestartPayload[] = [];
    const givenUp: string[] = [];
    restarts = new IceRestarts({
      send: (_remote, payload) => sent.push(payload),
      giveUp: (connection) => givenUp.push(connection.connectionId),
      checkSignaling: () => {},
      refused: (remote, reason) => {
        throw new Error(`refused ${remote}: ${reason}`);
      },
    });
    const { connection, pc } = fakeConnection(ice);
    restarts.watch(connection, true);
    return { restarts, connection, pc, sent, givenUp };
  }

  test('a link whose application says nothing, and whose remote keeps up no keep-alive, is never troubled', async () => {
    const { restarts, sent, givenUp } = watched();
    await vi.advanceTimersByTimeAsync(10 * (SILENT_MS + RESTART_GIVE_UP_MS));
    expect(sent).toEqual([]);
    expect(givenUp).toEqual([]);
    expect(restarts.troubled).toBe(false);
  });

  test('a calm page wakes about once a second, not ten times, and still sees silence on time', async () => {
    const { restarts, connection, sent } = watched();
    // Each look at the links is one wake of the page's main thread. Counted on this object, never by a spy on the
    // global timers: Vitest's restoreAllMocks restores a spy again even after it was restored, and a spy made
    // under the fake clock would put a dead setTimeout back for every later test of the worker.
    const looks = vi.spyOn(restarts as unknown as { tick: () => void }, 'tick');
    restarts.keptAlive(connection);
    // Ten seconds of a live link: a beat every half second.
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(500);
      restarts.keptAlive(connection);
    }
    expect(looks.mock.calls.length).toBeLessThanOrEqual(10);
    expect(restarts.troubled).toBe(false);
    // The beats stop: the link is troubled as soon as it has been silent for SILENT_MS, not a tick later.
    await vi.advanceTimersByTimeAsync(SILENT_MS - 1);
    expect(restarts.troubled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(restarts.troubled).toBe(true);
    expect(sent.map((p) => p.description.type)).toEqual(['offer']);
  });

  test('a silent link that can no longer be restarted (closed under us, its close not yet heard) is not looked at in a loop', async () => {
    let looks = 0;
    const { connection } = fakeConnection('connected');
    const closing = { ...connection, open: true };
    restarts = new IceRestarts(
      { send: () => {}, giveUp: () => {}, checkSignaling: () => {}, refused: () => {} },
      () => (looks++, Date.now()),
    );
    restarts.watch(closing, true);
    restarts.keptAlive(closing);
    closing.open = false;
    await vi.advanceTimersByTimeAsync(SILENT_MS);
    const before = looks;
    await vi.advanceTimersByTimeAsync(1000);
    expect(restarts.troubled).toBe(false);
    // At most a look per tick, as the restart watch always ticked (the first cut looked again at once, ~1,000/s).
    expect(looks - before).toBeLessThanOrEqual(2 * (1000 / 100) + 2);
  });

  test('a kept-alive link gone silent while ICE carries it is offered a restart, and kept when none is answered', async () => {
    const { restarts, connection, sent, givenUp } = watched();
    restarts.keptAlive(connection);
    await vi.advanceTimersByTimeAsync(SILENT_MS + 250);
    expect(restarts.troubled).toBe(true);
    expect(sent.map((p) => p.description.type)).toEqual(['offer']);
    // Signaling is down: no answer ever comes. The episode ends; the link stays.
    await vi.advanceTimersByTimeAsync(RESTART_GIVE_UP_MS);
    expect(givenUp).toEqual([]);
    expect(restarts.troubled).toBe(false);
    // Long after, still silent, still carried by ICE: offers again now and then, never dropped.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(givenUp).toEqual([]);
    expect(sent.every((p) => p.description.type === 'offer')).toBe(true);
  });

  test('a new link whose keep-alive this page started counts its silence before the first beat came; once the presumption lapses without a beat, never', async () => {
    const young = watched();
    young.restarts.keepAliveStarted(young.connection);
    await vi.advanceTimersByTimeAsync(SILENT_MS + 100);
    expect(young.restarts.troubled).toBe(true);
    expect(young.sent.map((p) => p.description.type)).toEqual(['offer']);
    young.restarts.stop();

    const older = watched();
    older.restarts.keepAliveStarted(older.connection);
    older.restarts.heard(older.connection);
    await vi.advanceTimersByTimeAsync(KEEPALIVE_PRESUMED_MS);
    // No beat ever came: an older build. Its silence from now on is not trouble.
    older.restarts.heard(older.connection);
    const sentBefore = older.sent.length;
    await vi.advanceTimersByTimeAsync(10 * SILENT_MS);
    expect(older.restarts.troubled).toBe(false);
    expect(older.sent.length).toBe(sentBefore);
  });

  test('an unanswered offer is made afresh once (new ICE credentials), then the same one is sent again', async () => {
    const { restarts, connection, pc, sent } = watched();
    restarts.keptAlive(connection);
    await vi.advanceTimersByTimeAsync(SILENT_MS + 100);
    expect(sent.map((p) => sdpAttribute(p.description.sdp, 'ice-ufrag'))).toEqual(['new']);
    await vi.advanceTimersByTimeAsync(RESTART_RESEND_MS);
    expect(pc.rollbacks).toBe(1);
    await vi.advanceTimersByTimeAsync(3 * RESTART_RESEND_MS);
    const ufrags = sent.map((p) => sdpAttribute(p.description.sdp, 'ice-ufrag'));
    expect(ufrags.slice(0, 3)).toEqual(['new', 'new2', 'new2']);
    expect(new Set(ufrags)).toEqual(new Set(['new', 'new2']));
    expect(pc.rollbacks).toBe(1);
  });

  test('ICE disconnected and the restart unanswered: given up once, in time', async () => {
    const { restarts, connection, pc, sent, givenUp } = watched();
    pc.iceConnectionState = 'disconnected';
    restarts.iceState(connection, 'disconnected');
    expect(restarts.troubled).toBe(true);
    await vi.advanceTimersByTimeAsync(RESTART_GIVE_UP_MS - 250);
    expect(givenUp).toEqual([]);
    expect(sent.length).toBeGreaterThan(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(givenUp).toEqual(['dc_1']);
    await vi.advanceTimersByTimeAsync(RESTART_GIVE_UP_MS);
    expect(givenUp).toEqual(['dc_1']);
  });

  test('a restart answered that brought ICE back keeps the link while SCTP is still silent; one that did not is given up', async () => {
    const back = watched();
    back.pc.iceConnectionState = 'disconnected';
    back.restarts.iceState(back.connection, 'disconnected');
    await vi.advanceTimersByTimeAsync(0);
    await back.restarts.receive('bob', {
      fairdeck: 'ice-restart',
      link: 'dc_1',
      description: { type: 'answer', sdp: sdpWith('theirs') },
    });
    back.pc.iceConnectionState = 'connected';
    await vi.advanceTimersByTimeAsync(RESTART_SETTLE_MS + 250);
    expect(back.givenUp).toEqual([]);
    expect(back.restarts.troubled).toBe(false);
    back.restarts.stop();

    const dead = watched();
    dead.pc.iceConnectionState = 'disconnected';
    dead.restarts.iceState(dead.connection, 'disconnected');
    await vi.advanceTimersByTimeAsync(0);
    await dead.restarts.receive('bob', {
      fairdeck: 'ice-restart',
      link: 'dc_1',
      description: { type: 'answer', sdp: sdpWith('theirs') },
    });
    dead.pc.iceConnectionState = 'checking';
    await vi.advanceTimersByTimeAsync(RESTART_SETTLE_MS + 250);
    // Tried once more with fresh credentials, answered again, and still no path: given up.
    expect(dead.givenUp).toEqual([]);
    expect(dead.sent.map((p) => sdpAttribute(p.description.sdp, 'ice-ufrag'))).toEqual(['new', 'new2']);
    await dead.restarts.receive('bob', {
      fairdeck: 'ice-restart',
      link: 'dc_1',
      description: { type: 'answer', sdp: sdpWith('theirs2') },
    });
    await vi.advanceTimersByTimeAsync(RESTART_SETTLE_MS + 250);
    expect(dead.givenUp).toEqual(['dc_1']);
  });

  test('a restart answered after which nothing comes in from a remote that keeps the link alive is offered again at once with fresh credentials, though ICE says connected', async () => {
    const { restarts, connection, sent } = watched();
    restarts.keptAlive(connection);
    await vi.advanceTimersByTimeAsync(SILENT_MS + 250);
    expect(sent.map((p) => sdpAttribute(p.description.sdp, 'ice-ufrag'))).toEqual(['new']);
    await restarts.receive('bob', {
      fairdeck: 'ice-restart',
      link: 'dc_1',
      description: { type: 'answer', sdp: sdpWith('theirs') },
    });
    // ICE still says connected (Chrome calls a dead path connected for seconds); nothing is heard.
    await vi.advanceTimersByTimeAsync(RESTART_SETTLE_MS + 250);
    expect(sent.map((p) => sdpAttribute(p.description.sdp, 'ice-ufrag'))).toEqual(['new', 'new2']);
    expect(restarts.troubled).toBe(true);
    // The second restart's path carries the keep-alive: the episode is over.
    restarts.keptAlive(connection);
    expect(restarts.troubled).toBe(false);
  });
});

describe('readRestartPayload', () => {
  const good = { fairdeck: 'ice-restart', link: 'dc_abc', description: { type: 'offer', sdp: 'v=0\r\n' } };
  test('a restart offer or answer is read as sent', () => {
    expect(readRestartPayload(good)).toEqual(good);
    const answer = { ...good, description: { type: 'answer', sdp: 'v=0\r\n' } };
    expect(readRestartPayload(answer)).toEqual(answer);
  });
  test.each<[string, unknown]>([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'ice-restart'],
    [
      'PeerJS’s own answer (it has a connectionId)',
      { sdp: { type: 'answer', sdp: 'v=0' }, type: 'data', connectionId: 'dc_1' },
    ],
    ['another marker', { ...good, fairdeck: 'something-else' }],
    ['no link', { ...good, link: undefined }],
    ['an empty link', { ...good, link: '' }],
    ['a link id too long', { ...good, link: 'x'.repeat(129) }],
    ['a rollback', { ...good, description: { type: 'rollback', sdp: '' } }],
    ['a pranswer', { ...good, description: { type: 'pranswer', sdp: 'v=0' } }],
    ['an sdp that is not text', { ...good, description: { type: 'offer', sdp: 42 } }],
    ['an sdp over 64 KiB', { ...good, description: { type: 'offer', sdp: 'a'.repeat(64 * 1024 + 1) } }],
    ['an extra field', { ...good, connectionId: 'dc_abc' }],
    ['an extra field in the description', { ...good, description: { type: 'offer', sdp: 'v=0', extra: 1 } }],
  ])('%s is not a restart message', (_what, payload) => {
    expect(readRestartPayload(payload)).toBeNull();
  });
});

describe('sdpAttribute', () => {
  const sdp = [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    'a=group:BUNDLE 0',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'a=ice-ufrag:Ab3d',
    'a=ice-pwd:0123456789abcdefghijklmn',
    'a=fingerprint:sha-256 AA:BB:CC',
    'a=candidate:1 1 udp 2122260223 10.1.0.2 50000 typ host',
    '',
  ].join('\r\n');
  test('reads the ICE ufrag and the DTLS fingerprint', () => {
    expect(sdpAttribute(sdp, 'ice-ufrag')).toBe('Ab3d');
    expect(sdpAttribute(sdp, 'fingerprint')).toBe('sha-256 AA:BB:CC');
  });
  test('the first of several, with \\n line ends as well', () => {
    expect(sdpAttribute(`${sdp}a=ice-ufrag:Zz99\r\n`.replace(/\r\n/g, '\n'), 'ice-ufrag')).toBe('Ab3d');
  });
  test('absent, or only as a prefix of another attribute: null', () => {
    expect(sdpAttribute(sdp, 'ice-options')).toBeNull();
    expect(sdpAttribute(sdp, 'ice')).toBeNull();
    expect(sdpAttribute('', 'fingerprint')).toBeNull();
  });
});
