/**
 * Installable and offline, end to end against the production build (`vite
 * build` + server/main.ts preview, as `npm run preview` serves it): the page
 * links a web manifest with icons and registers the Workbox service worker;
 * once it controls the page, the browser goes offline and a reload still
 * renders the home page, the replay viewer (loaded on demand) opens, and
 * every chunk of the build — each game's rules and element, the table's
 * code, the verifier, the QR code — is served from the service worker's
 * cache. On the way, two players sit at a table on the
 * embedded signaling server while every request and every RTCPeerConnection
 * negotiating peer connection's ICE servers are recorded: nothing is fetched from another origin (no fonts,
 * no CDN) and no ICE server (STUN/TURN) is configured by default, so a LAN
 * needs no internet at all. The production build gives the page's scripts
 * no test handle (`window.fairdeck`), and its bundle holds none of the attack
 * and simulation tooling (tools/sim).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, openAndSit, setName } from './browser.js';
import { buildProduction } from './server.js';
import { startServer, type StartedServer } from '../../server/main.js';
import { CHEAT_KINDS } from '../../tools/sim/cheats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let browser: Browser;
let server: StartedServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // Built as `npm run build` builds, so the PWA plugin runs.
  buildProduction();
  server = await startServer('preview', 0, '127.0.0.1');
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

/**
 * Records the ICE servers of every RTCPeerConnection that negotiates (sets a
 * local description, which starts ICE gathering). PeerJS also builds one with
 * its default Google STUN/PeerJS TURN config at load time, only to probe data
 * channel support; it is closed without an offer, so it never contacts them.
 */
const RECORD_RTC = `(() => {
  window.__rtcIce = [];
  const original = RTCPeerConnection.prototype.setLocalDescription;
  RTCPeerConnection.prototype.setLocalDescription = function (...args) {
    window.__rtcIce.push(JSON.parse(JSON.stringify(this.getConfiguration().iceServers ?? [])));
    return original.apply(this, args);
  };
})();`;

it('the built app is a PWA that reloads offline, and a LAN table fetches nothing from elsewhere and uses no STUN', async () => {
  const base = server.urls[0]!;
  const requests: string[] = [];
  const pages = [];
  for (const name of ['Ann', 'Bob']) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    contexts.push(context);
    await context.addInitScript(RECORD_RTC);
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    page.on('websocket', (socket) => requests.push(socket.url()));
    await page.goto(base);
    await setName(page, name);
    // A production build gives a page's scripts no handle on the store or the mesh (vite.config.ts).
    expect(await page.evaluate(() => 'fairdeck' in window)).toBe(false);
    pages.push(page);
  }
  const [ann, bob] = pages as [(typeof pages)[0], (typeof pages)[0]];

  // Installable: a manifest with a name, a theme colour and PNG icons of 192 and 512 px.
  const manifestHref = await ann.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = (await (await fetch(new URL(manifestHref!, base))).json()) as {
    name: string;
    theme_color: string;
    icons: { sizes: string; type: string }[];
  };
  expect(manifest.name).toBe('Fairdeck');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons)
    expect((await fetch(new URL((icon as unknown as { src: string }).src, base))).status).toBe(200);

  // Two players at one table over the embedded signaling: a real WebRTC link.
  await ann.locator('#create').click();
  const link = ann.locator('#share-link');
  await expect.poll(() => link.inputValue(), { timeout: 30_000 }).toMatch(/#\/t\/.*\?signal=here$/);
  await openAndSit(bob, await link.inputValue());
  for (const page of [ann, bob]) {
    await expect
      .poll(() => page.locator('#seats li[data-state="direct"], #seats li[data-state="self"]').count(), {
        timeout: 60_000,
      })
      .toBe(2);
  }
  const negotiated = (
    await Promise.all(
      [ann, bob].map((p) => p.evaluate(() => (window as unknown as { __rtcIce: unknown[][] }).__rtcIce)),
    )
  ).flat();
  expect(negotiated.length).toBeGreaterThanOrEqual(2);
  for (const iceServers of negotiated) expect(iceServers).toEqual([]);
  const host = new URL(base).host;
  const foreign = requests.filter(
    (url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).host !== host,
  );
  expect(foreign).toEqual([]);
  // The signaling socket is the embedded server's, on the page's own host.
  expect(requests.some((url) => url.startsWith(`ws://${host}/peerjs`))).toBe(true);

  // Offline: once the service worker controls the page, a reload without network still renders home.
  const home = await contexts[0]!.newPage();
  await home.goto(base);
  await home.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => home.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  await contexts[0]!.setOffline(true);
  expect(
    await home.evaluate(() =>
      fetch('/healthz').then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');
  await home.reload();
  await expect.poll(() => home.locator('#create').count(), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => home.locator('header #name').count()).toBe(1);
  await home.screenshot({ path: path.join(root, 'test-results/offline-home.png') });

  // What loads on demand loads offline too: the replay viewer's chunk, and every chunk of the build.
  await home.evaluate(() => (location.hash = '#/replay'));
  await home.locator('#replay-file').waitFor({ timeout: 30_000 });
  const built = JSON.parse(readFileSync(path.join(root, 'dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunks = [...new Set(Object.values(built).map((c) => `/${c.file}`))];
  expect(chunks.length).toBeGreaterThan(10);
  const served = await home.evaluate(
    (urls) =>
      Promise.all(
        urls.map((url) =>
          fetch(url).then(
            (r) => `${url} ${r.status}`,
            () => `${url} failed`,
          ),
        ),
      ),
    chunks,
  );
  expect(served).toEqual(chunks.map((url) => `${url} 200`));
});

it('the production bundle holds none of the attack and simulation tooling', () => {
  // The names of the cheats (tools/sim/cheats.ts) that the app's own code never uses: a bundle that pulled the tooling
  // in would carry them as strings.
  const source = (dir: string): string =>
    readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
      .filter((f) => f.isFile() && f.name.endsWith('.ts'))
      .map((f) => readFileSync(path.join(f.parentPath, f.name), 'utf8'))
      .join('\n');
  const app = ['src', 'components', 'crypto'].map(source).join('\n');
  const toolOnly = CHEAT_KINDS.filter((kind) => !app.includes(`'${kind}'`));
  expect(toolOnly.length).toBeGreaterThan(20);
  const assets = path.join(root, 'dist/assets');
  const bundle = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');
  expect(bundle.length).toBeGreaterThan(100_000);
  // As a whole word: the minifier may join an array of strings into one (`a.b.c`.split(".")).
  expect(toolOnly.filter((kind) => new RegExp(`(?<![\\w-])${kind}(?![\\w-])`).test(bundle))).toEqual([]);
});
