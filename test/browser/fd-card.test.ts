/**
 * A card in Chromium: it animates in once, when it first appears. Becoming
 * a button (its owner's turn: it may be chosen, or it says why not) and
 * becoming a plain image again does not start its entrance over, so a hand
 * does not flicker in again at every turn, and the page does not repaint it
 * for nothing. Choosing a card moves only what the compositor moves alone.
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
  expect(el.shadowRoot!.querySelector('div[role="img"] .card')).not.toBeNull();
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
