/**
 * The Stress (speed) table element in Chromium: its own row cards are marked
 * like the other games' hints (a ring on each that goes on a stack, the
 * others dimmed, and only the marked ones selectable); a play that lost its
 * race flashes its slot and says in a red band who got there first, read out
 * to a screen reader, while the standing hint and "Playing…" are shown but
 * not read out; and on 360×640 and 390×844 portrait screens both rows, both
 * stacks and the Stress! button lie inside the width. In every state that
 * lights or adds something (a stress to call, a lost race, a stalemate, a
 * winner…) the table stays readable on the felt: axe finds no serious
 * violation at either size. The keyboard's place in the row is kept as its
 * slots change.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { SpeedAction } from '../../src/games/stress-speed/actions.js';
import type { SpeedView, SlotView, StackView } from '../../src/games/stress-speed/views.js';
import axe from 'axe-core';
import { ActEvent } from '../../components/events.js';
import { animationsSettled, blockingViolations, describeViolations } from '../e2e/axe-report.js';
import '../../components/fd-stress-speed.js';
import type { FdStressSpeed } from '../../components/fd-stress-speed.js';

let handle = 0;
const slot = (card: string): SlotView => {
  const c = { handle: handle++, card };
  return { top: c, cards: [c] };
};
const stack = (card: string, size: number): StackView => {
  const c = { handle: handle++, card };
  return { top: c, cards: [c], size };
};

// Ann (seat 0): 5♣ and 7♦ go on the 6♥ stack, Q♠ on the J♣ stack, 2♥ nowhere. Bob's row is face up too.
const mine = [slot('5C'), slot('QS'), slot('7D'), slot('2H')];
const theirs = [slot('9S'), slot('9H'), slot('KC'), slot('AD')];
const stacks = [stack('6H', 12), stack('JC', 1)];
const view: SpeedView = {
  phase: 'play',
  seats: [
    { row: mine, pile: [], pileCount: 11, cardsLeft: 15 },
    { row: theirs, pile: [], pileCount: 11, cardsLeft: 15 },
  ],
  stacks,
  stressable: false,
  stalemate: null,
  stalemates: 0,
  lastStress: null,
  stresses: 0,
  winner: null,
  blocked: false,
};
const play = (slotIndex: number, on: 0 | 1): SpeedAction => ({
  type: 'play',
  slot: slotIndex,
  handle: mine[slotIndex]!.top!.handle,
  stack: on,
  onTop: stacks[on]!.top!.handle,
});
const legal = [play(0, 0), play(1, 1), play(2, 0)];

let element: FdStressSpeed | null = null;
afterEach(() => {
  document.body.style.background = '';
  element?.remove();
  element = null;
});

async function mount(): Promise<FdStressSpeed> {
  element = document.createElement('fd-stress-speed');
  element.view = view;
  element.mySeat = 0;
  element.names = ['Ann', 'Bob'];
  element.legal = legal;
  element.cardHints = {
    [mine[3]!.top!.handle]: { legal: false, places: [], why: '2♥ goes on neither stack.' },
  } as never;
  document.body.style.margin = '0';
  document.body.append(element);
  await element.updateComplete;
  return element;
}

const root = (el: FdStressSpeed) => el.shadowRoot!;
const rowCards = (el: FdStressSpeed) => Array.from(root(el).querySelectorAll('#my-side fd-card[data-card]'));

test('the row cards that go on a stack are marked and selectable; the others are dimmed', async () => {
  await page.viewport(1000, 800);
  const el = await mount();
  const marks = rowCards(el).map((c) => [c.getAttribute('data-card'), c.className, c.hasAttribute('selectable')]);
  expect(marks).toEqual([
    ['5C', 'legal', true],
    ['QS', 'legal', true],
    ['7D', 'legal', true],
    ['2H', 'illegal', false],
  ]);
  // The ring is drawn: a playable card's face has a box shadow the dimmed one lacks.
  const ring = (c: Element) => getComputedStyle(c.shadowRoot!.querySelector('[part="card"]')!).boxShadow;
  expect(ring(rowCards(el)[0]!)).toContain('126, 226, 168');
  // Dimmed by darkening, not opacity (its ink keeps 4.5:1 with the felt behind it).
  expect(getComputedStyle(rowCards(el)[3]!).filter).toContain('brightness(0.75)');
  expect(getComputedStyle(rowCards(el)[3]!).opacity).toBe('1');
  expect(getComputedStyle(rowCards(el)[0]!).filter).toBe('none');
  // The other player's row is not marked.
  expect(Array.from(root(el).querySelectorAll('#side-1 fd-card[data-card]')).map((c) => c.className)).toEqual([
    '',
    '',
    '',
    '',
  ]);
});

test('a play that lost its race flashes its slot and names who got there first', async () => {
  await page.viewport(1000, 800);
  const el = await mount();
  const sent: SpeedAction[] = [];
  el.addEventListener(ActEvent.type, (e) => sent.push((e as ActEvent<SpeedAction>).action));
  rowCards(el)[1]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.click();
  expect(sent).toEqual([play(1, 1)]);
  expect(root(el).querySelector('#bounced')).toBeNull();
  el.myBounces = 1;
  await el.updateComplete;
  const note = root(el).querySelector('#bounced')!;
  expect(note.textContent).toBe('Too late: Bob got there first. Your card is back in your row.');
  expect(note.getAttribute('role')).toBe('alert');
  expect(getComputedStyle(note).borderTopColor).toBe('rgb(255, 163, 156)');
  const flashing = root(el).querySelector('#my-side .slot.bounced');
  expect(flashing?.getAttribute('data-slot')).toBe('1');
  expect(getComputedStyle(flashing!, '::after').animationName).toBe('lost-flash');
  // The flash fades a layer's opacity (the compositor runs it alone); the slot itself only shakes back.
  const moving = root(el)
    .getAnimations()
    .map((a) => [
      (a as CSSAnimation).animationName,
      [...new Set((a.effect as KeyframeEffect).getKeyframes().flatMap((k) => Object.keys(k)))]
        .filter((p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p))
        .sort(),
    ]);
  expect(moving).toContainEqual(['lost-flash', ['opacity']]);
  expect(moving).toContainEqual(['bounce-back', ['transform']]);
  expect(moving.every(([, props]) => (props as string[]).every((p) => p === 'opacity' || p === 'transform'))).toBe(
    true,
  );
});

test('what happens is read out; the standing hint and a play on its way are shown, not read out after every play', async () => {
  const el = await mount();
  const note = root(el).querySelector('#speed-note')!;
  const live = () => root(el).querySelector('#speed-note [aria-live]');
  expect(note.getAttribute('aria-live')).toBeNull();
  expect(live()?.textContent?.trim()).toBe('');
  expect(note.textContent).toContain('Play one up or one down');
  el.pending = 1;
  await el.updateComplete;
  expect(note.textContent).toContain('Playing…');
  expect(live()?.textContent?.trim()).toBe('');
  el.myBounces = 1;
  await el.updateComplete;
  expect(live()?.textContent).toContain('Too late: Bob got there first.');
  expect(note.textContent).not.toContain('Playing…');
});

describe.each([
  [360, 640],
  [390, 844],
])('a %i×%i phone', (width, height) => {
  test('both rows, both stacks and the Stress! button lie inside the width', async () => {
    await page.viewport(width, height);
    const el = await mount();
    const parts = [...root(el).querySelectorAll('.side fd-card, .stack, #stress, .pile')] as HTMLElement[];
    expect(parts.length).toBeGreaterThan(12);
    // The page's own padding on a phone (fd-app's main: 0.5rem each side) is left for.
    const outside = parts
      .map((p) => ({ what: p.id || p.getAttribute('data-card') || p.className, box: p.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > width - 8)
      .map(({ what, box }) => `${what}: ${Math.round(box.left)}–${Math.round(box.right)}`);
    expect(outside).toEqual([]);
    expect(el.getBoundingClientRect().height).toBeLessThan(height - 150);
  });
});

/** The table's states that light or add something: each must stay readable on the felt (axe, serious or worse). */
const LIT: readonly [string, (el: FdStressSpeed) => void][] = [
  [
    'a stress to call (the Stress! button lit)',
    (el) => {
      el.view = { ...view, stressable: true };
      el.legal = [...legal, { type: 'stress', tops: [stacks[0]!.top!.handle, stacks[1]!.top!.handle] }];
    },
  ],
  [
    'a play that lost its race (the red band)',
    (el) => {
      rowCards(el)[1]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.click();
      el.myBounces = 1;
    },
  ],
  ['a stalemate (the countdown)', (el) => (el.view = { ...view, stalemate: { kind: 'deal', seats: [0, 1] } })],
  ['a stress called', (el) => (el.view = { ...view, lastStress: { caller: 1, taker: 0 } })],
  ['a blocked hand', (el) => (el.view = { ...view, blocked: true })],
  ['a winner', (el) => (el.view = { ...view, winner: 0 })],
];

