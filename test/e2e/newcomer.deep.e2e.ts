/**
 * A newcomer takes a freed seat at the next deal, in real Chromium over real
 * WebRTC and the real signaling server, through the UI only. Ann
 * creates a three-seat Fighting Cards table and gives seat 3 to a bot; Bob
 * opens the link and sits — Ann's shown share link now names him as an
 * introducer (`via=`). Deal 1 is played to a clean audit. Bob presses "Leave
 * and watch": his seat is freed (and Ann's link names nobody again) and his
 * page follows the table as a watcher. Dan opens the share link in a fresh
 * browser, names himself and takes the free seat: his page first checks deal
 * 1 (the seatless follower), so before deal 2 it already shows deal 1's row of
 * the score table, carried from deal 1's outcome it verified itself. Deal 2
 * is played with Dan seated, to a clean audit with the same result hash, the
 * same agreed set-up (dealer, carried match state, previous deal's outcome)
 * and the same score table (both deals' rows and the match totals) on Ann's,
 * Dan's and Bob's (watching) pages. No page may throw.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  createTable,
  explainWithTableLog,
  handState,
  launchChromium,
  newPlayer,
  openAndSit,
  ownKeyStart,
  shownText,
  waitOrExplain,
  type Player,
} from './browser.js';
import { fightingTable, freshTries, playDeal, tableLogs } from './fighting-moves.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const verdictOf = (page: Page) => page.locator('#hand-summary #verdict').getAttribute('data-status');
const hashOf = async (page: Page) => (await page.locator('#result code').textContent()) ?? '';
/**
 * The score table's deal rows, each as its number, declarer seat, game,
 * result and points per seat (not the declarer's name: a row names whoever
 * sits in that seat now).
 */
const scoreRows = (page: Page) =>
  fightingTable(page)
    .locator('#scores tr.deal')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cells = Array.from(row.querySelectorAll('td'));
        const declarer = row.querySelector('td[data-declarer]')?.getAttribute('data-declarer');
        const scores = Array.from(row.querySelectorAll('td[data-seat]')).map((td) => td.textContent);
        return `deal ${row.getAttribute('data-deal')} · seat ${declarer} · ${cells[2]?.textContent} · ${cells[3]?.textContent} · ${scores.join(' ')}`;
      }),
    );
const logLines = (page: Page) => page.locator('fd-log #log li').allTextContents();
/** A log line's deal result without the declarer's name ("skat: 8♦ 7♦ made 22 with 39 points: +89"; a loss is written with "−"), or null. */
const resultOf = (line: string) =>
  /skat: .* (made|failed) \d+ with \d+ points: [+\-−]?\d+/.exec(line)?.[0].replace(/— .* (made|failed)/, '$1') ?? null;
const totals = (page: Page) => fightingTable(page).locator('#scores tr.total td.total').allTextContents();

/** Waits until the page's score table shows `deals` deal rows, saying what the table was doing if it never does. */
async function waitForRows(page: Page, deals: number, timeout: number): Promise<void> {
  await waitOrExplain(page, `fd-fighting-cards #scores tr.deal[data-deal="${deals}"]`, timeout);
}

