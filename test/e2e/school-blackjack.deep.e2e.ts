/**
 * Whole hands of School Blackjack between two real Chromium pages over real
 * WebRTC, played through the UI card by card: the test reads only what a
 * person sees (the playable cards, the step, the pick-up, what "End turn"
 * costs) and clicks. Its players seek long turns and pick-up chains: they
 * extend a run of the top's rank, cap it, answer a pick-up with a 2 or jack
 * when they can, and draw only when nothing goes. It plays hands (bounded,
 * rematching through fd-hand's button) until the table log has shown a
 * capped multi-card turn and a pick-up answered by a 2 or jack; every hand
 * must end with the same result and a clean audit on both pages. The table
 * is set up with `voluntaryDraw: false`: a draw (or an end that draws) must
 * be offered only when no card may be played — a "cannot play" claim the
 * audit checks — and at least one such draw must be made. Along the
 * way it checks that on a 390×844 screen the turn fits without scrolling
 * (screenshot in test-results/), and with FD_SCREENSHOT_DIR set it saves the
 * desktop screenshot the docs use there.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { anyShows, launchChromium, newPlayer, openAndSit, shownText, until, type Player } from './browser.js';
import { expectAccessible } from './axe.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const root = path.resolve(import.meta.dirname, '..', '..');
const shots = path.join(root, 'test-results');
const table = 'fd-school-blackjack';
const rank = (card: string) => /^(10|[2-9JQKA])/.exec(card)?.[1] ?? '';
const suitOf = (card: string) => /([CDHS])$/.exec(card)?.[1] ?? '';

/** What the page shows that changes with every move (to wait for a click to take effect). */
async function signature(page: Page): Promise<string> {
  return page.locator(table).evaluate((el) => {
    const root = el.shadowRoot!;
    const attr = (sel: string, name: string) => root.querySelector(sel)?.getAttribute(name) ?? '';
    return [
      attr('#pile fd-card.top', 'data-pile'),
      attr('#step', 'data-step'),
      root.querySelectorAll('#my-hand fd-card').length,
      root.querySelector('#my-area.turn') ? 'turn' : '',
      root.querySelector('#suit-picker') ? 'picker' : '',
    ].join('|');
  });
}

/** One move if it is this page's turn; returns what it clicked, or null. */
async function moveIfMyTurn(page: Page): Promise<string | null> {
  if ((await page.locator(`${table} #my-area.turn`).count()) === 0) return null;
  const before = await signature(page);
  const clicked = await chooseAndClick(page);
  if (clicked === null) return null;
  await expect.poll(() => signature(page), { timeout: 60_000 }).not.toBe(before);
  return clicked;
}

/** With `voluntaryDraw: false`: draws (or costly ends) taken because nothing could be played, and any offered while a card could be. */
const claims = { cannotPlay: 0, offeredWithPlayable: [] as string[] };

/**
 * Turns that began owing a pick-up, and any where the hand marked playable
 * other cards than the rules allow: an ace, or a 2 or jack that matches the
 * top (the 2 or jack just played) by suit or rank.
 */
const owedTurns = { seen: 0, answerable: 0, misMarked: [] as string[] };

