/**
 * A whole hand of Stress (shedding) between two real Chromium pages over
 * real WebRTC, played through the UI: the test clicks like a plain player
 * (ready in the swap phase, then the lowest playable card, a face-down card
 * when that is all that is left, or pick up the stack) until the hand ends,
 * and checks that both pages show the same result and a clean audit. Midway
 * one page reloads: it must rebuild the hand from what it stored and play on.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { makeRng } from '../../src/bots/prng.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { createTable, launchChromium, newPlayer, openAndSit, shownText, type Player } from './browser.js';
import { playStress, stressTurn } from './stress-moves.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// The players' occasional odd card comes from a fixed seed, so a failing run can be repeated.
const whim = makeRng(20261123);

/** One move if it is this page's turn: mostly the lowest card; now and then another, like a person (two fixed strategies can pass the stack back and forth for ever). */
const moveIfMyTurn = (page: Page) =>
  stressTurn(page, (ordered) => (whim.next() < 0.3 ? ordered[whim.int(ordered.length)]! : ordered[0]!));

it('two browsers play a whole hand of stress-shed through the UI and agree on a clean audit', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const link = await createTable(ann.page, 'stress-shed', 2);
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);

  // The hand starts by itself once both seats are taken: swap phase.
  for (const p of [ann, bob]) await p.page.locator('#ready').waitFor({ timeout: 240_000 });

  let reloaded = false;
  const done = async (p: Player) => (await p.page.locator('#audit').count()) > 0;
  const moves = await playStress([ann.page, bob.page], moveIfMyTurn, {
    until: async () => (await done(ann)) && (await done(bob)),
    afterMove: async (_page, _did, made) => {
      if (reloaded || made < 12) return;
      // An honest player's game survives a reload: Bob's page rebuilds the hand from IndexedDB.
      reloaded = true;
      await bob.page.reload();
      await bob.page.locator('#my-area').waitFor({ timeout: 60_000 });
    },
    limit: 5000,
  });
  expect(moves).toBeGreaterThan(10);
  expect(reloaded).toBe(true);
  const results = await Promise.all([ann, bob].map((p) => shownText(p.page.locator('#result'))));
  for (const text of results) {
    expect(text).toMatch(/Result:\s*1\. (Ann|Bob)/);
    expect(text).toContain('Audit clean');
  }
  const hashes = await Promise.all([ann, bob].map((p) => shownText(p.page.locator('#result code'))));
  expect(hashes[0]).toBe(hashes[1]);
  expect(results[0]!.replace(/hash \w+/, '')).toBe(results[1]!.replace(/hash \w+/, ''));
  // Each screen shows what was checked; one click saves the match as a transcript that verifies offline to the same hash.
  for (const p of [ann, bob]) {
    await expect.poll(() => p.page.locator('#verdict').getAttribute('data-status')).toBe('clean');
    expect(await p.page.locator('#verdict li[data-ok="true"]').count()).toBe(6);
  }
  const [download] = await Promise.all([
    bob.page.waitForEvent('download'),
    bob.page.locator('#download-transcript').click(),
  ]);
  const report = verifyTranscript(readFileSync(await download.path(), 'utf8'));
  expect(report.fault).toBeNull();
  expect(`hash ${report.hands[0]!.stateHash!.slice(0, 16)}`).toBe(hashes[0]);
  for (const p of [ann, bob]) expect(p.console.join('\n')).not.toMatch(/pageerror/);
});
