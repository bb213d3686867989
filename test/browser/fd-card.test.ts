/**
 * A card in Chromium: it animates in once, when it first appears. Becoming
 * a button (its owner's turn: it may be chosen, or it says why not) and
 * becoming a plain image again does not start its entrance over, so a hand
 * does not flicker in again at every turn, and the page does not repaint it
 * for nothing. Choosing a card moves only what the compositor moves alone.
 * A card with the focus keeps it through those changes.
 */
import { expect, test } from 'vitest';
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

test('turning into a button and back keeps the face: its nodes stay, only what a reader meets changes', async () => {
  const el = await mount(Object.assign(document.createElement('fd-card'), { card: '7S' }));
  const face = el.shadowRoot!.querySelector('.card')!;
  const parts = [...face.querySelectorAll('span')];
  for (const [selectable, note, control] of [
    [true, 'playable', 'button'],
    [false, 'not playable', 'button'],
    [false, '', 'img'],
  ] as const) {
    el.selectable = selectable;
    el.note = note;
    await el.updateComplete;
    const shown = el.shadowRoot!.querySelector('.control')!;
    expect(shown.localName === 'button' ? 'button' : shown.getAttribute('role')).toBe(control);
    expect(el.shadowRoot!.querySelector('.card'), `selectable ${selectable}, note "${note}"`).toBe(face);
    expect([...face.querySelectorAll('span')]).toEqual(parts);
  }
});

test('a card with the focus keeps it when the turn passes and comes back; one without takes none', async () => {
  const [el, other] = await Promise.all(
    ['7S', 'KH'].map((card) =>
      mount(Object.assign(document.createElement('fd-card'), { card, selectable: true, note: 'playable' })),
    ),
  );
  el!.shadowRoot!.querySelector('button')!.focus();
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
    expect(shown?.localName === 'button' ? 'button' : shown?.getAttribute('role'), `note "${note}"`).toBe(control);
    expect(document.activeElement).toBe(el);
    expect(other!.shadowRoot!.activeElement).toBeNull();
  }
});

test('a card that can be chosen takes a tap anywhere on its face', async () => {
  const el = await mount(Object.assign(document.createElement('fd-card'), { card: '7S', selectable: true }));
  await settled(el);
  const face = el.shadowRoot!.querySelector<HTMLElement>('.card')!;
  const box = face.getBoundingClientRect();
  const hit = el.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
  expect(hit?.closest('button')).toBe(el.shadowRoot!.querySelector('button'));
  expect(el.shadowRoot!.querySelector('button')!.getBoundingClientRect()).toMatchObject({
    width: box.width,
    height: box.height,
  });
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
