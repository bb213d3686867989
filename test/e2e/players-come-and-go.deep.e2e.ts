/**
 * Players come and go, in real Chromium over real WebRTC and the
 * real signaling server, through the UI only. Reproductions: thirty-odd
 * seconds of thinking in the swap phase name nobody; a player closes
 * the page mid-hand, the other sees that seat gone (on its seat box, in the
 * log, in the waiting banner — never itself), ends the hand after the turn
 * timer and starts a new one; the player reopens the link in a new tab and
 * lands in that new hand and plays on; a player leaves with the
 * button and a bot takes the seat for the next hand; a well-formed link to a
 * table nobody serves says so with Retry and Home, and the log is per table.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  anyShows,
  createTable,
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

const RANK = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const rankOf = (card: string) => RANK.indexOf(/^(10|[2-9JQKA])/.exec(card)?.[1] ?? '');

/** One move if it is this page's turn (the lowest playable card, a blind card, or pick up); returns whether it moved. */
async function moveIfMyTurn(page: Page): Promise<boolean> {
  if ((await page.locator('#my-area.turn').count()) === 0) return false;
  const playable = page.locator('#my-hand fd-card[selectable], #my-face-up fd-card[selectable]');
  if ((await playable.count()) > 0) {
    const cards = await playable.evaluateAll((els) => els.map((el) => el.getAttribute('data-card') ?? ''));
    const lowest = cards.map((card, i) => ({ i, rank: rankOf(card) })).sort((a, b) => a.rank - b.rank)[0]!;
    await playable.nth(lowest.i).click();
    await page.locator('#play').click();
    return true;
  }
  const blind = page.locator('#my-face-down fd-card[selectable]');
  if ((await blind.count()) > 0) {
    await blind.first().click();
    return true;
  }
  if (await page.locator('#pickup').isEnabled()) {
    await page.locator('#pickup').click();
    return true;
  }
  return false;
}

/** The table log's lines as the page shows them, each without its time of day. */
const logLines = (page: Page) =>
  page
    .locator('fd-log #log li')
    .evaluateAll((items) =>
      items.map((li) => (li.textContent ?? '').replace(li.querySelector('time')?.textContent ?? '', '').trim()),
    );

/** Whether the page may move now: the turn marker is on its seat. */
const myTurn = async (page: Page) => (await page.locator('#my-area.turn').count()) > 0;

/** Plays until `moves` moves were made by these pages (no halt allowed), each taken before the next. */
async function playMoves(pages: Page[], moves: number): Promise<void> {
  let made = 0;
  while (made < moves) {
    for (const page of pages) {
      const before = (await handState(page))?.step;
      if (await moveIfMyTurn(page)) {
        made++;
        await until(async () => (await handState(page))?.step !== before, 'the page takes its move');
      }
      if ((await page.locator('#halt').count()) > 0)
        throw new Error(`the hand stopped: ${await page.locator('#halt').textContent()}`);
    }
    if (made < moves)
      await until(async () => (await anyShows(pages, '#my-area.turn, #halt')) || false, 'one of the pages may move');
  }
}

/** More than the turn timer (30 s), with its one-second clock and a margin. */
const THINKING_MS = 36_000;