/** Waits until the page holds its ten cards of a new deal. */
async function waitForDeal(pages: ReadonlyMap<string, Page>, timeout: number): Promise<void> {
  for (const [name, page] of pages) {
    await expect
      .poll(() => fightingTable(page).locator('#my-hand fd-card:not([data-card=""])').count(), {
        timeout,
        message: `${name}'s ten cards`,
      })
      .toBe(10)
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await tableLogs(pages)}`);
      });
  }
}

/**
 * A page joins the deal another seat started: a page that followed the last
 * deal as a watcher follows the seats into it by itself, a page that played
 * it is offered "Join the rematch". Returns once the page holds cards.
 */
async function joinNextDeal(page: Page, timeout: number): Promise<void> {
  const dealt = () => fightingTable(page).locator('#my-hand fd-card:not([data-card=""])').count();
  const offer = page.locator('#summary-rematch, #rematch').filter({ hasText: 'Join the rematch' });
  const joined = expect
    .poll(
      async () => {
        if ((await dealt()) > 0) return true;
        if ((await offer.count()) > 0)
          await offer
            .first()
            .click({ timeout: 3000 })
            .catch(() => undefined);
        return false;
      },
      { timeout, message: "Dan's page joins deal 2" },
    )
    .toBe(true);
  await explainWithTableLog(page, joined);
}

it('Bob leaves to watch after deal 1, Dan opens the link, names himself and plays deal 2 in the freed seat with the carried match scores', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const link = await createTable(ann.page, 'fighting-cards');
  expect(link).not.toContain('via=');
  await ann.page.locator('#seats li[data-seat="2"] .add-bot').click();

  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);
  const bobKey = await ownKeyStart(bob.page);
  // The link Ann's page shows follows the seats: once Bob sits it names him (through him a join reaches Ann).
  await expect
    .poll(() => ann.page.locator('#share-link').inputValue(), { timeout: 120_000 })
    .toContain(`via=${bobKey}`);

  // Deal 1: Ann, Bob and Ann's bot.
  const deal1 = new Map([
    ['Ann', ann.page],
    ['Bob', bob.page],
  ]);
  await waitForDeal(deal1, 240_000);
  const moves1 = await playDeal(deal1, deal1, freshTries());
  // Ten tricks: Ann and Bob play ten cards each, the bot the other ten.
  expect(moves1.filter((m) => m.includes(': play '))).toHaveLength(20);
  for (const p of deal1.values()) await expect.poll(() => verdictOf(p), { timeout: 120_000 }).toBe('clean');
  await waitForRows(ann.page, 1, 30_000);
  const rows1 = await scoreRows(ann.page);
  expect(rows1).toHaveLength(1);
  expect(await scoreRows(bob.page)).toEqual(rows1);

  // Bob switches to watching between deals: his seat is freed, Ann's link no longer names him.
  await bob.page.locator('#summary-close').click();
  await bob.page.locator('#leave-watch').click();
  await expect
    .poll(() => ann.page.locator('#seats li[data-seat="1"] .who').textContent(), { timeout: 60_000 })
    .toContain('Free seat');
  await expect.poll(() => ann.page.locator('#share-link').inputValue(), { timeout: 30_000 }).not.toContain('via=');

  // Dan, a fresh browser with no name yet, opens the link, names himself and takes the free seat.
  const danContext = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const dan = await danContext.newPage();
  const danErrors: string[] = [];
  dan.on('pageerror', (error) => danErrors.push(error.message));
  await dan.goto(link);
  await waitOrExplain(dan, '#sit-name', 120_000);
  await dan.locator('#sit-name').fill('Dan');
  await dan.locator('#sit').click();
  await waitOrExplain(dan, '#seats li.me[data-seat="1"]', 240_000);
  await expect
    .poll(() => ann.page.locator('#seats li[data-seat="1"] .who').textContent(), { timeout: 60_000 })
    .toContain('Dan');
  expect(await dan.locator('#seat-status').count()).toBe(0);
  // Dan's page checked deal 1 before it sat (it shows the table, not the finished deal it followed): its log has deal 1's
  // result, as Ann's page scored it, and the clean audit its own follower ran, before it sat.
  const danLog = await logLines(dan);
  const sat = danLog.findIndex((l) => l.includes('you sit in seat 2'));
  const audited = danLog.findIndex((l) => l.includes('audit: clean'));
  expect(audited).toBeGreaterThanOrEqual(0);
  expect(sat).toBeGreaterThan(audited);
  expect(
    danLog
      .slice(0, sat)
      .map(resultOf)
      .filter((r) => r !== null),
  ).toEqual([resultOf((await logLines(ann.page)).find((l) => resultOf(l) !== null) ?? '')]);

  // Deal 2 with Dan seated: Ann asks for the next deal, Dan joins it.
  await ann.page.locator('#summary-close').click();
  await ann.page.locator('#rematch').click();
  const deal2 = new Map([
    ['Ann', ann.page],
    ['Dan', dan],
  ]);
  await joinNextDeal(dan, 120_000);
  await waitForDeal(deal2, 240_000);
  const everyone = new Map([...deal2, ['Bob', bob.page]]);
  await playDeal(deal2, everyone, freshTries());
  for (const p of everyone.values()) await expect.poll(() => verdictOf(p), { timeout: 120_000 }).toBe('clean');

  const pages = [...everyone.values()];
  const hashes = await Promise.all(pages.map(hashOf));
  expect(hashes[0]).toMatch(/^hash [0-9a-f]{16}$/);
  expect(new Set(hashes).size).toBe(1);
  // Every page shows deal 2 with Dan in seat 2. They agreed on its set-up (the dealer, the match carried, the previous
  // deal's outcome): each seat's ready signs it, a ready under other terms would have called the deal off, and the
  // equal state hashes above cover the dealer and the carry.
  for (const p of pages) {
    expect((await handState(p))?.handNo).toBe(1);
    expect(await shownText(p.locator('#seats li[data-seat="1"] .who'))).toContain('Dan');
  }
  // The match's score table: deal 1's row carried, deal 2's row, and the same totals on every page.
  for (const p of pages) await waitForRows(p, 2, 30_000);
  const rows2 = await scoreRows(ann.page);
  expect(rows2).toHaveLength(2);
  expect(rows2[0]).toBe(rows1[0]);
  const annTotals = await totals(ann.page);
  expect(annTotals).toHaveLength(3);
  for (const p of pages) {
    expect(await scoreRows(p)).toEqual(rows2);
    expect(await totals(p)).toEqual(annTotals);
  }
  // The totals are the sum of the rows' points per seat.
  const perSeat = await fightingTable(ann.page)
    .locator('#scores tr.deal')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td[data-seat]')).map((td) =>
          td.textContent === '–' ? 0 : Number(td.textContent),
        ),
      ),
    );
  expect(annTotals.map(Number)).toEqual([0, 1, 2].map((s) => perSeat.reduce((sum, row) => sum + (row[s] ?? 0), 0)));
  expect(await bob.page.locator('#watching-badge').count()).toBe(1);
  const dir = process.env.FD_SCREENSHOT_DIR;
  if (dir) await dan.screenshot({ path: `${dir}/newcomer-seated.png`, fullPage: true });
  // Vite's hot-reload socket is the dev server's, not the app's: on a shared machine its fixed port may be taken.
  const pageErrors = [...ann.console, ...bob.console, ...danErrors.map((m) => `pageerror: ${m}`)].filter(
    (l) => l.startsWith('pageerror') && !l.includes('WebSocket closed without opened'),
  );
  expect(pageErrors).toEqual([]);
}, 300_000);
