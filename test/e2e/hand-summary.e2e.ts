/**
 * The end-of-hand summary never hides the table, in real Chromium: Ann plays
 * a Stress (speed) hand against a bot through the UI. On a 1280×800 desktop
 * the summary lies beside the table: it covers neither the game's table nor
 * the Rules and Sound buttons (a click on Sound switches the sound), it
 * reads the result and the verdict first, then the places from the winner
 * down, with the card list folded, and Rematch and Close on screen. On a
 * 360×640 and a 390×844 phone the verdict is on screen without scrolling.
 * Closed, it leaves a bar that still offers Rematch.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createTable, explainWithTableLog, launchChromium, newPlayer, type Player } from './browser.js';
import { playUntilOver } from './speed-moves.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not shown`);
  return found;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the whole of `locator` is inside the window as it is scrolled now. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const b = await box(locator);
  const v = page.viewportSize()!;
  return b.x >= 0 && b.y >= 0 && b.x + b.width <= v.width && b.y + b.height <= v.height;
}

it('the summary sits beside the table on a desktop, verdict first, and shows the verdict on a phone without scrolling', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const page = ann.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await createTable(page, 'stress-speed');
  await page.locator('.add-bot').first().click();
  await explainWithTableLog(page, page.locator('#stress').waitFor({ timeout: 240_000 }));
  await playUntilOver(page, () => false);
  await explainWithTableLog(
    page,
    expect
      .poll(() => page.locator('#hand-summary #verdict').getAttribute('data-status'), { timeout: 60_000 })
      .toBe('clean'),
  );

  // Beside the table: the game's table, the Rules and the Sound buttons are never under the panel.
  const summary = page.locator('#hand-summary');
  for (const selector of ['fd-stress-speed', '#rules-open', '#sound-toggle']) {
    await page.locator(selector).scrollIntoViewIfNeeded();
    expect(overlap(await box(summary), await box(page.locator(selector))), `${selector} is clear of the summary`).toBe(
      false,
    );
  }
  // A click on Sound reaches Sound (Playwright refuses to click an element another one covers).
  const sound = page.locator('#sound-toggle');
  const before = await sound.getAttribute('aria-pressed');
  await sound.click({ timeout: 5_000 });
  expect(await sound.getAttribute('aria-pressed')).not.toBe(before);

  // The result and the verdict first, then the places from the winner down; the card list folded.
  await page.evaluate(() => window.scrollTo(0, 0));
  const tops = await Promise.all(
    ['#summary-title', '#verdict-headline', '#summary-places', '#summary-cards'].map(
      async (s) => (await box(page.locator(s))).y,
    ),
  );
  expect([...tops].sort((a, b) => a - b)).toEqual(tops);
  expect(await page.locator('#summary-places li').first().getAttribute('data-place')).toBe('1');
  expect(await page.locator('#summary-cards').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
  for (const s of ['#verdict-headline', '#summary-close', '#summary-rematch'])
    expect(await onScreen(page, page.locator(s)), `${s} on screen`).toBe(true);
  const dir = process.env.FD_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/summary-desktop.png` });

  // A phone: the verdict and Rematch without scrolling.
  for (const [width, height] of [
    [360, 640],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const s of ['#summary-title', '#verdict-headline', '#summary-rematch'])
      expect(await onScreen(page, page.locator(s)), `${s} on screen at ${width}×${height}`).toBe(true);
    if (dir) await page.screenshot({ path: `${dir}/summary-${width}x${height}.png` });
  }

  // Closed, a bar that still offers Rematch and opens the summary again.
  await page.locator('#summary-close').click();
  expect(await onScreen(page, page.locator('#summary-bar #summary-rematch'))).toBe(true);
  await page.locator('#summary-open').click();
  await summary.waitFor();
  expect(ann.console.join('\n')).not.toMatch(/pageerror/);
});
