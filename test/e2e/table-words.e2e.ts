/**
 * A table that explains itself, in real Chromium: Ann plays a whole hand of
 * Stress (shedding) against a bot through the UI, then the test checks that
 * the table log reads in words and card symbols (never "7C 7S") and says the
 * effects (who went out and won, burns, pick-ups, blind cards turned); that
 * the end of the hand shows a summary panel that stays in view when the page
 * is scrolled (item 5), with the result, the loser's remaining cards as the
 * audit opened them and the verdict in words; that the Rules button opens
 * the game's rules with this table's options; and that sound is off by
 * default and switched on from the table. Set FD_SCREENSHOT_DIR to save
 * screenshots of the summary and the rules.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTable, launchChromium, newPlayer, type Player } from './browser.js';
import { stressMove } from './stress-moves.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('a hand against a bot: the log in words with its effects, the summary in view with every opened card and the verdict, the rules help, sound', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const page = ann.page;
  await createTable(page, 'stress-shed', 2);

  // Rules help is reachable from the table at once, with this table's options.
  await page.locator('#rules-open').click();
  await expect.poll(() => page.locator('#rules').isVisible()).toBe(true);
  expect(await page.locator('#rules-title').textContent()).toBe('Stress (shedding)');
  const rules = (await page.locator('#rules').textContent()) ?? '';
  expect(rules).toContain('10 burns the stack');
  expect(await page.locator('#rules-options').textContent()).toMatch(/Four of a kind burns the stack\s*no/);
  const dir = process.env.FD_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/table-rules.png` });
  await page.locator('#rules-close').click();
  await expect.poll(() => page.locator('#rules').isVisible()).toBe(false);

  // Sound is off until chosen; the table's button switches it and it is kept.
  expect(await page.locator('#sound-toggle').getAttribute('aria-pressed')).toBe('false');
  await page.locator('#sound-toggle').click();
  expect(await page.locator('#sound-toggle').getAttribute('aria-pressed')).toBe('true');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('fairdeck.settings.v1') ?? '{}').sound)).toBe(true);

  await page.locator('.add-bot').first().click();
  await page.locator('#ready').waitFor({ timeout: 240_000 });
  let moves = 0;
  while ((await page.locator('#hand-summary').count()) === 0) {
    if (await stressMove(page)) moves++;
    else await page.waitForTimeout(100);
    if ((await page.locator('#halt').count()) > 0) {
      const why = await page
        .locator('#halt')
        .innerText()
        .catch(() => '');
      const lines = await page.locator('fd-log li').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
      if (dir) await page.screenshot({ path: `${dir}/table-halt.png` });
      throw new Error(`the hand stopped: ${why}\n${lines.slice(-15).join('\n')}`);
    }
    expect(moves).toBeLessThan(3000);
  }
  expect(moves).toBeGreaterThan(5);

  // The log speaks in words and card symbols, and says the effects.
  const log = await page.locator('fd-log li').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  const text = log.join('\n');
  expect(text).not.toMatch(/\b(10|[2-9JQKA])[CDHS]\b/);
  expect(text).toMatch(/Ann played (10|[2-9JQKA])[♣♦♥♠]/);
  expect(text).toMatch(/(Ann|Bot \d+) is out and wins/);
  expect(text).toMatch(/is left with cards and loses/);
  expect(text).toMatch(/face-down card is (10|[2-9JQKA])[♣♦♥♠]/);
  expect(text).not.toMatch(/seat 0/i);

  // The summary stays in view even when the page is scrolled to the bottom (item 5).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const box = await page.locator('#hand-summary').boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeLessThan(viewport.height);
  const headline = (await page.locator('#summary-title').textContent()) ?? '';
  expect(headline).toMatch(/Hand 1: .+ wins/);
  // The loser still holds cards: the audit opened them, and they are shown face up.
  const loserLine = /(Ann|Bot \d+) is left with cards and loses/.exec(text)![1]!;
  const loserCards = await page
    .locator(`#hand-summary .seat[data-seat="${loserLine}"] fd-card`)
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-card') ?? ''));
  expect(loserCards.length).toBeGreaterThan(0);
  for (const card of loserCards) expect(card).toMatch(/^(10|[2-9JQKA])[CDHS]/);
  // The verdict in words, inside the summary.
  await expect
    .poll(() => page.locator('#hand-summary #verdict').getAttribute('data-status'), { timeout: 60_000 })
    .toBe('clean');
  if (dir) await page.screenshot({ path: `${dir}/table-summary.png` });
  // Closed, it can be opened again.
  await page.locator('#summary-close').click();
  await page.locator('#summary-open').click();
  await page.locator('#hand-summary').waitFor();
  expect(ann.console.join('\n')).not.toMatch(/pageerror/);
});
