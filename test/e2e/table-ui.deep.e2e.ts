/**
 * A table that explains itself, in real Chromium
 * over real WebRTC, each check the exact reproduction of what the issue saw:
 * - names and seats: a joiner is asked for a name before sitting
 *   (never seated as "Player 19af"); the lobby lists seats round the table in
 *   the game's play order from the viewer; a bot reads "bot, hosted by …" on
 *   every screen (not "you" / "offline"); Settings returns to the table, the
 *   hand still running;
 * - keyboard: "P" typed in the Name box plays nothing in Stress
 *   (shedding), digits and space typed there play nothing in Stress (speed),
 *   while the same keys outside a text field do act;
 * - legal cards: legal and illegal cards are marked, an illegal one
 *   says why on click, the last move is marked on its seat;
 * - phone: on a 390×844 touch screen the Play / Pick up bar stays in
 *   view, no key hints show, and the page does not scroll during a turn;
 * - Play / Pick up are disabled once the game is over.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  createTable,
  explainWithTableLog,
  launchChromium,
  newPlayer,
  openAndSit,
  handState,
  shownText,
  waitOrExplain,
  type Player,
} from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Vite's dev client throws this when its HMR socket cannot open (another dev server holds the HMR port); the app is not involved. */
function viteNoise(line: string): boolean {
  return /WebSocket closed without opened/.test(line);
}

async function logLines(page: Page): Promise<string[]> {
  return page.locator('fd-log li').allTextContents();
}

/** The hand's step (inputs taken so far), read from the page's hand line (-1: no hand shown). */
async function readStep(page: Page): Promise<number> {
  return (await handState(page))?.step ?? -1;
}

async function lobbyOrder(page: Page): Promise<number[]> {
  return (
    await page.locator('fd-lobby ol#seats > li').evaluateAll((els) => els.map((el) => el.getAttribute('data-seat')))
  ).map(Number);
}

