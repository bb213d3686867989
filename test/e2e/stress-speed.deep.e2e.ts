/**
 * Stress (speed) end to end: two real Chromium pages over real WebRTC play
 * whole games through the UI, both clicking as fast as they can with no
 * turns, so plays collide. The test keeps playing (rematches) until it has
 * seen at least one "stress!" call and one bounced simultaneous play, and
 * checks that every game ends with the same result, the same state hash and
 * a clean audit on both pages.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTable, launchChromium, newPlayer, openAndSit, shownText, type Player } from './browser.js';
import { playUntilOver } from './speed-moves.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function logLines(page: Page): Promise<string[]> {
  return page.locator('#log li').allTextContents();
}

it('two browsers play stress-speed through the UI, with a stress call and a bounced play, and agree on a clean audit', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  await createTable(ann.page, 'stress-speed');
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, await ann.page.locator('#share-link').inputValue());

  let sawStress = false;
  let sawBounce = false;
  for (let game = 1; game <= 4 && !(sawStress && sawBounce); game++) {
    for (const p of [ann, bob]) await p.page.locator('#stress').waitFor({ timeout: 240_000 });
    let over = false;
    await Promise.all([ann, bob].map((p) => playUntilOver(p.page, () => over).finally(() => (over = true))));
    for (const p of [ann, bob]) await expect.poll(() => p.page.locator('#audit').count(), { timeout: 60_000 }).toBe(1);
    const [a, b] = await Promise.all([ann, bob].map((p) => shownText(p.page.locator('#result'))));
    expect(a).toContain('Audit clean');
    expect(b).toContain('Audit clean');
    expect(a).toBe(b);
    const lines = [...(await logLines(ann.page)), ...(await logLines(bob.page))];
    sawStress ||= lines.some((l) => /called stress!/.test(l));
    sawBounce ||= lines.some((l) => /bounced/.test(l));
    if (!(sawStress && sawBounce)) {
      // Rematch from the end-of-hand summary (its button stays on screen).
      for (const p of [ann, bob]) await p.page.locator('#summary-rematch').click();
    }
  }
  expect(sawStress).toBe(true);
  expect(sawBounce).toBe(true);
  for (const p of [ann, bob]) expect(p.console.join('\n')).not.toMatch(/pageerror/);
});
