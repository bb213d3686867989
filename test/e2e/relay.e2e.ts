/**
 * Relays for real: Bob's page can never open a direct link to
 * Ann's — every WebRTC offer, answer and ICE candidate between them is dropped
 * on their signaling sockets (relay-pages.ts), as if a symmetric NAT stood
 * between them. Ann creates a three-seat Stress (shedding) table; once Cat
 * sits, the link Ann copies names Cat (`via=`); Bob opens it, links to Cat,
 * and Ann seats him through Cat (src/table/introducers.ts): every page shows
 * the three seats and the same fingerprint, Ann and Bob see each other as
 * "relayed", and neither mesh ever holds a link to the other. Then the hand
 * is dealt and played through the relay until Ann and Bob have each moved
 * twice, and the three pages agree on the hand's step and state hash. The
 * whole hand played through a relay (after a reload) is
 * relay-whole-hand.deep.e2e.ts.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { handState, launchChromium, openAndSit, peerIdOf, until } from './browser.js';
import { expectAccessible } from './axe.js';
import { agreeOnThreeSeats, openLinks, playerPage, sitRelayed, stateOf } from './relay-pages.js';
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

it('a joiner whose page can never link to the creator is seated through a seated page the link names, and plays through it', async () => {
  const base = inject('baseUrl');
  const dropped: string[] = [];
  // Bob's socket drops every negotiation with Ann both ways (Ann's too, once his id is known).
  let bobId = '';
  const ann = await playerPage(browser, contexts, base, 'Ann', (peer) => peer === bobId, dropped);
  await ann.locator('input[name="game"][value="stress-shed"]').check();
  await ann.locator('#seats').selectOption('3');
  await ann.locator('#create').click();
  await expect.poll(() => ann.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  const annId = await peerIdOf(ann);
  expect(annId).toMatch(/^fd-/);
  const cat = await playerPage(browser, contexts, base, 'Cat', () => false, dropped);
  await openAndSit(cat, await ann.locator('#share-link').inputValue());
  await expect.poll(() => stateOf(ann, 'Cat'), { timeout: 90_000 }).toBe('direct');
  const catId = await peerIdOf(cat);
  // Copied now, Ann's link names Cat (the seated people but the creator).
  const link = await ann.locator('#share-link').inputValue();
  expect(new URL(link).hash).toContain(`via=${catId.slice(-16)}`);
  // Bob's page is blocked from Ann's from the very start: every offer between them is dropped.
  const bob = await sitRelayed({ browser, contexts, base, dropped }, link, ann, annId);
  await expect.poll(() => stateOf(cat, 'Bob'), { timeout: 90_000 }).toBe('direct');
  bobId = await peerIdOf(bob);
  // The creator seated him: three seats taken on every page, and the same fingerprint.
  await agreeOnThreeSeats([ann, bob, cat], dropped);

  // The hand is dealt (the shuffle's messages between Ann and Bob all go through Cat) and played on through Cat.
  const pages: Page[] = [ann, bob, cat];
  for (const p of pages) await p.locator('#ready').waitFor({ timeout: 120_000 });
  await expectAccessible(bob, 'a Stress (shedding) table');
  const moved = new Map<Page, number>();
  await playStress(pages, (page) => stressTurn(page, (ordered) => ordered[0]!), {
    until: async () => (moved.get(ann) ?? 0) >= 2 && (moved.get(bob) ?? 0) >= 2,
    afterMove: async (page, did) => {
      if (did !== 'ready') moved.set(page, (moved.get(page) ?? 0) + 1);
    },
  });
  // The three pages agree on where the hand is: the same step and state hash.
  await until(async () => {
    const states = await Promise.all(pages.map(handState));
    return states.every(
      (s) => s !== null && s.hash !== null && s.step === states[0]!.step && s.hash === states[0]!.hash,
    );
  }, 'the three pages at the same step with the same state hash');
  // Never a direct link between Ann and Bob.
  expect(await stateOf(ann, 'Bob')).toBe('relayed');
  expect(await stateOf(bob, 'Ann')).toBe('relayed');
  expect(await openLinks(bob)).not.toContain(annId);
  expect(await openLinks(ann)).not.toContain(bobId);
  expect(dropped.filter((d) => d.startsWith('pageerror'))).toEqual([]);
});