async function chooseAndClick(page: Page): Promise<string | null> {
  const suit = page.locator(`${table} #suit-picker button[data-suit]`);
  if ((await suit.count()) > 0) {
    await suit.first().click();
    return 'suit';
  }
  // Everything a person reads off the table, in one look (nothing waits for an element that is not there).
  const seen = await page.locator(table).evaluate((el) => {
    const root = el.shadowRoot!;
    return {
      hand: [...root.querySelectorAll('#my-hand fd-card')].map((c) => ({
        card: c.getAttribute('data-card') ?? '',
        playable: c.hasAttribute('selectable'),
      })),
      step: root.querySelector('#step')?.getAttribute('data-step') ?? '',
      top: root.querySelector('#pile fd-card.top')?.getAttribute('data-card') ?? '',
      owed: root.querySelector('#owed') !== null,
      endCost: root.querySelector('#end')?.getAttribute('data-cost') ?? null,
      draw: root.querySelector('#draw') !== null,
      // Why a turn offers nothing, for the log: the element's busy flag and legal moves, and fd-hand's catching-up line.
      offers: (el as unknown as { legal: readonly unknown[] }).legal.length,
      why: `busy=${(el as unknown as { busy: boolean }).busy} catching-up=${document.querySelector('fd-app')?.shadowRoot?.querySelector('fd-hand')?.shadowRoot?.querySelector('#catching-up') !== null}`,
    };
  });
  // A turn that offers no move at all is not yet playable (the loop looks again, and fails if it never becomes so):
  // not a mis-marking. Said in the output, so a run shows how often and why.
  if (seen.offers === 0) {
    console.log(`school-blackjack e2e: a turn offered no move yet (${seen.step}, ${seen.why})`);
    return null;
  }
  // voluntaryDraw is off: "I cannot play" is a claim, so a draw is offered only when no card in hand may be played.
  const anyPlayable = seen.hand.some((c) => c.playable);
  if (anyPlayable && (seen.draw || seen.endCost === '1'))
    claims.offeredWithPlayable.push(
      `${seen.step}: ${seen.hand.map((c) => c.card + (c.playable ? '*' : '')).join(' ')}`,
    );
  const { hand, step, owed, endCost } = seen;
  const top = rank(seen.top);
  const playable = hand.filter((c) => c.playable).map((c) => c.card);
  const held = (r: string) => hand.filter((c) => rank(c.card) === r).length;
  const pickupCard = (c: string) => ['2', 'J'].includes(rank(c));
  let choice: string | undefined;
  if (step === 'start' && owed) {
    const allowed = hand
      .map((c) => c.card)
      .filter((c) => rank(c) === 'A' || (pickupCard(c) && (suitOf(c) === suitOf(seen.top) || rank(c) === top)));
    owedTurns.seen++;
    if (allowed.some(pickupCard)) owedTurns.answerable++;
    if (allowed.join() !== playable.join())
      owedTurns.misMarked.push(
        `owing on ${seen.top}: marked ${playable.join() || '-'}, allowed ${allowed.join() || '-'}`,
      );
    choice = playable.find(pickupCard) ?? playable.find((c) => rank(c) === 'A');
  } else if (step === 'start') {
    choice =
      playable.find((c) => held(rank(c)) >= 3) ??
      playable.find((c) => held(rank(c)) >= 2 && rank(c) !== 'A') ??
      playable.find(pickupCard) ??
      playable.find((c) => !['A', '3', 'Q'].includes(rank(c))) ??
      playable[0];
  } else if (step === 'more' || step === 'cap') {
    choice = playable.find((c) => rank(c) === top);
    // A run wants its cap; a free end is taken only when the run cannot go on.
    if (choice === undefined && endCost !== '0')
      choice = playable.find((c) => !['3', 'Q'].includes(rank(c))) ?? playable[0];
  } else choice = playable.find((c) => !['3', 'Q'].includes(rank(c))) ?? playable[0];
  if (choice !== undefined) {
    // Cards overlap in a fanned hand: click the visible corner.
    await page.locator(`${table} #my-hand fd-card[data-card="${choice}"]`).click({ position: { x: 8, y: 14 } });
    return `play ${choice}`;
  }
  for (const id of ['#end', '#draw']) {
    const button = page.locator(`${table} ${id}`);
    if ((await button.count()) > 0) {
      if (!anyPlayable && (id === '#draw' || endCost === '1')) claims.cannotPlay++;
      await button.click();
      return id.slice(1);
    }
  }
  return null;
}

/** What a page shows when the table seems stuck: banner, turn, step, busy, legal moves, the last log lines. */
async function diagnose(page: Page, who: string): Promise<string> {
  await page.screenshot({ path: path.join(shots, `school-blackjack-stuck-${who}.png`), fullPage: true });
  const inside = await page.locator(table).evaluate((el) => {
    const t = el as HTMLElement & {
      busy: boolean;
      legal: unknown[];
      view: { turn: number | null; step: string; deckCount: number; pile: unknown[] };
    };
    const root = t.shadowRoot!;
    return `turn=${t.view.turn} step=${t.view.step} deck=${t.view.deckCount} pile=${t.view.pile.length} busy=${t.busy} legal=${JSON.stringify(t.legal)} banner="${root.querySelector('#turn')?.textContent}"`;
  });
  const hand = await page
    .locator('fd-hand')
    .evaluate((el) => el.shadowRoot?.querySelector('.banner')?.textContent?.replace(/\s+/g, ' ') ?? '');
  return `${who}: ${inside} hand-banner="${hand}" log: ${(await logLines(page)).slice(-6).join(' | ')}`;
}

