/**
 * A real-time game between two real Chromium pages over real WebRTC: Ann and
 * Bob sit at a Stress (speed) table, where nobody takes turns. Whichever page
 * has a move makes it (a row card onto a stack, or the stress call) until
 * both have moved, and after each move the other page shows it — its table
 * log says "Ann played Q♠ on K♥", or the call — with no click of its own; then
 * both pages agree on the hand's state hash. Whole games with collisions, bounced plays and clean
 * audits are stress-speed.deep.e2e.ts.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  catchingUp,
  createTable,
  explainWithTableLog,
  handState,
  launchChromium,
  newPlayer,
  openAndSit,
  until,
  type Player,
} from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SUIT: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
/** A card as the table writes it: "Q♠" for QS. */
const printed = (card: string) => card.replace(/[CDHS]$/, (suit) => SUIT[suit]!);

/** Whether the page has a move now: a playable card in its row, or the stress call. */
async function hasMove(page: Page): Promise<boolean> {
  return (
    (await page.locator('#my-side fd-card[selectable]').count()) > 0 ||
    (await page
      .locator('#stress')
      .isEnabled()
      .catch(() => false))
  );
}

/**
 * Makes the page's move, as a player would: a page that has just opened refuses moves for a few seconds until a
 * seat has said which hand the table is at, and says so in its log; the player then tries again.
 */
async function move(page: Page, name: string): Promise<{ card: string } | { stress: string }> {
  for (let attempt = 0; ; attempt++) {
    const before = await catchingUp(page);
    const made = await moveOnce(page, name);
    await page.waitForTimeout(300);
    if ((await catchingUp(page)) === before || attempt >= 15) return made;
    await page.waitForTimeout(1000);
  }
}

/** Makes the page's move once: the card it played, or the stress call as the log will say it. */
async function moveOnce(page: Page, name: string): Promise<{ card: string } | { stress: string }> {
  if (
    await page
      .locator('#stress')
      .isEnabled()
      .catch(() => false)
  ) {
    await page.locator('#stress').click();
    return { stress: `${name} called stress` };
  }
  const card = page.locator('#my-side fd-card[selectable]').first();
  const id = (await card.getAttribute('data-card')) ?? '';
  await card.click();
  // A card that fits both stacks asks where: the first one offered.
  const target = page.locator('.stack.target').first();
  if ((await target.count()) > 0) await target.click();
  return { card: id };
}

it('a move on one page of a real-time game shows on the other page, both ways', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const link = await createTable(ann.page, 'stress-speed');
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);
  for (const p of [ann, bob]) await p.page.locator('#stress').waitFor({ timeout: 120_000 });

  const players = new Map([
    ['Ann', ann],
    ['Bob', bob],
  ]);
  // Whoever has a move makes it (the one that has not moved yet first), until both have moved: the other page shows it.
  const moved = new Set<string>();
  for (let moves = 0; moved.size < 2; moves++) {
    expect(moves).toBeLessThan(40);
    await until(
      async () => (await hasMove(ann.page)) || (await hasMove(bob.page)),
      'a page has a move (with none, the table deals new tops)',
      60_000,
    );
    const order = [...players].sort(([a], [b]) => Number(moved.has(a)) - Number(moved.has(b)));
    for (const [name, mover] of order) {
      if (!(await hasMove(mover.page))) continue;
      const [otherName, other] = order.find(([n]) => n !== name)!;
      const made = await move(mover.page, name);
      // The other page shows the move: its table log says it (the card may already lie under new tops).
      const line = 'card' in made ? `${name} played ${printed(made.card)} on ` : made.stress;
      await explainWithTableLog(
        other.page,
        until(
          async () => (await other.page.locator('fd-log #log li').allTextContents()).some((l) => l.includes(line)),
          `"${line}" in ${otherName}'s table log`,
          30_000,
        ),
      );
      await until(
        async () => (await mover.page.locator('fd-log #log li').allTextContents()).some((l) => l.includes(line)),
        `"${line}" in ${name}'s own table log`,
        30_000,
      );
      moved.add(name);
      break;
    }
  }
  // Both pages are at the same point of the hand.
  await until(async () => {
    const [a, b] = await Promise.all([handState(ann.page), handState(bob.page)]);
    return a !== null && b !== null && a.hash !== null && a.step === b.step && a.hash === b.hash;
  }, 'both pages at the same step with the same state hash');
  for (const p of [ann, bob])
    expect(
      p.console.filter((l) => l.startsWith('pageerror') && !l.includes('WebSocket closed without opened')),
    ).toEqual([]);
});
