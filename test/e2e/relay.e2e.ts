/**
 * Relays for real (issue 15): three real Chromium pages sit at a Stress
 * (shedding) table on the embedded signaling server; then Bob's page reloads
 * and from then on Ann's and Bob's pages can never open a direct link: every
 * WebRTC offer, answer and ICE candidate between them is dropped on their
 * signaling sockets (Playwright routes each
 * page's WebSocket to the server and forwards everything else), as if a
 * symmetric NAT stood between them. Both must see each other as "relayed"
 * (through Cat), play a whole hand through the UI, and agree on the result and
 * a clean audit; the test checks that signaling between them was attempted
 * and dropped, and that neither mesh ever held a direct link to the other.
 * A second test blocks Bob from Ann before he ever joins: the link Ann copies
 * once Cat sits names Cat (`via=`), Bob's page links to Cat, and Ann seats him
 * through Cat (src/table/introducers.ts).
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, setName } from './browser.js';
import { stressTurn } from './stress-moves.js';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const NEGOTIATION = new Set(['OFFER', 'ANSWER', 'CANDIDATE']);

/** A page whose signaling socket drops negotiation with any peer `refuse` names. */
async function playerPage(
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

async function peerIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (window as unknown as { fairdeck: { store: { debugMesh?: { peerId: string } } } }).fairdeck.store.debugMesh
        ?.peerId ?? '',
  );
}

/** How the page's mesh reaches the seat whose name is `name` ('direct', 'relayed', …), from the seat list. */
async function stateOf(page: Page, name: string): Promise<string | null> {
  return page
    .locator('#seats li', { has: page.locator('.who', { hasText: name }) })
    .first()
    .getAttribute('data-state');
}

/** One move if it is this page's turn (the lowest playable card, keeping 2, 3 and 10; every 4th move the highest); returns what it did, or null. */
const moveIfMyTurn = (page: Page, moveNo: number) =>
  stressTurn(page, (ordered) => (moveNo % 4 === 3 ? ordered[ordered.length - 1]! : ordered[0]!));