/** The table log's lines without their times. */
async function logLines(page: Page): Promise<string[]> {
  return page.locator('#log li').evaluateAll((els) =>
    // The text without the <time>: the markup around it may hold whitespace, so its length cannot be sliced off.
    els.map((el) => {
      const line = el.cloneNode(true) as Element;
      line.querySelector('time')?.remove();
      return (line.textContent ?? '').trim();
    }),
  );
}

/** A turn of three or more cards with a run of one rank in it that ended without a draw. */
function cappedTurn(lines: string[]): string | undefined {
  return lines.find((l) => {
    const m = /played ((?:\S+ ){2,}\S+) and ends the turn(?!.*draws)/.exec(l);
    const cards = m?.[1]?.split(' ') ?? [];
    return cards.some((c, i) => i > 0 && rank(c) === rank(cards[i - 1]!));
  });
}

/** "Bob owes 5" followed by Bob's next line playing a 2 or jack: the pick-up passed on. */
function pickupChain(lines: string[]): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const owes = /; (\S+) owes (\d+)/.exec(lines[i]!);
    if (!owes) continue;
    const next = lines.slice(i + 1).find((l) => new RegExp(`^${owes[1]} (played|draws|names)`).test(l));
    if (next && new RegExp(`^${owes[1]} played (2|J)`).test(next)) return `${lines[i]} → ${next}`;
  }
  return undefined;
}

