/**
 * Registering this page's peer id with the PeerServer (one PeerJS `Peer`),
 * and what its signaling socket says once the id is confirmed: a dial from
 * another page, the socket lost and registered again, an error. The
 * transport (peerjs-transport.ts) holds the Peer and acts on these; errors
 * of the signaling socket itself go unreported here, since its outage
 * handling covers them. A registration the server never confirms is given
 * up after `REGISTER_TIMEOUT_MS`, as a refused id.
 */
import { Peer, type DataConnection, type PeerError } from 'peerjs';
import type { SignalingConfig } from './signaling.js';

/**
 * How long the server may take to confirm our id. The `peer` server (1.0.x)
 * answers a socket for an id and token it still holds — this page's own
 * socket of a moment ago, not yet closed on its side (Retry, a quick reload) —
 * by adopting it without sending OPEN (peers/peerjs-server#462), and PeerJS
 * then waits for ever. Given up after this long, the Peer is destroyed (the
 * server forgets the id with its socket) and the id is asked for again.
 */
const REGISTER_TIMEOUT_MS = 8000;
/** Errors PeerJS raises for the signaling socket: the outage handling covers them. */
const SIGNALING_ERRORS = new Set([
  'network',
  'socket-error',
  'socket-closed',
  'server-error',
  'unavailable-id',
  'disconnected',
]);

/** A message on the signaling socket, as PeerJS hands it on. */
export interface SocketMessage {
  readonly type?: unknown;
  readonly src?: unknown;
  readonly payload?: unknown;
}

/** What the transport hears of its Peer. */
export interface PeerEvents {
  /** The Peer exists: the transport holds it from now on (before any other event). */
  created(peer: Peer): void;
  /** Any message on the signaling socket (the ICE restarts' and the probe's among them). */
  socketMessage(message: SocketMessage): void;
  /** Another page dialled this one. */
  connection(connection: DataConnection): void;
  /** The server confirmed the id again after the socket was lost. */
  registeredAgain(): void;
  /** The socket was lost after the id was confirmed (the Peer not destroyed). */
  lost(): void;
  /** An error after the id was confirmed, other than the signaling socket's own. */
  error(error: PeerError<string>): void;
}

/**
 * Makes the Peer for `localId` and resolves once the server confirms the id;
 * rejects with PeerJS's error (its `type` says which) if it refuses, is gone
 * first, or says nothing for `REGISTER_TIMEOUT_MS`.
 */
export function registerPeer(
  localId: string,
  signaling: SignalingConfig,
  token: string,
  config: RTCConfiguration,
  events: PeerEvents,
): Promise<void> {
  let peer: Peer;
  try {
    peer = new Peer(localId, {
      host: signaling.host,
      port: signaling.port,
      path: signaling.path,
      secure: signaling.secure,
      token,
      debug: 1,
      config,
    });
  } catch (error) {
    // A host PeerJS cannot turn into a WebSocket URL: say which, not WebSocket's words.
    return Promise.reject(
      Object.assign(new Error(error instanceof Error ? error.message : String(error)), { type: 'invalid-url' }),
    );
  }
  events.created(peer);
  // (`socket` is always there in PeerJS; the scripted stand-in of the transport's Node tests has none.)
  peer.socket?.on('message', (message: SocketMessage) => events.socketMessage(message));
  return new Promise<void>((resolve, reject) => {
    let registered = false;
    const unanswered = setTimeout(() => {
      if (registered || peer.destroyed) return;
      reject(
        Object.assign(new Error('the signaling server did not confirm the id'), {
          type: 'unavailable-id',
        }),
      );
      peer.destroy();
    }, REGISTER_TIMEOUT_MS);
    peer.on('open', () => {
      clearTimeout(unanswered);
      if (!registered) {
        registered = true;
        resolve();
        return;
      }
      events.registeredAgain();
    });
    peer.on('connection', (connection) => events.connection(connection));
    peer.on('disconnected', () => {
      // Gone before the server answered (stop() destroys the Peer, which says 'disconnected' but no 'error'): the
      // start ends instead of waiting for ever.
      clearTimeout(unanswered);
      if (!registered)
        return reject(
          Object.assign(new Error('disconnected from the signaling server before it accepted the id'), {
            type: 'disconnected',
          }),
        );
      if (peer.destroyed) return;
      events.lost();
    });
    peer.on('error', (error) => {
      clearTimeout(unanswered);
      if (!registered) {
        reject(error); // before destroy(), whose 'disconnected' would otherwise reject first
        peer.destroy();
        return;
      }
      if (SIGNALING_ERRORS.has(error.type)) return;
      events.error(error);
    });
  });
}
