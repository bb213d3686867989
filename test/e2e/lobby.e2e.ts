/**
 * The foundation end to end: three real Chromium players against the real
 * server. One creates a table (setting two of its options), two join by its
 * share link over real WebRTC and see those options in the lobby; opening
 * the link seats nobody: a joiner is linked and listed as watching until it
 * clicks "Take seat N", which names the name it sits under;
 * all three see three seats and the same fingerprint; a reloaded page gets its
 * seat back; a malformed message from one page is logged and ignored by
 * another, which goes on working. A link opened while the page is still
 * opening its storage opens that table. A second tab of a seated player's
 * browser is told it sits there already and offered Watch; it is not seated,
 * and sitting as another player asks first. A chat line and a reaction
 * reach the other pages, shown as text; the watching tab may not chat there.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchChromium,
  newPlayer,
  openAndSit,
  ownKeyStart,
  peerIdOf,
  setName,
  shownText,
  type Player,
} from './browser.js';
import { expectAccessible } from './axe.js';

let browser: Browser;
const players: Player[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The names in seat-number order (each screen lists the seats in play order from its own seat). */
async function seatNames(page: Page): Promise<string[]> {
  const seats = await page.locator('#seats li').evaluateAll((els) =>
    els.map((el) => ({
      seat: Number(el.getAttribute('data-seat')),
      name: el.querySelector('.who')?.textContent ?? '',
    })),
  );
  return seats.sort((a, b) => a.seat - b.seat).map((s) => s.name);
}

async function fingerprint(page: Page): Promise<string> {
  return (await page.locator('#fingerprint-words').textContent())?.trim() ?? '';
}

async function waitAllConnected(page: Page, seats: number) {
  await expect
    .poll(async () => page.locator('#seats li[data-state="direct"], #seats li[data-state="self"]').count(), {
      timeout: 60_000,
    })
    .toBe(seats);
}