it('two browsers play school-blackjack through the UI, with a capped multi-card turn and a pick-up passed on, and agree on clean audits', async () => {
  mkdirSync(shots, { recursive: true });
  const base = inject('baseUrl');
  const ann: Player = await newPlayer(browser, base, 'Ann');
  ann.page.setDefaultTimeout(60_000);
  await ann.page.locator('input[name="game"][value="school-blackjack"]').check();
  await ann.page.locator('#seats').selectOption('2');
  // Drawing is not voluntary at this table: every draw is a "cannot play" claim the audit checks with all cards open.
  await ann.page.locator('#opt-voluntaryDraw').uncheck();
  await ann.page.locator('#create').click();
  await expect.poll(() => ann.page.locator('#share-link').inputValue(), { timeout: 30_000 }).toMatch(/#\/t\//);
  const bob: Player = await newPlayer(browser, base, 'Bob');
  bob.page.setDefaultTimeout(60_000);
  expect(await ann.page.locator('#table-options [data-option="voluntaryDraw"]').textContent()).toBe('no');
  await openAndSit(bob.page, await ann.page.locator('#share-link').inputValue());

  let capped: string | undefined;
  let chain: string | undefined;
  let screenshots = false;
  let hands = 0;
  // Until everything checked below has come up: a capped run, a turn owing a pick-up with a 2 or jack to answer it, a
  // pick-up passed on, and a "cannot play" draw. The deal is random: one hand shows them all nearly always (a short
  // hand may have no draw that is not a choice); eight hands make a miss negligible, and each hand must be clean anyway.
  const enough = () => capped !== undefined && owedTurns.answerable > 0 && chain !== undefined && claims.cannotPlay > 0;
  for (let hand = 1; hand <= 8 && !enough(); hand++) {
    hands = hand;
    for (const p of [ann, bob]) await p.page.locator(`${table} #my-area`).waitFor({ timeout: 240_000 });
    if (hand === 1) await expectAccessible(ann.page, 'a School Blackjack table');
    let moves = 0;
    const over = async (p: Player) => (await p.page.locator('#audit').count()) > 0;
    while (!((await over(ann)) && (await over(bob)))) {
      let moved = false;
      for (const p of [ann, bob]) {
        if (await moveIfMyTurn(p.page)) {
          moved = true;
          moves++;
        }
      }
      // Until a page may move, or the hand is over.
      if (!moved)
        await until(
          async () =>
            (await anyShows([ann.page, bob.page], `${table} #my-area.turn, #halt`)) ||
            ((await over(ann)) && (await over(bob))),
          'a page may move, or the hand is over',
        ).catch(async (error: Error) => {
          throw new Error(
            `nobody can move: ${error.message}\n${await diagnose(ann.page, 'ann')}\n${await diagnose(bob.page, 'bob')}`,
            { cause: error },
          );
        });
      if (moved && moves % 40 === 0) console.log(`hand ${hand}: ${moves} moves`);
      for (const p of [ann, bob]) {
        if ((await p.page.locator('#halt').count()) > 0)
          throw new Error(`the hand stopped: ${await p.page.locator('#halt').textContent()}`);
      }
      if (!screenshots && moves >= 16 && (await ann.page.locator(`${table} #my-area.turn`).count()) > 0) {
        screenshots = true;
        if (process.env.FD_SCREENSHOT_DIR)
          await ann.page.screenshot({ path: path.join(process.env.FD_SCREENSHOT_DIR, 'school-blackjack.png') });
        await bob.page.setViewportSize({ width: 390, height: 844 });
        await bob.page.evaluate(() => window.scrollTo(0, 0));
        await bob.page.screenshot({ path: path.join(shots, 'school-blackjack-390x844.png') });
        // On a phone the whole table (others, pile, hand and buttons) fits the first screen.
        const bottom = await bob.page.locator(`${table}`).evaluate((el) => el.getBoundingClientRect().bottom);
        expect(bottom).toBeLessThanOrEqual(844);
        await bob.page.setViewportSize({ width: 1100, height: 900 });
      }
      expect(moves).toBeLessThan(3000);
    }
    const results = await Promise.all([ann, bob].map((p) => shownText(p.page.locator('#result'))));
    for (const text of results) {
      expect(text).toMatch(/Result:\s*1\. (Ann|Bob)/);
      expect(text).toContain('Audit clean');
    }
    expect(results[0]).toBe(results[1]);
    const [annLog, bobLog] = await Promise.all([logLines(ann.page), logLines(bob.page)]);
    console.log(`hand ${hand} over after ${moves} moves: ${results[0]!.slice(0, 80)}`);
    expect(annLog.some((l) => / wins$/.test(l))).toBe(true);
    capped ??= cappedTurn(annLog);
    chain ??= pickupChain(annLog);
    if (!enough()) {
      // The end-of-hand summary opens over the table and covers its own Rematch: rematch from the summary.
      await ann.page.locator('#summary-rematch').click();
      await bob.page.locator('#summary-rematch').click();
      for (const p of [ann, bob])
        await expect.poll(() => p.page.locator('#result').count(), { timeout: 240_000 }).toBe(0);
    }
    expect(bobLog.length).toBeGreaterThan(0);
  }
  console.log(
    `school-blackjack e2e: ${hands} hand(s); capped turn: ${capped}; ${owedTurns.seen} owing turn(s), ${owedTurns.answerable} answerable; pick-up chain: ${chain}`,
  );
  expect(screenshots).toBe(true);
  expect(capped).toBeDefined();
  // Every owing turn offered exactly the answers the rules allow; one that could pass the pick-up on did (the chain, in the log).
  expect(owedTurns.misMarked).toEqual([]);
  expect(owedTurns.answerable).toBeGreaterThan(0);
  expect(chain).toBeDefined();
  // Nothing playable was ever hidden behind a draw, at least one "cannot play" draw was made, and every hand's audit (which checks those claims) was clean.
  console.log(`school-blackjack e2e: ${claims.cannotPlay} "cannot play" draw(s)`);
  expect(claims.offeredWithPlayable).toEqual([]);
  expect(claims.cannotPlay).toBeGreaterThan(0);
  for (const p of [ann, bob]) expect(p.console.join('\n')).not.toMatch(/pageerror/);
  // Whole hands through the UI: every draw from an empty deck reshuffles the pile with proofs, so this is the slowest e2e.
}, 2_400_000);
