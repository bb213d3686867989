/**
 * Where the test Chromium is and the flags it runs with, shared by the e2e
 * tests (test/e2e/browser.ts, playwright-core) and the in-browser unit tests
 * (the `browser` project in vite.config.ts, Vitest's Playwright provider):
 * Debian's /usr/bin/chromium (or CHROMIUM_PATH), headless, with what WebRTC
 * between two pages of one machine needs (loopback candidates, real local
 * addresses instead of mDNS names, no QUIC).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];
