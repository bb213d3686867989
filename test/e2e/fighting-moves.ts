/**
 * Fighting Cards through the UI for the browser tests, shared by
 * fighting-cards.deep.e2e.ts (three people), newcomer.deep.e2e.ts and
 * whole-hand.e2e.ts (two people and a bot): one move of a page whose turn it
 * is — bid 21 when nobody has bid yet
 * (the stepper's default), else pass (once by the P key); take the skat; put
 * the first two cards away with the discard picker; name the first trump the
 * picker offers; play the first legal card (once by its digit key, and once
 * first clicking an illegal card, which must say why and keep the turn) — and
 * a loop that plays a deal to its end, whose stalls say what each table's log
 * said last.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { anyShows, catchingUp, handState, tableLog, until as waitUntil } from './browser.js';

/** The Fighting Cards table element of a page. */
export const fightingTable = (page: Page): Locator => page.locator('fd-fighting-cards');

/**
 * What one test has tried once so far (`key-pass`, `illegal`, `key-play`) and
 * the two cards the declarer put away (by this page's UI), for the caller's
 * checks.
 */
export interface FightingTries {
  readonly tried: Set<string>;
  readonly discarded: string[];
}

export const freshTries = (): FightingTries => ({ tried: new Set(), discarded: [] });

/** One move if the turn marker is on this page; returns what it did (`bid 21`, `pass`, `take`, `discard …`, `trump`, `play <card>`), or null. */
export async function fightingMove(page: Page, tries: FightingTries): Promise<string | null> {
  const table = fightingTable(page);
  const { tried, discarded } = tries;
  if ((await table.locator('#my-area.turn').count()) === 0) return null;
  const status = (await table.locator('#status').textContent()) ?? '';
  if (
    await table
      .locator('#bid-panel #bid')
      .isVisible()
      .catch(() => false)
  ) {
    if (/21 or more/.test(status)) {
      expect(await table.locator('#bid-value').textContent()).toBe('21');
      await table.locator('#bid').click();
      return 'bid 21';
    }
    // The first pass by keyboard (P), the others by the button.
    if (!tried.has('key-pass')) {
      tried.add('key-pass');
      await page.keyboard.press('p');
      return 'pass (key P)';
    }
    await table.locator('#pass').click();
    return 'pass';
  }
  if (
    await table
      .locator('#take')
      .isVisible()
      .catch(() => false)
  ) {
    // Before the take the skat is face down on the declarer's page too.
    expect(
      await table.locator('#skat fd-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))),
    ).toEqual(['', '']);
    await table.locator('#take').click();
    return 'take';
  }
  if (
    await table
      .locator('#discard-panel')
      .isVisible()
      .catch(() => false)
  ) {
    const cards = table.locator('#my-hand fd-card[selectable]');
    if ((await cards.count()) < 12) return null;
    await cards.nth(0).click();
    await cards.nth(1).click();
    discarded.push(
      ...(await table
        .locator('#my-hand fd-card[selected]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''))),
    );
    expect(discarded).toHaveLength(2);
    await table.locator('#discard').click();
    return `discard ${discarded.join(' ')}`;
  }
  if (
    await table
      .locator('#trump-panel')
      .isVisible()
      .catch(() => false)
  ) {
    await table.locator('#trump-panel button.suit').first().click();
    return 'trump';
  }
  const playable = table.locator('#my-hand fd-card[selectable]');
  const illegal = table.locator('#my-hand fd-card.illegal');
  if (!tried.has('illegal') && (await playable.count()) > 0 && (await illegal.count()) > 0) {
    // A card that may not go says why, and the turn stays.
    tried.add('illegal');
    await illegal.first().click();
    await expect.poll(() => table.locator('#notice').textContent()).toMatch(/You must follow \w+ [♣♦♥♠]/);
    expect(await table.locator('#my-area.turn').count()).toBe(1);
  }
  if ((await playable.count()) > 0 && !tried.has('key-play')) {
    // Once by keyboard: the digit of the first legal card's place in the hand.
    const all = await table
      .locator('#my-hand fd-card')
      .evaluateAll((els) => els.map((e) => e.hasAttribute('selectable')));
    const place = all.indexOf(true);
    if (place >= 0 && place < 10) {
      tried.add('key-play');
      const card = (await playable.first().getAttribute('data-card')) ?? '';
      await page.keyboard.press(place === 9 ? '0' : String(place + 1));
      return `play ${card} (key ${place + 1})`;
    }
  }
  if ((await playable.count()) > 0) {
    const card = (await playable.first().getAttribute('data-card')) ?? '';
    await playable.first().click();
    return `play ${card}`;
  }
  return null;
}

/** Each page's name and the last lines of its table log, for a failure message. */
export async function tableLogs(pages: ReadonlyMap<string, Page>): Promise<string> {
  const parts = await Promise.all(
    [...pages].map(async ([name, page]) => `--- ${name}'s table log ---\n${await tableLog(page, 25)}`),
  );
  return parts.join('\n');
}

/** How long a deal may show no move a test page can make before it is called stuck: a bot's or a crypto step takes well under a second. */
const STUCK_MS = 60_000;

export interface PlayDealOptions {
  /** Called after every round over the pages with the moves so far (secrecy checks); may throw. */
  readonly afterRound?: (moves: readonly string[]) => Promise<void>;
  /** Called before each page's move (a screenshot at the right moment). */
  readonly beforeMove?: (name: string, page: Page) => Promise<void>;
}

/**
 * Plays these pages' seats (by name) until every page of `until` shows the
 * audit of the deal. After each move it waits for that page to have taken it
 * (its step moves on); between rounds, for a page that may move, the end, or a
 * halt. Throws, with every page's table log, if a page halts or no page may
 * move for STUCK_MS. Returns the moves made, as `<name>: <move>`.
 */
export async function playDeal(
  players: ReadonlyMap<string, Page>,
  until: ReadonlyMap<string, Page>,
  tries: FightingTries,
  options: PlayDealOptions = {},
): Promise<string[]> {
  const moves: string[] = [];
  const everyone = new Map([...players, ...until]);
  const done = async () =>
    (await Promise.all([...until.values()].map((p) => p.locator('#audit').count()))).every((n) => n > 0);
  const halted = () => anyShows([...everyone.values()], '#halt');
  const explain = async (what: string, error: unknown) =>
    new Error(
      `${what} after ${moves.length} moves: ${(error as Error).message}\n${moves.join('\n')}\n${await tableLogs(everyone)}`,
    );
  while (!(await done())) {
    for (const [name, page] of players) {
      await options.beforeMove?.(name, page);
      const before = (await handState(page))?.step;
      const waitsBefore = await catchingUp(page);
      const did = await fightingMove(page, tries);
      if (!did) continue;
      moves.push(`${name}: ${did}`);
      let refused = false;
      await waitUntil(
        async () =>
          (await handState(page))?.step !== before ||
          (await halted()) ||
          (refused = (await catchingUp(page)) > waitsBefore),
        `${name}'s page takes its move (${did})`,
      ).catch(async (error: unknown) => {
        throw await explain(`${name}'s move was not taken`, error);
      });
      // A page that has not yet heard which hand the table is at says so and makes no move: a person tries again.
      if (refused) moves.pop();
    }
    await options.afterRound?.(moves);
    for (const [name, page] of everyone) {
      if ((await page.locator('#halt').count()) > 0) {
        throw new Error(
          `the deal stopped on ${name}'s page: ${await page.locator('#halt').textContent()}\n${moves.join('\n')}\n${await tableLogs(everyone)}`,
        );
      }
    }
    await waitUntil(
      async () =>
        (await anyShows([...players.values()], 'fd-fighting-cards #my-area.turn')) ||
        (await done()) ||
        (await halted()),
      'a page may move, or the deal is over',
      STUCK_MS,
    ).catch(async (error: unknown) => {
      throw await explain('nothing moved', error);
    });
    expect(moves.length).toBeLessThan(200);
  }
  return moves;
}
