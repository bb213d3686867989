/**
 * The sockets of the real servers, over real HTTP and WebSocket from Node:
 * the app's (server/main.ts `startServer`, `dev` as `npm start` runs it) and
 * the standalone one (`npm run signal`, scripts/signal.ts), both on port 0.
 * Both mount signaling alike (server/signaling.ts), and each must show:
 * - a page that registers again with its id and token while the server still
 *   holds its old socket (its address changed; the old socket is not closed
 *   yet) is told OPEN, as a first registration is — PeerServer 1.0.2 alone
 *   says nothing, and PeerJS then never counts itself registered — and
 *   messages for the id now reach the new socket;
 * - another token for a held id is still refused (ID-TAKEN);
 * - an upgrade for any other path is refused at once, not left hanging;
 * - `GET /table-peers?table=…` names the ids registered for that one table,
 *   and no longer one whose socket closed; anything but a table id is 400;
 * - `GET /ice` beside the signaling path answers with the ICE servers;
 * - the app's dev page carries no Vite client, which would reload a player's
 *   page whenever its socket to the server closed and came back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer } from '../../server/main.js';
import { startSignal } from '../../scripts/signal.js';
import type { IceConfig } from '../../server/ice.js';

const ICE: IceConfig = {
  stunUrls: ['stun:stun.example.org:3478'],
  turnUrls: ['turn:turn.example.org:3478'],
  turnSecret: 'signaling-test-secret',
  ttlSeconds: 3600,
};

interface Served {
  port: number;
  close(): Promise<void>;
}

const servers: {
  name: string;
  start: () => Promise<Served>;
  signaling: string;
  beside: string;
  servesApp: boolean;
}[] = [
  {
    name: 'the app’s server (npm start)',
    start: () => startServer('dev', 0, '127.0.0.1', ICE),
    signaling: '/peerjs',
    beside: '/',
    servesApp: true,
  },
  {
    name: 'the standalone server (npm run signal)',
    start: () => startSignal(0, '/games/fairdeck', '127.0.0.1', ICE),
    signaling: '/games/fairdeck',
    beside: '/games/',
    servesApp: false,
  },
];

const opened: WebSocket[] = [];

async function first(said: { type: string }[], type: string): Promise<void> {
  await expect.poll(() => said.map((m) => m.type), { timeout: 3000, interval: 20 }).toContain(type);
}

describe.each(servers)('$name', ({ start, signaling, beside, servesApp }) => {
  let server: Served;
  beforeAll(async () => {
    server = await start();
  }, 60_000);
  afterAll(async () => {
    for (const socket of opened.splice(0)) socket.terminate();
    await server?.close();
  });

  /** A PeerJS-like signaling socket for `id` with `token`, and every message it receives. */
  async function register(id: string, token: string): Promise<{ socket: WebSocket; said: { type: string }[] }> {
    const socket = new WebSocket(
      `ws://127.0.0.1:${server.port}${signaling}/peerjs?key=peerjs&id=${id}&token=${token}&version=1.5.5`,
    );
    opened.push(socket);
    const said: { type: string }[] = [];
    socket.on('message', (data: Buffer) => said.push(JSON.parse(data.toString()) as { type: string }));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return { socket, said };
  }

  it('says OPEN to a page registering again with its id and token while its old socket is open, and routes to the new one', async () => {
    const before = await register('fd-reattach-a', 'token-a');
    await first(before.said, 'OPEN');
    const again = await register('fd-reattach-a', 'token-a');
    await first(again.said, 'OPEN');
    expect(again.said.filter((m) => m.type === 'OPEN')).toHaveLength(1);
    const other = await register('fd-reattach-b', 'token-b');
    await first(other.said, 'OPEN');
    other.socket.send(JSON.stringify({ type: 'OFFER', dst: 'fd-reattach-a', payload: { connectionId: 'dc_1' } }));
    await first(again.said, 'OFFER');
    expect(before.said.map((m) => m.type)).toEqual(['OPEN']);
  });

  it('still refuses a held id to another token', async () => {
    const owner = await register('fd-reattach-c', 'token-c');
    await first(owner.said, 'OPEN');
    const thief = await register('fd-reattach-c', 'not-token-c');
    await first(thief.said, 'ID-TAKEN');
    expect(thief.said.map((m) => m.type)).toEqual(['ID-TAKEN']);
  });

  it('names the peer ids registered for a table, only that table, and not one whose socket closed', async () => {
    const table = 'abcdefgh-0011223344556677';
    const ids = [`fd-${table}-0011223344556677`, `fd-${table}-8899aabbccddeeff`];
    const sockets = [];
    for (const [i, id] of [...ids, 'fd-zzzzzzzz-0011223344556677-0123456789abcdef', `fd-${table}-x`].entries()) {
      const registered = await register(id, `token-t${i}`);
      await first(registered.said, 'OPEN');
      sockets.push(registered.socket);
    }
    const peers = async (query: string) => {
      const response = await fetch(`http://127.0.0.1:${server.port}${beside}table-peers?${query}`);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      return { status: response.status, body: (await response.json()) as { peers?: string[] } };
    };
    const answer = await peers(`table=${table}`);
    expect(answer.status).toBe(200);
    expect([...answer.body.peers!].sort()).toEqual(ids);
    sockets[1]!.close();
    await expect.poll(async () => (await peers(`table=${table}`)).body.peers, { timeout: 3000 }).toEqual([ids[0]]);
    expect(await peers('table=abcdefgh-9999999999999999')).toEqual({ status: 200, body: { peers: [] } });
    for (const bad of ['', 'table=', 'table=ABCDEFGH-0011223344556677', 'table=abcdefgh-00', 'table[]=x'])
      expect((await peers(bad)).status, bad).toBe(400);
  });

  it('refuses at once an upgrade for any other path', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/?token=anything`, 'vite-hmr');
    opened.push(socket);
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('error', (error) => resolve(`error: ${error.message}`));
    });
    expect(outcome).toMatch(/^error: /);
  });

  it('hands out the ICE servers beside the signaling path, with a fresh TURN credential', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}${beside}ice`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await response.json()) as { iceServers: { urls: string[]; username?: string }[] };
    expect(answer.iceServers.map((s) => s.urls)).toEqual([
      ['stun:stun.example.org:3478'],
      ['turn:turn.example.org:3478'],
    ]);
    expect(answer.iceServers[1]?.username).toMatch(/^\d+:/);
  });

  it(servesApp ? 'serves the dev page without Vite’s client' : 'serves no page, only signaling', async () => {
    const answer = await fetch(`http://127.0.0.1:${server.port}/`);
    const page = await answer.text();
    if (!servesApp) {
      expect(answer.ok).toBe(false);
      expect(page).not.toContain('<fd-app>');
      return;
    }
    expect(page).toContain('<fd-app>');
    expect(page).toContain('/src/main.ts');
    expect(page).not.toContain('@vite/client');
  });
});
