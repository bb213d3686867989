/**
 * Pages that cannot link directly, for the relay tests (relay.e2e.ts,
 * relay-whole-hand.deep.e2e.ts): each player is a browser context whose
 * signaling WebSocket Playwright routes to the server, forwarding everything
 * but the WebRTC negotiation (offer, answer, ICE candidate) with the peers a
 * test names — as if a symmetric NAT stood between them, so only a relay
 * through a third page joins them. Also how a page reaches a seat (its seat
 * list's data-state) and the links its mesh holds open.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openAndSit, setName } from './browser.js';

const NEGOTIATION = new Set(['OFFER', 'ANSWER', 'CANDIDATE']);

/**
 * A page (in a context added to `contexts`, for the caller to close) whose
 * signaling socket drops negotiation with any peer `refuse` names, both ways;
 * each dropped message and each page error is noted in `dropped`.
 */
export async function playerPage(
  browser: Browser,
  contexts: BrowserContext[],
  base: string,
  name: string,
  refuse: (peerId: string) => boolean,
  dropped: string[],
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  contexts.push(context);
  await context.routeWebSocket(/\/peerjs/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const parsed = typeof message === 'string' ? (JSON.parse(message) as { type?: string; dst?: string }) : {};
      if (parsed.type && NEGOTIATION.has(parsed.type) && parsed.dst && refuse(parsed.dst)) {
        dropped.push(`${name} → ${parsed.dst}: ${parsed.type}`);
        return;
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const parsed = typeof message === 'string' ? (JSON.parse(message) as { type?: string; src?: string }) : {};
      if (parsed.type && NEGOTIATION.has(parsed.type) && parsed.src && refuse(parsed.src)) {
        dropped.push(`${parsed.src} → ${name}: ${parsed.type}`);
        return;
      }
      socket.send(message);
    });
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => dropped.push(`pageerror ${name}: ${error.message}`));
  await page.goto(base);
  await setName(page, name);
  return page;
}

/** How the page's mesh reaches the seat whose name is `name` ('direct', 'relayed', …), from the seat list. */
export async function stateOf(page: Page, name: string): Promise<string | null> {
  return page
    .locator('#seats li', { has: page.locator('.who', { hasText: name }) })
    .first()
    .getAttribute('data-state');
}

/** The peer ids the page's mesh holds an open link to. */
export async function openLinks(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      (
        window as unknown as { fairdeck: { store: { debugMesh?: { openLinks(): string[] } } } }
      ).fairdeck.store.debugMesh?.openLinks() ?? [],
  );
}

/** The pages of a relay test: its browser, the contexts it closes, the app's address and the dropped-message notes. */
export interface RelayLab {
  readonly browser: Browser;
  readonly contexts: BrowserContext[];
  readonly base: string;
  readonly dropped: string[];
}

/**
 * Bob's page, blocked from the creator Ann's from the very start, opens
 * `link` and sits: it links to Cat directly and to Ann only through a relay,
 * as both Ann's and Bob's seat lists show. Returns Bob's page.
 */
export async function sitRelayed(lab: RelayLab, link: string, ann: Page, annId: string): Promise<Page> {
  const bob = await playerPage(lab.browser, lab.contexts, lab.base, 'Bob', (peer) => peer === annId, lab.dropped);
  await openAndSit(bob, link);
  await expect.poll(() => stateOf(bob, 'Cat'), { timeout: 90_000 }).toBe('direct');
  await expect.poll(() => stateOf(bob, 'Ann'), { timeout: 90_000 }).toBe('relayed');
  await expect.poll(() => stateOf(ann, 'Bob'), { timeout: 90_000 }).toBe('relayed');
  return bob;
}

/** Every page shows Ann, Bob and Cat seated and the same table fingerprint; Bob's offers to Ann were tried and dropped. */
export async function agreeOnThreeSeats(pages: readonly Page[], dropped: readonly string[]): Promise<void> {
  for (const page of pages) {
    await expect
      .poll(() => page.locator('#seats li .who').allTextContents(), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('Ann'),
          expect.stringContaining('Bob'),
          expect.stringContaining('Cat'),
        ]),
      );
  }
  const prints = await Promise.all(pages.map((p) => p.locator('#fingerprint-words').textContent()));
  expect(prints[0]).toMatch(/\w/);
  expect(new Set(prints).size).toBe(1);
  expect(dropped.filter((d) => d.startsWith('Bob → '))).not.toEqual([]);
}
