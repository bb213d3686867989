/**
 * A failed registration of the PeerJS transport under Node (no WebRTC there):
 * it becomes a SignalingError with PeerJS's type and words, without retrying,
 * and a host PeerJS throws on is reported as 'invalid-url'. Separate from
 * peerjs-transport.test.ts because mutants of start() hang it (a retry loop
 * that never gives up), which costs a Stryker timeout each.
 */
import { describe, expect, test } from 'vitest';
import { PeerJsTransport } from '../../src/net/peerjs-transport.js';
import { SignalingError } from '../../src/net/signaling.js';
import type { TransportEvents } from '../../src/net/transport.js';

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

describe('the PeerJS transport refused under Node', () => {
  test('a refused registration is a SignalingError with PeerJS type and words, and no retry', async () => {
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
    // PeerJS reads window.location for host "/": it throws where there is none.
    const transport = new PeerJsTransport('fd-t-1', { signaling: { ...signaling, host: '/' }, token: 'tok' });
    const error = (await transport.start(recorder().events).catch((e: unknown) => e)) as SignalingError;
    expect(error).toBeInstanceOf(SignalingError);
    expect(error.type).toBe('invalid-url');
    expect(error.message).toMatch(/^could not reach the signaling server ws:\/\/\/:9\/fairdeck\/: \S/);
    expect(error.message).toContain('window');
  });
});
