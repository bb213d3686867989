/**
 * One whole hand through the UI, at the shortest table that has one: Ann
 * creates a Fighting Cards match of one deal (`deals: 1`) for three, gives
 * seat 3 to a bot, Bob opens the link; both pages play the deal by clicks and
 * keys (bid, take the skat, discard, trumps, ten tricks: fighting-moves.ts)
 * over real WebRTC with the mental-poker shuffle. Once the deal is on, Cat
 * opens the link in a third browser, is offered Watch (the seats are taken)
 * and watches: through the whole deal her page never draws a card face that
 * was not public first (in a trick, or named in the log) — no hand, no skat,
 * no card put away — and at the end it shows the same result, hash and clean
 * audit; each seated page had the deal's proofs checked in its worker. Midway Bob's page reloads: it rebuilds the deal from what it stored
 * and plays on, its chat line still shown (on a phone-sized screen, the watcher's folded extras count it as unread until opened). All three pages end with the same result and state hash and a
 * clean audit, and the transcript Bob downloads verifies offline to that
 * hash. On a wide desktop Ann's chat and log sit beside the table during the
 * deal. At the end Ann's summary keeps the table in view on a desktop and
 * its verdict first on a phone (summary-layout.ts). Longer hands of every
 * game, and watching a Stress (shedding) hand, are the deep suite's
 * (*.deep.e2e.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import {
  createTable,
  launchChromium,
  newPlayer,
  openAndSit,
  shownText,
  until,
  waitOrExplain,
  type Player,
} from './browser.js';
import { expectAccessible } from './axe.js';
import { fightingTable, freshTries, playDeal } from './fighting-moves.js';
import { expectSummaryKeepsTableInView } from './summary-layout.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const cardsHeld = (page: Page) => fightingTable(page).locator('#my-hand fd-card:not([data-card=""])').count();

/** The card faces a page draws at the table, leaving out the zones `skip` names (a player's own hand, the skat). */
async function faces(page: Page, skip: string | null): Promise<string[]> {
  return fightingTable(page)
    .locator('fd-card[data-card]:not([data-card=""])')
    .evaluateAll(
      (els, skipped) =>
        els.filter((el) => skipped === null || !el.closest(skipped)).map((el) => el.getAttribute('data-card') ?? ''),
      skip,
    );
}

const SUIT: Record<string, string> = { '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S' };

/** Cards that are public: shown on a player's page outside its own hand and the skat, or named in its log. */
async function notePublic(pages: readonly Page[], seen: Set<string>): Promise<void> {
  for (const page of pages) {
    for (const card of await faces(page, '#my-hand, #skat')) seen.add(card);
    for (const line of await page.locator('fd-log #log li').allTextContents())
      for (const m of line.matchAll(/\b(10|[2-9JQKA])([♣♦♥♠])/g)) seen.add(`${m[1]}${SUIT[m[2]!]}`);
  }
}

