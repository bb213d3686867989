/**
 * The School Blackjack table element in Chromium, fed a view, legal moves
 * and card hints from the real rules (a fixed deal played through the
 * engine): the hand cards the rules let me play now are marked legal and
 * pickable, a refused one says why; a seat without a name on the roster
 * reads "Seat N"; and the table's keys (D draw, 1–9 play the n-th playable
 * card, a suit letter for an ace, O the other sort order) act when pressed
 * on the page but do nothing while the player types them in a text field.
 * The keyboard's place in my hand is kept when the card that had it is played.
 */
import { expect, test } from 'vitest';
import { schoolBlackjackModule } from '../../src/games/school-blackjack/index.js';
import type { BlackjackAction, BlackjackView } from '../../src/games/school-blackjack/index.js';
import type { CardHint } from '../../src/games/card-hints.js';
import { SortHandEvent } from '../../components/events.js';
import '../../components/fd-school-blackjack.js';
import type { FdSchoolBlackjack } from '../../components/fd-school-blackjack.js';
import { mount, text } from './mount.js';
import { pressIn, seatTable, sentBy, showSeatTable } from './game-table.js';
import { animationsIn, described, offCompositor } from './compositor.js';

// Two seats, dealer 1: seat 0 starts on the 7♣ with A♣ (an ace goes on anything), 9♠, 7♦ and 8♣.
const deal = {
  seats: [{ hand: ['Ac', '9s', '7d', '8c'] }, { hand: ['5c', '5d', 'Ah'] }],
  pile: ['7c'],
};

async function table(seat: number, names: string[]) {
  const { view, legal, cardHints } = seatTable(schoolBlackjackModule, { seats: 2, dealer: 1, deal, actions: [] }, seat);
  const el = document.createElement('fd-school-blackjack');
  Object.assign(el, {
    view: view as BlackjackView,
    legal: legal as BlackjackAction[],
    cardHints: cardHints as Record<number, CardHint>,
    mySeat: seat,
    names,
  });
  return mount(el);
}

const hand = (el: FdSchoolBlackjack) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('#my-hand fd-card')];

test('on my turn the cards the rules allow are marked legal and pickable; a refused one says why', async () => {
  const el = await table(0, ['Ann', 'Bob']);
  // Sorted by suit (♣ ♦ ♥ ♠), 2 … A within a suit.
  expect(hand(el).map((c) => [c.dataset['card'], c.dataset['legal'], c.hasAttribute('selectable')])).toEqual([
    ['8C', 'yes', true],
    ['AC', 'yes', true],
    ['7D', 'yes', true],
    ['9S', 'no', false],
  ]);
  const sent = sentBy<BlackjackAction>(el);
  hand(el)[3]!.click();
  await el.updateComplete;
  expect(sent).toEqual([]);
  expect(text(el.shadowRoot!.querySelector('#why'))).toBe(
    '9♠: 9♠ matches neither the suit nor the rank of 7♣ (an ace goes on anything).',
  );
});

test('the card played with the focus hands it to the card now in its place', async () => {
  const el = await table(0, ['Ann', 'Bob']);
  hand(el)[0]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.focus(); // 8♣
  await showSeatTable(
    el,
    schoolBlackjackModule,
    { seats: 2, dealer: 1, deal, actions: [{ seat: 0, type: 'play', card: '8c' }] },
    0,
    () => hand(el),
  );
  expect(hand(el).map((c) => c.dataset['card'])).toEqual(['AC', '7D', '9S']);
  expect(el.shadowRoot!.activeElement).toBe(hand(el)[0]);
});

test('a seat without a name on the roster reads "Seat N"; a named one, its name', async () => {
  const unnamed = await table(1, ['', 'Bob']);
  expect(text(unnamed.shadowRoot!.querySelector('#turn'))).toBe('Seat 1 to play');
  unnamed.remove();
  const named = await table(1, ['Ann', 'Bob']);
  expect(text(named.shadowRoot!.querySelector('#turn'))).toBe('Ann to play');
});

test('D draws on the page, but is only a letter while typing in a text field', async () => {
  const el = await table(0, ['Ann', 'Bob']);
  const sent = sentBy<BlackjackAction>(el);
  expect(await pressIn('field', 'd')).toBe('d');
  expect(sent).toEqual([]);
  await pressIn('page', 'd');
  expect(sent).toEqual([{ type: 'draw' }]);
});

test('1 plays the first playable card; 2 picks the ace and H names hearts; typed in a field, nothing', async () => {
  const el = await table(0, ['Ann', 'Bob']);
  const sent = sentBy<BlackjackAction>(el);
  expect(await pressIn('field', '2h1')).toBe('2h1');
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('#suit-picker')).toBeNull();
  expect(sent).toEqual([]);
  await pressIn('page', '2');
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('#suit-picker')).not.toBeNull();
  await pressIn('page', 'h');
  expect(sent).toEqual([{ type: 'play', handle: 0, card: 'AC', suit: 'H' }]);
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('#suit-picker')).toBeNull();
  await pressIn('page', '1');
  expect(sent.at(-1)).toEqual({ type: 'play', handle: 3, card: '8C' });
});

test('O asks for the hand sorted the other way on the page, not while typing', async () => {
  const el = await table(0, ['Ann', 'Bob']);
  const asked: string[] = [];
  el.addEventListener(SortHandEvent.type, (e) => asked.push((e as SortHandEvent).by));
  await pressIn('field', 'o');
  expect(asked).toEqual([]);
  await pressIn('page', 'o');
  expect(asked).toEqual(['rank']);
  el.sortHandBy = 'rank';
  await el.updateComplete;
  expect(hand(el).map((c) => c.dataset['card'])).toEqual(['7D', '8C', '9S', 'AC']);
  expect(text(el.shadowRoot!.querySelector('#sort'))).toBe('Sort by suit (O)');
});

test('while cards are on their way my turn says so and offers no move; the other page keeps its turn line', async () => {
  const mine = await table(0, ['Ann', 'Bob']);
  Object.assign(mine, { busy: true, legal: [] });
  await mine.updateComplete;
  expect(text(mine.shadowRoot!.querySelector('#turn'))).toBe('Your turn — one moment, cards are on their way…');
  expect(hand(mine).filter((c) => c.hasAttribute('selectable'))).toEqual([]);
  expect(mine.shadowRoot!.querySelector('#draw')).toBeNull();
  const theirs = await table(1, ['Ann', 'Bob']);
  Object.assign(theirs, { busy: true, legal: [] });
  await theirs.updateComplete;
  expect(text(theirs.shadowRoot!.querySelector('#turn'))).toBe('Ann to play');
});

test('my turn starts with a pulse round the banner that the compositor runs alone, never a shadow repainted every frame', async () => {
  const el = await table(0, ['Ann', 'Bob']);
  const pulse = animationsIn(el.shadowRoot!).filter((a) => (a as CSSAnimation).animationName === 'pulse');
  expect(pulse, 'my turn pulses').toHaveLength(1);
  expect(pulse.map(offCompositor), pulse.map(described).join()).toEqual([[]]);
});
