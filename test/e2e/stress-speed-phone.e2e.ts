/**
 * Stress (speed) on a phone, in real Chromium with touch: Ann opens a table
 * on a 390×844 portrait screen, gives the other seat to a bot and plays by
 * tapping. With the hand running, at 390×844 and at 360×640, every centre
 * stack, the Stress! button and every row card of both players lies inside
 * the screen without scrolling; her own row cards are marked playable or
 * not, exactly as the table offers them; and a tap on a marked card plays
 * it (the table log says so).
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTable, explainWithTableLog, launchChromium, setName, until } from './browser.js';
import { expectAccessible } from './axe.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Seen {
  readonly outside: string[];
  readonly parts: number;
  readonly marks: { card: string; mark: string; selectable: boolean }[];
}

/** In one look (the bot keeps playing): what of the table lies outside the screen, and how Ann's row is marked. */
async function look(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const app = document.querySelector('fd-app')!.shadowRoot!;
    const table = app.querySelector('fd-hand')!.shadowRoot!.querySelector('fd-stress-speed')!.shadowRoot!;
    const parts = [...table.querySelectorAll('.stack, #stress, .side fd-card[data-card]')] as HTMLElement[];
    const outside = parts
      .map((p) => ({ what: p.id || p.getAttribute('data-card') || '', box: p.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight)
      .map(
        ({ what, box }) =>
          `${what} at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}`,
      );
    const marks = [...table.querySelectorAll('#my-side fd-card[data-card]')].map((c) => ({
      card: c.getAttribute('data-card') ?? '',
      mark: c.className,
      selectable: c.hasAttribute('selectable'),
    }));
    return { outside, parts: parts.length, marks };
  });
}

it('Stress (speed) fits a 390×844 and a 360×640 portrait phone, marks the playable row cards and plays by touch', async () => {
  const base = inject('baseUrl');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(base);
  await setName(page, 'Ann');
  await createTable(page, 'stress-speed');
  await page.locator('.add-bot').first().click();
  await explainWithTableLog(page, page.locator('#stress').waitFor({ timeout: 240_000 }));
  await until(async () => (await page.locator('#my-side fd-card[data-card]').count()) > 0, 'Ann’s row dealt');
  await expectAccessible(page, 'a Stress (speed) table on a phone');

  for (const [width, height] of [
    [390, 844],
    [360, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    const seen = await look(page);
    expect(seen.parts, 'two stacks, the button and the rows').toBeGreaterThanOrEqual(5);
    expect(seen.outside, `inside ${width}×${height}`).toEqual([]);
    expect(seen.marks.length).toBeGreaterThan(0);
    for (const m of seen.marks) expect(m.mark, `${m.card} marked as offered`).toBe(m.selectable ? 'legal' : 'illegal');
    const dir = process.env.FD_SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: `${dir}/speed-${width}x${height}.png` });
  }

  // A tap on a marked card plays it (a card that goes on both stacks asks which one: tap a lit stack).
  const played = async () => /Ann played/.test((await page.locator('fd-log #log').textContent()) ?? '');
  await until(
    async () => {
      if (await played()) return true;
      const card = page.locator('#my-side fd-card.legal').first();
      if ((await card.count()) === 0) return false;
      await card.tap({ timeout: 2_000 }).catch(() => {});
      const target = page.locator('.stack.target').first();
      if ((await target.count()) > 0) await target.tap({ timeout: 2_000 }).catch(() => {});
      return played();
    },
    'a tapped card played',
    120_000,
  );
  expect(errors).toEqual([]);
  await context.close();
});
