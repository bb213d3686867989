/**
 * The Stress (shedding) table element in Chromium, fed a view, legal moves
 * and card hints from the real rules (a fixed deal played through the
 * engine): the hand cards the rules let me play are marked legal and can be
 * picked, the others are dimmed and cannot; a seat without a name on the
 * roster reads "Seat N"; and the table's keys (R ready, P play the picked
 * cards) act when pressed on the page but do nothing while the player types
 * the same letter in a text field, and only while the table is on the page.
 * The keyboard's place in my hand is kept when the card that had it is
 * played, or Play is disabled under it; a pointer's focus is not carried.
 */
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { stressShedModule } from '../../src/games/stress-shed/index.js';
import type { StressAction } from '../../src/games/stress-shed/actions.js';
import type { StressView } from '../../src/games/stress-shed/views.js';
import type { CardHint } from '../../src/games/card-hints.js';
import '../../components/fd-stress-shed.js';
import type { FdStressShed } from '../../components/fd-stress-shed.js';
import { mount, text } from './mount.js';
import { keyboardFocus, pressIn, SHED_DEAL, SHED_READY, seatTable, sentBy, showSeatTable } from './game-table.js';

// After both are ready seat 1 is to play on the 9♥; the rules let it play 5♦ or 2♥ from its hand, not 9♠ or K♥.
const deal = SHED_DEAL;
const ready = SHED_READY;

async function table(seat: number, actions: { seat: number; type: string }[], names: string[]) {
  const { view, legal, cardHints } = seatTable(stressShedModule, { seats: 2, deal, actions }, seat);
  const el = document.createElement('fd-stress-shed');
  Object.assign(el, {
    view: view as StressView,
    legal: legal as StressAction[],
    cardHints: cardHints as Record<number, CardHint>,
    mySeat: seat,
    names,
    seatOrder: [seat, 1 - seat],
  });
  return mount(el);
}

const hand = (el: FdStressShed) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('#my-hand fd-card')];
/** Seat 1's table once it has played its 5♦ (from `ready`), drawn. */
const playFiveOfDiamonds = (el: FdStressShed) =>
  showSeatTable(
    el,
    stressShedModule,
    { seats: 2, deal, actions: [...ready, { seat: 1, type: 'play', cards: ['5D'] }] },
    1,
    () => hand(el),
  );
const tap = (card: HTMLElement) => card.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!.click();

test('on my turn the hand cards the rules allow are marked and can be picked; the others are dimmed', async () => {
  const el = await table(1, ready, ['Ann', 'Bob']);
  expect(
    hand(el).map((c) => [
      c.dataset['card'],
      c.dataset['legal'],
      c.classList.contains('legal'),
      c.hasAttribute('selectable'),
    ]),
  ).toEqual([
    ['5D', 'yes', true, true],
    ['2H', 'yes', true, true],
    ['KH', 'no', false, false],
    ['9S', 'no', false, false],
  ]);
  // The face-up cards wait for the hand to be empty: not pickable now.
  const faceUp = [...el.shadowRoot!.querySelectorAll<HTMLElement>('#my-face-up fd-card')];
  expect(faceUp.map((c) => [c.dataset['legal'], c.hasAttribute('selectable')])).toEqual(
    faceUp.map(() => ['no', false]),
  );
  // A dimmed card says why when tapped, in the rules' words.
  tap(hand(el)[3]!);
  await el.updateComplete;
  expect(text(el.shadowRoot!.querySelector('#why'))).toBe(
    '9♠ does not beat 9♥: play an equal or higher card, a 2 or a 3 (or pick up the stack).',
  );
});

