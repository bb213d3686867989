/**
 * Watching a table, in real Chromium: Ann
 * plays Stress (shedding) against a bot; once play has started Cat opens the
 * table's link in a third browser context. The lobby says the seats are
 * fixed but offers Watch; Cat watches, sees the "Watching" badge and no
 * action buttons, the public table (the stack, each seat's card counts) and
 * the log live, and at the end the result and "Audit clean" with the same
 * hash as Ann. While the hand is played, Cat's page never shows a hidden
 * card: it has no hand of its own, and every face it draws was shown on
 * Ann's page outside her own hand first (the stack, face-up cards, what a
 * player knows of the bot's hand); the rest of each hand is only counted.
 * Ann's lobby lists Cat as watching. (The fast suite's whole-hand.e2e.ts
 * watches a Fighting Cards deal.)
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTable, launchChromium, newPlayer, until, type Player } from './browser.js';
import { playStress, stressMove } from './stress-moves.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The faces of the cards a page draws in the game's table, outside the given zones (the end-of-hand summary is not the table). */
async function facesShown(page: Page, outside: string | null): Promise<string[]> {
  return page.locator('fd-stress-shed fd-card').evaluateAll(
    (els, skip) =>
      els
        .filter((el) => skip === null || !el.closest(skip))
        .map((el) => (el as HTMLElement & { card: string | null }).card ?? '')
        .filter((c) => c !== ''),
    outside,
  );
}

/**
 * Cards Ann's page shows outside her own hand: the stack, face-up cards, a
 * blind card turned, and what she knows of the bot's hand (cards picked up
 * from the stack or swapped from face up). Ann knows nothing hidden of the
 * bot's hand, and her own hidden cards show only in #my-hand: so a face the
 * watcher draws that Ann's page never showed outside #my-hand is a leak of
 * Ann's hand, and one in the bot's hand is more than a player knows of it.
 */
async function notePublic(ann: Page, seen: Set<string>): Promise<void> {
  for (const card of await facesShown(ann, '#my-hand')) seen.add(card);
  // A card played and picked up again between two looks is public too: the log names every card played ("Bot 2 played 5♣ 5♠").
  const suitOf: Record<string, string> = { '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S' };
  for (const line of await ann.locator('#log li').allTextContents()) {
    for (const m of line.matchAll(/\b(10|[2-9JQKA])([♣♦♥♠])/g)) seen.add(`${m[1]}${suitOf[m[2]!]}`);
  }
}