it('names and seats: a joiner names itself before sitting, seats in play order, bots labelled as bots, Settings returns to the table', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const link = await createTable(ann.page, 'pesten', 3);
  // Ann hands seat 3 to a bot before anyone joins.
  await ann.page.locator('fd-lobby li[data-seat="2"] .add-bot').click();
  await expect.poll(() => shownText(ann.page.locator('fd-lobby li[data-seat="2"]'))).toMatch(/bot, hosted by you/);
  expect(await ann.page.locator('fd-lobby li[data-seat="2"]').getAttribute('data-state')).toBe('self');

  // Bob opens the link in a fresh browser with no name: asked first, not seated.
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const bobConsole: string[] = [];
  page.on('pageerror', (error) => bobConsole.push(`pageerror: ${error.message}`));
  // (Vite's dev client failing its own HMR socket is not the app's error: see viteNoise.)
  await page.goto(link);
  await page.locator('#sit-name').waitFor({ timeout: 60_000 });
  await expect
    .poll(() => shownText(page.locator('fd-lobby li[data-seat="2"]')), { timeout: 30_000 })
    .toMatch(/bot, hosted by Ann/);
  // The bot is as connected as Ann, never "offline".
  await expect
    .poll(() => page.locator('fd-lobby li[data-seat="2"]').getAttribute('data-state'), { timeout: 30_000 })
    .toMatch(/direct|relayed/);
  expect(await page.locator('#sit').isDisabled()).toBe(true);
  expect(await shownText(ann.page.locator('fd-lobby li[data-seat="1"] .who'))).toBe('Free seat');
  await page.locator('#sit-name').fill('Bob');
  await page.locator('#sit').click();
  await expect
    .poll(() => shownText(ann.page.locator('fd-lobby li[data-seat="1"] .who')), { timeout: 30_000 })
    .toBe('Bob');
  expect((await logLines(ann.page)).join('\n')).not.toMatch(/Player [0-9a-f]{4}/);
  // Bob's name stays his for the next table.
  expect(await page.locator('header #name').inputValue()).toBe('Bob');

  // Pesten starts clockwise (descending seats): from Bob (seat 2) the list runs 2, 1, 3; from Ann 1, 3, 2.
  await expect.poll(() => lobbyOrder(page)).toEqual([1, 0, 2]);
  expect(await lobbyOrder(ann.page)).toEqual([0, 2, 1]);

  // The hand starts by itself; the game's own seats carry the bot label too.
  await page.locator('fd-pesten').waitFor({ timeout: 240_000 });
  await expect
    .poll(() => shownText(page.locator('fd-pesten .seat[data-seat="2"]')), { timeout: 60_000 })
    .toMatch(/bot/i);

  // The hand sorts by suit or by rank; the choice is remembered in Settings.
  const sortButton = page.locator('fd-pesten #sort');
  await expect.poll(() => shownText(sortButton), { timeout: 60_000 }).toMatch(/Sort by rank/);
  await sortButton.click();
  await expect.poll(() => shownText(sortButton)).toMatch(/Sort by suit/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('fairdeck.settings.v1') ?? '{}').sortHandBy)).toBe(
    'rank',
  );
  const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  const ranks = (
    await page.locator('#my-hand fd-card').evaluateAll((els) => els.map((el) => el.getAttribute('data-card') ?? ''))
  )
    .filter((c) => !c.startsWith('JK'))
    .map((c) => RANKS.indexOf(/^(10|[2-9JQKA])/.exec(c)?.[1] ?? ''));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

  const dir = process.env.FD_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/pesten.png` });

  // Settings from the table returns to the table, with the hand still on.
  const tableHash = await page.evaluate(() => location.hash);
  await page.locator('header a[href="#/settings"]').click();
  await page.locator('#settings-back').click();
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(tableHash);
  await page.locator('fd-pesten').waitFor({ timeout: 30_000 });
  expect(await page.locator('#rematch').count()).toBe(0);
  expect(await shownText(page.locator('fd-pesten #sort'))).toMatch(/Sort by suit/);
  expect(bobConsole.filter((line) => !viteNoise(line)).join('\n')).not.toMatch(/pageerror/);
  await context.close();
  await ann.context.close();
});

it('keyboard: P typed in the Name box plays nothing in Stress (shedding); P outside it plays the chosen cards', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const link = await createTable(ann.page, 'stress-shed', 2);
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);
  for (const p of [ann, bob]) await p.page.locator('#ready').waitFor({ timeout: 240_000 });
  for (const p of [ann, bob]) await p.page.locator('#ready').click();
  // Whoever is to play, once the page offers a card to play, picks one. A player with no card that goes on
  // the turned start card can only pick the stack up; the turn then passes on.
  const playable = '#my-area.turn :is(#my-hand, #my-face-up) fd-card[selectable]';
  let mover: Player | null = null;
  const moverFound = expect
    .poll(
      async () => {
        for (const p of [ann, bob]) {
          if ((await p.page.locator(playable).count()) > 0) mover = p;
          else if ((await p.page.locator('#my-area.turn #pickup:enabled').count()) > 0)
            await p.page.locator('#pickup').click();
        }
        return mover !== null;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  // A wait that runs out says where each page's hand stood and what its table log said.
  await explainWithTableLog(bob.page, explainWithTableLog(ann.page, moverFound));
  const page = mover!.page;
  const card = page.locator(playable).first();
  await card.click();
  expect(await card.getAttribute('selected')).not.toBeNull();
  const before = (await logLines(page)).filter((l) => / played /.test(l)).length;
  const name = page.locator('header #name');
  await name.click();
  await name.press('End');
  await name.press('p');
  await name.press('P');
  // Typing went into the box, and the selection is still waiting: nothing was played.
  expect(await name.inputValue()).toMatch(/pP$/);
  expect(await card.getAttribute('selected')).not.toBeNull();
  expect(await page.locator('#my-area.turn').count()).toBe(1);
  expect((await logLines(page)).filter((l) => / played /.test(l)).length).toBe(before);
  // The same key outside a text field plays.
  await name.blur();
  await page.keyboard.press('p');
  await expect
    .poll(async () => (await logLines(page)).filter((l) => / played /.test(l)).length, { timeout: 60_000 })
    .toBe(before + 1);
  await ann.context.close();
  await bob.context.close();
});

it('keyboard: digits and space typed in the Name box play nothing in Stress (speed); outside it they play', async () => {
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  const link = await createTable(ann.page, 'stress-speed', 2);
  const bob: Player = await newPlayer(browser, base, 'Bob');
  await openAndSit(bob.page, link);
  for (const p of [ann, bob]) await p.page.locator('#stress').waitFor({ timeout: 240_000 });
  // A moment when one of them has a move (a playable row card, or a stress call): the test types on that page.
  const canMove = async (p: Player) =>
    (await p.page.locator('#my-side fd-card[selectable]').count()) > 0 || (await p.page.locator('#stress').isEnabled());
  let mover: Player | null = null;
  await expect
    .poll(
      async () => {
        for (const p of [ann, bob]) if (await canMove(p)) mover = p;
        return mover !== null;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  const who = mover === bob ? 'Bob' : 'Ann';
  const page = mover!.page;
  const rowBefore = await page
    .locator('#my-side .slot fd-card')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
  const name = page.locator('header #name');
  await name.click();
  await name.press('End');
  for (const key of ['1', '2', '3', '4', 'Space', 'z', 'x']) await name.press(key);
  expect(await name.inputValue()).toBe(`${who}1234 zx`);
  const played = async () =>
    (await logLines(page)).filter((l) => new RegExp(`${who}\\S* (played|called stress)`).test(l)).length;
  expect(await played()).toBe(0);
  expect(
    await page.locator('#my-side .slot fd-card').evaluateAll((els) => els.map((el) => el.getAttribute('data-card'))),
  ).toEqual(rowBefore);
  // Outside the box the digit of a playable slot plays (Z/X choose a stack when it fits both).
  await name.fill(who);
  await name.blur();
  if (await page.locator('#stress').isEnabled()) await page.keyboard.press('Space');
  else {
    const slot = Number(
      await page.locator('#my-side .slot:has(fd-card[selectable])').first().getAttribute('data-slot'),
    );
    await page.keyboard.press(String(slot + 1));
    if ((await page.locator('#my-side .slot.selected').count()) > 0) await page.keyboard.press('z');
  }
  await expect.poll(played, { timeout: 60_000 }).toBeGreaterThan(0);
  await ann.context.close();
  await bob.context.close();
});

it('phone 390×844 (touch): the action bar stays in view, no key hints, no scrolling on a turn; legal cards marked, an illegal one says why', async () => {
  const base = inject('baseUrl');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(base);
  await page.locator('header #name').fill('Ann');
  await page.locator('header #name').press('Enter');
  await page.locator('header #name').blur();
  await createTable(page, 'pesten', 2);
  await page.locator('fd-lobby li[data-seat="1"] .add-bot').tap();
  // Play until a turn offers a legal card and holds an illegal one (a bot answers at once).
  let checked = false;
  for (let turn = 0; turn < 60 && !checked; turn++) {
    await expect
      .poll(async () => (await page.locator('#my-area.turn').count()) + (await page.locator('#rematch').count()), {
        timeout: 120_000,
      })
      .toBeGreaterThan(0);
    if ((await page.locator('#rematch').count()) > 0) {
      await page.locator('#rematch').tap();
      continue;
    }
    const legal = page.locator('#my-hand fd-card[data-legal="yes"]');
    const illegal = page.locator('#my-hand fd-card[data-legal="no"]');
    if ((await legal.count()) > 0 && (await illegal.count()) > 0) {
      // Legal and illegal cards look different; an illegal one says why, in words from the rules.
      expect(await legal.first().getAttribute('class')).toContain('legal');
      expect(await illegal.first().getAttribute('class')).toContain('illegal');
      const refused = await illegal.first().getAttribute('data-card');
      await illegal.first().tap();
      await expect.poll(() => shownText(page.locator('#why'))).toMatch(/does not go on|was wished|owe|last card|drew/);
      expect(refused).not.toBe('');
      if (process.env.FD_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.FD_SCREENSHOT_DIR}/mobile.png` });
      await legal.first().tap();
      await page.locator('#play, .picker button').first().waitFor();
      // The page does not scroll on a turn: the table fits, and the action bar is on screen.
      const measure = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
      }));
      expect(measure.height).toBeLessThanOrEqual(844);
      expect(measure.width).toBeLessThanOrEqual(390);
      for (const id of ['#play, .picker', '#draw']) {
        const box = await page.locator(id).boundingBox();
        expect(box, id).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      }
      // No key hints on a touch screen.
      const hints = await page
        .locator('fd-pesten kbd.key')
        .evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== 'none').length);
      expect(hints).toBe(0);
      expect(await page.locator('fd-pesten kbd.key').count()).toBeGreaterThan(0);
      checked = true;
    } else {
      // Any move, to reach a turn with both kinds of card; the state is re-read after each.
      const step = await readStep(page);
      const picker = page.locator('.picker button').first();
      if (await picker.isVisible().catch(() => false)) await picker.tap().catch(() => {});
      else if ((await legal.count()) > 0) {
        await legal
          .first()
          .tap()
          .catch(() => {});
        const next = page.locator('#play, #give, .picker button').first();
        if (await next.isVisible().catch(() => false)) await next.tap().catch(() => {});
      } else
        await page
          .locator('#draw')
          .tap()
          .catch(() => {});
      await expect.poll(() => readStep(page), { timeout: 60_000 }).not.toBe(step);
    }
  }
  expect(checked).toBe(true);
  expect(errors.filter((line) => !viteNoise(line))).toEqual([]);
  await context.close();
});

