/**
 * A whole deal of Fighting Cards among three real Chromium pages over real
 * WebRTC, played through the UI: the first bidder bids 21 with the stepper's
 * default, the others pass; the declarer takes the skat, puts two cards away
 * with the discard picker, names trumps with the trump picker; then every
 * page plays its first legal card when the turn marker is on it. The deal
 * must end with the same score and a clean audit on all three pages, and at
 * no point before the skat is turned over may the two other pages show the
 * skat's cards or the two cards put away (not as a card, not in any text).
 * Set FD_SCREENSHOT_DIR to also save a desktop and a 390×844 screenshot
 * taken mid-deal. The score table must then hold one row for the deal
 * (declarer, game, won or lost, points per seat) and the totals, the same
 * after a reload of the finished deal and, after the rematch, in deal 2 of
 * the match and after a reload there.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTable, launchChromium, newPlayer, openAndSit, shownText, type Player } from './browser.js';
import { fightingTable, freshTries, playDeal } from './fighting-moves.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SYMBOL: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
const printed = (card: string) => card.replace(/[CDHS]$/, (s) => SYMBOL[s]!);

/**
 * Every card id shown and all the text of a page, through every shadow root,
 * with the table's status line and skat, all in one snapshot (so "the deal
 * is over" and "the skat is shown" are read at the same moment).
 */
async function everythingShown(page: Page): Promise<{ cards: string[]; text: string; status: string; skat: string[] }> {
  return page.evaluate(() => {
    const cards: string[] = [];
    let text = '';
    let tableRoot: ShadowRoot | null = null;
    const walk = (root: Document | ShadowRoot | Element) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const card = el.getAttribute('data-card');
        if (card) cards.push(card);
        if (el.localName === 'fd-fighting-cards') tableRoot = el.shadowRoot;
        if (el.shadowRoot) {
          text += ` ${el.shadowRoot.textContent ?? ''}`;
          walk(el.shadowRoot);
        }
      }
    };
    text += document.body.textContent ?? '';
    walk(document);
    const table = tableRoot as ShadowRoot | null;
    const status = table?.querySelector('#status')?.textContent ?? '';
    const skat = Array.from(table?.querySelectorAll('#skat fd-card') ?? []).map(
      (el) => el.getAttribute('data-card') ?? '',
    );
    return { cards, text, status, skat };
  });
}

const table = fightingTable;

/** A 390×844 screenshot of this page as it is now. */
async function phoneShot(page: Page, file: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.documentElement.clientWidth <= 390);
  await page.screenshot({ path: file });
  await page.setViewportSize({ width: 1100, height: 900 });
}

