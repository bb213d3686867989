/**
 * The Pesten table element in Chromium, fed a view, legal moves and card
 * hints from the real rules (a fixed deal played through the engine): the
 * hand cards the rules let me play are marked legal, the others dimmed; a
 * seat without a name on the roster reads "Seat N"; and the table's keys
 * (D draw, a number then Enter play that card, S the other sort order) act
 * when pressed on the page but do nothing while the player types the same
 * keys in a text field. The keyboard's place in my hand is kept when the
 * card that had it is played.
 */
import { expect, test } from 'vitest';
import { pestenModule } from '../../src/games/pesten/index.js';
import type { PestenAction } from '../../src/games/pesten/actions.js';
import type { PestenView } from '../../src/games/pesten/views.js';
import type { CardHint } from '../../src/games/card-hints.js';
import { SortHandEvent } from '../../components/events.js';
import '../../components/fd-pesten.js';
import type { FdPesten } from '../../components/fd-pesten.js';
import { mount, text } from './mount.js';
import { PESTEN_DEAL, pressIn, seatTable, sentBy, showSeatTable } from './game-table.js';
import { animationsIn, described, offCompositor } from './compositor.js';

async function table(seat: number, names: string[]) {
  const { view, legal, cardHints } = seatTable(
    pestenModule,
    { seats: 3, dealer: 0, deal: PESTEN_DEAL, actions: [] },
    seat,
  );
  const el = document.createElement('fd-pesten');
  Object.assign(el, {
    view: view as PestenView,
    legal: legal as PestenAction[],
    cardHints: cardHints as Record<number, CardHint>,
    mySeat: seat,
    names,
  });
  return mount(el);
}

const hand = (el: FdPesten) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('#my-hand fd-card')];

test('on my turn the cards the rules allow are marked legal; the others are dimmed and say why', async () => {
  const el = await table(2, ['Ann', 'Bob', 'Cleo']);
  // Sorted by suit (♣ ♦ ♥ ♠).
  expect(hand(el).map((c) => [c.dataset['card'], c.dataset['legal'], c.className])).toEqual([
    ['6C', 'no', 'illegal'],
    ['9D', 'no', 'illegal'],
    ['7H', 'yes', 'legal'],
    ['3S', 'no', 'illegal'],
    ['4S', 'no', 'illegal'],
  ]);
  hand(el)[0]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.click();
  await el.updateComplete;
  expect(text(el.shadowRoot!.querySelector('#why'))).toBe('6♣ does not go on 5♥: play a ♥ or a 5, a J or a joker.');
});

test('the card played with the focus hands it to the card now in its place', async () => {
  const el = await table(2, ['Ann', 'Bob', 'Cleo']);
  hand(el)[2]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.focus(); // 7♥
  await showSeatTable(
    el,
    pestenModule,
    { seats: 3, dealer: 0, deal: PESTEN_DEAL, actions: [{ seat: 2, type: 'play', card: '7H' }] },
    2,
    () => hand(el),
  );
  expect(hand(el).map((c) => c.dataset['card'])).toEqual(['6C', '9D', '3S', '4S']);
  expect(el.shadowRoot!.activeElement).toBe(hand(el)[2]);
});

test('a seat without a name on the roster reads "Seat N"; the named ones, their names', async () => {
  const el = await table(0, ['Ann', 'Bob']);
  expect([...el.shadowRoot!.querySelectorAll('#scores [data-seat]')].map(text)).toEqual(['Ann 0', 'Bob 0', 'Seat 3 0']);
  expect(text(el.shadowRoot!.querySelector('#status'))).toBe('Seat 3 to play.');
});

test('D draws on the page, but is only a letter while typing in a text field', async () => {
  const el = await table(2, ['Ann', 'Bob', 'Cleo']);
  const sent = sentBy<PestenAction>(el);
  expect(await pressIn('field', 'd')).toBe('d');
  expect(sent).toEqual([]);
  await pressIn('page', 'd');
  expect(sent).toEqual([{ type: 'draw' }]);
});

test('3 then Enter plays the third card on the page, but not while typing in a text field', async () => {
  const el = await table(2, ['Ann', 'Bob', 'Cleo']);
  const sent = sentBy<PestenAction>(el);
  expect(await pressIn('field', '3{Enter}')).toBe('3');
  await el.updateComplete;
  expect(hand(el).some((c) => c.hasAttribute('selected'))).toBe(false);
  expect(sent).toEqual([]);
  await pressIn('page', '3');
  await el.updateComplete;
  expect(hand(el).map((c) => c.hasAttribute('selected'))).toEqual([false, false, true, false, false]);
  await pressIn('page', '{Enter}');
  expect(sent).toEqual([{ type: 'play', handle: 10, card: '7H' }]);
  await el.updateComplete;
  expect(hand(el).some((c) => c.hasAttribute('selected'))).toBe(false);
});

test('S asks for the hand sorted the other way on the page, not while typing', async () => {
  const el = await table(2, ['Ann', 'Bob', 'Cleo']);
  const asked: string[] = [];
  el.addEventListener(SortHandEvent.type, (e) => asked.push((e as SortHandEvent).by));
  expect(text(el.shadowRoot!.querySelector('#sort'))).toBe('Sort by rank (S)');
  await pressIn('field', 's');
  expect(asked).toEqual([]);
  await pressIn('page', 's');
  expect(asked).toEqual(['rank']);
  // The shell answers with the new order: the hand is sorted by rank and the button offers suit.
  el.sortHandBy = 'rank';
  await el.updateComplete;
  expect(hand(el).map((c) => c.dataset['card'])).toEqual(['3S', '4S', '6C', '7H', '9D']);
  expect(text(el.shadowRoot!.querySelector('#sort'))).toBe('Sort by suit (S)');
});

test('my turn glows round my hand with what the compositor runs alone, never a shadow repainted every frame', async () => {
  const el = await table(2, ['Ann', 'Bob', 'Cleo']);
  const glow = animationsIn(el.shadowRoot!).filter((a) => (a as CSSAnimation).animationName === 'glow');
  expect(glow, 'my turn glows').toHaveLength(1);
  expect(glow.map(offCompositor), glow.map(described).join()).toEqual([[]]);
});