it('phone 390×844 (touch), Stress (shedding): Play and Pick up stay in view on a turn without scrolling', async () => {
  const base = inject('baseUrl');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('header #name').fill('Ann');
  await page.locator('header #name').press('Enter');
  await page.locator('header #name').blur();
  await createTable(page, 'stress-shed', 3);
  await page.locator('fd-lobby li[data-seat="1"] .add-bot').tap();
  await page.locator('fd-lobby li[data-seat="2"] .add-bot').tap();
  await page.locator('#ready').waitFor({ timeout: 240_000 });
  // One tap on Ready (cards flying in let it through: card-motion.ts); the bots are ready too, so play begins.
  await page.locator('fd-stress-shed #ready').tap();
  await page.locator('fd-stress-shed #ready').waitFor({ state: 'hidden', timeout: 60_000 });
  await waitOrExplain(page, '#my-area.turn', 120_000);
  const measure = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
  }));
  await page.screenshot({ path: 'test-results/stress-shed-390x844.png' }).catch(() => {});
  expect(measure.width).toBeLessThanOrEqual(390);
  expect(measure.height).toBeLessThanOrEqual(844);
  for (const id of ['#play', '#pickup']) {
    const box = await page.locator(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  }
  // Legal cards are marked by the rules; an illegal one, tapped, says why. With no card that goes on the
  // stack, the only move is to pick it up; a later turn has a legal card.
  const legal = page.locator('#my-hand fd-card[data-legal="yes"], #my-face-up fd-card[data-legal="yes"]');
  for (let turn = 0; turn < 10 && (await legal.count()) === 0; turn++) {
    await page.locator('#pickup').tap();
    await page.locator('#my-area.turn').waitFor({ state: 'detached', timeout: 60_000 });
    await waitOrExplain(page, '#my-area.turn', 120_000);
  }
  expect(await legal.count()).toBeGreaterThan(0);
  const illegal = page.locator('#my-hand fd-card[data-legal="no"], #my-face-up fd-card[data-legal="no"]');
  if ((await illegal.count()) > 0) {
    await illegal.first().tap();
    await expect.poll(() => shownText(page.locator('fd-stress-shed #why'))).toMatch(/does not beat|hand first/);
  }
  await page.screenshot({ path: 'test-results/stress-shed-390x844.png' }).catch(() => {});
  expect(
    await page
      .locator('fd-stress-shed kbd.key')
      .evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== 'none').length),
  ).toBe(0);
  await context.close();
});

