/**
 * The seats round the felt (components/fd-seat-ring.ts), in Chromium: on a
 * 1280×800 desktop 2, 4 and 7 seats sit in play order from the viewer's
 * along an arc above the centre of the table (left → top → right for
 * clockwise play, mirrored for anticlockwise), no box overlapping another
 * or the centre; on a 390×844 phone they fold into a strip within the
 * screen's width; each box shows its count and last move, the turn is a
 * worded badge as well as a border, every box is named for a screen reader,
 * and axe finds no serious violation. A count that rises flies a card back
 * from the deal source to that box (nothing with reduced motion), and in a real game table another
 * player's card flies to the stack from that player's box.
 */
import { afterEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import axe from 'axe-core';
import { blockingViolations, describeViolations } from '../e2e/axe-report.js';
import '../../components/fd-seat-ring.js';
import { shedTableBeforeAPlay } from './game-table.js';

afterEach(() => document.body.replaceChildren());

const NAMES = ['Ann', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus'];

/** A felt with the ring above a centre block, seats in play order from seat 0 (the viewer); the theme's colours as a game sets them (components/theme.ts). */
async function table(seats: number, direction: 'clockwise' | 'anticlockwise' = 'clockwise', freshDeal = false) {
  const felt = document.createElement('div');
  felt.style.cssText =
    'background:#0f5132;color:#f4f1e8;padding:12px;font-family:system-ui,sans-serif;' +
    '--fd-ink:#f4f1e8;--fd-muted:#b9c9bf;--fd-accent:#f2c14e;--fd-danger:#ffa39c';
  const ring = document.createElement('fd-seat-ring');
  const order = Array.from({ length: seats - 1 }, (_, i) => i + 1);
  Object.assign(ring, {
    order,
    names: NAMES.slice(0, seats),
    counts: NAMES.slice(0, seats).map((_, s) => (s === 2 ? 1 : 7)),
    turn: 1,
    direction,
    lastMoves: [{ seat: 2, text: 'played 7♣', step: 4 }],
    dealFrom: 'stock',
    freshDeal,
  });
  const centre = document.createElement('div');
  centre.id = 'centre';
  centre.style.cssText = 'height:160px;display:flex;justify-content:center;align-items:center';
  centre.innerHTML = '<div data-fly-source="stock" style="width:56px;height:80px;background:#333">Stock</div>';
  felt.append(ring, centre);
  document.body.append(felt);
  await ring.updateComplete;
  const boxes = order.map((s) => ring.querySelector<HTMLElement>(`[data-seat-box="${s}"]`)!);
  return { ring, felt, centre, boxes, rects: boxes.map((b) => b.getBoundingClientRect()) };
}

const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test.each([2, 4, 7])('%i seats sit in play order left → top → right above the centre, apart', async (seats) => {
  await page.viewport(1280, 800);
  const { boxes, rects, centre } = await table(seats);
  expect(boxes.every((b) => b !== null)).toBe(true);
  const mid = rects.map((r) => r.left + r.width / 2);
  for (let i = 1; i < rects.length; i++)
    expect(mid[i]!, `seat ${i + 1} right of seat ${i}`).toBeGreaterThan(mid[i - 1]!);
  if (rects.length >= 3) {
    const middle = rects[Math.floor((rects.length - 1) / 2)]!;
    expect(middle.top, 'the middle seat sits higher than the ends').toBeLessThan(rects[0]!.top);
    expect(middle.top).toBeLessThan(rects.at(-1)!.top);
    // Rising to the middle, then falling: an arc.
    const half = Math.floor(rects.length / 2);
    for (let i = 1; i < half; i++) expect(rects[i]!.top).toBeLessThanOrEqual(rects[i - 1]!.top);
  } else {
    expect(Math.abs(mid[0]! - 640), 'one other player sits opposite').toBeLessThan(60);
  }
  const c = centre.getBoundingClientRect();
  for (let i = 0; i < rects.length; i++) {
    expect(overlap(rects[i]!, c), `seat ${i + 1} clear of the centre`).toBe(false);
    for (let j = i + 1; j < rects.length; j++)
      expect(overlap(rects[i]!, rects[j]!), `seats ${i + 1} and ${j + 1}`).toBe(false);
  }
});

test('anticlockwise play puts the next seat at the right', async () => {
  await page.viewport(1280, 800);
  const { rects } = await table(4, 'anticlockwise');
  expect(rects[0]!.left).toBeGreaterThan(rects[1]!.left);
  expect(rects[1]!.left).toBeGreaterThan(rects[2]!.left);
});

test('on a 390×844 phone the seats are a strip within the screen’s width', async () => {
  await page.viewport(390, 844);
  const { ring, rects } = await table(7);
  for (const r of rects) {
    expect(r.left).toBeGreaterThanOrEqual(0);
    expect(r.right).toBeLessThanOrEqual(390);
    expect(r.height, 'a compact box').toBeLessThan(90);
  }
  const strip = ring.querySelector<HTMLElement>('.ring')!;
  expect(strip.scrollWidth).toBeLessThanOrEqual(strip.clientWidth);
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  // A strip, not an arc: the first row's boxes share one top.
  expect(rects[1]!.top).toBe(rects[0]!.top);
});

test('each box shows its count and last move; the turn is a worded badge and every box is named', async () => {
  await page.viewport(1280, 800);
  const { ring, boxes } = await table(4);
  expect(text(boxes[0]!.querySelector('.ring-count'))).toBe('7 cards');
  expect(text(boxes[1]!.querySelector('.ring-count'))).toBe('1 card');
  expect(text(boxes[1]!.querySelector('[data-move="2"]'))).toBe('played 7♣');
  const turn = boxes[0]!.querySelector('[data-turn]')!;
  expect(text(turn)).toBe('to play');
  expect(getComputedStyle(turn, '::before').content, 'a drawn pointer besides the colour').toContain('▶');
  expect(boxes[0]!.classList.contains('turn')).toBe(true);
  expect(ring.querySelectorAll('[data-turn]')).toHaveLength(1);
  expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual([
    'Bob, 7 cards, to play',
    'Cleo, 1 card',
    'Dan, 7 cards',
  ]);
  ring.gone = [3];
  ring.turn = 2;
  ring.turnLabel = 'bidding';
  await ring.updateComplete;
  expect(text(boxes[1]!.querySelector('[data-turn]'))).toBe('bidding');
  expect(boxes[2]!.hasAttribute('data-gone')).toBe(true);
  expect(boxes[2]!.getAttribute('aria-label')).toBe('Dan, 7 cards, connection lost');
});

test('axe finds no serious violation on the ring on the felt', async () => {
  await page.viewport(1280, 800);
  const { felt, ring } = await table(7);
  ring.gone = [4];
  await ring.updateComplete;
  const results = await axe.run(felt, { resultTypes: ['violations'] });
  const found = blockingViolations(results.violations);
  expect(found, describeViolations(found)).toEqual([]);
});

test('a count that rises flies card backs from the deal source to that box, and they leave', async () => {
  await page.viewport(1280, 800);
  const { ring } = await table(4);
  ring.counts = [7, 7, 3, 7];
  await ring.updateComplete;
  const ghosts = [...ring.querySelectorAll<HTMLElement>('.ring-ghost')];
  expect(ghosts.map((g) => g.dataset['dealTo'])).toEqual(['2', '2']);
  expect(getComputedStyle(ghosts[0]!).pointerEvents).toBe('none');
  const flights = ghosts.flatMap((g) => g.getAnimations());
  expect(flights).toHaveLength(2);
  for (const f of flights) f.finish(); // landed at once: the test does not wait out the flight
  await Promise.all(flights.map((f) => f.finished));
  expect(ring.querySelectorAll('.ring-ghost')).toHaveLength(0);
});

test('a hand just dealt flies each seat its cards from the deal source on the first drawing; a later one does not', async () => {
  await page.viewport(1280, 800);
  const dealt = await table(4, 'clockwise', true);
  const ghosts = [...dealt.ring.querySelectorAll<HTMLElement>('.ring-ghost')];
  // At most four backs each: Bob and Dan hold 7 cards, Cleo 1.
  expect(ghosts.map((g) => g.dataset['dealTo']).join('')).toBe('111123333');
  document.body.replaceChildren();
  const midHand = await table(4);
  expect(midHand.ring.querySelectorAll('.ring-ghost')).toHaveLength(0);
});

test('with reduced motion asked for, a rising count flies nothing', async () => {
  await page.viewport(1280, 800);
  const { ring } = await table(4);
  // The person's system setting, as the page reads it.
  const real = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({ ...real.call(window, query), matches: query.includes('reduce') }) as MediaQueryList;
  try {
    ring.counts = [7, 9, 3, 9];
    await ring.updateComplete;
    expect(ring.querySelectorAll('.ring-ghost')).toHaveLength(0);
    expect(text(ring.querySelector('[data-seat-box="2"] .ring-count'))).toBe('3 cards');
  } finally {
    window.matchMedia = real;
  }
});

test('in a game, another player’s card flies to the stack from that player’s seat box', async () => {
  await page.viewport(1280, 800);
  const { el, turn, card, showPlay } = await shedTableBeforeAPlay();
  const box = el.shadowRoot!.querySelector(`fd-seat-ring [data-seat-box="${turn}"][data-fly-source="seat-${turn}"]`);
  expect(box, 'the seat box is in the game’s own shadow root').not.toBeNull();
  await showPlay();
  const landed = el.shadowRoot!.querySelector<HTMLElement>(`#stack fd-card[data-card="${card}"]`)!;
  // Its flight, not the card's own entrance (a CSS animation on the card, which gives way to the flight).
  const [flight] = landed.getAnimations().filter((a) => !(a instanceof CSSAnimation));
  expect(flight, `${card} flies to the stack`).toBeDefined();
  const start = (flight!.effect as KeyframeEffect).getKeyframes()[0]!.transform as string;
  const [dx, dy] = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(start)!.slice(1).map(Number);
  flight!.finish(); // where it lands, without the flight's transform
  const to = landed.getBoundingClientRect();
  const from = { x: to.left + to.width / 2 + dx!, y: to.top + to.height / 2 + dy! };
  const seat = box!.getBoundingClientRect();
  expect(from.x).toBeGreaterThanOrEqual(seat.left);
  expect(from.x).toBeLessThanOrEqual(seat.right);
  expect(from.y).toBeGreaterThanOrEqual(seat.top);
  expect(from.y).toBeLessThanOrEqual(seat.bottom);
  el.remove();
});