/** Desktop and 390×844 screenshots when it is this page's turn to follow in an early trick; true once taken. */
async function screenshots(page: Page, dir: string): Promise<boolean> {
  const follow =
    (await table(page).locator('#my-area.turn').count()) > 0 &&
    (await table(page).locator('#trick .slot').count()) >= 1;
  if (!follow || (await table(page).locator('#my-hand fd-card').count()) < 7) return false;
  await page.screenshot({ path: join(dir, 'fighting-cards-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.documentElement.clientWidth <= 390);
  await page.screenshot({ path: join(dir, 'fighting-cards-390x844.png') });
  await page.setViewportSize({ width: 1100, height: 900 });
  return true;
}

it('three browsers bid, take the skat, discard in secret and play a whole deal of fighting-cards, and agree on the score and a clean audit', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const link = await createTable(ann.page, 'fighting-cards');
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);
  const cleo: Player = await newPlayer(browser, base, 'Cleo');
  await openAndSit(cleo.page, link);
  const players = [ann, bob, cleo];

  // The deal starts by itself once the three seats are taken: ten cards each, face up to their owner only.
  for (const p of players)
    await expect
      .poll(() => table(p.page).locator('#my-hand fd-card:not([data-card=""])').count(), { timeout: 240_000 })
      .toBe(10);

  const tries = freshTries();
  const { tried, discarded } = tries;
  const byName = new Map<string, Player>([
    ['Ann', ann],
    ['Bob', bob],
    ['Cleo', cleo],
  ]);
  const pages = new Map([...byName].map(([name, p]) => [name, p.page]));
  const declarerOf = (moves: readonly string[]) =>
    byName.get(moves.find((m) => m.endsWith(': take'))?.split(':')[0] ?? '') ?? null;
  const dir = process.env.FD_SCREENSHOT_DIR;
  let shot = false;
  const moves = await playDeal(pages, pages, tries, {
    beforeMove: async (name, page) => {
      if (!dir) return;
      if (name === 'Ann' && !shot) shot = await screenshots(page, dir);
      if (!tried.has('shot-bid') && (await table(page).locator('#bid-panel #bid').isVisible())) {
        tried.add('shot-bid');
        await phoneShot(page, join(dir, 'fighting-cards-390x844-bidding.png'));
      }
      if (!tried.has('shot-discard') && (await table(page).locator('#my-hand fd-card[selectable]').count()) === 12) {
        tried.add('shot-discard');
        await phoneShot(page, join(dir, 'fighting-cards-390x844-discard.png'));
      }
    },
    // The secret: until the skat is turned over, the other pages show neither the skat nor the cards put away.
    afterRound: async (movesSoFar) => {
      const declarer = declarerOf(movesSoFar);
      for (const p of players) {
        if (p === declarer) continue;
        const shown = await everythingShown(p.page);
        if (/made|failed/.test(shown.status)) continue;
        expect(
          shown.skat.filter((card) => card !== ''),
          shown.status,
        ).toEqual([]);
        for (const card of discarded) {
          expect(shown.cards).not.toContain(card);
          expect(shown.text).not.toContain(printed(card));
        }
      }
    },
  });
  const declarer = declarerOf(moves);

  // 21, pass, pass, take, discard, trump, then 30 cards.
  expect(moves.filter((m) => m.endsWith('bid 21'))).toHaveLength(1);
  expect(moves.filter((m) => /: pass/.test(m))).toHaveLength(2);
  expect(tried).toContain('key-pass');
  expect(tried).toContain('illegal');
  expect(tried).toContain('key-play');
  expect(moves.filter((m) => m.includes('play '))).toHaveLength(30);
  expect(declarer).not.toBeNull();
  expect(discarded).toHaveLength(2);
  const statuses = await Promise.all(players.map((p) => shownText(table(p.page).locator('#status'))));
  const scores = await Promise.all(players.map((p) => shownText(table(p.page).locator('#scores'))));
  const results = await Promise.all(players.map((p) => shownText(p.page.locator('#result'))));
  for (let i = 0; i < 3; i++) {
    expect(statuses[i]).toMatch(/(made|failed) 21 with \d+ points/);
    expect(statuses[i]).toBe(statuses[0]);
    expect(scores[i]).toBe(scores[0]);
    expect(results[i]).toContain('Audit clean');
    expect(results[i]!.replace(/hash \w+/, '')).toBe(results[0]!.replace(/hash \w+/, ''));
  }
  // At the end the skat is turned over for everyone: the two cards put away.
  for (const p of players) {
    const skat = await table(p.page)
      .locator('#skat fd-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
    expect([...skat].sort()).toEqual([...discarded].sort());
  }
  // The score table: one row for this deal (number, declarer, game, won or lost, points per seat) and the totals.
  const declarerName = declarer === ann ? 'Ann' : declarer === bob ? 'Bob' : 'Cleo';
  const made = /made 21/.test(statuses[0]!);
  const row = table(ann.page).locator('#scores tr.deal');
  expect(await row.count()).toBe(1);
  expect(await row.getAttribute('data-deal')).toBe('1');
  expect(await row.locator('td[data-declarer]').textContent()).toBe(declarerName);
  expect(await shownText(row)).toMatch(/21 [♣♦♥♠] skat/);
  expect(await row.locator('td[data-made]').getAttribute('data-made')).toBe(made ? 'yes' : 'no');
  const score = /: ([+-]?\d+)/.exec(statuses[0]!.replace(/\s+/g, ' ').replace(/^.*points/, ''))?.[1];
  const perSeat = await row.locator('td[data-seat]').allTextContents();
  expect(perSeat.filter((t) => t !== '–')).toEqual([score]);
  expect(await table(ann.page).locator('#scores tr.total td.total').allTextContents()).toEqual(
    perSeat.map((t) => (t === '–' ? '0' : String(Number(t)))),
  );
  const rowText = await row.allTextContents();
  // The table survives a reload, in the finished deal and in the next one (each deal's row is stored with its result).
  await bob.page.reload();
  await expect.poll(() => shownText(table(bob.page).locator('#scores')), { timeout: 120_000 }).toBe(scores[0]);
  // The end-of-hand summary opens over the table, with its own Rematch (it covers the table's).
  for (const p of players) await p.page.locator('#summary-rematch').click();
  for (const p of players) {
    await expect
      .poll(() => shownText(table(p.page).locator('#scores caption')), { timeout: 240_000 })
      .toMatch(/Deal 2 of 3/);
    expect(await table(p.page).locator('#scores tr.deal').allTextContents()).toEqual(rowText);
  }
  await cleo.page.reload();
  await expect
    .poll(() => shownText(table(cleo.page).locator('#scores caption')), { timeout: 120_000 })
    .toMatch(/Deal 2 of 3/);
  expect(await table(cleo.page).locator('#scores tr.deal').allTextContents()).toEqual(rowText);
  // Vite's hot-reload socket is the dev server's, not the app's: on a shared machine its fixed port may be taken.
  for (const p of players)
    expect(p.console.filter((line) => !/WebSocket closed without opened/.test(line)).join('\n')).not.toMatch(
      /pageerror/,
    );
});