/**
 * Every flight card-motion.ts starts, recorded by wrapping
 * `Element.prototype.animate` (the real one still runs): zone, card and
 * whether the running animations list it — `getAnimations()` of the card's
 * DocumentOrShadowRoot (Chromium's `document.getAnimations()` leaves out
 * targets inside shadow roots, where every table's cards are).
 */
const RECORD_FLIGHTS = `(() => {
  const flights = [];
  window.__flights = flights;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    const zone = this.getAttribute && this.getAttribute('data-fly');
    if (zone) flights.push({ zone, card: this.getAttribute('data-card'), from: this.getAttribute('data-fly-from'), listed: this.getRootNode().getAnimations().includes(animation), animation });
    return animation;
  };
})()`;

async function flights(page: Page): Promise<{ zone: string; card: string; from: string; listed: boolean }[]> {
  return page.evaluate(() =>
    (
      (window as unknown as { __flights?: { zone: string; card: string; from: string; listed: boolean }[] })
        .__flights ?? []
    ).map(({ zone, card, from, listed }) => ({ zone, card, from, listed })),
  );
}

/** One page (Ann) at a Pesten table for two with a bot, on her first turn. */
async function pestenWithBot(
  options: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: 1100, height: 900 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  await context.addInitScript(RECORD_FLIGHTS);
  const page = await context.newPage();
  await page.goto(inject('baseUrl'));
  await page.locator('header #name').fill('Ann');
  await page.locator('header #name').press('Enter');
  await page.locator('header #name').blur();
  await createTable(page, 'pesten', 2);
  await page.locator('fd-lobby li[data-seat="1"] .add-bot').click();
  return { page, close: () => context.close() };
}

