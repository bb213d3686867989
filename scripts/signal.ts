/**
 * `npm run signal`: a standalone signaling server for players who do not use
 * the app's own, e.g. when the app is served as a static bundle. It is the
 * `peer` package's PeerServer with the two endpoints a page asks beside it,
 * `/ice` (STUN and TURN, from the same environment as the app's server:
 * server/ice.ts) and `/table-peers` (who is at a table, so a joiner that
 * cannot reach the creator joins through another seat) — mounted by
 * server/signaling.ts exactly as the app's server mounts them. A bare
 * `npx peer --port 9000 --path /fairdeck` also signals, without those two.
 * In ⚙ Settings choose "Another PeerServer": host = this machine's name or
 * address, port 9000, path /fairdeck, TLS off (put a TLS proxy in front for
 * wss). Only the creator needs to: a table's share link carries the server
 * to every joiner.
 *
 * Environment: SIGNAL_PORT (default 9000), SIGNAL_PATH (default /fairdeck),
 * HOST (default 0.0.0.0), and STUN_URLS, TURN_URLS, TURN_SECRET.
 */
import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { describeIceConfig, iceConfigFromEnv, type IceConfig } from '../server/ice.js';
import { mountSignaling } from '../server/signaling.js';

export interface StartedSignal {
  readonly port: number;
  close(): Promise<void>;
}

/** Starts the standalone signaling server; resolves once it listens. A bad ICE variable throws before anything listens. */
export async function startSignal(
  port: number,
  signalPath: string,
  host = '0.0.0.0',
  ice: IceConfig = iceConfigFromEnv(process.env),
  log: (id: string, event: 'connection' | 'disconnect') => void = () => {},
): Promise<StartedSignal> {
  const app = express();
  const httpServer = createServer(app);
  mountSignaling(app, httpServer, { path: signalPath, ice }).onPeer((event, id) => log(id, event));
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => resolve());
  });
  const address = httpServer.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    async close() {
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const port = Number(process.env.SIGNAL_PORT ?? 9000);
  const signalPath = process.env.SIGNAL_PATH ?? '/fairdeck';
  const ice = iceConfigFromEnv(process.env);
  startSignal(port, signalPath, process.env.HOST ?? '0.0.0.0', ice, (id, event) =>
    console.log(`${event === 'connection' ? '+' : '-'} ${id}`),
  )
    .then(() => {
      console.log(`PeerServer listening on port ${port}, path ${signalPath}, with /ice and /table-peers beside it`);
      console.log(describeIceConfig(ice));
      console.log('Settings → Another PeerServer: TLS off, port', port, 'path', signalPath, 'and host one of:');
      const hosts = ['localhost'];
      for (const list of Object.values(networkInterfaces())) {
        for (const net of list ?? []) if (net.family === 'IPv4' && !net.internal) hosts.push(net.address);
      }
      for (const host of hosts) console.log(`  ${host}   (ws://${host}:${port}${signalPath}/)`);
    })
    .catch((error: unknown) => {
      console.error(`The signaling server could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
