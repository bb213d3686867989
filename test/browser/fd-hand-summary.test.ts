/**
 * The end-of-hand summary element in Chromium, at a phone's and a desktop's
 * size, with a School Blackjack-like end (forty undealt cards on the table):
 * the result and the verdict come first and are on screen without
 * scrolling, the places are listed winner first, the card list is folded,
 * Close and Rematch are on screen, Close leaves a bar that still offers
 * Rematch and Show, and on a desktop the panel keeps to its right-hand
 * column (fd-app keeps that column free of the table). What the next hand
 * changes is listed by Rematch (which agrees to it), open or closed. The
 * summary takes the keyboard's focus when it shows (not from a text field),
 * and Close and Show hand it on.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { HandSummaryView } from '../../src/app/hand-summary.js';
import type { VerdictSummary } from '../../src/verify/verdict.js';
import { RematchEvent } from '../../components/events.js';
import '../../components/fd-hand-summary.js';
import type { FdHandSummary } from '../../components/fd-hand-summary.js';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const DECK = ['C', 'D', 'H', 'S'].flatMap((suit) => RANKS.map((rank) => `${rank}${suit}`));

const verdict: VerdictSummary = {
  handNo: 0,
  status: 'clean',
  headline: 'Clean: every shuffle, key, move and hash of this hand was checked, with all cards open.',
  fault: null,
  counts: {
    events: 120,
    shuffleSteps: 3,
    reshuffleSteps: 0,
    lockProofs: 3,
    keyShares: 200,
    disclosures: 3,
    moves: 1,
    cryptoInputs: 40,
    hashesCrossChecked: 100,
    cards: 52,
  },
  checks: (['signatures', 'shuffle', 'cards', 'keys', 'moves', 'hashes'] as const).map((key) => ({
    key,
    title: `the ${key} check, described at the length the real ones have, with its counts in brackets (1 of 3)`,
    ok: true,
    how: 'how we know',
    events: [],
  })),
};

const summary: HandSummaryView = {
  handNo: 0,
  headline: 'Cleo wins',
  detail: 'Cleo went out; Ann and Bob hold cards',
  seats: [
    { name: 'Cleo', place: 1, score: null, zones: [] },
    { name: 'Ann', place: 2, score: null, zones: [{ label: 'hand', cards: DECK.slice(0, 6) }] },
    { name: 'Bob', place: 3, score: null, zones: [{ label: 'hand', cards: DECK.slice(6, 12) }] },
  ],
  table: [{ label: 'draw stack', cards: DECK.slice(12) }],
  opened: true,
  verdict,
};

let element: FdHandSummary | null = null;
afterEach(() => {
  element?.remove();
  element = null;
});

async function mount(): Promise<FdHandSummary> {
  element = document.createElement('fd-hand-summary');
  element.summary = summary;
  element.names = ['Ann', 'Bob', 'Cleo'];
  element.canRematch = true;
  document.body.append(element);
  await element.updateComplete;
  return element;
}

const inside = (el: Element) => {
  const box = el.getBoundingClientRect();
  return (
    box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth
  );
};

const part = (root: FdHandSummary, selector: string): Element => {
  const found =
    root.shadowRoot!.querySelector(selector) ??
    root.shadowRoot!.querySelector('fd-verdict')?.shadowRoot?.querySelector(selector);
  if (!found) throw new Error(`no ${selector} in the summary`);
  return found;
};

describe.each([
  [360, 640],
  [390, 844],
])('a %i×%i phone', (width, height) => {
  test('the result, the verdict, Close and Rematch are on screen without scrolling; the cards are folded', async () => {
    await page.viewport(width, height);
    const el = await mount();
    for (const selector of [
      '#summary-title',
      '#verdict-headline',
      '#summary-close',
      '#summary-rematch',
      '#download-transcript',
    ])
      expect(inside(part(el, selector)), `${selector} on screen`).toBe(true);
    const order = ['#summary-title', '#verdict-headline', '#summary-places', '#summary-cards'].map(
      (s) => part(el, s).getBoundingClientRect().top,
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect((part(el, '#summary-cards') as HTMLDetailsElement).open).toBe(false);
    expect((part(el, '#verdict-checks') as HTMLDetailsElement).open).toBe(false);
    const places = Array.from(part(el, '#summary-places').querySelectorAll('li')).map((li) =>
      li.textContent!.replace(/\s+/g, ' ').trim(),
    );
    expect(places).toEqual(['1.Cleo', '2.Ann', '3.Bob']);
    // The folded list still holds every card, shown once unfolded.
    expect(el.shadowRoot!.querySelectorAll('#summary-cards fd-card').length).toBe(52);
  });
});

describe('a 1280×800 desktop', () => {
  test('the panel keeps to the right-hand column and ends above the bottom of the window', async () => {
    await page.viewport(1280, 800);
    const el = await mount();
    const panel = part(el, '#hand-summary').getBoundingClientRect();
    // fd-app keeps 26rem free on the right; the panel lies inside it.
    expect(panel.left).toBeGreaterThanOrEqual(1280 - 26 * 16);
    expect(panel.bottom).toBeLessThanOrEqual(800);
    (part(el, '#summary-cards') as HTMLDetailsElement).open = true;
    await el.updateComplete;
    // Unfolded, the card list scrolls inside the panel; Close and Rematch stay on screen.
    expect(inside(part(el, '#summary-close'))).toBe(true);
    expect(inside(part(el, '#summary-rematch'))).toBe(true);
  });

  test('Close leaves a bar with the result, Show and Rematch; Show opens the panel again', async () => {
    await page.viewport(1280, 800);
    const el = await mount();
    (part(el, '#summary-close') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('#hand-summary')).toBeNull();
    const bar = part(el, '#summary-bar');
    expect(bar.textContent!.replace(/\s+/g, ' ')).toContain('Hand 1: Cleo wins ✔ clean');
    expect(bar.getBoundingClientRect().height).toBeLessThan(120);
    let rematch = 0;
    el.addEventListener(RematchEvent.type, () => rematch++);
    (part(el, '#summary-rematch') as HTMLButtonElement).click();
    expect(rematch).toBe(1);
    (part(el, '#summary-open') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(inside(part(el, '#verdict-headline'))).toBe(true);
  });
});

describe('the keyboard', () => {
  const focused = (el: FdHandSummary) => el.shadowRoot!.activeElement?.id ?? null;

  test('a summary takes the focus on its heading when it shows; Close gives it to Show, and Show back', async () => {
    await page.viewport(1280, 800);
    const el = await mount();
    // In the frame after the one that draws it.
    await new Promise(requestAnimationFrame);
    expect(focused(el)).toBe('summary-title');
    (part(el, '#summary-close') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(focused(el)).toBe('summary-open');
    (part(el, '#summary-open') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(focused(el)).toBe('summary-title');
  });

  test('a summary that shows while the person types in the chat leaves the focus there', async () => {
    const field = document.body.appendChild(document.createElement('input'));
    try {
      field.focus();
      const el = await mount();
      await new Promise(requestAnimationFrame);
      expect(focused(el)).toBeNull();
      expect(document.activeElement).toBe(field);
    } finally {
      field.remove();
    }
  });
});

describe('what the next hand changes', () => {
  const changes = ['Ann changed “Play the drawn card”: yes → no', 'Seat 3: Bob left, Dan sits'];

  test.each([
    [390, 700],
    [1280, 800],
  ])('at %i×%i each change is listed right by Rematch, on screen, open or closed', async (width, height) => {
    await page.viewport(width, height);
    const el = await mount();
    expect(el.shadowRoot!.querySelector('#summary-changes')).toBeNull();
    el.changes = changes;
    await el.updateComplete;
    const list = part(el, '#summary-changes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent!.trim())).toEqual(changes);
    expect(list.textContent).toContain('Rematch agrees to it');
    expect(inside(list)).toBe(true);
    expect(inside(part(el, '#summary-rematch'))).toBe(true);
    (part(el, '#summary-close') as HTMLButtonElement).click();
    await el.updateComplete;
    const closed = part(el, '#summary-changes');
    expect(closed.querySelectorAll('li').length).toBe(2);
    expect(inside(closed)).toBe(true);
    expect(inside(part(el, '#summary-rematch'))).toBe(true);
  });

  test('no Rematch offered (watching), no change list', async () => {
    const el = await mount();
    el.canRematch = false;
    el.changes = changes;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('#summary-changes')).toBeNull();
  });
});
