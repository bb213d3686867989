/**
 * The one process a player (or CI) starts: it serves the app and mounts the
 * `peer` package's ExpressPeerServer on the same origin at `/peerjs`, so that
 * opening the printed URL in two browsers is all it takes to play. Mode `dev`
 * serves the sources through Vite's middleware, without HMR and without
 * Vite's client in the page (see below); mode `preview` serves the static
 * bundle from `dist/` that `vite build` made. The signaling
 * server introduces peers: it sees who links to whom and when, and may refuse
 * service. Cards, keys and moves go peer to peer, signed; a private card is
 * sealed to its seat. A hostile server could stand in the middle of a link
 * (it carries the DTLS fingerprints) and read public moves, but never a
 * sealed card, and it cannot forge a move; a peer it substitutes is caught
 * by the table fingerprint (docs/PROTOCOL.md §12).
 *
 * `GET /ice` hands every page the STUN and TURN servers to use, with TURN
 * credentials minted per request (server/ice.ts); `GET /table-peers?table=…`
 * names the peer ids registered for one table (server/table-peers.ts), so a
 * joiner that cannot reach the creator joins through another seat; both are
 * mounted with the PeerServer by server/signaling.ts. `npm run serve` is the
 * production mode: the built bundle and signaling, as `deploy/` runs it.
 *
 * Environment: PORT (default 5173), HOST (default 0.0.0.0), and STUN_URLS,
 * TURN_URLS, TURN_SECRET (server/ice.ts; none set: no ICE servers).
 */
import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import express from 'express';
import type { Plugin } from 'vite';
import { describeIceConfig, iceConfigFromEnv, type IceConfig } from './ice.js';
import { mountSignaling } from './signaling.js';

export interface StartedServer {
  readonly port: number;
  readonly urls: readonly string[];
  /** What `GET /ice` hands out (from the environment unless given). */
  readonly ice: IceConfig;
  close(): Promise<void>;
}

export type ServeMode = 'dev' | 'preview';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the app + signaling server; resolves once it listens. A bad ICE variable throws before anything listens. */
export async function startServer(
  mode: ServeMode,
  port = Number(process.env.PORT ?? 5173),
  host = process.env.HOST ?? '0.0.0.0',
  ice: IceConfig = iceConfigFromEnv(process.env),
  /** The built bundle `preview` serves. */
  bundle = path.join(root, 'dist'),
): Promise<StartedServer> {
  const app = express();
  const httpServer = createServer(app);
  // The signaling server (ids, offers and ICE candidates only), with /ice and /table-peers beside it.
  mountSignaling(app, httpServer, { path: '/peerjs', ice });
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, mode });
  });

  let closeVite: (() => Promise<void>) | undefined;
  if (mode === 'dev') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      // No HMR, and no Vite websocket or client at all: a player's page must
      // never reload itself mid-hand, and Vite's client reloads the page
      // whenever its websocket closes and the server answers again (a new
      // address, a dev server restart). Edits show on the next reload by hand.
      server: { middlewareMode: true, hmr: false, ws: false },
      plugins: [withoutViteClient()],
      appType: 'spa',
    });
    app.use(vite.middlewares);
    closeVite = () => vite.close();
  } else {
    const dist = bundle;
    if (!existsSync(path.join(dist, 'index.html'))) {
      throw new Error(`no bundle in ${dist}: run "npm run build" first`);
    }
    app.use(express.static(dist, { index: 'index.html' }));
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => resolve());
  });
  const address = httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    urls: listenUrls(host, actualPort),
    ice,
    async close() {
      await closeVite?.();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** Removes Vite's client script from the dev page (it is only there for HMR, which is off). */
function withoutViteClient(): Plugin {
  return {
    name: 'fairdeck-without-vite-client',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module" src="\/@vite\/client"><\/script>\s*/, ''),
    },
  };
}

/** The URLs a person can open: localhost plus every IPv4 address of this machine. */
function listenUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [`http://${host}:${port}/`];
  const urls = [`http://localhost:${port}/`];
  for (const list of Object.values(networkInterfaces())) {
    for (const net of list ?? []) {
      if (net.family === 'IPv4' && !net.internal) urls.push(`http://${net.address}:${port}/`);
    }
  }
  return urls;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const mode = process.argv[2] === 'preview' ? 'preview' : 'dev';
  startServer(mode)
    .then((server) => {
      console.log(`\nFairdeck (${mode}) with embedded signaling at /peerjs`);
      console.log(describeIceConfig(server.ice));
      console.log('Open this URL in two browsers, create a table and share its link:');
      for (const url of server.urls) console.log(`  ${url}`);
      console.log('');
      const stop = () => void server.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      console.error(`Fairdeck could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