/** At the end of a hand, start the next one (the end-of-hand summary opens over the table with its own Rematch). Whether it did. */
async function rematchIfOver(page: Page): Promise<boolean> {
  if ((await page.locator('#rematch').count()) === 0) return false;
  const summary = page.locator('#summary-rematch');
  await ((await summary.count()) > 0 ? summary : page.locator('#rematch').first()).click();
  await page
    .locator('#rematch')
    .waitFor({ state: 'detached', timeout: 120_000 })
    .catch(() => {});
  return true;
}

/**
 * Ann's next move on her turn: a legal card (with its wish) if she has one, else a draw. Returns the card played
 * onto the pile, or null for a draw, a wish or a card passed on after a 10 (that one flies to a hand, not the pile).
 */
async function pestenMove(page: Page): Promise<string | null> {
  await expect
    .poll(
      async () => (await page.locator('fd-pesten #my-area.turn').count()) + (await page.locator('#rematch').count()),
      { timeout: 120_000 },
    )
    .toBeGreaterThan(0);
  if (await rematchIfOver(page)) return null;
  const legal = page.locator('fd-pesten #my-hand fd-card[data-legal="yes"]');
  if ((await page.locator('fd-pesten .picker button').count()) > 0 && (await legal.count()) === 0) {
    await page.locator('fd-pesten .picker button').first().click();
    return null;
  }
  if ((await legal.count()) === 0) {
    await page.locator('fd-pesten #draw, fd-pesten #end-turn').first().click();
    return null;
  }
  const card = await legal.first().getAttribute('data-card');
  await legal.first().click();
  const confirm = page.locator('fd-pesten #play, fd-pesten #give, fd-pesten .picker button').first();
  const passesOn = (await confirm.getAttribute('id')) === 'give';
  await confirm.click();
  return passesOn ? null : card;
}