it('two browsers and a bot play a whole deal through the UI while a third page watches and one reloads; all agree on a clean audit', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  await ann.page.locator('input[name="game"][value="fighting-cards"]').check();
  await ann.page.locator('#opt-deals').fill('1');
  await ann.page.locator('#opt-deals').blur();
  const link = await createTable(ann.page, 'fighting-cards');
  expect(await shownText(ann.page.locator('#table-options [data-option="deals"]'))).toBe('1');
  await ann.page.locator('#seats li[data-seat="2"] .add-bot').click();
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);

  // The deal starts by itself once the seats are taken: ten cards each, face up to their owner only.
  const pages = new Map([
    ['Ann', ann.page],
    ['Bob', bob.page],
  ]);
  for (const [name, page] of pages)
    await until(async () => (await cardsHeld(page)) === 10, `${name}'s ten cards`, 120_000);
  await expectAccessible(ann.page, 'a Fighting Cards table');
  // On a wide desktop the chat and the log sit in a column beside the table, in the first screen.
  const size = ann.page.viewportSize();
  await ann.page.setViewportSize({ width: 1440, height: 900 });
  const [table, chat, log] = await Promise.all(
    ['fd-fighting-cards', 'fd-chat', 'fd-log'].map(async (s) => ann.page.locator(s).boundingBox()),
  );
  for (const beside of [chat, log]) expect(beside!.x).toBeGreaterThanOrEqual(table!.x + table!.width);
  expect(chat!.y).toBeLessThan(900);
  expect(table!.width).toBeGreaterThan(900);
  if (size) await ann.page.setViewportSize(size);

  // The seats' steps were made and the deal checked off the seated pages' main threads: each started its worker.
  for (const { page } of [ann, bob])
    expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringContaining('hand-worker'));

  // The deal is on: Cat opens the link, is offered Watch (not a seat) and watches.
  const cat: Player = await newPlayer(browser, base, 'Cat');
  const watcher = cat.page;
  await watcher.goto(link);
  await waitOrExplain(watcher, '#watch', 60_000);
  expect(await watcher.locator('#sit').count()).toBe(0);
  await watcher.locator('#watch').click();
  await waitOrExplain(watcher, '#watching-badge', 60_000);
  await expect.poll(() => shownText(ann.page.locator('#watchers')), { timeout: 60_000 }).toContain('Cat');
  expect(await fightingTable(watcher).locator('#my-hand').count()).toBe(0);

  const publicCards = new Set<string>();
  let watched = 0;
  let facesWatched = 0;
  const players = [...pages.values()];
  let reloaded = false;
  const moves = await playDeal(pages, pages, freshTries(), {
    afterRound: async (sofar) => {
      // What Cat's page draws was public first; until the deal is scored (the skat is turned over for all then).
      if (!/made|failed|Turning the skat/.test(await shownText(fightingTable(watcher).locator('#status')))) {
        await notePublic(players, publicCards);
        const hidden = async () => (await faces(watcher, null)).filter((card) => !publicCards.has(card));
        // A player's page may draw a trick card a moment after the watcher's: wait for it to show there too.
        if ((await hidden()).length > 0)
          await until(
            async () => (await notePublic(players, publicCards), (await hidden()).length === 0),
            `the cards Cat's page shows (${(await hidden()).join(' ')}) public on a player's page`,
            10_000,
          );
        watched++;
        facesWatched += (await faces(watcher, null)).length;
      }
      // After a few tricks Bob's page reloads: it rebuilds the deal from IndexedDB and shows his remaining cards.
      if (reloaded || sofar.filter((m) => m.includes(': play ')).length < 6) return;
      reloaded = true;
      const held = await cardsHeld(bob.page);
      await bob.page.locator('#chat-text').fill('back in a second');
      await bob.page.locator('#chat-send').click();
      // On a phone the chat folds away during a hand: its button counts the line that came meanwhile, until opened.
      await watcher.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => shownText(watcher.locator('#extras-toggle')), { timeout: 30_000 })
        .toBe('Show seats, chat and log (1 unread)');
      await watcher.locator('#extras-toggle').click();
      expect(await shownText(watcher.locator('#extras-toggle'))).toBe('Hide seats, chat and log');
      await watcher.locator('#extras-toggle').click();
      expect(await watcher.locator('#extras-unread').count()).toBe(0);
      await watcher.setViewportSize({ width: 1100, height: 900 });
      await bob.page.reload();
      await waitOrExplain(bob.page, 'fd-fighting-cards #my-hand', 60_000);
      await until(async () => (await cardsHeld(bob.page)) === held, "Bob's cards back after the reload");
      // The chat too: the reloaded page shows the line it sent before.
      expect(await bob.page.locator('#chat-lines li').allInnerTexts()).toEqual([
        expect.stringContaining('back in a second'),
      ]);
    },
  });
  expect(reloaded).toBe(true);
  // Looked at many times, and the watcher's page did draw the public cards (the tricks).
  expect(watched).toBeGreaterThan(10);
  expect(facesWatched).toBeGreaterThan(0);
  // Ten tricks: Ann and Bob play ten cards each, the bot the other ten.
  expect(moves.filter((m) => m.includes(': play '))).toHaveLength(20);

  // Cat's page follows to the end as well, with nothing to act on.
  const everyone = [ann, bob, cat];
  for (const p of everyone)
    await expect
      .poll(() => p.page.locator('#hand-summary #verdict').getAttribute('data-status'), { timeout: 60_000 })
      .toBe('clean');
  const results = await Promise.all(everyone.map((p) => shownText(p.page.locator('#result'))));
  for (const text of results) expect(text).toContain('Audit clean');
  expect(results[1]).toBe(results[0]);
  const hashes = await Promise.all(everyone.map((p) => shownText(p.page.locator('#result code'))));
  expect(hashes[0]).toMatch(/^hash [0-9a-f]{16}$/);
  expect(new Set(hashes).size).toBe(1);
  expect(await watcher.locator('#rematch').count()).toBe(0);
  // Every check the audit ran passed, and it says so in words.
  for (const page of pages.values()) {
    expect(await page.locator('#hand-summary #verdict li[data-ok="true"]').count()).toBeGreaterThan(3);
    expect(await page.locator('#hand-summary #verdict li[data-ok="false"]').count()).toBe(0);
  }
  // One click saves the match as a transcript that verifies offline to the same hash.
  const [download] = await Promise.all([
    bob.page.waitForEvent('download'),
    bob.page.locator('#download-transcript').click(),
  ]);
  const report = verifyTranscript(readFileSync(await download.path(), 'utf8'));
  expect(report.fault).toBeNull();
  expect(`hash ${report.hands[0]!.stateHash!.slice(0, 16)}`).toBe(hashes[0]);
  // The summary keeps the table in view on a desktop and shows the verdict first on a phone (summary-layout.ts).
  await expectSummaryKeepsTableInView(ann.page, 'fd-fighting-cards');
  // Vite's dev client may fail its own socket on a shared machine; that is not the app's error.
  for (const p of everyone)
    expect(
      p.console.filter((l) => l.startsWith('pageerror') && !l.includes('WebSocket closed without opened')),
    ).toEqual([]);
});
