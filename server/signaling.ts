/**
 * Signaling, as both Fairdeck servers mount it on an HTTP server: the `peer`
 * package's ExpressPeerServer at a path (`/peerjs` in the app's server,
 * `/fairdeck` in `npm run signal`), and beside that path the two endpoints a
 * page asks the table's signaling server for: `GET /ice` (STUN and TURN, with
 * TURN credentials minted per request: server/ice.ts) and `GET
 * /table-peers?table=…` (the peer ids registered for one table:
 * server/table-peers.ts). A page derives both from the signaling path
 * (src/net/ice-servers.ts, src/net/table-peers.ts), so a standalone server
 * gives a table TURN and relaying as the app's own server does.
 *
 * The WebSocket takes only the upgrades for the signaling path; every other
 * upgrade on the HTTP server is refused at once rather than left hanging.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { ExpressPeerServer } from 'peer';
import { WebSocketServer, type WebSocket } from 'ws';
import { iceAnswer, type IceConfig } from './ice.js';
import { TablePeers } from './table-peers.js';

export interface SignalingOptions {
  /** Where the PeerServer answers, as a page's settings name it: `/peerjs`, `/fairdeck`. */
  readonly path: string;
  /** What `GET /ice` hands out. */
  readonly ice: IceConfig;
}

export interface MountedSignaling {
  /** Called with each peer id as it registers (`connection`) and is gone (`disconnect`). */
  onPeer(listener: (event: 'connection' | 'disconnect', id: string) => void): void;
}

/** Mounts the PeerServer at `options.path` of `app` (served by `httpServer`), with `/ice` and `/table-peers` beside it. */
export function mountSignaling(app: Express, httpServer: Server, options: SignalingOptions): MountedSignaling {
  let sockets: WebSocketServer | undefined;
  const peerServer = ExpressPeerServer(httpServer, {
    path: '/',
    allow_discovery: false,
    alive_timeout: 60_000,
    createWebSocketServer: (wsOptions) => {
      sockets = new WebSocketServer({ ...wsOptions, server: undefined, noServer: true });
      return sockets;
    },
  });
  httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const own = sockets;
    if (own && own.shouldHandle(req))
      own.handleUpgrade(req, socket, head, (ws) => confirmReattached(ws, () => own.emit('connection', ws, req)));
    else socket.destroy();
  });
  const tablePeers = new TablePeers();
  const listeners: ((event: 'connection' | 'disconnect', id: string) => void)[] = [];
  peerServer.on('connection', (client: { getId(): string }) => {
    tablePeers.add(client.getId());
    for (const listener of listeners) listener('connection', client.getId());
  });
  peerServer.on('disconnect', (client: { getId(): string }) => {
    tablePeers.remove(client.getId());
    for (const listener of listeners) listener('disconnect', client.getId());
  });
  app.use(options.path, peerServer);

  // Beside the signaling path: `/peerjs` → `/ice`, `/a/fairdeck` → `/a/ice`.
  const dir = options.path.replace(/[^/]*\/?$/, '');
  const beside = (name: string) => `${dir.endsWith('/') ? dir : `${dir}/`}${name}`;
  // Any origin may ask: a static copy of the app reaches the table's server from another origin. No cache: each
  // answer carries a fresh TURN credential.
  app.get(beside('ice'), (_req, res) => {
    res.set({ 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
    res.json(iceAnswer(options.ice, Date.now()));
  });
  app.get(beside('table-peers'), (req, res) => {
    res.set({ 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
    const { status, body } = tablePeers.answer(req.query.table);
    res.status(status).json(body);
  });
  return { onPeer: (listener) => listeners.push(listener) };
}

/**
 * PeerServer 1.0.2 answers a socket for an id and token it still holds (the
 * same page registering again after a new address, while the server has not
 * yet noticed its old socket is dead) by moving the id to the new socket
 * without sending OPEN; PeerJS then never says it is registered, and the page
 * cannot dial. `register` runs PeerServer's handling of the new socket; if
 * that left it open without sending OPEN, ERROR or ID-TAKEN, the id was moved
 * to it, and this says OPEN, as for a first registration.
 */
function confirmReattached(ws: WebSocket, register: () => void): void {
  const said = new Set<string>();
  const send = ws.send.bind(ws);
  ws.send = ((data: unknown, ...rest: unknown[]) => {
    if (typeof data === 'string') said.add(String((JSON.parse(data) as { type?: unknown }).type));
    return (send as (...args: unknown[]) => void)(data, ...rest);
  }) as WebSocket['send'];
  register();
  ws.send = send;
  if (ws.readyState === ws.OPEN && !['OPEN', 'ERROR', 'ID-TAKEN'].some((type) => said.has(type)))
    ws.send(JSON.stringify({ type: 'OPEN' }));
}
