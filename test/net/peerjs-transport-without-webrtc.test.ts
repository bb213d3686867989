/**
 * The real PeerJS library under Node, where there is no WebRTC: starting the
 * transport fails as a person would be told it fails, a SignalingError with
 * PeerJS's type and words, without retrying, and a host PeerJS throws on
 * (host "/" without a window) is reported as 'invalid-url'. The transport's
 * own decisions, with PeerJS replaced by a scripted stand-in, are in
 * peerjs-transport.test.ts; the library over real WebRTC is tested in
 * Chromium (test/browser/peerjs-transport.test.ts).
 */
import { describe, expect, test } from 'vitest';
import type { SignalingError } from '../../src/net/signaling.js';
import type { TransportEvents } from '../../src/net/transport.js';
import { loadedNow } from '../helpers/loaded-now.js';

/**
 * The transport and its error class loaded afresh, so they use the real PeerJS even when a file
 * that replaced it with a stand-in (peerjs-transport.test.ts) ran before in the same worker.
 */
async function realPeerJs() {
  const { PeerJsTransport } = await loadedNow(() => import('../../src/net/peerjs-transport.js'));
  const { SignalingError } = await import('../../src/net/signaling.js');
  return { PeerJsTransport, SignalingError };
}

const signaling = { host: '127.0.0.1', port: 9, path: '/fairdeck', secure: false, iceServers: [] };
function recorder(): { events: TransportEvents; log: string[] } {
  const log: string[] = [];
  return {
    log,
    events: {
      linkOpen: (remote) => log.push(`open ${remote}`),
      linkClosed: (remote) => log.push(`closed ${remote}`),
      message: (remote) => log.push(`message ${remote}`),
      problem: (description) => log.push(`problem ${description}`),
    },
  };
}

describe('the PeerJS transport started without WebRTC', () => {
  test('a refused registration is a SignalingError with PeerJS type and words, and no retry', async () => {
    const { PeerJsTransport, SignalingError } = await realPeerJs();
    const transport = new PeerJsTransport('fd-t-1', { signaling, token: 'tok' });
    const { events, log } = recorder();
    const error = await transport.start(events).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SignalingError);
    const e = error as SignalingError;
    expect(e.type).toBe('browser-incompatible');
    expect(e.message).toBe(
      'could not reach the signaling server ws://127.0.0.1:9/fairdeck/: The current browser does not support WebRTC',
    );
    expect(e.server).toBe(signaling);
    expect(log).toEqual([]);
    transport.stop();
  });

  test('a host PeerJS throws on is reported as an invalid URL', async () => {
    const { PeerJsTransport, SignalingError } = await realPeerJs();
    // PeerJS reads window.location for host "/": it throws where there is none.
    const transport = new PeerJsTransport('fd-t-1', { signaling: { ...signaling, host: '/' }, token: 'tok' });
    const error = (await transport.start(recorder().events).catch((e: unknown) => e)) as SignalingError;
    expect(error).toBeInstanceOf(SignalingError);
    expect(error.type).toBe('invalid-url');
    expect(error.message).toMatch(/^could not reach the signaling server ws:\/\/\/:9\/fairdeck\/: \S/);
    expect(error.message).toContain('window');
  });
});
