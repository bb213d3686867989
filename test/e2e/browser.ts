/**
 * Real Chromium for the browser tests, driven by playwright-core: Debian's
 * /usr/bin/chromium (or CHROMIUM_PATH), headless, with the flags WebRTC needs
 * on one machine (test/chromium.ts).
 * Each player is a separate browser context: its own IndexedDB, so its own
 * identity, exactly like a friend's browser. Nothing here needs a Vitest run:
 * the browser bench (bench/browser.ts) drives pages with the same helpers.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`no Chromium at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
}

export interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly console: string[];
}

export async function newPlayer(browser: Browser, url: string, name: string): Promise<Player> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  await page.goto(url);
  await setName(page, name);
  return { context, page, console: lines };
}

export async function setName(page: Page, name: string): Promise<void> {
  const input = page.locator('header #name');
  await input.fill(name);
  await input.press('Enter');
  await input.blur();
}

/** How a helper clicks a control: Playwright's click by default. */
export type Click = (target: Locator) => Promise<void>;

export const playwrightClick: Click = (target) => target.click();

/**
 * A click as a person's pointer makes it: real input events at the control's centre, and nothing else in the page.
 * Playwright's own click first waits for the target to hold still over two animation frames and marks it to check it
 * gets the click, as work of its script inside the page; the browser bench clicks this way so that a page's figure
 * holds none of the driver's work.
 */
export const pointerClick: Click = async (target) => {
  // Shown, enabled and holding still (a card flying in takes no taps), asked from here: each question a DevTools
  // command, as a person's eyes are no work of the page.
  const still: { box: Awaited<ReturnType<Locator['boundingBox']>> } = { box: null };
  await until(
    async () => {
      if (!(await target.isVisible()) || !(await target.isEnabled())) return false;
      const before = await target.boundingBox();
      await new Promise((resolve) => setTimeout(resolve, 60));
      const after = (still.box = await target.boundingBox());
      return before !== null && after !== null && Math.abs(before.x - after.x) + Math.abs(before.y - after.y) < 0.5;
    },
    'the control to click, shown, enabled and still',
    10_000,
  );
  let box = still.box;
  const view = target.page().viewportSize();
  // Out of view, a person scrolls to it first.
  if (box && view && (box.y < 0 || box.y + box.height > view.height || box.x < 0 || box.x + box.width > view.width)) {
    await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
    box = await target.boundingBox();
  }
  if (!box) throw new Error('the control to click is not shown');
  await target.page().mouse.click(box.x + box.width / 2, box.y + box.height / 2);
};

/**
 * The text a person reads in `locator`: its text content with the markup's
 * line breaks and indentation (Prettier wraps the templates' text) collapsed
 * to single spaces, as the browser renders it.
 */
export async function shownText(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The hand a page shows, read from its hand line as a player reads it ("Hand 2 · step 57 · state 3fa9c1d2"): the
 * hand's number (from 0, as the table counts), its step (inputs taken) and the start of the state hash (null before
 * the first step). Null when the page shows no hand.
 */
export interface HandState {
  readonly handNo: number;
  readonly step: number;
  readonly hash: string | null;
}

export async function handState(page: Page): Promise<HandState | null> {
  const line = page.locator('fd-hand #hand-line');
  if ((await line.count().catch(() => 0)) === 0) return null;
  const text = await shownText(line).catch(() => '');
  const shown = /^Hand (\d+) · step (\d+)(?: · state ([0-9a-f]{8}))?$/.exec(text);
  return shown ? { handNo: Number(shown[1]) - 1, step: Number(shown[2]), hash: shown[3] ?? null } : null;
}

/**
 * Waits until `check` holds: a state the pages show (read through locators),
 * looked at again every 50 ms — a test with several pages has no
 * single in-page wait for "one of them may move". A check that throws counts
 * as not yet. `what` names the state in the error if it never comes.
 */
export async function until(check: () => Promise<boolean>, what: string, timeout = 60_000): Promise<void> {
  const deadline = performance.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() >= deadline)
      throw new Error(`${what}: not within ${timeout} ms`, lastError === undefined ? undefined : { cause: lastError });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether any of `pages` shows `selector` now. */
export async function anyShows(pages: readonly Page[], selector: string): Promise<boolean> {
  for (const page of pages) if ((await page.locator(selector).count()) > 0) return true;
  return false;
}

/** The last `lines` lines of the page's table log (fd-log), for a failure message: what the table said before a wait ran out. */
export async function tableLog(page: Page, lines = 40): Promise<string> {
  const entries = await page
    .locator('fd-log #log li')
    .allTextContents()
    .catch(() => [] as string[]);
  return entries.slice(-lines).join('\n');
}

/** Awaits `wait`; if it fails, the error carries the page's table log, so a failure on CI says what the table was doing. */
export async function explainWithTableLog<T>(page: Page, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    const hand = JSON.stringify(await handState(page));
    const waiting = await page
      .locator('fd-hand #dealing')
      .allTextContents()
      .catch(() => [] as string[]);
    throw new Error(
      `${(error as Error).message}\n--- hand ${hand}: ${waiting.join(' | ')}\n--- table log ---\n${await tableLog(page)}`,
      { cause: error },
    );
  }
}

/** Waits for `selector` on the page; a wait that runs out says what the table log said last. */
export async function waitOrExplain(page: Page, selector: string, timeout: number): Promise<void> {
  await explainWithTableLog(page, page.locator(selector).waitFor({ timeout }));
}

/** The start of this page's own signing key (16 hex digits), as its seat's name shows it in a tooltip: a link's `via` names a seat by it. */
export async function ownKeyStart(page: Page): Promise<string> {
  const title = (await page.locator('#seats li.me .who').getAttribute('title', { timeout: 30_000 })) ?? '';
  const start = /signing key ([0-9a-f]{16})…/.exec(title)?.[1];
  if (!start) throw new Error(`this page's seat shows no signing key (tooltip: "${title}")`);
  return start;
}

/** A seated page's PeerJS id at its table, `fd-<table>-<16 hex of its key>`, read off the page: the table from its address, the key from its seat's tooltip. */
export async function peerIdOf(page: Page): Promise<string> {
  const table = /#\/t\/([^?&/]+)/.exec(page.url())?.[1];
  if (!table) throw new Error(`peerIdOf: ${page.url()} is not a table's address`);
  return `fd-${table}-${await ownKeyStart(page)}`;
}

/**
 * Creates a table of `game` from the home page (with `seats` seats where the
 * game lets the creator choose) and returns its share link once shown.
 */
export async function createTable(page: Page, game: string, seats?: number): Promise<string> {
  await page.locator(`input[name="game"][value="${game}"]`).check();
  if (seats !== undefined && (await page.locator('#seats').isEnabled()))
    await page.locator('#seats').selectOption(String(seats));
  await page.locator('#create').click();
  await until(
    async () => /#\/t\//.test(await page.locator('#share-link').inputValue()),
    'the share link of the new table',
    30_000,
  );
  return page.locator('#share-link').inputValue();
}

/**
 * Opens a table's link and takes a seat as a person does: nobody sits by
 * opening a link, so this clicks "Take seat N" (the first free seat) once
 * the table shows it. A wait that runs out says what the table log said.
 */
export async function openAndSit(page: Page, link: string, timeout = 60_000): Promise<void> {
  await page.goto(link);
  await explainWithTableLog(page, page.locator('#sit').click({ timeout }));
}

/** How many times the page has said a move waits while it catches up with the table (table-session.ts `act`). */
export const catchingUp = (page: Page) =>
  page.locator('fd-log #log li', { hasText: 'this page is catching up with the table' }).count();
