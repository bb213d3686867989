/**
 * The replay viewer in real Chromium, as a person uses it: open #/replay,
 * choose a checked-in transcript file, read the verdict the page computed
 * (the verifier runs in the page, no network), step forward and back through
 * the hand with every card face up; then a tampered copy of the file shows
 * its fault instead.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, newPlayer } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const fixture = path.resolve(import.meta.dirname, '../fixtures/transcripts/stress-shed-2p.json');

it('opens a transcript, shows its verdict and replays it move by move with the cards face up', async () => {
  const player = await newPlayer(browser, `${inject('baseUrl')}#/replay`, 'Viewer');
  const page = player.page;
  await page.locator('#replay-file').setInputFiles(fixture);
  const report = page.locator('#replay-report');
  await report.waitFor();
  await expect.poll(() => report.textContent()).toContain('VERDICT: CLEAN');
  expect(await report.textContent()).toContain('every seat contributed to the shuffle and proved it');
  await expect.poll(() => page.locator('#replay-step').textContent()).toMatch(/^step 0 of \d+$/);
  for (let i = 0; i < 30; i++) await page.locator('#replay-forward').click();
  await expect.poll(() => page.locator('#replay-step').textContent()).toMatch(/^step 30 of /);
  expect((await page.locator('#replay-caption').textContent())!.trim().length).toBeGreaterThan(0);
  // Every card in every seat's hand is shown face up (a card name, not a back).
  const shown = await page
    .locator('fd-card[data-card]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-card') ?? ''));
  expect(shown.length).toBeGreaterThan(5);
  expect(shown.every((card) => /^(10|[2-9JQKA])[SHDC]$/.test(card))).toBe(true);
  await page.locator('#replay-back').click();
  await expect.poll(() => page.locator('#replay-step').textContent()).toMatch(/^step 29 of /);

  // The same file with one event removed: the page names the fault.
  const file = JSON.parse(readFileSync(fixture, 'utf8')) as { hands: { events: string[] }[] };
  file.hands[0]!.events.splice(20, 1);
  await page
    .locator('#replay-file')
    .setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect.poll(() => report.textContent()).toContain('VERDICT: NOT CLEAN');
  expect(await report.textContent()).toContain('missing from the file');
  // The dev server's live-reload socket may drop on a loaded machine; any other page error is the replay's.
  expect(player.console.filter((line) => line.startsWith('pageerror') && !line.includes('WebSocket'))).toEqual([]);
  await player.context.close();
});
