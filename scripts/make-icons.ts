/**
 * Renders the app icons the PWA manifest names (public/icon-192.png,
 * icon-512.png, icon-maskable-512.png with a safe-zone margin, and
 * apple-touch-icon.png) from public/icon.svg in real Chromium, so the PNGs
 * never drift from the one drawn source. Run `npx tsx scripts/make-icons.ts`
 * after editing the SVG; the PNGs are committed.
 */
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const svg = readFileSync('public/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const targets: [number, string, number][] = [
  [192, 'public/icon-192.png', 0],
  [512, 'public/icon-512.png', 0],
  [512, 'public/icon-maskable-512.png', 0.1],
  [180, 'public/apple-touch-icon.png', 0],
];
for (const [size, file, pad] of targets) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = Math.round(size * (1 - 2 * pad));
  const bg = pad ? '#0f5132' : 'transparent';
  await page.setContent(
    `<html><body style="margin:0;background:${bg};display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</body></html>`,
  );
  await page.screenshot({ path: file, omitBackground: !pad });
  await page.close();
}
await browser.close();
