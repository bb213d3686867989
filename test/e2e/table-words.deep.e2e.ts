/**
 * A table that explains itself, in real Chromium: Ann plays a whole hand of
 * Stress (shedding) against a bot through the UI, then the test checks that
 * the table log reads in words and card symbols (never "7C 7S") and says how
 * the hand ended, whichever way the shuffle made it end: who went out and
 * won, who was left with cards and lost, and the blind cards the winner
 * turned — or, when a position came up a third time (the repetition rule),
 * that nobody lost; that the end of the hand shows a summary panel that stays
 * in view when the page is scrolled, with the same result, every
 * card still held as the audit opened them and the verdict in words; that
 * the Rules button opens the game's rules with this table's options; and that
 * sound is off by default and switched on from the table. Set
 * FD_SCREENSHOT_DIR to save screenshots of the summary and the rules.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTable, launchChromium, newPlayer, shownText, type Player } from './browser.js';
import { playStress, stressMove } from './stress-moves.js';

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
  const summary = page.locator('#hand-summary');
  const moves = await playStress([page], (p) => stressMove(p).then((moved) => (moved ? 'move' : null)), {
    until: async () => (await summary.count()) > 0,
  }).catch(async (error: Error) => {
    if (dir) await page.screenshot({ path: `${dir}/table-halt.png` });
    throw error;
  });
  expect(moves).toBeGreaterThan(5);

  // The log speaks in words and card symbols.
  const log = await page.locator('fd-log li').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  const text = log.join('\n');
  expect(text).not.toMatch(/\b(10|[2-9JQKA])[CDHS]\b/);
  expect(text).toMatch(/Ann played (10|[2-9JQKA])[♣♦♥♠]/);
  expect(text).not.toMatch(/seat 0/i);
  // It says how the hand ended, and the summary's headline says the same — whichever way the deal made it end.
  const headline = await shownText(page.locator('#summary-title'));
  const winner = /(Ann|Bot \d+) is out and wins/.exec(text)?.[1];
  if (winner !== undefined) {
    const loser = /(Ann|Bot \d+) is left with cards and loses/.exec(text)?.[1];
    expect(loser).toBeDefined();
    expect(loser).not.toBe(winner);
    expect(headline).toBe(`Hand 1: ${winner} wins`);
    // To go out the winner played every face-down card blind: the log names each as it turns.
    expect(text).toMatch(/face-down card is (10|[2-9JQKA])[♣♦♥♠]/);
  } else {
    // The repetition rule (or no progress for too long): both still hold cards, nobody loses, both share the place.
    expect(text).toMatch(/the hand ends with no loser/);
    expect(text).not.toMatch(/is left with cards and loses/);
    expect(headline).toMatch(/^Hand 1: (Ann|Bot \d+) and (Ann|Bot \d+) share first place$/);
  }

  // The summary stays in view even when the page is scrolled to the bottom.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const box = await page.locator('#hand-summary').boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeLessThan(viewport.height);
  // Every card still held at the end (the loser's, or both hands when nobody lost) is shown face up, as the audit
  // opened it; a seat that went out has none left.
  const held = await page.locator('#hand-summary .seat:not([data-seat="table"])').evaluateAll((seats) =>
    seats.map((seat) => ({
      name: seat.getAttribute('data-seat') ?? '',
      cards: Array.from(seat.querySelectorAll('fd-card')).map((card) => card.getAttribute('data-card') ?? ''),
    })),
  );
  const names = held.map((seat) => seat.name).sort();
  expect(names).toHaveLength(2);
  expect(names[0]).toBe('Ann');
  expect(names[1]).toMatch(/^Bot \d+$/);
  const holders = held
    .filter((seat) => seat.cards.length > 0)
    .map((seat) => seat.name)
    .sort();
  expect(holders).toEqual(names.filter((name) => name !== winner));
  for (const seat of held) for (const card of seat.cards) expect(card).toMatch(/^(10|[2-9JQKA])[CDHS]/);
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
