/**
 * A joiner who cannot link to the table's creator is told why, through the
 * UI of real Chromium pages and the real server (started here with its ICE
 * variables, serving the bundle global-setup built). The joiner's signaling
 * socket drops every ICE candidate between it and the others (Playwright
 * routes the socket), so the offer and the answer go through — the creator's
 * page is there — but no path between the two browsers is ever found, as
 * between two strict NATs. Two tables side by side:
 *
 * - a server with TURN whose secret is not coturn's (a real coturn on
 *   127.0.0.1 answers 401): the joiner's screen is `#relay-refused`, naming
 *   the TURN URL and the 401, not the creator's page; the creator's log says
 *   "Bob tried to join but could not connect (the relay (TURN) server refused
 *   this page’s credentials)"; Settings lists the server's STUN and TURN as
 *   "from this server";
 * - a server without ICE variables: `#needs-relay` for the joiner, "Dan tried
 *   to join but could not connect (needs a relay server)" for the creator.
 *
 * And a link opened on another origin (a copy of the app served elsewhere)
 * names the table's server, whose `/ice` that page asks across origins: its
 * Settings list the servers "from the table's server", and it sits, its seat
 * list saying the link to the creator is direct.
 *
 * A link to a table nobody serves (the server has nobody registered there)
 * shows `#unserved` with its advice within 5 s of the page being ready; a
 * damaged link names the part at fault (`#bad-link`). A signaling server
 * nothing answers on shows `#signaling-failure` and is tried again by itself,
 * each wait twice the last.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTable, launchChromium, openAndSit, setName, shownText, waitOrExplain } from './browser.js';
import { startServer, type StartedServer } from '../../server/main.js';
import { iceConfigFromEnv } from '../../server/ice.js';
import { startCoturn, type Coturn } from '../helpers/coturn.js';

let browser: Browser;
let coturn: Coturn;
const servers: StartedServer[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  coturn = await startCoturn({ secret: 'the-secret-coturn-holds-0123' });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  for (const server of servers) await server.close();
  await coturn?.stop();
});

async function serve(env: Record<string, string>): Promise<string> {
  const server = await startServer('preview', 0, '127.0.0.1', iceConfigFromEnv(env));
  servers.push(server);
  return `http://127.0.0.1:${server.port}/`;
}

/** A player's page; `noCandidates`: its signaling socket passes no ICE candidate either way. */
async function player(base: string, name: string, noCandidates = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  contexts.push(context);
  if (noCandidates)
    await context.routeWebSocket(/\/peerjs/, (socket) => {
      const server = socket.connectToServer();
      const candidate = (message: string | Buffer) =>
        typeof message === 'string' && (JSON.parse(message) as { type?: string }).type === 'CANDIDATE';
      socket.onMessage((message) => (candidate(message) ? undefined : server.send(message)));
      server.onMessage((message) => (candidate(message) ? undefined : socket.send(message)));
    });
  const page = await context.newPage();
  await page.goto(base);
  await setName(page, name);
  return page;
}

async function logText(page: Page): Promise<string> {
  return (await page.locator('fd-log #log li').allTextContents()).join('\n');
}

/** The creator makes a table; the joiner, whose candidates never arrive, opens its link. */
async function tryToJoin(base: string, creator: string, joiner: string) {
  const ann = await player(base, creator);
  const link = await createTable(ann, 'stress-shed', 2);
  const bob = await player(base, joiner, true);
  await bob.goto(link);
  return { ann, bob };
}

it('a joiner that cannot link to the creator reads the real cause, and the creator reads who tried', async () => {
  const withTurn = await serve({
    STUN_URLS: 'stun:127.0.0.1:3478',
    TURN_URLS: coturn.url,
    TURN_SECRET: 'not-the-secret-coturn-holds',
  });
  const bare = await serve({});
  const [refused, needsRelay] = await Promise.all([tryToJoin(withTurn, 'Ann', 'Bob'), tryToJoin(bare, 'Cat', 'Dan')]);

  await waitOrExplain(refused.bob, '#relay-refused', 40_000);
  expect(await shownText(refused.bob.locator('#join-failure-title'))).toBe(
    'The relay (TURN) server refused the credentials',
  );
  expect(await shownText(refused.bob.locator('#join-failure-detail'))).toContain(`${coturn.url} answered 401`);
  expect(await shownText(refused.bob.locator('#relay-refused'))).not.toMatch(/may be closed/);
  await refused.bob.screenshot({ path: 'test-results/join-relay-refused.png' });
  await expect
    .poll(() => logText(refused.ann), { timeout: 20_000 })
    .toContain('Bob tried to join but could not connect (the relay (TURN) server refused this page’s credentials)');

  await waitOrExplain(needsRelay.bob, '#needs-relay', 40_000);
  expect(await shownText(needsRelay.bob.locator('#join-failure-title'))).toBe('This table needs a relay (TURN) server');
  expect(await needsRelay.bob.locator('#needs-relay').getAttribute('data-cause')).toBe('needs-relay');
  await expect
    .poll(() => logText(needsRelay.ann), { timeout: 20_000 })
    .toContain('Dan tried to join but could not connect (needs a relay server)');

  // Where the ICE servers come from, as Settings shows them: this server's, with the TURN credential hidden.
  await refused.ann.goto(`${withTurn}#/settings`);
  await refused.ann.locator('#ice-in-use li').first().waitFor({ timeout: 10_000 });
  const items = await refused.ann
    .locator('#ice-in-use li')
    .evaluateAll((els) =>
      els.map((el) => [el.getAttribute('data-origin'), el.textContent?.replace(/\s+/g, ' ').trim()]),
    );
  expect(items).toEqual([
    ['this-server', 'stun:127.0.0.1:3478 — from this server'],
    ['this-server', `${coturn.url} — from this server (with credentials)`],
  ]);
  expect(await refused.ann.locator('#ice-source').getAttribute('data-status')).toBe('ok');
  await needsRelay.ann.goto(`${bare}#/settings`);
  await expect
    .poll(() => needsRelay.ann.locator('#ice-in-use').getAttribute('data-count'), { timeout: 10_000 })
    .toBe('0');
});