test('a picked card shows the ring of a picked card, not the playable mark of the others', async () => {
  const el = await table(1, ready, ['Ann', 'Bob']);
  const ring = (card: HTMLElement) => getComputedStyle(card.shadowRoot!.querySelector('[part="card"]')!).boxShadow;
  const [picked, other] = hand(el);
  const playable = ring(other!);
  tap(picked!);
  await el.updateComplete;
  await (picked as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  expect(picked!.hasAttribute('selected')).toBe(true);
  // The picked ring is the accent gold (#f2c14e), the playable mark stays on the card not picked.
  expect(ring(picked!)).toContain('rgb(242, 193, 78)');
  expect(ring(other!)).toBe(playable);
  expect(ring(picked!)).not.toBe(playable);
});

test('a seat without a name on the roster reads "Seat N"; a named one, its name', async () => {
  const unnamed = await table(0, ready, ['Ann']);
  expect(text(unnamed.shadowRoot!.querySelector('#status'))).toBe('Seat 2 to play.');
  unnamed.remove();
  const named = await table(0, ready, ['Ann', 'Bob']);
  expect(text(named.shadowRoot!.querySelector('#status'))).toBe('Bob to play.');
});

test('R is Ready on the page, but only a letter while typing in a text field', async () => {
  const el = await table(0, [], ['Ann', 'Bob']);
  const sent = sentBy<StressAction>(el);
  expect(await pressIn('field', 'r')).toBe('r');
  expect(sent).toEqual([]);
  await pressIn('page', 'r');
  expect(sent).toEqual([{ type: 'ready', swaps: [] }]);
});

test('P plays the picked card on the page, but not while typing in a text field', async () => {
  const el = await table(1, ready, ['Ann', 'Bob']);
  const sent = sentBy<StressAction>(el);
  tap(hand(el)[0]!); // 5♦
  await el.updateComplete;
  expect(hand(el)[0]!.hasAttribute('selected')).toBe(true);
  expect(await pressIn('field', 'p')).toBe('p');
  expect(sent).toEqual([]);
  await pressIn('page', 'p');
  expect(sent).toEqual([{ type: 'play', cards: [{ handle: 20, card: '5D' }] }]);
  await el.updateComplete;
  // Sending the move clears the pick.
  expect(hand(el).some((c) => c.hasAttribute('selected'))).toBe(false);
});

test('the card played with the focus hands it to the card now in its place, an image until my turn', async () => {
  const el = await table(1, ready, ['Ann', 'Bob']);
  await keyboardFocus(hand(el)[0]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!); // 5♦
  await playFiveOfDiamonds(el);
  // The hand is now 2♣ (drawn), 2♥, K♥, 9♠: the first place is 2♣'s.
  const focused = el.shadowRoot!.activeElement as HTMLElement | null;
  expect(hand(el).map((c) => c.dataset['card'])).toEqual(['2C', '2H', 'KH', '9S']);
  expect(focused).toBe(hand(el)[0]);
  expect(focused?.shadowRoot!.activeElement?.getAttribute('role')).toBe('img');
  expect(document.activeElement).toBe(el);
});

test('a card a pointer clicked is not carried on when played: the focus stays where the click left it', async () => {
  const el = await table(1, ready, ['Ann', 'Bob']);
  const control = hand(el)[0]!.shadowRoot!.querySelector<HTMLElement>('[role="button"]')!; // 5♦
  await userEvent.click(control);
  expect(document.activeElement).toBe(el);
  expect(control.matches(':focus-visible')).toBe(false);
  await playFiveOfDiamonds(el);
  await new Promise(requestAnimationFrame);
  expect(el.shadowRoot!.activeElement).toBeNull();
});

test('Play, disabled once the move is sent, hands the focus to the first card of my hand', async () => {
  const el = await table(1, ready, ['Ann', 'Bob']);
  tap(hand(el)[0]!); // 5♦
  await el.updateComplete;
  const play = el.shadowRoot!.querySelector<HTMLButtonElement>('#play')!;
  await keyboardFocus(play);
  expect(el.shadowRoot!.activeElement).toBe(play);
  await playFiveOfDiamonds(el);
  expect(play.disabled).toBe(true);
  expect(el.shadowRoot!.activeElement).toBe(hand(el)[0]);
});

test('a table taken off the page stops acting on keys, and acts again when put back', async () => {
  const el = await table(0, [], ['Ann', 'Bob']);
  const sent = sentBy<StressAction>(el);
  el.remove();
  await pressIn('page', 'r');
  expect(sent).toEqual([]);
  document.body.append(el);
  await el.updateComplete;
  await pressIn('page', 'r');
  expect(sent).toEqual([{ type: 'ready', swaps: [] }]);
  el.remove();
});

test('while cards are on their way my turn says so and offers no card; the other page keeps its turn line', async () => {
  const mine = await table(1, ready, ['Ann', 'Bob']);
  Object.assign(mine, { busy: true, legal: [] });
  await mine.updateComplete;
  expect(text(mine.shadowRoot!.querySelector('#status'))).toBe('Your turn — one moment, cards are on their way…');
  expect(hand(mine).filter((c) => c.hasAttribute('selectable'))).toEqual([]);
  const theirs = await table(0, ready, ['Ann', 'Bob']);
  Object.assign(theirs, { busy: true, legal: [] });
  await theirs.updateComplete;
  expect(text(theirs.shadowRoot!.querySelector('#status'))).toBe('Bob to play.');
});
