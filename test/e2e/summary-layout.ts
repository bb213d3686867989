/**
 * What every end-of-hand summary must keep true on screen, checked on a page
 * whose hand has just ended: on a desktop the summary lies beside the table
 * (it covers neither the game's table nor the Rules and Sound buttons, and a
 * click on Sound switches the sound), it reads the result and the verdict
 * first, then the places from the winner down, with the card list folded and
 * Rematch and Close on screen; on a 360×640 and a 390×844 phone the verdict
 * and Rematch are on screen without scrolling; closed, it leaves a bar that
 * still offers Rematch and opens it again.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

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

/** The summary's layout on a 1280×800 desktop and two phones; `table` is the game's element. */
export async function expectSummaryKeepsTableInView(page: Page, table: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const summary = page.locator('#hand-summary');
  for (const selector of [table, '#rules-open', '#sound-toggle']) {
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
}