it('three browsers sit at one table, agree on its fingerprint, survive a reload and a malformed message', async () => {
  const base = inject('baseUrl');
  const ann = await newPlayer(browser, base, 'Ann');
  players.push(ann);
  await ann.page.locator('#create').waitFor();
  await expectAccessible(ann.page, 'the home page');
  // One top-level heading names the app on every screen (a screen reader's first landmark).
  await expect(ann.page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain('Fairdeck');
  await ann.page.locator('input[name="game"][value="stress-shed"]').check();
  await ann.page.locator('#seats').selectOption('3');
  // Table options: rendered from the game's option fields; a joiner sees them in the lobby.
  await ann.page.locator('#opt-fourOfAKindBurns').check();
  await ann.page.locator('#opt-decks').selectOption({ label: 'Two decks' });
  await ann.page.locator('#create').click();
  const link = ann.page.locator('#share-link');
  await expect
    .poll(() => link.inputValue(), { timeout: 30_000 })
    .toMatch(/#\/t\/[a-z2-9]{8}-[0-9a-f]{16}\?signal=here$/);
  const shareLink = await link.inputValue();
  // The QR code's module loads on demand: it is drawn a moment after the link shows.
  await expect.poll(() => ann.page.locator('.qr svg').count(), { timeout: 15_000 }).toBe(1);
  const qrAlone = await ann.page.locator('.qr').innerHTML();
  await expectAccessible(ann.page, "the creator's lobby");

  const bob = await newPlayer(browser, base, 'Bob');
  const cat = await newPlayer(browser, base, 'Cat');
  players.push(bob, cat);
  // Opening the link shows the table and the choice; Bob is linked (Ann lists him as watching) but not seated.
  await bob.page.goto(shareLink);
  await bob.page.locator('#sit').waitFor({ timeout: 60_000 });
  expect(await shownText(bob.page.locator('#sit'))).toBe('Take seat 2');
  expect(await shownText(bob.page.locator('#sit-as'))).toBe('as Bob');
  expect(await bob.page.locator('#watch').count()).toBe(1);
  await expectAccessible(bob.page, "a joiner's lobby, offered a seat");
  // Both lobbies start the hand-crypto worker long before a hand: the first shuffle and deal check do not wait for it.
  for (const page of [ann.page, bob.page])
    await expect
      .poll(() => page.workers().some((w) => w.url().includes('hand-worker')), { timeout: 30_000 })
      .toBe(true);
  await expect.poll(() => shownText(ann.page.locator('#watchers')), { timeout: 60_000 }).toContain('Bob');
  expect(await seatNames(ann.page)).toEqual(['Ann', 'Free seat', 'Free seat']);
  expect(await bob.page.locator('#seats li.me').count()).toBe(0);
  await bob.page.locator('#sit').click();
  await openAndSit(cat.page, shareLink);

  for (const player of [ann, bob, cat]) {
    await expect
      .poll(() => seatNames(player.page), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(['Ann', 'Bob', 'Cat']));
    await waitAllConnected(player.page, 3);
  }
  for (const player of [ann, bob, cat]) {
    expect(await player.page.locator('#table-options [data-option="fourOfAKindBurns"]').textContent()).toBe('yes');
    expect(await player.page.locator('#table-options [data-option="decks"]').textContent()).toBe('Two decks');
    expect(await player.page.locator('#table-options [data-option="voluntaryPickup"]').textContent()).toBe('no');
    expect(await player.page.locator('#table-options [data-option="watchersChat"]').textContent()).toBe('no');
  }
  // The link Ann's page shows follows the seats: it now names Bob and Cat (through them a join reaches Ann), and so does its QR.
  const [bobKey, catKey] = await Promise.all([ownKeyStart(bob.page), ownKeyStart(cat.page)]);
  const viaOf = async () => (/[?&]via=([^&#]*)/.exec(await link.inputValue())?.[1]?.split(',') ?? []).sort();
  await expect.poll(viaOf, { timeout: 30_000 }).toEqual([bobKey, catKey].sort());
  await expect.poll(() => ann.page.locator('.qr').innerHTML(), { timeout: 10_000 }).not.toBe(qrAlone);
  const prints = await Promise.all([ann, bob, cat].map((p) => fingerprint(p.page)));
  expect(prints[0]).toMatch(/^(\w+ ){7}\w+$/);
  expect(new Set(prints).size).toBe(1);
  // Chat: a line typed on Ann's page and a reaction clicked on Cat's reach the others, named by their seats, as text.
  await ann.page.locator('#chat-text').fill('hi <b>all</b>');
  await ann.page.locator('#chat-send').click();
  await cat.page.locator('fd-chat button[data-reaction="nice"]').click();
  const chatLines = (page: Page) => page.locator('#chat-lines li').allInnerTexts();
  await expect
    .poll(async () => (await chatLines(bob.page)).map((l) => l.replace(/\s+/g, ' ').trim()).sort(), {
      timeout: 30_000,
    })
    .toEqual(['Ann: hi <b>all</b>', expect.stringMatching(/^Cat: (👍 )?nice one$/)]);
  expect(await bob.page.locator('fd-chat b').count()).toBe(0);
  await expect.poll(() => chatLines(ann.page), { timeout: 30_000 }).toHaveLength(2);
  const seatsBefore = await seatNames(ann.page);
  const bobSeat = await bob.page.locator('#seats li.me').getAttribute('data-seat');
  expect(bobSeat).not.toBeNull();

  // A reloaded page keeps its identity, so it gets its seat back.
  await bob.page.reload();
  await expect
    .poll(() => bob.page.locator('#seats li.me').getAttribute('data-seat'), { timeout: 60_000 })
    .toBe(bobSeat);
  await waitAllConnected(bob.page, 3);
  expect(await fingerprint(bob.page)).toBe(prints[0]);
  expect(await seatNames(bob.page)).toEqual(seatsBefore);

  // A malformed message (a truncated CBOR map) from Cat's page to Ann's is logged and ignored.
  const annPeerId = await peerIdOf(ann.page);
  const sent = await cat.page.evaluate((target) => {
    const w = window as unknown as {
      fairdeck: { store: { debugMesh?: { sendRaw(p: string, b: Uint8Array): boolean } } };
    };
    return w.fairdeck.store.debugMesh?.sendRaw(target, new Uint8Array([0xa1, 0x61, 0x76])) ?? false;
  }, annPeerId);
  expect(sent).toBe(true);
  await expect
    .poll(() => ann.page.locator('#log li[data-level="warn"]').allTextContents(), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/rejected a message from fd-.*not canonical CBOR/));
  expect(await seatNames(ann.page)).toEqual(seatsBefore);
  expect(ann.console.join('\n')).not.toMatch(/pageerror/);

  // Ann's page still works: a rename reaches the others.
  await setName(ann.page, 'Annie');
  await expect.poll(() => seatNames(cat.page), { timeout: 30_000 }).toContain('Annie');

  // A second tab of Ann's browser opens the link: it says Ann sits here already and offers Watch, not a seat.
  const second = await ann.context.newPage();
  await second.goto(shareLink);
  await second.locator('#other-tab').waitFor({ timeout: 60_000 });
  expect(await shownText(second.locator('#other-tab p'))).toBe(
    'You already sit at this table in another tab of this browser (seat 1, as Annie). Play there, or watch from here.',
  );
  expect(await second.locator('#sit').count()).toBe(0);
  expect(await second.locator('#seats button.sit').count()).toBe(0);
  // Sitting as another player asks first; cancelled, nothing changes.
  await second.locator('#sit-another').click();
  expect(await shownText(second.locator('#confirm-another'))).toMatch(/^Sit here too, as a second player/);
  await second.locator('#cancel-sit-another').click();
  await second.locator('#watch').click();
  await expect.poll(() => shownText(ann.page.locator('#watchers')), { timeout: 60_000 }).toContain('Annie');
  expect(await second.locator('#seats li.me').count()).toBe(0);
  // A watcher at a table that keeps chat for its players reads it, and is told why it cannot write.
  expect(await shownText(second.locator('#chat-closed'))).toBe(
    'Chat is for the players at this table: its creator has not let watchers chat.',
  );
  expect(await second.locator('#chat-text').count()).toBe(0);
  expect(await seatNames(ann.page)).toEqual(seatsBefore.map((n) => (n === 'Ann' ? 'Annie' : n)));
  await second.close();
});

it('a table link that arrives while the page is still opening its storage opens that table', async () => {
  const context = await browser.newContext();
  // A slow disk: IndexedDB's open succeeds 1.5 s late, so the link's hash changes before the app is ready.
  await context.addInitScript(() => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: [string, number?]) {
      const request = open.apply(this, args);
      const listen = request.addEventListener.bind(request);
      request.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
        listen(
          type,
          type === 'success' ? (event: Event) => setTimeout(() => listener(event), 1500) : listener,
          options,
        )) as typeof request.addEventListener;
      return request;
    };
  });
  const page = await context.newPage();
  try {
    await page.goto(`${inject('baseUrl')}#/`);
    await expect.poll(() => page.locator('fd-app').count()).toBe(1);
    await page.evaluate(() => {
      location.hash = '#/t/abcdefgh-0123456789abcdef?signal=here';
    });
    // The table's page: its lobby, or (nobody serves this made-up table, and the server says so at once) #unserved.
    await page.locator('fd-lobby, #unserved').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('fd-home').count()).toBe(0);
  } finally {
    await context.close();
  }
});