describe.each(LIT)('%s', (_state, light) => {
  test('is readable on the felt on a phone and on a desktop', async () => {
    const el = await mount();
    light(el);
    await el.updateComplete;
    // The table sits on the felt (fd-app paints a gradient of it; its lighter end is the harder case for light text).
    document.body.style.background = '#0f5132';
    for (const [width, height] of [
      [360, 640],
      [1000, 800],
    ] as const) {
      await page.viewport(width, height);
      await animationsSettled();
      const results = await axe.run(el, { resultTypes: ['violations'] });
      expect(describeViolations(blockingViolations(results.violations)), `${width}×${height}`).toBe('');
    }
  });
});

test('the focused row card keeps the focus when its slot shows its next card, and hands it on when the slot empties', async () => {
  await page.viewport(1000, 800);
  const el = await mount();
  rowCards(el)[1]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.focus(); // Q♠
  const withRow = (row: SlotView[]): SpeedView => ({
    ...view,
    seats: [{ ...view.seats[0]!, row }, view.seats[1]!],
  });
  el.view = withRow([mine[0]!, slot('8D'), mine[2]!, mine[3]!]);
  await el.updateComplete;
  expect(root(el).activeElement?.getAttribute('data-card')).toBe('8D');
  el.view = withRow([mine[0]!, { top: null, cards: [] }, mine[2]!, mine[3]!]);
  await el.updateComplete;
  await new Promise(requestAnimationFrame);
  expect(rowCards(el).map((c) => c.getAttribute('data-card'))).toEqual(['5C', '7D', '2H']);
  expect(root(el).activeElement).toBe(rowCards(el)[1]);
});

