/**
 * A whole hand through a relay: three real Chromium pages sit at a
 * Stress (shedding) table on the embedded signaling server; then Bob's page
 * reloads and from then on Ann's and Bob's pages can never open a direct
 * link: every WebRTC offer, answer and ICE candidate between them is dropped
 * on their signaling sockets (relay-pages.ts), as if a symmetric NAT stood
 * between them. Both must see each other as "relayed" (through Cat), play a
 * whole hand through the UI, and agree on the result and a clean audit; the
 * test checks that signaling between them was attempted and dropped, and
 * that neither mesh ever held a direct link to the other. The fast suite's
 * relay.e2e.ts seats a joiner through a relay and plays a few moves.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, openAndSit, peerIdOf, waitOrExplain } from './browser.js';
import { openLinks, playerPage, stateOf } from './relay-pages.js';
import { playStress, stressTurn } from './stress-moves.js';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** One move if it is this page's turn (the lowest playable card, keeping 2, 3 and 10; every 4th move the highest); returns what it did, or null. */
const moveIfMyTurn = (page: Page, moveNo: number) =>
  stressTurn(page, (ordered) => (moveNo % 4 === 3 ? ordered[ordered.length - 1]! : ordered[0]!));

it('two pages that cannot link directly play a whole hand through the third', async () => {
  const base = inject('baseUrl');
  const dropped: string[] = [];
  let annId = '';
  let bobId = '';
  // Once the block is on, Ann's and Bob's signaling sockets drop every negotiation between them.
  let blocking = false;
  const ann = await playerPage(browser, contexts, base, 'Ann', (peer) => blocking && peer === bobId, dropped);
  await ann.locator('input[name="game"][value="stress-shed"]').check();
  await ann.locator('#seats').selectOption('3');
  await ann.locator('#create').click();
  await expect.poll(() => ann.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  const link = await ann.locator('#share-link').inputValue();
  const cat = await playerPage(browser, contexts, base, 'Cat', () => false, dropped);
  const bob = await playerPage(browser, contexts, base, 'Bob', (peer) => blocking && peer === annId, dropped);
  await openAndSit(cat, link);
  await openAndSit(bob, link);
  for (const [page, others] of [
    [ann, ['Bob', 'Cat']],
    [bob, ['Ann', 'Cat']],
    [cat, ['Ann', 'Bob']],
  ] as const) {
    for (const other of others) await expect.poll(() => stateOf(page, other), { timeout: 90_000 }).toBe('direct');
  }
  const ids = await Promise.all([ann, bob, cat].map(peerIdOf));
  [annId, bobId] = [ids[0]!, ids[1]!];
  const catId = ids[2]!;
  for (const id of [annId, bobId, catId]) expect(id).toMatch(/^fd-/);

  // Seated, and now the path between Ann and Bob goes: Bob's page comes back
  // (a reload, as after a network change) and can reach Ann only through Cat.
  blocking = true;
  await bob.reload();
  await expect.poll(() => stateOf(bob, 'Cat'), { timeout: 90_000 }).toBe('direct');
  await expect.poll(() => stateOf(ann, 'Bob'), { timeout: 90_000 }).toBe('relayed');
  await expect.poll(() => stateOf(bob, 'Ann'), { timeout: 90_000 }).toBe('relayed');
  // They did try to link, and the offers were dropped.
  expect(dropped.filter((d) => d.startsWith('Bob → ') || d.startsWith('Ann → '))).not.toEqual([]);

  const pages = [ann, bob, cat];
  for (const p of pages) await waitOrExplain(p, '#ready', 240_000);
  const direct = { annToBob: false, bobToAnn: false };
  const done = async (p: Page) => (await p.locator('#audit').count()) > 0;
  const moves = await playStress(pages, moveIfMyTurn, {
    until: async () => (await Promise.all(pages.map(done))).every(Boolean),
    // Never a direct link between them, at any point of the hand.
    afterMove: async () => {
      direct.annToBob ||= (await stateOf(ann, 'Bob')) === 'direct';
      direct.bobToAnn ||= (await stateOf(bob, 'Ann')) === 'direct';
    },
    limit: 5000,
  });
  expect(moves).toBeGreaterThan(10);
  expect(direct).toEqual({ annToBob: false, bobToAnn: false });
  // The meshes agree: each holds an open link to Cat and none to the other.
  const annLinks = await openLinks(ann);
  const bobLinks = await openLinks(bob);
  expect(annLinks).toContain(catId);
  expect(annLinks).not.toContain(bobId);
  expect(bobLinks).toContain(catId);
  expect(bobLinks).not.toContain(annId);
  const results = await Promise.all(pages.map((p) => p.locator('#result').textContent()));
  for (const text of results) expect(text).toContain('Audit clean');
  const hashes = await Promise.all(pages.map((p) => p.locator('#result code').textContent()));
  expect(new Set(hashes).size).toBe(1);
  expect(dropped.filter((d) => d.startsWith('pageerror'))).toEqual([]);
  await ann.screenshot({ path: 'test-results/relay-ann.png' });
});
