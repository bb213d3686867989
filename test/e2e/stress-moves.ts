/**
 * One Stress (shedding) move for a browser test that plays a seat through the
 * UI against bots: Ready once, else the lowest playable card (now and then
 * another, so that play does not go round in circles), else a blind card, else
 * pick up. Shared by the tests that only need a hand to go on
 * (table-words, watch), not to test a move of their own.
 */
import type { Page } from 'playwright-core';

const RANK = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const rankOf = (card: string) => RANK.indexOf(/^(10|[2-9JQKA])/.exec(card)?.[1] ?? '');

/**
 * When each page last pressed Ready. A second press before the page sees the
 * first is refused (a warning in the log, nothing else), so Ready is pressed
 * again only if the page still offers it some seconds later — as a player
 * would if a tap went astray.
 */
const readiedAt = new WeakMap<Page, number>();
const READY_AGAIN_MS = 5000;

/** The page's move if it is its turn; true if it moved. A control that went away meanwhile (a bot moved first) is no move. */
export async function stressMove(page: Page): Promise<boolean> {
  const quick = { timeout: 3000 };
  try {
    const last = readiedAt.get(page);
    if ((last === undefined || Date.now() - last > READY_AGAIN_MS) && (await page.locator('#ready').isVisible())) {
      readiedAt.set(page, Date.now());
      await page.locator('#ready').click(quick);
      return true;
    }
    if ((await page.locator('#my-area.turn').count()) === 0) return false;
    const playable = page.locator('#my-hand fd-card[selectable], #my-face-up fd-card[selectable]');
    if ((await playable.count()) > 0) {
      const cards = await playable.evaluateAll((els) => els.map((el) => el.getAttribute('data-card') ?? ''));
      // Mostly the lowest card, sometimes another: a fixed choice can walk both seats into the same
      // position three times over, which ends the hand with no loser (a test that needs a winner then fails).
      let best = 0;
      cards.forEach((card, i) => {
        if (rankOf(card) < rankOf(cards[best]!)) best = i;
      });
      if (Math.random() < 0.3) best = Math.floor(Math.random() * cards.length);
      await playable.nth(best).click(quick);
      await page.locator('#play').click(quick);
      return true;
    }
    const blind = page.locator('#my-face-down fd-card[selectable]');
    if ((await blind.count()) > 0) {
      await blind.first().click(quick);
      return true;
    }
    if (await page.locator('#pickup').isEnabled()) {
      await page.locator('#pickup').click(quick);
      return true;
    }
  } catch {
    // A control went away meanwhile: no move.
  }
  return false;
}

/** A playable card as the page offers it: its id and its index among the selectable cards. */
export interface Playable {
  readonly card: string;
  readonly i: number;
}

/**
 * One Stress (shedding) move for the tests that play both seats through the UI
 * (stress-shed, relay, signaling): Ready, else a card `pick` chooses from the
 * playable ones — ordered lowest first, keeping 2s, 3s and 10s for when they
 * are needed, like a sensible player — else a blind card, else pick up.
 * Returns what it did ('ready', 'play 7♣', 'blind', 'pickup'), or null when it
 * is not this page's turn.
 */
export async function stressTurn(page: Page, pick: (ordered: readonly Playable[]) => Playable): Promise<string | null> {
  if (
    await page
      .locator('#ready')
      .isVisible()
      .catch(() => false)
  ) {
    await page.locator('#ready').click();
    return 'ready';
  }
  if ((await page.locator('#my-area.turn').count()) === 0) return null;
  const playable = page.locator('#my-hand fd-card[selectable], #my-face-up fd-card[selectable]');
  if ((await playable.count()) > 0) {
    const cards = await playable.evaluateAll((els) => els.map((el) => el.getAttribute('data-card') ?? ''));
    const keep = (card: string) => ['2', '3', '10'].some((r) => card.startsWith(r));
    const ordered = cards
      .map((card, i) => ({ card, i, score: keep(card) ? 100 + rankOf(card) : rankOf(card) }))
      .sort((a, b) => a.score - b.score);
    const chosen = pick(ordered);
    await playable.nth(chosen.i).click();
    await page.locator('#play').click();
    return `play ${chosen.card}`;
  }
  const blind = page.locator('#my-face-down fd-card[selectable]');
  if ((await blind.count()) > 0) {
    await blind.first().click();
    return 'blind';
  }
  if (await page.locator('#pickup').isEnabled()) {
    await page.locator('#pickup').click();
    return 'pickup';
  }
  return null;
}
