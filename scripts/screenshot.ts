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
  await ann.page.locator('#seats').selectOption('3');
  await ann.page.locator('#create').click();
  await ann.page.waitForFunction(() => location.hash.startsWith('#/t/'));
  const link = await ann.page.evaluate(() => location.href);
  const bob = await newPlayer(browser, base, 'Bob');
  await bob.page.goto(link);
  await ann.page.locator('#seats li[data-state="direct"]').first().waitFor({ timeout: 60_000 });
  await ann.page.waitForTimeout(500);
  await ann.page.screenshot({ path: 'docs/screenshot.png', fullPage: true });
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await bob.page.waitForTimeout(300);
  await bob.page.screenshot({ path: 'docs/mobile.png', fullPage: true });
  console.log('wrote docs/home.png, docs/screenshot.png, docs/mobile.png');
} finally {
  await browser.close();
  await server.close();
  process.exit(0);
}