it('thinking is not a lost connection; a closed page is gone, comes back into the current hand, leaves for a bot', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const link = await createTable(ann.page, 'stress-shed', 2);
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);
  for (const p of [ann, bob]) await p.page.locator('#ready').waitFor({ timeout: 240_000 });

  // More than thirty seconds (the turn timer) in the swap phase, both thinking: nobody is named, no "End hand". Both
  // pages offer Ready, so each holds the whole deal and nothing more can come until one of them moves: the table is
  // idle from here on.
  await ann.page.waitForTimeout(THINKING_MS);
  for (const p of [ann, bob]) {
    expect(await p.page.locator('#stalled').count()).toBe(0);
    expect(await p.page.locator('fd-app').textContent()).not.toMatch(/lost (their|the) connection/);
    expect((await logLines(p.page)).join('\n')).not.toMatch(/lost the connection/);
    // …nor marked on any seat box of the game's table.
    expect(await p.page.locator('fd-stress-shed [data-gone-mark], fd-stress-shed [data-gone]').count()).toBe(0);
  }
  for (const p of [ann, bob]) await p.page.locator('#ready').click();
  await playMoves([ann.page, bob.page], 4);

  // Bob closes the page mid-hand.
  await bob.page.close();
  // Ann sees Bob gone: on his seat box and in the log; once the hand waits for him, the banner names him only.
  await expect
    .poll(() => ann.page.locator('#seats li[data-seat="1"]').getAttribute('data-state'), { timeout: 60_000 })
    .toBe('offline');
  expect(await ann.page.locator('#seats li[data-seat="1"] .state').textContent()).toContain('connection lost');
  // …and on his box at the game's table, Ann's own seat unmarked.
  await expect
    .poll(() => ann.page.locator('fd-stress-shed [data-seat-box="1"][data-gone] [data-gone-mark]').textContent(), {
      timeout: 30_000,
    })
    .toBe('connection lost');
  expect(await ann.page.locator('fd-stress-shed [data-gone-mark]').count()).toBe(1);
  await expect
    .poll(async () => (await logLines(ann.page)).some((l) => /^Bob has lost the connection/.test(l)), {
      timeout: 10_000,
    })
    .toBe(true);
  // Ann plays on until the hand waits for Bob.
  for (let moves = 0; (await ann.page.locator('#stalled').count()) === 0; moves++) {
    expect(moves).toBeLessThan(100);
    await until(
      async () => (await ann.page.locator('#stalled').count()) > 0 || (await myTurn(ann.page)),
      'the hand waits for Bob, or Ann may move',
    );
    const before = (await handState(ann.page))?.step;
    if (await moveIfMyTurn(ann.page))
      await until(async () => (await handState(ann.page))?.step !== before, "Ann's page takes her move");
  }
  const banner = (await ann.page.locator('#stalled').textContent()) ?? '';
  expect(banner).toContain('Bob');
  expect(banner).not.toContain('Ann');
  expect(await ann.page.locator('#stalled').getAttribute('data-gone')).toBe('true');
  await ann.page.locator('#end-hand').waitFor({ timeout: 60_000 });
  await ann.page.screenshot({ path: 'test-results/players-gone.png', fullPage: true });
  // After the turn timer Ann may end the hand (without a result: Bob's cards are locked with his keys), and start a new one.
  await ann.page.locator('#end-hand').click({ timeout: 60_000 });
  await ann.page.locator('#halt').waitFor({ timeout: 30_000 });
  // The end-of-hand summary opens over the table, with its own Rematch.
  await ann.page.locator('#summary-rematch').click();
  await expect.poll(async () => (await handState(ann.page))?.handNo, { timeout: 30_000 }).toBe(1);

  // Bob reopens the link in a new tab of the same browser: he lands in hand 2, in his seat, and plays on.
  const back = await bob.context.newPage();
  back.on('pageerror', (error) => bob.console.push(`pageerror: ${error.message}`));
  await back.goto(link);
  await back.locator('#ready').waitFor({ timeout: 120_000 });
  expect((await handState(back))?.handNo).toBe(1);
  expect(await back.locator('#seats li.me').getAttribute('data-seat')).toBe('1');
  await ann.page.locator('#ready').waitFor({ timeout: 60_000 });
  for (const p of [ann.page, back]) await p.locator('#ready').click();
  await playMoves([ann.page, back], 4);
  // Both pages agree on the state of hand 2 once the moves have settled.
  await expect
    .poll(
      async () => {
        const [a, b] = await Promise.all([handState(ann.page), handState(back)]);
        return a && b && a.handNo === 1 && a.step === b.step && a.hash !== null && a.hash === b.hash;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(await back.locator('#stalled').count()).toBe(0);

  // Bob leaves with the button: the hand ends without a result; the seat is freed once it has; a bot takes it for hand 3.
  await back.locator('#leave').click();
  await ann.page.locator('#halt').waitFor({ timeout: 30_000 });
  expect(await ann.page.locator('#halt').textContent()).toContain('Bob left the table');
  await ann.page.locator('#summary-close').click({ timeout: 30_000 });
  await ann.page.locator('#seats li[data-seat="1"] .add-bot').click({ timeout: 30_000 });
  await expect
    .poll(() => ann.page.locator('#seats li[data-seat="1"] .who').textContent(), { timeout: 30_000 })
    .toContain('Bot 2');
  await ann.page.locator('#rematch').click();
  await ann.page.locator('#ready').waitFor({ timeout: 120_000 });
  await ann.page.locator('#ready').click();
  await expect.poll(async () => (await handState(ann.page))?.handNo, { timeout: 60_000 }).toBe(2);
  expect(await ann.page.locator('fd-hand #dealing').count()).toBe(0);
  await playMoves([ann.page], 2);
  expect(await ann.page.locator('#halt').count()).toBe(0);
  await ann.page.screenshot({ path: 'test-results/players-bot-seat.png', fullPage: true });

  // Items 4a and 4c: a well-formed link nobody serves, opened in the same tab: a clear message with Retry and Home, and a fresh log.
  await back.goto(`${base.replace(/\/?$/, '/')}#/t/abcdefgh-0123456789abcdef?signal=here`);
  await expect
    .poll(async () => (await logLines(back)).some((l) => /sit in seat|Bob left|the table has moved on/.test(l)), {
      timeout: 5_000,
    })
    .toBe(false);
  await back.locator('#unserved').waitFor({ timeout: 60_000 });
  expect(await back.locator('#unserved').textContent()).toMatch(/Nobody is serving this table/);
  await back.screenshot({ path: 'test-results/players-unserved.png' });
  await back.locator('#unserved #retry').click();
  await back.locator('#unserved').waitFor({ timeout: 60_000 });
  await back.locator('#unserved #home').click();
  await expect.poll(() => back.url(), { timeout: 10_000 }).toMatch(/#\/$/);
  for (const lines of [ann.console, bob.console]) expect(lines.join('\n')).not.toMatch(/pageerror/);
}, 600_000);
