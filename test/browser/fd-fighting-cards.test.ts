/**
 * The Fighting Cards table element in Chromium, fed a view, legal moves and
 * card hints from the real rules (a fixed deal played through the engine):
 * in a trick the cards the rules let me play (following suit) are marked
 * legal and pickable, the others are not and say why; a seat without a name
 * on the roster reads "Seat N"; and the table's keys (P pass, ↑ and B bid,
 * 0–9 play the n-th card) act when pressed on the page but do nothing while
 * the player types the same keys in a text field. The keyboard's place in
 * my hand is kept when the card that had it is played.
 */
import { expect, test } from 'vitest';
import { fightingCardsModule } from '../../src/games/fighting-cards/index.js';
import type { FightingAction } from '../../src/games/fighting-cards/actions.js';
import type { FightingView } from '../../src/games/fighting-cards/views.js';
import type { CardHint } from '../../src/games/card-hints.js';
import '../../components/fd-fighting-cards.js';
import type { FdFightingCards } from '../../components/fd-fighting-cards.js';
import { mount, text } from './mount.js';
import { pressIn, seatTable, sentBy, showSeatTable } from './game-table.js';

const deal = {
  seats: [
    { hand: ['JH', '8H', 'AD', 'KD', 'QD', 'JD', '10D', '9D', '8D', '7D'] },
    { hand: ['7H', 'AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AC'] },
    { hand: ['10H', '9H', 'AH', 'KH', 'QH', 'KC', 'QC', 'JC', '10C', '9C'] },
  ],
  skat: ['8C', '7C'],
};
// Seat 2 wins the auction at 21, plays hand with spades as trumps; seat 0 leads 8♥. Seat 1 holds one heart, 7♥,
// and must follow with it.
const toTheTrick = [
  { seat: 1, type: 'pass' },
  { seat: 2, type: 'bid', bid: 21 },
  { seat: 0, type: 'pass' },
  { seat: 1, type: 'pass' },
  { seat: 2, type: 'hand' },
  { seat: 2, type: 'trump', suit: 'S' },
  { seat: 0, type: 'play', card: '8H' },
];

async function table(actions: { seat: number; type: string }[], names: string[]) {
  const { view, legal, cardHints } = seatTable(fightingCardsModule, { seats: 3, dealer: 0, deal, actions }, 1);
  const el = document.createElement('fd-fighting-cards');
  Object.assign(el, {
    view: view as FightingView,
    legal: legal as FightingAction[],
    cardHints: cardHints as Record<number, CardHint>,
    mySeat: 1,
    names,
  });
  return mount(el);
}

const hand = (el: FdFightingCards) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('#my-hand fd-card')];

test('in a trick only the cards that follow suit are marked legal and pickable; another says why', async () => {
  const el = await table(toTheTrick, ['Ann', 'Bob', 'Cleo']);
  // Trumps first, then ♣ ♥ ♦.
  expect(hand(el).map((c) => c.dataset['card'])).toEqual(['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AC', '7H']);
  expect(hand(el).flatMap((c) => (c.dataset['legal'] === 'yes' ? [c.dataset['card']] : []))).toEqual(['7H']);
  expect(hand(el).flatMap((c) => (c.hasAttribute('selectable') ? [c.dataset['card']] : []))).toEqual(['7H']);
  expect(hand(el).flatMap((c) => (c.classList.contains('illegal') ? [] : [c.dataset['card']]))).toEqual(['7H']);
  const sent = sentBy<FightingAction>(el);
  hand(el)[0]!.click();
  await el.updateComplete;
  expect(sent).toEqual([]);
  expect(text(el.shadowRoot!.querySelector('#notice'))).toBe(
    'You must follow hearts ♥: you hold ♥, so play one of them, not a trump ♠.',
  );
});

test('the last card played with the focus hands it to the card now last', async () => {
  const el = await table(toTheTrick, ['Ann', 'Bob', 'Cleo']);
  hand(el)[9]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.focus(); // 7♥
  await showSeatTable(
    el,
    fightingCardsModule,
    { seats: 3, dealer: 0, deal, actions: [...toTheTrick, { seat: 1, type: 'play', card: '7H' }] },
    1,
    () => hand(el),
  );
  expect(hand(el).map((c) => c.dataset['card'])).toEqual(['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AC']);
  expect(el.shadowRoot!.activeElement).toBe(hand(el)[8]);
});

test('a seat without a name on the roster reads "Seat N"; a named one, its name', async () => {
  const el = await table(toTheTrick, ['', 'Bob']);
  expect(text(el.shadowRoot!.querySelector('#contract'))).toMatch(/^Seat 3 plays 21 hand/);
  expect(text(el.shadowRoot!.querySelector('#trick .slot[data-seat="0"]'))).toBe('Seat 1');
  expect(text(el.shadowRoot!.querySelector('#my-area h4'))).toMatch(/^Bob \(you\)/);
});

test('P passes in the auction on the page, but is only a letter while typing in a text field', async () => {
  const el = await table([], ['Ann', 'Bob', 'Cleo']);
  const sent = sentBy<FightingAction>(el);
  expect(await pressIn('field', 'p')).toBe('p');
  expect(sent).toEqual([]);
  await pressIn('page', 'p');
  expect(sent).toEqual([{ type: 'pass' }]);
});

test('↑ then B bids one more on the page; typed in a text field they bid nothing', async () => {
  const el = await table([], ['Ann', 'Bob', 'Cleo']);
  const sent = sentBy<FightingAction>(el);
  expect(await pressIn('field', '{ArrowUp}b')).toBe('b');
  expect(sent).toEqual([]);
  await pressIn('page', '{ArrowUp}b');
  expect(sent).toEqual([{ type: 'bid', bid: 22 }]);
});

test('0 plays the tenth card on the page (7♥), but not while typing in a text field', async () => {
  const el = await table(toTheTrick, ['Ann', 'Bob', 'Cleo']);
  const sent = sentBy<FightingAction>(el);
  expect(await pressIn('field', '0')).toBe('0');
  expect(sent).toEqual([]);
  await pressIn('page', '0');
  expect(sent).toEqual([{ type: 'play', handle: 10, card: '7H' }]);
});