it('cards move: a play flies to the pile (a running animation of its shadow root), input acts during a flight; with reduced motion nothing flies', async () => {
  const { page, close } = await pestenWithBot();
  // Play until Ann has put a card on the pile: it flies there from her hand.
  let played: string | null = null;
  for (let turn = 0; turn < 30 && played === null; turn++) {
    const step = await readStep(page);
    played = await pestenMove(page);
    await expect.poll(() => readStep(page), { timeout: 60_000 }).not.toBe(step);
  }
  expect(played).not.toBeNull();
  await expect
    .poll(async () => (await flights(page)).find((f) => f.zone === 'pile' && f.card === played), { timeout: 30_000 })
    .toMatchObject({ listed: true });
  // Slow down every flight to the pile from now (a play, Ann's or the bot's) and act while one is still running. A
  // card flown again before it lands lets its earlier flight go (the bot's play lands on the pile's top card while
  // Ann's still flies), so the flight watched is always the newest.
  await page.evaluate(() => {
    const w = window as unknown as {
      __flights: { zone: string; animation: Animation }[];
      __slowed?: Animation;
      __slowing?: boolean;
    };
    w.__slowing = true;
    const push = w.__flights.push.bind(w.__flights);
    w.__flights.push = (...items) => {
      for (const item of items)
        if (item.zone === 'pile' && w.__slowing) (w.__slowed = item.animation).updatePlaybackRate(0.005);
      return push(...items);
    };
  });
  const slowed = () =>
    page.evaluate(() => (window as unknown as { __slowed?: Animation }).__slowed?.playState ?? 'none');
  for (let turn = 0; turn < 30 && (await slowed()) === 'none'; turn++) {
    const step = await readStep(page);
    await pestenMove(page);
    await expect.poll(() => readStep(page), { timeout: 60_000 }).not.toBe(step);
  }
  expect(await slowed()).toBe('running');
  const sort = page.locator('fd-pesten #sort');
  const before = await sort.textContent();
  await sort.click();
  await expect.poll(() => sort.textContent()).not.toBe(before);
  expect(await page.evaluate(() => (window as unknown as { __slowed: Animation }).__slowed.playState)).toBe('running');
  // The card in flight lets taps through to what is under it, and takes them again once it has landed.
  const flyingPointer = () =>
    page.evaluate(
      () =>
        getComputedStyle(
          ((window as unknown as { __slowed: Animation }).__slowed.effect as KeyframeEffect).target as Element,
        ).pointerEvents,
    );
  expect(await flyingPointer()).toBe('none');
  await page.evaluate(() => {
    const w = window as unknown as { __slowed: Animation; __slowing: boolean };
    w.__slowing = false;
    w.__slowed.finish();
  });
  await expect.poll(flyingPointer).not.toBe('none');
  await close();

  // The same with reduced motion: the card lands, nothing flies, no card animation runs.
  const still = await pestenWithBot({ reducedMotion: 'reduce' });
  let landed: string | null = null;
  for (let turn = 0; turn < 30 && landed === null; turn++) {
    const step = await readStep(still.page);
    landed = await pestenMove(still.page);
    await expect.poll(() => readStep(still.page), { timeout: 60_000 }).not.toBe(step);
  }
  expect(landed).not.toBeNull();
  expect(await flights(still.page)).toEqual([]);
  // Card animations running in any shadow root of the page (the pile's, the hand's): none.
  const cardAnimations = await still.page.evaluate(() => {
    let count = 0;
    const walk = (root: Document | ShadowRoot) => {
      count += root
        .getAnimations()
        .filter((a) => (a.effect as KeyframeEffect | null)?.target?.localName === 'fd-card').length;
      for (const el of Array.from(root.querySelectorAll('*'))) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return count;
  });
  expect(cardAnimations).toBe(0);
  await still.close();
});

it('a gone seat: every game’s table marks it on that seat’s own box and on no other', async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  await page.goto(inject('baseUrl'));
  await page.locator('fd-app').waitFor();
  // Each game's real element with its real view of a real deal (the rules and engine as the app loads them), seat 1 gone.
  const marked = (await page.evaluate(`(async () => {
    const games = await import('/src/games/index.ts');
    const engine = await import('/src/engine/index.ts');
    const views = await import('/components/game-views.ts');
    const out = {};
    for (const [id, tag, players] of [['pesten', 'fd-pesten', 3], ['fighting-cards', 'fd-fighting-cards', 3], ['school-blackjack', 'fd-school-blackjack', 3], ['stress-shed', 'fd-stress-shed', 3], ['stress-speed', 'fd-stress-speed', 2]]) {
      // Each game's rules and element load when a table of it opens; here, one after another.
      const game = (await games.loadGame(id)).rules;
      await views.loadGameView(id);
      const start = game.setup({ players });
      let seed = 7;
      const open = engine.shuffledDeal(start.value.deck, () => (seed = (seed * 48271) % 2147483647) / 2147483647);
      const settled = engine.settle(game, start.value, open);
      const state = settled.state;
      const el = document.createElement(tag);
      Object.assign(el, { view: game.view(state, 0, engine.privateViewOf(state, settled.open, 0)), legal: [], mySeat: 0, names: ['Ann', 'Bob', 'Cleo'].slice(0, players), seatOrder: [0, 1, 2].slice(0, players), gone: [1] });
      document.body.append(el);
      await el.updateComplete;
      const root = el.shadowRoot;
      out[id] = {
        boxes: [...root.querySelectorAll('[data-seat-box]')].map((e) => e.getAttribute('data-seat-box')).sort(),
        gone: [...root.querySelectorAll('[data-seat-box][data-gone]')].map((e) => e.getAttribute('data-seat-box')),
        marks: [...root.querySelectorAll('[data-gone-mark]')].map((e) => e.getAttribute('data-gone-mark') + ' ' + e.textContent),
      };
      el.gone = [];
      await el.updateComplete;
      out[id].after = root.querySelectorAll('[data-gone], [data-gone-mark]').length;
      el.remove();
    }
    return out;
  })()`)) as Record<string, { boxes: string[]; gone: string[]; marks: string[]; after: number }>;
  expect(Object.keys(marked).sort()).toEqual([
    'fighting-cards',
    'pesten',
    'school-blackjack',
    'stress-shed',
    'stress-speed',
  ]);
  for (const [game, m] of Object.entries(marked)) {
    expect(m.boxes, game).toContain('1');
    expect(m.gone, game).toEqual(['1']);
    expect(m.marks, game).toEqual(['1 connection lost']);
    expect(m.after, game).toBe(0);
  }
  await context.close();
});

