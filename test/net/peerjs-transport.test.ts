/**
 * What of the PeerJS transport (peerjs-transport.ts) runs under Node: PeerJS
 * loads, but Node has no WebRTC (PeerJS refuses to start: "browser-
 * incompatible") and no global WebSocket, so registration, dials, outages and
 * data are covered by the Chromium end-to-end tests, not here. Checked here:
 * the URL it names, and that before a successful start it dials nobody and
 * sends nothing. A failed start is in peerjs-transport-start.test.ts: its
 * mutants hang start() (retry loops), so it is kept out of the mutation run.
 */
import { describe, expect, test } from 'vitest';
import { PeerJsTransport } from '../../src/net/peerjs-transport.js';
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

describe('the PeerJS transport under Node', () => {
  test('names its signaling server as PeerJS opens it', () => {
    const transport = new PeerJsTransport('fd-t-1', { signaling, token: 'tok' });
    expect(transport.localId).toBe('fd-t-1');
    expect(transport.signalingUrl).toBe('ws://127.0.0.1:9/fairdeck/');
    expect(
      new PeerJsTransport('x', { signaling: { ...signaling, secure: true, path: '/' }, token: 't' }).signalingUrl,
    ).toBe('wss://127.0.0.1:9/');
  });

  test('before a start it dials nobody, sends nothing and stops quietly', () => {
    const transport = new PeerJsTransport('fd-t-1', { signaling, token: 'tok' });
    const { log } = recorder();
    transport.connect('fd-t-2');
    expect(transport.send('fd-t-2', Uint8Array.of(1))).toBe(false);
    expect(transport.openLinks()).toEqual([]);
    transport.disconnect('fd-t-2');
    transport.stop();
    transport.stop();
    expect(log).toEqual([]);
  });
});
