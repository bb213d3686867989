/**
 * A card in Chromium: it animates in once, when it first appears. Becoming
 * a button (its owner's turn: it may be chosen, or it says why not) and
 * becoming a plain image again does not start its entrance over, so a hand
 * does not flicker in again at every turn, and the page does not repaint it
 * for nothing. Choosing a card moves only what the compositor moves alone.
 * A card with the focus keeps it through those changes. As a button it
 * takes Enter and Space as a native button does.
 */
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../components/fd-card.js';
import type { FdCard } from '../../components/fd-card.js';
import { mount } from './mount.js';

/** Every animation running on the card or inside it. */
const running = (el: FdCard) =>
  [...el.getAnimations(), ...el.shadowRoot!.getAnimations()].filter((a) => a.playState === 'running');

async function settled(el: FdCard): Promise<void> {
  await Promise.all([...el.getAnimations(), ...el.shadowRoot!.getAnimations()].map((a) => a.finished));
}

test('a new card animates in once; turning into a button and back starts nothing again', async () => {
  const el = await mount(Object.assign(document.createElement('fd-card'), { card: '7S' }));
  expect(running(el)).toHaveLength(1);
  await settled(el);
  for (const [selectable, note] of [
    [true, 'playable'],
    [false, 'not playable'],
    [false, ''],
  ] as const) {
    el.selectable = selectable;
    el.note = note;
    await el.updateComplete;
    expect(running(el), `selectable ${selectable}, note "${note}"`).toEqual([]);
  }
  expect(el.shadowRoot!.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('7 of spades');
});

test('turning into a button and back keeps its nodes: only the role of what a reader meets changes', async () => {
  const el = await mount(Object.assign(document.createElement('fd-card'), { card: '7S' }));
  const face = el.shadowRoot!.querySelector('.card')!;
  const parts = [...face.querySelectorAll('span')];
  const reader = el.shadowRoot!.querySelector('.control')!;
  for (const [selectable, note, control] of [
    [true, 'playable', 'button'],
    [false, 'not playable', 'button'],
    [false, '', 'img'],
  ] as const) {
    el.selectable = selectable;
    el.note = note;
    await el.updateComplete;
    const shown = el.shadowRoot!.querySelector('.control')!;
    expect(shown.getAttribute('role')).toBe(control);
    expect(shown, `selectable ${selectable}, note "${note}"`).toBe(reader);
    expect(el.shadowRoot!.querySelector('.card'), `selectable ${selectable}, note "${note}"`).toBe(face);
    expect([...face.querySelectorAll('span')]).toEqual(parts);
  }
});

/** Two cards, the first focused as a button; what each card's clicks were. */
async function focusedPair() {
  const cards = await Promise.all(
    ['7S', 'KH'].map((card) =>
      mount(Object.assign(document.createElement('fd-card'), { card, selectable: true, note: 'playable' })),
    ),
  );
  const clicks: string[] = [];
  for (const card of cards) card.addEventListener('click', () => clicks.push(card.card!));
  cards[0]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.focus();
  return { cards, clicks };
}

test('a card with the focus keeps it when the turn passes and comes back; one without takes none', async () => {
  const {
    cards: [el, other],
  } = await focusedPair();
  const held = () => el!.shadowRoot!.activeElement;
  for (const [selectable, note, control] of [
    [false, '', 'img'],
    [false, 'not playable', 'button'],
    [false, '', 'img'],
    [true, 'playable', 'button'],
  ] as const) {
    for (const card of [el!, other!]) Object.assign(card, { selectable, note });
    await Promise.all([el!.updateComplete, other!.updateComplete]);
    const shown = held();
    expect(shown?.getAttribute('role'), `note "${note}"`).toBe(control);
    expect(document.activeElement).toBe(el);
    expect(other!.shadowRoot!.activeElement).toBeNull();
  }
});

test('an image that holds the focus stays in the tab order until the focus goes, then leaves it', async () => {
  const { cards } = await focusedPair();
  const control = (card: FdCard) => card.shadowRoot!.querySelector<HTMLElement>('.control')!;
  for (const card of cards) Object.assign(card, { selectable: false, note: '' });
  await Promise.all(cards.map((card) => card.updateComplete));
  expect(control(cards[0]!).getAttribute('tabindex')).toBe('0');
  expect(control(cards[1]!).hasAttribute('tabindex')).toBe(false);
  control(cards[0]!).blur();
  await cards[0]!.updateComplete;
  expect(control(cards[0]!).hasAttribute('tabindex')).toBe(false);
});

test('a card that can be chosen takes a tap anywhere on its face', async () => {
  const el = await mount(Object.assign(document.createElement('fd-card'), { card: '7S', selectable: true }));
  await settled(el);
  const face = el.shadowRoot!.querySelector<HTMLElement>('.card')!;
  const box = face.getBoundingClientRect();
  const hit = el.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
  const button = el.shadowRoot!.querySelector('[role="button"]')!;
  expect(hit).toBe(button);
  expect(button.getBoundingClientRect()).toMatchObject({
    width: box.width,
    height: box.height,
  });
});

test('Enter and Space on a card that is a button click it, Space when it is let go; on an image they do nothing', async () => {
  const { cards, clicks } = await focusedPair();
  await userEvent.keyboard('{Enter}');
  expect(clicks).toEqual(['7S']);
  await userEvent.keyboard('{ >}');
  expect(clicks, 'Space held down').toEqual(['7S']);
  await userEvent.keyboard('{/ }');
  expect(clicks).toEqual(['7S', '7S']);
  Object.assign(cards[0]!, { selectable: false, note: '' });
  await cards[0]!.updateComplete;
  expect(cards[0]!.shadowRoot!.activeElement?.getAttribute('role')).toBe('img');
  await userEvent.keyboard('{Enter} ');
  expect(clicks, 'an image').toEqual(['7S', '7S']);
});

test('a Space pressed on a card whose focus then left is no click when it is let go there later', async () => {
  const { cards, clicks } = await focusedPair();
  const control = (i: number) => cards[i]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!;
  await userEvent.keyboard('{ >}');
  control(1).focus();
  control(0).focus();
  await userEvent.keyboard('{/ }');
  expect(clicks).toEqual([]);
});

test('a key that a shortcut takes (preventDefault on window) does not also click the focused card', async () => {
  const { clicks } = await focusedPair();
  const take = (event: KeyboardEvent) => event.preventDefault();
  window.addEventListener('keydown', take);
  try {
    await userEvent.keyboard('{Enter} ');
    expect(clicks).toEqual([]);
  } finally {
    window.removeEventListener('keydown', take);
  }
  await userEvent.keyboard('{Enter}');
  expect(clicks).toEqual(['7S']);
});

test('a card turned face up shows its face without entering again', async () => {
  const el = await mount(Object.assign(document.createElement('fd-card'), { card: null as string | null }));
  await settled(el);
  el.card = 'QH';
  await el.updateComplete;
  expect(running(el)).toEqual([]);
  expect(el.shadowRoot!.querySelector('.card')!.textContent).toContain('Q');
});

test('choosing a card lifts it on the compositor: only its transform moves, its ring shows at once', async () => {
  const el = await mount(Object.assign(document.createElement('fd-card'), { card: '7S', selectable: true }));
  await settled(el);
  el.selected = true;
  await el.updateComplete;
  const moving = running(el).map((a) => (a instanceof CSSTransition ? a.transitionProperty : a.constructor.name));
  expect(moving).toEqual(['transform']);
});
