/**
 * Friends in two homes play with nothing to set up. The app server runs in
 * the lab's internet namespace as a host would run it (`npm run preview`'s
 * server/main.ts, with STUN_URLS, TURN_URLS and TURN_SECRET naming the lab's
 * coturn), and each home's Chromium sits behind its own NAT
 * (scripts/nat-lab/lab.ts). Ann creates a Fighting Cards match of one deal
 * with a bot, Bob opens her link; neither opens Settings.
 *
 * - cone × cone: they link directly (STUN's server-reflexive candidates, no
 *   relay) and play the whole deal to the same clean audit.
 * - cone × symmetric: no direct path exists; they link through coturn (a
 *   relay candidate) and play the whole deal to the same clean audit.
 * - coturn holding another secret than the app: Bob's page names the relay
 *   (TURN) server as the cause and does not blame Ann's page.
 * The link never carries a TURN credential.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shownText, until } from '../e2e/browser.js';
import { freshTries, playDeal } from '../e2e/fighting-moves.js';
import { stateOf } from '../e2e/relay-pages.js';
import { setNat, startCoturn } from '../../scripts/nat-lab/lab.js';
import { seatAnnAndBob, selectedPairs, withPublicHost, type Table } from './pages.js';

const lab = withPublicHost();

/** Every value of the link's query, and base64url ones decoded: what a person could read out of it. */
function linkText(link: string): string {
  const query = new URLSearchParams(new URL(link).hash.split('?')[1] ?? '');
  return [...query.values()].map((value) => `${value} ${Buffer.from(value, 'base64url').toString('utf8')}`).join(' ');
}

/** Plays the deal on both pages to its end; both show the same result and hash, and a clean audit. */
async function playToCleanAudit(table: Table): Promise<void> {
  const pages = new Map<string, Page>([
    ['Ann', table.ann.page],
    ['Bob', table.bob.page],
  ]);
  const moves = await playDeal(pages, pages, freshTries());
  expect(moves.filter((m) => m.includes(': play '))).toHaveLength(20);
  for (const page of pages.values())
    await expect
      .poll(() => page.locator('#hand-summary #verdict').getAttribute('data-status'), { timeout: 60_000 })
      .toBe('clean');
  const hashes = await Promise.all([...pages.values()].map((page) => shownText(page.locator('#result code'))));
  expect(hashes[0]).toMatch(/^hash [0-9a-f]{16}$/);
  expect(hashes[1]).toBe(hashes[0]);
}

async function seatsLinkedDirectly(table: Table): Promise<void> {
  await until(
    async () =>
      (await stateOf(table.ann.page, 'Bob')) === 'direct' && (await stateOf(table.bob.page, 'Ann')) === 'direct',
    'Ann and Bob linked to each other',
  );
}

it('cone × cone: a whole deal with nothing typed, over a direct link, to a clean audit', async () => {
  setNat('h1', 'cone');
  setNat('h2', 'cone');
  const table = await seatAnnAndBob(lab.browsers, lab.app!.url);
  try {
    expect(linkText(table.link)).not.toContain(lab.secret);
    expect(linkText(table.link)).not.toMatch(/credential/);
    await seatsLinkedDirectly(table);
    for (const page of [table.ann.page, table.bob.page]) {
      const pairs = await selectedPairs(page);
      expect(pairs).toHaveLength(1);
      expect(pairs[0]).not.toContain('relay');
    }
    await playToCleanAudit(table);
  } finally {
    await table.close();
  }
});

it('cone × symmetric: a whole deal with nothing typed, relayed by TURN, to a clean audit', async () => {
  setNat('h1', 'cone');
  setNat('h2', 'symmetric');
  const table = await seatAnnAndBob(lab.browsers, lab.app!.url);
  try {
    expect(linkText(table.link)).not.toContain(lab.secret);
    expect(linkText(table.link)).not.toMatch(/credential/);
    await seatsLinkedDirectly(table);
    for (const page of [table.ann.page, table.bob.page]) {
      const pairs = await selectedPairs(page);
      expect(pairs).toHaveLength(1);
      expect(pairs[0]).toContain('relay');
    }
    await playToCleanAudit(table);
  } finally {
    await table.close();
  }
});

it('coturn with another secret than the app: the joiner is told the relay (TURN) server refused, not that the creator is gone', async () => {
  await lab.coturn?.process.stop();
  lab.coturn = await startCoturn(`not-${lab.secret}`);
  setNat('h1', 'cone');
  setNat('h2', 'symmetric');
  const ann = await (await lab.browsers.h1.newContext()).newPage();
  const bob = await (await lab.browsers.h2.newContext()).newPage();
  try {
    await ann.goto(lab.app!.url);
    await ann.locator('input[name="game"][value="fighting-cards"]').check();
    await ann.locator('#create').click();
    await expect.poll(() => ann.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
    await bob.goto(await ann.locator('#share-link').inputValue());
    // The join failure names its cause (#relay-refused), not the creator's page (#unserved).
    const refused = bob.locator('#relay-refused');
    await refused.waitFor({ timeout: 90_000 });
    expect(await shownText(refused)).toMatch(/relay|TURN/);
    expect(await bob.locator('#unserved').count()).toBe(0);
    expect(lab.coturn!.process.output).toMatch(/401/);
  } finally {
    await ann.context().close();
    await bob.context().close();
    await lab.coturn?.process.stop();
    lab.coturn = await startCoturn(lab.secret);
  }
});