it('Fighting Cards with two bots: the legal cards are marked, an off-suit card while holding the led suit says "follow"', async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  await page.goto(inject('baseUrl'));
  await page.locator('header #name').fill('Ann');
  await page.locator('header #name').press('Enter');
  await page.locator('header #name').blur();
  await createTable(page, 'fighting-cards', 3);
  await page.locator('fd-lobby li[data-seat="1"] .add-bot').click();
  await page.locator('fd-lobby li[data-seat="2"] .add-bot').click();
  await page.locator('fd-fighting-cards').waitFor({ timeout: 240_000 });
  const table = page.locator('fd-fighting-cards');
  let checked = false;
  for (let move = 0; move < 60 && !checked; move++) {
    await expect
      .poll(async () => (await table.locator('#my-area.turn').count()) + (await page.locator('#rematch').count()), {
        timeout: 120_000,
      })
      .toBeGreaterThan(0);
    if (await rematchIfOver(page)) continue;
    const step = await readStep(page);
    if ((await table.locator('#pass').count()) > 0) await table.locator('#pass').click();
    else if ((await table.locator('#take').count()) > 0) await table.locator('#take').click();
    else if ((await table.locator('#discard-panel').count()) > 0) {
      await table.locator('#my-hand fd-card').nth(0).click();
      await table.locator('#my-hand fd-card').nth(1).click();
      await table.locator('#discard').click();
    } else if ((await table.locator('#trump-panel button').count()) > 0)
      await table.locator('#trump-panel button').first().click();
    else {
      const legal = table.locator('#my-hand fd-card[data-legal="yes"]');
      const illegal = table.locator('#my-hand fd-card[data-legal="no"]');
      if ((await illegal.count()) > 0 && (await table.locator('#trick fd-card').count()) > 0) {
        expect(await legal.count()).toBeGreaterThan(0);
        expect(await illegal.first().getAttribute('class')).toContain('illegal');
        await illegal.first().click();
        await expect
          .poll(() => shownText(table.locator('#notice')))
          .toMatch(/^You must follow (clubs|diamonds|hearts|spades) [♣♦♥♠]: you hold [♣♦♥♠], so play one of them/);
        checked = true;
        break;
      }
      await legal.first().click();
    }
    await expect.poll(() => readStep(page), { timeout: 60_000 }).not.toBe(step);
  }
  expect(checked).toBe(true);
  await context.close();
});
