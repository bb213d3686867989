/**
 * The ICE restart's decisions (src/net/ice-restart.ts), without WebRTC: when
 * a link in trouble is offered a restart, offered it again, or given up to
 * the mesh's redial; which signaling payloads are restart messages (anything
 * else a PeerServer relays, and hostile shapes, are not); and reading the SDP
 * attributes a restart compares (ICE ufrag, DTLS fingerprint). The restart
 * itself runs over real networks in the NAT lab (test/nat/network-change.nat.ts).
 */
import { describe, expect, test } from 'vitest';
import {
  readRestartPayload,
  RESTART_GIVE_UP_MS,
  RESTART_RESEND_MS,
  RESTART_SETTLE_MS,
  restartStep,
  sdpAttribute,
  type RestartState,
} from '../../src/net/ice-restart.js';

describe('restartStep', () => {
  const trouble: RestartState = {
    troubleSinceMs: 10_000,
    offerer: true,
    lastOfferMs: undefined,
    answeredMs: undefined,
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
      'a restart answered but still silent is given up, so the link is dialled again',
      { ...trouble, lastOfferMs: 10_000, answeredMs: 10_050 },
      10_050 + RESTART_SETTLE_MS,
      'give-up',
    ],
    [
      'the answering side gives up a silent restart it answered too',
      { ...trouble, offerer: false, answeredMs: 10_050 },
      10_050 + RESTART_SETTLE_MS,
      'give-up',
    ],
    [
      'not a moment before it settled',
      { ...trouble, offerer: false, answeredMs: 10_050 },
      10_050 + RESTART_SETTLE_MS - 1,
      'wait',
    ],
    ['the dialling side gives up in time', { ...trouble, lastOfferMs: 11_000 }, 10_000 + RESTART_GIVE_UP_MS, 'give-up'],
    ['the other side gives up in time too', { ...trouble, offerer: false }, 10_000 + RESTART_GIVE_UP_MS, 'give-up'],
    ['not a moment before', { ...trouble, offerer: false }, 10_000 + RESTART_GIVE_UP_MS - 1, 'wait'],
  ])('%s', (_what, state, now, step) => {
    expect(restartStep(state, now)).toBe(step);
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