it('a third page opens a started table’s link, watches the hand live to a clean audit and is never shown a hidden card', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const page = ann.page;
  const link = await createTable(page, 'stress-shed', 2);
  await page.locator('.add-bot').first().click();
  await page.locator('#ready').waitFor({ timeout: 240_000 });

  // Play has started: Cat opens the link and is offered Watch (not "no way in").
  const cat: Player = await newPlayer(browser, base, 'Cat');
  const watcher = cat.page;
  await watcher.goto(link);
  await watcher.locator('#watch').waitFor({ timeout: 60_000 });
  expect(await watcher.locator('#seats-fixed').textContent()).toContain('you can watch');
  expect(await watcher.locator('#sit').count()).toBe(0);
  const dir = process.env.FD_SCREENSHOT_DIR;
  if (dir) await watcher.screenshot({ path: `${dir}/watch-offered.png`, fullPage: true });
  await watcher.locator('#watch').click();
  await watcher.locator('#watching-badge').waitFor({ timeout: 60_000 });
  // Ann's lobby lists her watcher.
  await expect.poll(() => page.locator('#watchers').textContent(), { timeout: 60_000 }).toContain('Cat');

  let checks = 0;
  let shot = false;
  const publicCards = new Set<string>();
  const summaryShown = async () =>
    (await page.locator('#hand-summary').count()) > 0 || (await watcher.locator('#hand-summary').count()) > 0;
  // After every move of Ann's (and so after the bot's answers to the one before), so no card played goes unseen.
  const look = async (moves: number) => {
    await notePublic(page, publicCards);
    if (await summaryShown()) return;
    // Both seats sit round the felt for a watcher, each box with its hand's count; a hand's cards show only once seen.
    if ((await watcher.locator('fd-stress-shed [data-seat-box]').count()) !== 2) return;
    const handFaces = async () =>
      watcher
        .locator('fd-stress-shed .opp-hand fd-card')
        .evaluateAll((els) =>
          els.map((el) => (el as HTMLElement & { card: string | null }).card ?? '').filter((c) => c !== ''),
        );
    const held = (
      await watcher
        .locator('fd-stress-shed [data-seat-box] [data-count]')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))))
    ).reduce((a, b) => a + b, 0);
    const shown = [...(await facesShown(watcher, null)), ...(await handFaces())];
    const unexplained = () => shown.filter((c) => !publicCards.has(c));
    // Ann's page may draw a public card a moment after the watcher's: wait for it to show there too.
    if (unexplained().length > 0)
      await until(
        async () => (await notePublic(page, publicCards), unexplained().length === 0 || (await summaryShown())),
        `the cards the watcher shows (${unexplained().join(' ')}) public on Ann's page`,
        15_000,
      );
    if (await summaryShown()) return;
    expect(unexplained()).toEqual([]);
    expect(await watcher.locator('#my-area, #my-hand').count()).toBe(0);
    if (held > (await handFaces()).length) checks++;
    if (!shot && dir && moves > 6) {
      shot = true;
      await watcher.screenshot({ path: `${dir}/watching.png` });
    }
  };
  await notePublic(page, publicCards);
  const moves = await playStress([page], (p) => stressMove(p).then((moved) => (moved ? 'move' : null)), {
    until: async () => (await page.locator('#hand-summary').count()) > 0,
    afterMove: async (_page, _did, made) => look(made),
  });
  expect(moves).toBeGreaterThan(5);
  // It looked at both seats' hands (counted, their unseen cards not drawn) many times during play.
  expect(checks).toBeGreaterThan(5);

  // The watcher follows to the end: the result, the audit verdict and the hash Ann agreed on; no button acts on the hand.
  await expect
    .poll(() => page.locator('#hand-summary #verdict').getAttribute('data-status'), { timeout: 60_000 })
    .toBe('clean');
  await expect
    .poll(() => watcher.locator('#hand-summary #verdict').getAttribute('data-status'), { timeout: 60_000 })
    .toBe('clean');
  await expect.poll(() => watcher.locator('#audit').textContent(), { timeout: 60_000 }).toContain('Audit clean');
  const hashOf = async (p: Page) => (await p.locator('#result code').textContent()) ?? '';
  expect(await hashOf(watcher)).toMatch(/^hash [0-9a-f]{16}$/);
  expect(await hashOf(watcher)).toBe(await hashOf(page));
  expect(await watcher.locator('#rematch').count()).toBe(0);
  // The log was live on the watcher's page too, in words.
  const log = (await watcher.locator('fd-log li').evaluateAll((els) => els.map((el) => el.textContent ?? ''))).join(
    '\n',
  );
  expect(log).toMatch(/Ann played (10|[2-9JQKA])[♣♦♥♠]/);
  // The hand's end is in the log: a winner, or (a position seen three times) no loser.
  expect(log).toMatch(/(Ann|Bot \d+) is out and wins|the hand ends with no loser/);
  if (dir) await watcher.screenshot({ path: `${dir}/watching-end.png` });
  // The page threw nothing (vite's dev-server socket, busy when several e2e servers share its port, is not the app).
  const pageErrors = cat.console.filter(
    (line) => line.startsWith('pageerror') && !line.includes('WebSocket closed without opened'),
  );
  expect(pageErrors).toEqual([]);
});