it('a link opened on another origin gets its ICE servers from the table’s server', async () => {
  const tableServer = await serve({ STUN_URLS: 'stun:127.0.0.1:3478' });
  const copy = await serve({});
  const ann = await player(tableServer, 'Ann');
  const link = await createTable(ann, 'stress-shed', 2);
  const signal = `ws://${new URL(tableServer).host}/peerjs`;
  const elsewhere = link.replace(tableServer, copy).replace('signal=here', `signal=${encodeURIComponent(signal)}`);
  expect(new URL(elsewhere).origin).not.toBe(new URL(tableServer).origin);
  const bob = await player(copy, 'Bob');
  await openAndSit(bob, elsewhere);
  await waitOrExplain(bob, '#seats li[data-state="direct"]', 40_000);
  // The seat list says how the link runs: straight between the two browsers here.
  await waitOrExplain(bob, '#seats li[data-state="direct"][data-link="direct"]', 20_000);
  expect(await shownText(bob.locator('#seats li[data-link="direct"] .state'))).toBe('connected · direct');
  await bob.goto(`${copy}#/settings`);
  await bob.locator('#ice-in-use li').first().waitFor({ timeout: 10_000 });
  expect(
    await bob.locator('#ice-in-use li').evaluateAll((els) => els.map((el) => el.getAttribute('data-origin'))),
  ).toEqual(['table-server']);
  expect(await shownText(bob.locator('#ice-in-use li'))).toBe('stun:127.0.0.1:3478 — from the table’s server');
  expect(await shownText(bob.locator('#ice-source'))).toContain(`The table’s server (${tableServer}ice)`);
});

it('a link to a table nobody serves says so within 5 s, with advice; a damaged link says what is wrong with it', async () => {
  const base = await serve({});
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  contexts.push(context);
  const home = await context.newPage();
  await home.goto(base);
  await setName(home, 'Eve');
  // A well-formed id no page ever created, opened in a fresh page: the server answers /table-peers with nobody there.
  const page = await context.newPage();
  await page.goto(`${base}#/t/zzzzzzzz-0123456789abcdef?signal=here`);
  // Ready: the page has left "Loading…" for the table's lobby (or already says why it cannot join).
  await page.locator('fd-lobby, #join-failure-title').first().waitFor();
  const ready = Date.now();
  await waitOrExplain(page, '#unserved', 5_000);
  console.log(`unknown table: #unserved ${Date.now() - ready} ms after the page was ready`);
  expect(await shownText(page.locator('#join-failure-title'))).toBe('Nobody is serving this table');
  const advice = await shownText(page.locator('#join-failure-advice'));
  expect(advice).toMatch(/Check the link/);
  expect(advice).toMatch(/ask the creator to reopen their page/);
  expect(advice).toMatch(/watch for it/);
  expect(await shownText(page.locator('#join-failure-detail'))).toMatch(/has nobody registered at this table/);
  await page.screenshot({ path: 'test-results/join-unknown-table.png' });

  // A link cut short: the page names the part at fault and says to copy it again.
  await page.goto(`${base}#/t/zzzzzzzz-0123456789abcd?signal=here`);
  await page.locator('#bad-link').waitFor({ timeout: 5_000 });
  expect(await shownText(page.locator('#bad-link-problem'))).toBe(
    'This link is damaged: the table id’s second part “0123456789abcd” has 14 hex digits, not 16: the link was cut short.',
  );
  expect(await shownText(page.locator('#bad-link-advice'))).toMatch(/^Copy the link again/);
  // A signaling server that is no ws:// URL: the query is named.
  await page.goto(`${base}#/t/zzzzzzzz-0123456789abcdef?signal=http://example.org:80/peerjs`);
  await expect
    .poll(() => shownText(page.locator('#bad-link-problem')), { timeout: 5_000 })
    .toMatch(/signaling server "http:\/\/example.org:80\/peerjs" is not ws:\/\/host:port\/path/);
});

it('a signaling server that cannot be reached: the page says so and tries again by itself, less often each time', async () => {
  const base = await serve({});
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(base);
  await setName(page, 'Fay');
  // Nothing listens on port 9 of this machine: each try is refused at once.
  const dead = 'ws://127.0.0.1:9/peerjs';
  const tries: number[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().startsWith('ws://127.0.0.1:9/')) tries.push(Date.now());
  });
  await page.goto(`${base}#/t/zzzzzzzz-0123456789abcdef?signal=${encodeURIComponent(dead)}`);
  await waitOrExplain(page, '#signaling-failure', 15_000);
  expect(await shownText(page.locator('#signaling-url'))).toMatch(/^ws:\/\/127.0.0.1:9\/peerjs/);
  // Retries wait 1 s, 2 s, 4 s, …: the fourth try comes 7 s after the first (at a steady 1 s it would be 3 s).
  await expect.poll(() => tries.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  expect(tries[3]! - tries[0]!).toBeGreaterThan(5_000);
  // The failure stays on screen while it tries again.
  expect(await page.locator('#signaling-failure').count()).toBe(1);
});
