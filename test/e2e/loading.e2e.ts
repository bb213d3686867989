/**
 * What loads when, end to end in real Chromium against the built bundle: the
 * home page fetches its own element and no game, no table code, no settings,
 * no verifier and no QR code; a table link opened fetches neither the home
 * page nor the settings, which Settings fetches when opened; a table fetches
 * its own game's rules (and, once a hand is dealt, its element) and no other
 * game's; its lobby runs without the hand protocol, which comes when the
 * first hand is set up; while the element loads the table says "Loading
 * <game>…"; a game, the settings or the replay viewer that cannot be fetched
 * (offline, no service worker to serve a copy) is named with what to do, and
 * Retry works once the network is back. The service worker's copy of every
 * chunk is covered by offline.deep.e2e.ts.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { createTable, launchChromium, newPlayer, shownText, type Player } from './browser.js';

let browser: Browser;
const players: Player[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const p of players) await p.context.close();
  await browser?.close();
});

const GAMES = ['stress-shed', 'stress-speed', 'pesten', 'fighting-cards', 'school-blackjack'];
/** A built chunk's URL (`/assets/<name>-<hash>.js`) → its name, e.g. `pesten`, `fd-pesten`, `table-stack`. */
const chunkName = (url: string): string | null =>
  /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1] ?? null;

async function player(name: string): Promise<Player & { chunks: string[] }> {
  const chunks: string[] = [];
  const made = await newPlayer(browser, inject('baseUrl'), name);
  made.context.on('request', (request) => {
    const chunk = chunkName(request.url());
    if (chunk) chunks.push(chunk);
  });
  // The page's first requests came before the listener: read them back from the page's own timing entries.
  const first = await made.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  for (const url of first) {
    const chunk = chunkName(url);
    if (chunk) chunks.push(chunk);
  }
  players.push(made);
  return { ...made, chunks };
}

it('home loads no game and no table code; a table loads its own game only, and its element once dealt', async () => {
  const ann = await player('Ann');
  await ann.page.locator('#create').waitFor();
  const hand = ['hand-session', 'hand-stack', 'fd-hand', 'group'];
  const lazy = [
    ...GAMES,
    ...GAMES.map((g) => `fd-${g}`),
    'table-stack',
    ...hand,
    'replay',
    'fd-replay',
    'browser',
    'fd-settings',
  ];
  expect(ann.chunks.filter((c) => lazy.includes(c))).toEqual([]);
  expect(ann.chunks).toContain('fd-home');

  // Hold the game's element back until the table has said it is loading it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await ann.page.route(/\/assets\/fd-stress-speed-[\w-]{8}\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  await ann.page.locator('input[name="game"][value="stress-speed"]').check();
  await ann.page.locator('#create').click();
  await expect.poll(() => ann.page.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  // The lobby, one seat of two taken: the table's code is in, the hand protocol is not.
  expect(ann.chunks).toContain('table-stack');
  expect(ann.chunks).not.toContain('hand-session');
  await ann.page.locator('#seats li[data-seat="1"] .add-bot').click({ timeout: 30_000 });
  const loading = ann.page.locator('#game-view-loading');
  await loading.waitFor({ timeout: 60_000 });
  expect(await shownText(loading)).toBe('Loading Stress (speed)…');
  release();
  await ann.page.locator('fd-stress-speed').waitFor({ timeout: 30_000 });
  await expect.poll(() => loading.count()).toBe(0);

  expect(ann.chunks).toEqual(
    expect.arrayContaining(['stress-speed', 'fd-stress-speed', 'table-stack', ...hand, 'browser']),
  );
  const otherGames = GAMES.filter((g) => g !== 'stress-speed');
  expect(ann.chunks.filter((c) => [...otherGames, ...otherGames.map((g) => `fd-${g}`)].includes(c))).toEqual([]);
});

it('a game whose rules cannot be fetched is named with what to do; after a reload it loads', async () => {
  const bob = await player('Bob');
  const rules = /\/assets\/pesten-[\w-]{8}\.js$/;
  await bob.page.route(rules, (route) => route.abort('internetdisconnected'));
  await bob.page.locator('input[name="game"][value="pesten"]').check();
  await bob.page.locator('#create').click();
  const failure = bob.page.locator('#game-load-failed');
  await failure.waitFor({ timeout: 30_000 });
  const text = await shownText(failure);
  expect(text).toMatch(
    /^Pesten could not be loaded Pesten could not be loaded \(.+\): this page is offline, or the server it came from cannot be reached, and has no saved copy of Pesten\. Reconnect, then reload the page\. Reload Home$/,
  );
  expect(await bob.page.locator('#share-link').count()).toBe(0);

  await bob.page.unroute(rules);
  await bob.page.locator('#game-load-failed #reload').click();
  await bob.page.locator('header #name').waitFor();
  await bob.page.goto(inject('baseUrl'));
  await bob.page.locator('input[name="game"][value="pesten"]').check();
  await bob.page.locator('#create').click();
  await expect.poll(() => bob.page.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  expect(await failure.count()).toBe(0);
});

it('the replay viewer, opened offline with no saved copy, says so and what to do', async () => {
  const cleo = await player('Cleo');
  await cleo.page.locator('#create').waitFor();
  await cleo.context.setOffline(true);
  await cleo.page.evaluate(() => (location.hash = '#/replay'));
  const failure = cleo.page.locator('#replay-load-failed');
  await failure.waitFor({ timeout: 30_000 });
  expect(await shownText(failure)).toMatch(
    /^The replay viewer could not be loaded \(.+\): this page is offline, or its server cannot be reached, and has no saved copy of it\. Reconnect, then reload the page\.$/,
  );
  await cleo.context.setOffline(false);
});

it('a table link opened loads neither the home page nor the settings; Settings opened from the lobby shows them', async () => {
  const dee = await player('Dee');
  const link = await createTable(dee.page, 'stress-shed', 2);
  const eve = await newPlayer(browser, link, 'Eve');
  players.push(eve);
  // Every chunk the page fetched, from its own timing entries (a request still under way when a listener is added
  // would be missed).
  const fetched = async () =>
    (await eve.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).flatMap(
      (url) => chunkName(url) ?? [],
    );
  await eve.page.locator('#sit').waitFor({ timeout: 30_000 });
  await expect.poll(fetched, { timeout: 30_000 }).toEqual(expect.arrayContaining(['table-stack', 'stress-shed']));
  expect((await fetched()).filter((c) => ['fd-home', 'fd-settings'].includes(c))).toEqual([]);

  await eve.page.locator('header a[href="#/settings"]').click();
  await eve.page.locator('#save-settings').waitFor({ timeout: 30_000 });
  expect(await fetched()).toContain('fd-settings');
  await eve.page.locator('#settings-back').click();
  await eve.page.locator('#sit').waitFor({ timeout: 30_000 });
});

it('the settings, opened offline with no saved copy, say so and what to do', async () => {
  const fay = await player('Fay');
  await fay.page.locator('#create').waitFor();
  await fay.context.setOffline(true);
  await fay.page.evaluate(() => (location.hash = '#/settings'));
  const failure = fay.page.locator('#settings-load-failed');
  await failure.waitFor({ timeout: 30_000 });
  expect(await shownText(failure)).toMatch(
    /^The settings could not be loaded \(.+\): this page is offline, or its server cannot be reached, and has no saved copy of it\. Reconnect, then reload the page\.$/,
  );
  await fay.context.setOffline(false);
});