test('with a stress to call, the Stress! button can be pressed', async () => {
  const el = await mount();
  LIT[0]![1](el);
  await el.updateComplete;
  expect(root(el).querySelector<HTMLButtonElement>('#stress')!.disabled).toBe(false);
});

test('a card that goes on both stacks lights them as named buttons; Enter on one plays the card there', async () => {
  const el = await mount();
  el.legal = [...legal, play(0, 1)];
  await el.updateComplete;
  const stackOf = (i: number) => root(el).querySelector<HTMLElement>(`#stack-${i}`)!;
  expect(stackOf(0).getAttribute('role')).toBeNull();
  const sent: SpeedAction[] = [];
  el.addEventListener(ActEvent.type, (e) => sent.push((e as ActEvent<SpeedAction>).action));
  rowCards(el)[0]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.click();
  await el.updateComplete;
  expect(sent).toEqual([]);
  expect([0, 1].map((i) => [stackOf(i).getAttribute('role'), stackOf(i).getAttribute('aria-label')])).toEqual([
    ['button', 'Play on the left stack'],
    ['button', 'Play on the right stack'],
  ]);
  stackOf(1).focus();
  stackOf(1).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
  expect(sent).toEqual([play(0, 1)]);
  await el.updateComplete;
  expect(stackOf(1).getAttribute('role')).toBeNull();
});
