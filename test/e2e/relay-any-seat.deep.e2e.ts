/**
 * Joining through any seated page, whatever link the joiner holds: Bob's page
 * can never open a direct link to Ann's, the creator (every WebRTC offer,
 * answer and ICE candidate between them is dropped on their signaling
 * sockets, relay-pages.ts). Ann copies her table's link as soon as she
 * creates it, so it names nobody but her (no `via=`); Cat sits with it; Bob
 * opens the very same link. His page asks the table's server who is at the
 * table (`GET /table-peers`, server/table-peers.ts), links to Cat, and Ann
 * seats him through Cat: every page shows the three seats and the same
 * fingerprint, Ann and Bob see each other as "relayed", and neither mesh ever
 * holds a link to the other. Playing a hand through such a relay is
 * relay.e2e.ts.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, openAndSit, peerIdOf } from './browser.js';
import { agreeOnThreeSeats, openLinks, playerPage, sitRelayed, stateOf } from './relay-pages.js';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

it('a joiner who cannot link to the creator, holding a link that names nobody else, is seated through another seat', async () => {
  const base = inject('baseUrl');
  const dropped: string[] = [];
  let bobId = '';
  const ann = await playerPage(browser, contexts, base, 'Ann', (peer) => peer === bobId, dropped);
  await ann.locator('input[name="game"][value="stress-shed"]').check();
  await ann.locator('#seats').selectOption('3');
  await ann.locator('#create').click();
  await expect.poll(() => ann.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  // Copied at once: nobody else sits yet, so the link names only the creator (through the table id).
  const link = await ann.locator('#share-link').inputValue();
  expect(link).not.toContain('via=');
  const annId = await peerIdOf(ann);
  const cat = await playerPage(browser, contexts, base, 'Cat', () => false, dropped);
  await openAndSit(cat, link);
  await expect.poll(() => stateOf(ann, 'Cat'), { timeout: 90_000 }).toBe('direct');
  const catId = await peerIdOf(cat);
  // Bob's page is blocked from Ann's from the very start, and his link is the one copied before Cat sat.
  const bob = await sitRelayed({ browser, contexts, base, dropped }, link, ann, annId);
  bobId = await peerIdOf(bob);
  await agreeOnThreeSeats([ann, bob, cat], dropped);
  // Bob was never told that nobody serves the table.
  expect(await bob.locator('#unserved').count()).toBe(0);
  expect(await openLinks(bob)).toContain(catId);
  expect(await openLinks(bob)).not.toContain(annId);
  expect(await openLinks(ann)).not.toContain(bobId);
  expect(dropped.filter((d) => d.startsWith('pageerror'))).toEqual([]);
});
