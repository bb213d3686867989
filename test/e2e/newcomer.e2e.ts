/**
 * A newcomer takes a freed seat at the next hand, in real Chromium over real
 * WebRTC and the real signaling server, through the UI only (issue 15). Ann
 * creates a three-seat Stress (shedding) table and gives seat 3 to a bot; Bob
 * opens the link and sits — Ann's shown share link now names him as an
 * introducer (`via=`). Hand 1 is played to a clean audit. Bob presses "Leave
 * and watch": his seat is freed (and Ann's link names nobody again) and his
 * page follows the table as a watcher. Dan opens the share link in a fresh
 * browser, names himself and takes the free seat: his page first checks hand
 * 1 (the seatless follower) and only then sits. Hand 2 is played with Dan
 * seated, to a clean audit with the same result hash and the same agreed
 * set-up (dealer, carried match state, previous hand's outcome) on Ann's,
 * Dan's and Bob's (watching) pages.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newPlayer, type Player } from './browser.js';
import { stressMove } from './stress-moves.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Plays these pages' seats until each of `until` shows the end-of-hand summary (no halt allowed). */
async function playHand(players: Page[], until: Page[]): Promise<void> {
  let moves = 0;
  for (;;) {
    const shown = await Promise.all(until.map((p) => p.locator('#hand-summary').count()));
    if (shown.every((n) => n > 0)) return;
    let moved = false;
    for (const page of players) {
      if ((await page.locator('#halt').count()) > 0) throw new Error(`the hand stopped: ${await page.locator('#halt').innerText().catch(() => '')}`);
      if ((await page.locator('#hand-summary').count()) === 0 && (await stressMove(page))) {
        moved = true;
        moves++;
      }
    }
    if (!moved) await players[0]!.waitForTimeout(150);
    expect(moves).toBeLessThan(3000);
  }
}

/** The agreed set-up of the hand a page shows (dealer, carry, previous outcome) and its number, from the app's store. */
async function setupOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const store = (window as unknown as { fairdeck: { store: { session: { tableSession: { current: { handNo: number; session: { config: { setup: unknown } } } | null } } | null } } }).fairdeck.store;
    const current = store.session?.tableSession.current;
    // Fixed key order: the same set-up may have been built with its fields in another order on each page.
    return JSON.stringify(current ? { hand: current.handNo, setup: current.session.config.setup } : null, ['hand', 'setup', 'table', 'handNo', 'game', 'seatKeys', 'dealer', 'carry', 'previous']);
  });
}

const verdictOf = (page: Page) => page.locator('#hand-summary #verdict').getAttribute('data-status');
const hashOf = async (page: Page) => (await page.locator('#result code').textContent()) ?? '';

it('Bob leaves to watch after hand 1, Dan opens the link, names himself and plays hand 2 in the freed seat', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  await ann.page.locator('input[name="game"][value="stress-shed"]').check();
  await ann.page.locator('#seats').selectOption('3');
  await ann.page.locator('#create').click();
  await expect.poll(() => ann.page.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  const link = await ann.page.locator('#share-link').inputValue();
  expect(link).not.toContain('via=');
  await ann.page.locator('#seats li[data-seat="2"] .add-bot').click();

  const bob: Player = await newPlayer(browser, base, 'Bob');
  await bob.page.goto(link);
  const bobKey = (await bob.page.evaluate(() => (window as unknown as { fairdeck: { store: { view: { myKey: string | null } } } }).fairdeck.store.view.myKey)) ?? '';
  expect(bobKey).toMatch(/^[0-9a-f]{64}$/);
  // The link Ann's page shows follows the seats: once Bob sits it names him (through him a join reaches Ann).
  await expect.poll(() => ann.page.locator('#share-link').inputValue(), { timeout: 120_000 }).toContain(`via=${bobKey.slice(0, 16)}`);

  await playHand([ann.page, bob.page], [ann.page, bob.page]);
  for (const p of [ann.page, bob.page]) await expect.poll(() => verdictOf(p), { timeout: 120_000 }).toBe('clean');

  // Bob switches to watching between hands: his seat is freed, Ann's link no longer names him.
  await bob.page.locator('#summary-close').click();
  await bob.page.locator('#leave-watch').click();
  await expect.poll(() => ann.page.locator('#seats li[data-seat="1"] .who').textContent(), { timeout: 60_000 }).toContain('Free seat');
  await expect.poll(() => ann.page.locator('#share-link').inputValue(), { timeout: 30_000 }).not.toContain('via=');

  // Dan, a fresh browser with no name yet, opens the link, names himself and takes the free seat.
  const danContext = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const dan = await danContext.newPage();
  const danErrors: string[] = [];
  dan.on('pageerror', (error) => danErrors.push(error.message));
  await dan.goto(link);
  await dan.locator('#sit-name').fill('Dan', { timeout: 120_000 });
  await dan.locator('#sit').click();
  await expect.poll(() => dan.locator('#seats li.me').getAttribute('data-seat').catch(() => null), { timeout: 240_000 }).toBe('1');
  await expect.poll(() => ann.page.locator('#seats li[data-seat="1"] .who').textContent(), { timeout: 60_000 }).toContain('Dan');
  expect(await dan.locator('#seat-status').count()).toBe(0);

  // Hand 2 with Dan seated.
  await ann.page.locator('#summary-close').click();
  await ann.page.locator('#rematch').click();
  for (const p of [ann.page, dan]) {
    await p.locator('#ready').waitFor({ timeout: 240_000 });
    await p.locator('#ready').click();
  }
  await playHand([ann.page, dan], [ann.page, dan, bob.page]);
  for (const p of [ann.page, dan, bob.page]) await expect.poll(() => verdictOf(p), { timeout: 120_000 }).toBe('clean');
  const hashes = await Promise.all([ann.page, dan, bob.page].map(hashOf));
  expect(hashes[0]).toMatch(/^hash [0-9a-f]{16}$/);
  expect(new Set(hashes).size).toBe(1);
  const setups = await Promise.all([ann.page, dan, bob.page].map(setupOf));
  expect(JSON.parse(setups[0]!).hand).toBe(1);
  expect(JSON.parse(setups[0]!).setup.previous).toMatch(/^[0-9a-f]{64}$/);
  expect(setups).toEqual([setups[0], setups[0], setups[0]]);
  expect(await bob.page.locator('#watching-badge').count()).toBe(1);
  const dir = process.env.FD_SCREENSHOT_DIR;
  if (dir) await dan.screenshot({ path: `${dir}/newcomer-seated.png`, fullPage: true });
  const pageErrors = [...ann.console, ...bob.console, ...danErrors.map((m) => `pageerror: ${m}`)].filter((l) => l.startsWith('pageerror') && !l.includes('WebSocket closed without opened'));
  expect(pageErrors).toEqual([]);
}, 900_000);
