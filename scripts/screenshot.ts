/**
 * Takes the README's screenshots with real Chromium against the real server:
 * two players at a new table (desktop), and the same lobby on a phone-sized
 * screen. Run: npx tsx scripts/screenshot.ts (writes docs/*.png).
 */
import { startServer } from '../server/main.js';
import { launchChromium, newPlayer } from '../test/e2e/browser.js';

const server = await startServer('dev', 0);
const base = `http://localhost:${server.port}/`;
const browser = await launchChromium();
try {
  const ann = await newPlayer(browser, base, 'Ann');
  await ann.page.screenshot({ path: 'docs/home.png' });
  await ann.page.locator('#seats').selectOption('2');
  await ann.page.locator('#create').click();
  await ann.page.waitForFunction(() => location.hash.startsWith('#/t/'));
  const link = await ann.page.evaluate(() => location.href);
  const bob = await newPlayer(browser, base, 'Bob');
  await bob.page.goto(link);
  await ann.page.locator('#seats li[data-state="direct"]').first().waitFor({ timeout: 60_000 });
  await ann.page.waitForTimeout(500);
  await ann.page.screenshot({ path: 'docs/lobby.png', fullPage: true });
  // A hand in play: swap phase done, a few cards on the stack.
  for (let i = 0; i < 6; i++) {
    for (const p of [ann, bob]) {
      const page = p.page;
      if (
        await page
          .locator('#ready')
          .isVisible()
          .catch(() => false)
      )
        await page.locator('#ready').click();
      else if ((await page.locator('#my-area.turn').count()) > 0) {
        const card = page.locator('#my-hand fd-card[selectable], #my-face-up fd-card[selectable]').first();
        if ((await card.count()) > 0) {
          await card.click();
          await page.locator('#play').click();
        } else if (await page.locator('#pickup').isEnabled()) await page.locator('#pickup').click();
      }
      await page.waitForTimeout(400);
    }
  }
  await ann.page.waitForTimeout(800);
  await ann.page.screenshot({ path: 'docs/screenshot.png' });
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await bob.page.waitForTimeout(300);
  await bob.page.screenshot({ path: 'docs/mobile.png' });
  console.log('wrote docs/home.png, docs/lobby.png, docs/screenshot.png, docs/mobile.png');
} finally {
  await browser.close();
  await server.close();
  process.exit(0);
}