it('two pages that cannot link directly play a whole hand through the third', async () => {
  const base = inject('baseUrl');
  const dropped: string[] = [];
  let annId = '';
  let bobId = '';
  // Once the block is on, Ann's and Bob's signaling sockets drop every negotiation between them.
  let blocking = false;
  const ann = await playerPage(base, 'Ann', (peer) => blocking && peer === bobId, dropped);
  await ann.locator('input[name="game"][value="stress-shed"]').check();
  await ann.locator('#seats').selectOption('3');
  await ann.locator('#create').click();
  await expect.poll(() => ann.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  const link = await ann.locator('#share-link').inputValue();
  const cat = await playerPage(base, 'Cat', () => false, dropped);
  const bob = await playerPage(base, 'Bob', (peer) => blocking && peer === annId, dropped);
  await cat.goto(link);
  await bob.goto(link);
  for (const [page, others] of [
    [ann, ['Bob', 'Cat']],
    [bob, ['Ann', 'Cat']],
    [cat, ['Ann', 'Bob']],
  ] as const) {
    for (const other of others) await expect.poll(() => stateOf(page, other), { timeout: 90_000 }).toBe('direct');
  }
  const ids = await Promise.all([ann, bob, cat].map(peerIdOf));
  [annId, bobId] = [ids[0]!, ids[1]!];
  const catId = ids[2]!;
  for (const id of [annId, bobId, catId]) expect(id).toMatch(/^fd-/);

  // Seated, and now the path between Ann and Bob goes: Bob's page comes back
  // (a reload, as after a network change) and can reach Ann only through Cat.
  blocking = true;
  await bob.reload();
  await expect.poll(() => stateOf(bob, 'Cat'), { timeout: 90_000 }).toBe('direct');
  await expect.poll(() => stateOf(ann, 'Bob'), { timeout: 90_000 }).toBe('relayed');
  await expect.poll(() => stateOf(bob, 'Ann'), { timeout: 90_000 }).toBe('relayed');
  // They did try to link, and the offers were dropped.
  expect(dropped.filter((d) => d.startsWith('Bob → ') || d.startsWith('Ann → '))).not.toEqual([]);

  const pages = [ann, bob, cat];
  for (const p of pages) await p.locator('#ready').waitFor({ timeout: 240_000 });
  const direct = { annToBob: false, bobToAnn: false };
  let moves = 0;
  const done = async (p: Page) => (await p.locator('#audit').count()) > 0;
  while (!(await Promise.all(pages.map(done))).every(Boolean)) {
    let moved = false;
    for (const p of pages) {
      if (await moveIfMyTurn(p, moves)) {
        moved = true;
        moves++;
        await p.waitForTimeout(50);
      }
    }
    if (!moved) await ann.waitForTimeout(100);
    // Never a direct link between them, at any point of the hand.
    direct.annToBob ||= (await stateOf(ann, 'Bob')) === 'direct';
    direct.bobToAnn ||= (await stateOf(bob, 'Ann')) === 'direct';
    expect(moves).toBeLessThan(5000);
    for (const p of pages) {
      if ((await p.locator('#halt').count()) > 0)
        throw new Error(`the hand stopped: ${await p.locator('#halt').textContent()}`);
    }
  }
  expect(moves).toBeGreaterThan(10);
  expect(direct).toEqual({ annToBob: false, bobToAnn: false });
  // The meshes agree: each holds an open link to Cat and none to the other.
  const openLinks = (page: Page) =>
    page.evaluate(
      () =>
        (
          window as unknown as { fairdeck: { store: { debugMesh?: { openLinks(): string[] } } } }
        ).fairdeck.store.debugMesh?.openLinks() ?? [],
    );
  const annLinks = await openLinks(ann);
  const bobLinks = await openLinks(bob);
  expect(annLinks).toContain(catId);
  expect(annLinks).not.toContain(bobId);
  expect(bobLinks).toContain(catId);
  expect(bobLinks).not.toContain(annId);
  const results = await Promise.all(pages.map((p) => p.locator('#result').textContent()));
  for (const text of results) expect(text).toContain('Audit clean');
  const hashes = await Promise.all(pages.map((p) => p.locator('#result code').textContent()));
  expect(new Set(hashes).size).toBe(1);
  expect(dropped.filter((d) => d.startsWith('pageerror'))).toEqual([]);
  await ann.screenshot({ path: 'test-results/relay-ann.png' });
});

it('a joiner whose page can never link to the creator is seated through a seated page the link names', async () => {
  const base = inject('baseUrl');
  const dropped: string[] = [];
  // Bob's socket drops every negotiation with Ann both ways (Ann's too, once his id is known).
  let bobId = '';
  const ann = await playerPage(base, 'Ann', (peer) => peer === bobId, dropped);
  await ann.locator('input[name="game"][value="stress-shed"]').check();
  await ann.locator('#seats').selectOption('3');
  await ann.locator('#create').click();
  await expect.poll(() => ann.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  const annId = await peerIdOf(ann);
  expect(annId).toMatch(/^fd-/);
  const cat = await playerPage(base, 'Cat', () => false, dropped);
  await cat.goto(await ann.locator('#share-link').inputValue());
  await expect.poll(() => stateOf(ann, 'Cat'), { timeout: 90_000 }).toBe('direct');
  const catId = await peerIdOf(cat);
  // Copied now, Ann's link names Cat (the seated people but the creator).
  const link = await ann.locator('#share-link').inputValue();
  expect(new URL(link).hash).toContain(`via=${catId.slice(-16)}`);
  // Bob's page is blocked from Ann's from the very start: every offer between them is dropped.
  const bob = await playerPage(base, 'Bob', (peer) => peer === annId, dropped);
  await bob.goto(link);
  await expect.poll(() => stateOf(bob, 'Cat'), { timeout: 90_000 }).toBe('direct');
  await expect.poll(() => stateOf(bob, 'Ann'), { timeout: 90_000 }).toBe('relayed');
  await expect.poll(() => stateOf(ann, 'Bob'), { timeout: 90_000 }).toBe('relayed');
  await expect.poll(() => stateOf(cat, 'Bob'), { timeout: 90_000 }).toBe('direct');
  bobId = await peerIdOf(bob);
  // The creator seated him: three seats taken on every page, and the same fingerprint.
  for (const page of [ann, bob, cat]) {
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
  const prints = await Promise.all([ann, bob, cat].map((p) => p.locator('#fingerprint-words').textContent()));
  expect(prints[0]).toMatch(/\w/);
  expect(new Set(prints).size).toBe(1);
  const openLinks = (page: Page) =>
    page.evaluate(
      () =>
        (
          window as unknown as { fairdeck: { store: { debugMesh?: { openLinks(): string[] } } } }
        ).fairdeck.store.debugMesh?.openLinks() ?? [],
    );
  expect(await openLinks(bob)).not.toContain(annId);
  expect(await openLinks(ann)).not.toContain(bobId);
  expect(dropped.filter((d) => d.startsWith('Bob → '))).not.toEqual([]);
  expect(dropped.filter((d) => d.startsWith('pageerror'))).toEqual([]);
});
