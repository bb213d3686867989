/**
 * Stress (speed) through the UI for the browser tests, as a quick player
 * clicks: call stress when the button is live, else play the first playable
 * row card (and choose a stack when asked), else wait for a move to appear
 * or the hand to end: never for a time.
 */
import type { Page } from 'playwright-core';
import { playwrightClick, until, type Click } from './browser.js';

/** Whether the page shows the hand's audit (the hand is over). */
export async function gameOver(page: Page): Promise<boolean> {
  return (await page.locator('#audit').count()) > 0;
}

/** One player's loop: call stress when it can, else play the first playable row card (choosing a stack if asked). */
export async function playUntilOver(page: Page, stopped: () => boolean, click: Click = playwrightClick): Promise<void> {
  while (!stopped() && !(await gameOver(page))) {
    if ((await page.locator('#halt').count()) > 0)
      throw new Error(`the hand stopped: ${await page.locator('#halt').textContent()}`);
    const stress = page.locator('#stress');
    if (await stress.isEnabled().catch(() => false)) {
      await click(stress).catch(() => {});
      continue;
    }
    const card = page.locator('#my-side fd-card[selectable]').first();
    if ((await card.count()) > 0) {
      await click(card).catch(() => {});
      const target = page.locator('.stack.target').first();
      if ((await target.count()) > 0) await click(target).catch(() => {});
      continue;
    }
    // Nothing to play now: wait until there is (the other page's play, new tops), or the game is over.
    await until(
      async () =>
        stopped() ||
        (await gameOver(page)) ||
        (await page.locator('#halt').count()) > 0 ||
        (await page.locator('#my-side fd-card[selectable]').count()) > 0 ||
        (await page
          .locator('#stress')
          .isEnabled()
          .catch(() => false)),
      'a move to make, or the game over',
      120_000,
    );
  }
}
