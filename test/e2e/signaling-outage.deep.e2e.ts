/**
 * Signaling a friend can set up, end to end: a standalone PeerServer (the
 * `peer` package's PeerServer, in this process, on a free port and path
 * /fairdeck, as `npm run signal` runs it), two real Chromium pages over real
 * WebRTC. Ann points her Settings at that server (the form checks a host with
 * a scheme as she types) and creates a Stress (shedding) table; Bob, on
 * default settings, opens the share link, which carries the server. Mid-hand
 * the server stops: play goes on over the open WebRTC link; Bob reloads during
 * the outage and is told which server failed and why; the server comes back on
 * the same port, both pages reconnect by themselves, and the hand finishes
 * with the same state hash and a clean audit on both, one "lost" and one
 * "back" line in each log, and no uncaught exception.
 */
import { createServer as createNetServer, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PeerServer } from 'peer';
import { launchChromium, newPlayer, openAndSit, shownText, type Player } from './browser.js';
import { playStress, stressTurn } from './stress-moves.js';

const PATH = '/fairdeck';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});

/** A PeerServer that can be stopped hard (every socket cut, as a crash would) and started again on its port. */
class StandaloneSignaling {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(readonly port: number) {}

  start(): Promise<void> {
    return new Promise((resolve) => {
      PeerServer({ port: this.port, path: PATH, alive_timeout: 60_000 }, (server) => {
        this.server = server;
        server.on('connection', (socket: Socket) => {
          this.sockets.add(socket);
          socket.on('close', () => this.sockets.delete(socket));
        });
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }
}

let signaling: StandaloneSignaling | undefined;
afterAll(async () => {
  await signaling?.stop();
  await browser?.close();
});

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** One move if it is this page's turn (as in stress-shed.deep.e2e.ts; now and then another card, chosen by the move count, not a clock, so two fixed strategies cannot loop for ever); returns what it did, or null. */
const moveIfMyTurn = (page: Page, turn: number) =>
  stressTurn(page, (ordered) => (turn % 4 === 3 ? ordered[turn % ordered.length]! : ordered[0]!));

async function logText(page: Page): Promise<string> {
  return shownText(page.locator('fd-log #log'));
}

it('two browsers play a hand through a standalone PeerServer chosen by the share link, across a server outage and a reload', async () => {
  const base = inject('baseUrl');
  signaling = new StandaloneSignaling(await freePort());
  await signaling.start();
  const port = signaling.port;
  const url = `ws://localhost:${port}${PATH}/`;

  // Ann configures the standalone server; the form refuses a host with a scheme as she types.
  const ann: Player = await newPlayer(browser, base, 'Ann');
  await ann.page.goto(`${base}#/settings`);
  await ann.page.locator('input[name="mode"][value="custom"]').check();
  await ann.page.locator('input[name="host"]').fill(`http://localhost:${port}`);
  await expect.poll(() => shownText(ann.page.locator('#host-error'))).toContain('scheme');
  expect(await ann.page.locator('#save-settings').isDisabled()).toBe(true);
  await ann.page.locator('input[name="host"]').fill('localhost');
  await ann.page.locator('input[name="port"]').fill(String(port));
  await ann.page.locator('input[name="path"]').fill(PATH);
  expect(await ann.page.locator('input[name="secure"]').isChecked()).toBe(false);
  await expect.poll(() => shownText(ann.page.locator('#signaling-preview'))).toBe(url);
  await ann.page.locator('#save-settings').click();
  await ann.page.locator('#settings-saved').waitFor();
  await ann.page.locator('#settings-back').click();

  await ann.page.locator('input[name="game"][value="stress-shed"]').check();
  await ann.page.locator('#seats').selectOption('2');
  await ann.page.locator('#create').click();
  await expect
    .poll(() => ann.page.locator('#share-link').inputValue(), { timeout: 30_000 })
    .toMatch(/#\/t\/.*\?signal=/);
  const link = await ann.page.locator('#share-link').inputValue();
  expect(new URLSearchParams(link.split('?')[1]).get('signal')).toBe(`ws://localhost:${port}${PATH}`);
  expect(await shownText(ann.page.locator('#share-signaling'))).toContain(url);

  // Bob never opens Settings: the link names the server, and his page says so.
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);
  await expect.poll(() => shownText(bob.page.locator('#signaling-in-use')), { timeout: 30_000 }).toContain(url);
  expect(await shownText(bob.page.locator('#signaling-in-use'))).toContain('chosen by this table’s link');
  for (const p of [ann, bob]) await p.page.locator('#ready').waitFor({ timeout: 240_000 });

  let phase = 'before' as 'before' | 'outage' | 'after';
  let outageMoves = 0;
  const done = async (p: Player) => (await p.page.locator('#audit').count()) > 0;
  // Bob reloads while the server is down: his page says which server failed and why, and keeps trying; then the
  // server comes back on its port and both pages reconnect by themselves.
  const reloadThroughOutage = async () => {
    await bob.page.reload();
    await bob.page.locator('#signaling-failure').waitFor({ timeout: 60_000 });
    expect(await shownText(bob.page.locator('#signaling-url'))).toBe(url);
    await expect
      .poll(() => shownText(bob.page.locator('#signaling-advice')), { timeout: 30_000 })
      .toContain('nothing answers');
    expect(await bob.page.locator('#retry').count()).toBe(1);
    await signaling!.start();
    phase = 'after';
    await bob.page.locator('#my-area').waitFor({ timeout: 120_000 });
    await expect.poll(() => logText(ann.page), { timeout: 60_000 }).toMatch(/signaling server \S+ is back after \d+ s/);
    // One line when signaling was lost and one when it came back, not a stream of warnings (counted now:
    // the page keeps the last 300 log lines, and a long hand can push these out before it ends).
    const atBack = await logText(ann.page);
    expect(atBack.split('lost the signaling server').length - 1).toBe(1);
    expect(atBack.split(' is back after ').length - 1).toBe(1);
  };
  await playStress([ann.page, bob.page], moveIfMyTurn, {
    until: async () => (await done(ann)) && (await done(bob)),
    afterMove: async (_page, _did, moves) => {
      if (phase === 'outage') outageMoves++;
      if (phase === 'before' && moves >= 8) {
        // Mid-hand the server stops: play goes on over the open WebRTC link.
        phase = 'outage';
        await signaling!.stop();
        for (const p of [ann, bob])
          await expect.poll(() => logText(p.page), { timeout: 30_000 }).toContain(`lost the signaling server ${url}`);
      } else if (phase === 'outage' && outageMoves >= 3) await reloadThroughOutage();
    },
    limit: 5000,
  });
  // A hand that ended during the outage: Bob reloads now.
  if (phase === 'outage') await reloadThroughOutage();
  expect(phase).toBe('after');
  const results = await Promise.all([ann, bob].map((p) => shownText(p.page.locator('#result'))));
  for (const text of results) {
    expect(text).toMatch(/Result:\s*1\. (Ann|Bob)/);
    expect(text).toContain('Audit clean');
  }
  const hashes = await Promise.all([ann, bob].map((p) => shownText(p.page.locator('#result code'))));
  expect(hashes[0]).toBe(hashes[1]);
  // And no more of them until the hand ended.
  const annLog = await logText(ann.page);
  expect(annLog.split('lost the signaling server').length - 1).toBeLessThanOrEqual(1);
  expect(annLog.split(' is back after ').length - 1).toBeLessThanOrEqual(1);
  for (const p of [ann, bob]) expect(p.console.join('\n')).not.toMatch(/pageerror/);
}, 600_000);
