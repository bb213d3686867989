/**
 * "Animate cards" off (Settings; components/motion.ts), in Chromium: the
 * switch holds a table still at once, the one on the page and any drawn
 * later. Another player's card lands on the stack with nothing moving (no
 * flight, no entrance), the seat ring flies no card backs, and my turn's
 * glow in Pesten stays lit and still. Turned back on, the next play flies
 * again; and the device's own reduce-motion setting still holds the table
 * still with the switch on.
 */
import { afterEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { lessMotion, setCardMotion } from '../../components/motion.js';
import { pestenModule } from '../../src/games/pesten/index.js';
import type { PestenView } from '../../src/games/pesten/views.js';
import '../../components/fd-pesten.js';
import { animationsIn, described } from './compositor.js';
import { PESTEN_DEAL, seatTable, shedTableBeforeAPlay } from './game-table.js';
import { mount } from './mount.js';

afterEach(() => {
  setCardMotion(true);
  document.body.replaceChildren();
});

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const moving = (root: ShadowRoot) => animationsIn(root).map(described);

test('switched off with a table on the page, another player’s play lands with nothing moving; on again, it flies', async () => {
  await page.viewport(1280, 800);
  const shown = await shedTableBeforeAPlay();
  for (const a of animationsIn(shown.el.shadowRoot!)) a.finish();
  await frame();
  setCardMotion(false);
  expect(lessMotion()).toBe(true);
  await shown.showPlay();
  await frame();
  expect(
    shown.el.shadowRoot!.querySelector(`#stack fd-card[data-card="${shown.card}"]`),
    'the card is on the stack',
  ).not.toBeNull();
  expect(moving(shown.el.shadowRoot!)).toEqual([]);

  setCardMotion(true);
  document.body.replaceChildren();
  const again = await shedTableBeforeAPlay();
  await again.showPlay();
  const landed = again.el.shadowRoot!.querySelector<HTMLElement>(`#stack fd-card[data-card="${again.card}"]`)!;
  expect(
    landed.getAnimations().filter((a) => !(a instanceof CSSAnimation)),
    'the card flies',
  ).toHaveLength(1);
});

test('switched off before a table is drawn, its cards, seat ring and turn mark never move', async () => {
  await page.viewport(1280, 800);
  setCardMotion(false);
  const shown = await shedTableBeforeAPlay();
  await frame();
  expect(moving(shown.el.shadowRoot!), 'no card enters').toEqual([]);
  await shown.showPlay();
  await frame();
  expect(moving(shown.el.shadowRoot!), 'nothing flies, no card back leaves the stock').toEqual([]);
  expect(shown.el.shadowRoot!.querySelectorAll('.ring-ghost')).toHaveLength(0);

  const { view, legal, cardHints } = seatTable(
    pestenModule,
    { seats: 3, dealer: 0, deal: PESTEN_DEAL, actions: [] },
    2,
  );
  const pesten = document.createElement('fd-pesten');
  Object.assign(pesten, { view: view as PestenView, legal, cardHints, mySeat: 2, names: ['Ann', 'Bob', 'Cleo'] });
  await mount(pesten);
  await frame();
  const mark = pesten.shadowRoot!.querySelector('.mine.turn')!;
  expect(mark, 'it is my turn').not.toBeNull();
  expect(moving(pesten.shadowRoot!)).toEqual([]);
  expect(getComputedStyle(mark, '::before').opacity, 'the turn glow stays lit').toBe('1');
});

test('with the switch on, the device’s reduce-motion setting still holds the table still', async () => {
  const real = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({ ...real.call(window, query), matches: query.includes('reduce') }) as MediaQueryList;
  try {
    expect(lessMotion()).toBe(true);
  } finally {
    window.matchMedia = real;
  }
  expect(lessMotion()).toBe(false);
});
