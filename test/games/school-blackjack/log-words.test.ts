/**
 * The words of School Blackjack a player reads, beyond the common cases of
 * describe.test.ts and hints.test.ts: the log line of each way a turn can
 * end with a draw (uncapped, no follower after a 3 or queen, a power card as
 * the last card), several skipped seats named together, a line without a
 * state or for another game's state, and the card probe's reason for every
 * refusal code (an ace's named suit, a card not in hand, a hand not in play,
 * the engine's refusals and the fallback), with the probe's own play shape.
 * Exact strings: they are the contract with the player.
 */
import { describe, expect, test } from 'vitest';
import { describeAction, describeInput } from '../../../src/games/school-blackjack/describe.js';
import { blackjackProbe, blackjackWhy } from '../../../src/games/school-blackjack/hints.js';
import { schoolBlackjack } from '../../../src/games/school-blackjack/index.js';
import { rulesText } from '../../../src/games/school-blackjack/rules-text.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { apply, playAll, playOf, position, type Table } from './helpers.js';

const rest = (cards: string[]) => ({ hand: cards });
// Dealer 1: seat 0 starts, clockwise (descending): 0 → 3 → 2 → 1 with four seats.
const names = ['Ann', 'Dan', 'Cleo', 'Bob'];
const line = (table: Table, seat: number, action: unknown) =>
  describeInput(schoolBlackjack, { kind: 'act', seat, action }, names, table.state);
const four = (hand0: string[], pile: string[]) =>
  position({ seats: [rest(hand0), rest(['7c']), rest(['7h']), rest(['7s'])], pile }, { seats: 4 });

describe('log lines of a finished turn', () => {
  test('a 3 with nothing after it: no follower, draws 1', () => {
    const t = four(['3h', '9c'], ['5h']);
    playAll(t, 0, ['3h']);
    expect(apply(t, 0, { type: 'end' })).toBeNull();
    expect(line(t, 0, { type: 'end' })).toBe(
      'Ann played 3♥ and ends the turn with nothing on its last card and draws 1',
    );
  });

  test('a power card as the last card: the turn ends and draws 1 instead of winning', () => {
    const t = four(['Kh'], ['5h']);
    const king = playOf(t, 'Kh');
    expect(apply(t, 0, king)).toBeNull();
    expect(line(t, 0, king)).toBe(
      'Ann played K♥; direction reversed; that was the last card: Ann ends the turn on a power card and draws 1',
    );
  });

  test('the last card, a plain one after a queen: the win', () => {
    const t = four(['Qh', '9c'], ['5h']);
    playAll(t, 0, ['Qh']);
    const nine = playOf(t, '9c');
    expect(apply(t, 0, nine)).toBeNull();
    expect(line(t, 0, nine)).toBe('Ann played 9♣; Ann wins');
  });

  test('the last card of a step-2 pair: uncapped, draws 1, and the next seat owes nothing', () => {
    const t = four(['9h', '9c'], ['5h']);
    playAll(t, 0, ['9h']);
    const nine = playOf(t, '9c');
    expect(apply(t, 0, nine)).toBeNull();
    expect(line(t, 0, nine)).toBe('Ann played 9♣; that was the last card: Ann ends the turn uncapped and draws 1');
    expect(line(t, 0, playOf(t, '9h'))).toBe('Ann played 9♥');
  });

  test('two 8s: both skipped seats, named together; three 8s: a list', () => {
    const t = four(['8h', '8d', '5s'], ['5h']);
    playAll(t, 0, ['8h', '8d']);
    expect(apply(t, 0, { type: 'end' })).toBeNull();
    expect(line(t, 0, { type: 'end' })).toBe(
      'Ann played 8♥ 8♦ and ends the turn uncapped and draws 1; Bob and Cleo are skipped',
    );
    const u = four(['8h', '8d', '8c', '5s'], ['5h']);
    playAll(u, 0, ['8h', '8d', '8c']);
    expect(apply(u, 0, { type: 'end' })).toBeNull();
    expect(line(u, 0, { type: 'end' })).toBe('Ann played 8♥ 8♦ 8♣ and ends the turn; Bob, Cleo and Dan are skipped');
  });

  test('a draw is described only right after it; an end is not a draw', () => {
    const t = four(['9h', '5s'], ['5h']);
    expect(apply(t, 0, { type: 'draw' })).toBeNull();
    expect(line(t, 0, { type: 'draw' })).toBe('Ann draws 1');
    expect(line(t, 0, { type: 'end' })).toBe('Ann ends the turn');
    expect(line(t, 3, { type: 'draw' })).toBe('Bob draws');
    const u = four(['9h', '5s'], ['5h']);
    playAll(u, 0, ['9h']);
    expect(apply(u, 0, { type: 'end' })).toBeNull();
    expect(line(u, 0, { type: 'draw' })).toBe('Ann draws');
  });

  test("mid-turn, a play is only the card; without a state or with another game's, only the action", () => {
    const t = four(['9h', '9c', '5s'], ['5h']);
    const nine = playOf(t, '9h');
    expect(apply(t, 0, nine)).toBeNull();
    expect(line(t, 0, nine)).toBe('Ann played 9♥');
    expect(line(t, 0, { type: 'end' })).toBe('Ann ends the turn');
    expect(describeInput(schoolBlackjack, { kind: 'act', seat: 0, action: { type: 'end' } }, names, null)).toBe(
      'Ann ends the turn',
    );
    expect(describeInput({ id: 'pesten' }, { kind: 'act', seat: 0, action: { type: 'end' } }, names, t.state)).toBe(
      'Ann ends the turn',
    );
    expect(describeInput(schoolBlackjack, { kind: 'act', seat: 1, action: { type: 'hop' } }, names, t.state)).toBe(
      'Dan moved',
    );
    expect(describeInput(schoolBlackjack, { kind: 'keys', seat: 0 } as never, names, t.state)).toBe('');
  });

  test('describeAction alone', () => {
    const none = () => null;
    expect(describeAction({ type: 'play', handle: 1, card: 'AS', suit: 'H' }, 'Ann', none, null)).toBe(
      'Ann names ♥ with A♠',
    );
    expect(describeAction({ type: 'play', handle: 1, card: 'AC', suit: 'D' }, 'Ann', none, null)).toBe(
      'Ann names ♦ with A♣',
    );
    expect(describeAction({ type: 'play', handle: 1, card: 'AD', suit: 'C' }, 'Ann', none, null)).toBe(
      'Ann names ♣ with A♦',
    );
    expect(describeAction({ type: 'play', handle: 1, card: 'AH', suit: 'S' }, 'Ann', none, null)).toBe(
      'Ann names ♠ with A♥',
    );
    expect(describeAction({ type: 'play', handle: 1, card: 'KD' }, 'Bob', none, '; x')).toBe(
      'Bob played K♦; direction reversed; x',
    );
    expect(describeAction({ type: 'play', handle: 1, card: '9D' }, 'Bob', none, null)).toBe('Bob played 9♦');
    expect(describeAction({ type: 'end' }, 'Bob', none, 'the turn line')).toBe('the turn line');
    expect(describeAction({ type: 'draw' }, 'Bob', none, 'the draw line')).toBe('the draw line');
    expect(describeAction({ type: 'end' }, 'Bob', none, null)).toBe('Bob ends the turn');
    expect(describeAction({ type: 'draw' }, 'Bob', none, null)).toBe('Bob draws');
  });
});

describe('card probe words', () => {
  test.each<[string, string, string]>([
    ['no-match', '4S', '4♠ does not match the suit the ace named, ♦ (an ace goes on anything).'],
    ['not-in-hand', '4S', '4♠ is not in your hand.'],
    ['not-play-phase', '4S', 'The hand is not in play.'],
    ['not-your-turn', '4S', 'Wait for your turn.'],
    ['game-over', '4S', 'The game is over.'],
    ['turn-started', '4S', '4♠ cannot be played now (turn-started).'],
  ])('after an ace naming ♦: %s', (error, card, words) => {
    const t = four(['As', '9c'], ['5h']);
    expect(apply(t, 0, playOf(t, 'As', 'D'))).toBeNull();
    expect(blackjackWhy(error as never, card, t.state)).toBe(words);
  });

  test('no-match on a plain top, and on an empty pile', () => {
    const t = four(['9c', '4s'], ['5h']);
    expect(blackjackWhy('no-match', '4S', t.state)).toBe(
      '4♠ matches neither the suit nor the rank of 5♥ (an ace goes on anything).',
    );
    const e = four(['9c', '4s'], []);
    expect(blackjackWhy('no-match', '4S', e.state)).toBe(
      '4♠ matches neither the suit nor the rank of the pile (an ace goes on anything).',
    );
    expect(blackjackWhy('not-same-rank', '4S', e.state)).toBe('Step 2: only more s may follow now (or end the turn).');
  });

  test("the probe: a seat's hand cards, an ace played naming its own suit", () => {
    const t = four(['As', '9c'], ['5h']);
    expect(blackjackProbe.cards(t.state, 0)).toEqual(t.state.board.hands[0]);
    expect(blackjackProbe.cards(t.state, 7)).toEqual([]);
    expect(blackjackProbe.play(3, 'AS', t.state)).toEqual({ type: 'play', handle: 3, card: 'AS', suit: 'S' });
    expect(blackjackProbe.play(4, '9C', t.state)).toEqual({ type: 'play', handle: 4, card: '9C' });
    expect(blackjackProbe.words('not-in-hand', '9C', t.state, 0)).toBe('9♣ is not in your hand.');
  });
});

test("rules help: the aim and three sections in players' words", () => {
  expect(rulesText.aim).toBe(
    'Not casino blackjack: a Crazy Eights relative. Empty your hand first — but not on a power card (A 2 3 8 J Q K).',
  );
  expect(rulesText.sections.map((s) => s.title)).toEqual(['A turn', 'Power cards', 'End']);
  expect(rulesText.sections.map((s) => s.points.length)).toEqual([2, 3, 2]);
  expect(rulesText.sections[1]?.points[0]).toBe(
    '2s and jacks at the end of a turn make the next player pick up: 2 per 2, 3 per red jack, 5 per black jack. They may cancel with an ace or add with a matching 2 or jack.',
  );
  expect(rulesText.sections[2]?.points).toEqual([
    'Ending on a power card means drawing 1 instead of winning.',
    'When the deck runs out, the play pile (but its top) is reshuffled into it.',
  ]);
});

/*
 * The same words with each module loaded inside the test: the suit symbols, the draw words, the
 * probe object and the rules text are built when their module loads, and a mutation run only sees
 * a module loaded after its mutant is switched on (stryker-js issue 6144).
 */
describe('load-time tables, loaded in the test', () => {
  test('suit symbols and draw words of the log', async () => {
    const d = await loadedNow(() => import('../../../src/games/school-blackjack/describe.js'));
    const none = () => null;
    expect(
      (['C', 'D', 'H', 'S'] as const).map((suit) =>
        d.describeAction({ type: 'play', handle: 1, card: 'AS', suit }, 'Ann', none, null),
      ),
    ).toEqual(['Ann names ♣ with A♠', 'Ann names ♦ with A♠', 'Ann names ♥ with A♠', 'Ann names ♠ with A♠']);
    const freshLine = (table: Table, seat: number, action: unknown) =>
      d.describeInput(schoolBlackjack, { kind: 'act', seat, action }, names, table.state);
    const u = four(['9h', '9c', '5s'], ['5h']);
    playAll(u, 0, ['9h', '9c']);
    expect(apply(u, 0, { type: 'end' })).toBeNull();
    expect(freshLine(u, 0, { type: 'end' })).toBe('Ann played 9♥ 9♣ and ends the turn uncapped and draws 1');
    const q = four(['Qh', '5s'], ['5h']);
    playAll(q, 0, ['Qh']);
    expect(apply(q, 0, { type: 'end' })).toBeNull();
    expect(freshLine(q, 0, { type: 'end' })).toBe(
      'Ann played Q♥ and ends the turn with nothing on its last card and draws 1',
    );
    const k = four(['Kh'], ['5h']);
    const king = playOf(k, 'Kh');
    expect(apply(k, 0, king)).toBeNull();
    expect(freshLine(k, 0, king)).toBe(
      'Ann played K♥; direction reversed; that was the last card: Ann ends the turn on a power card and draws 1',
    );
  });

  test.each([
    ['C', '♣'],
    ['D', '♦'],
    ['H', '♥'],
    ['S', '♠'],
  ])('the probe words name the suit an ace named: %s', async (suit, symbol) => {
    const h = await loadedNow(() => import('../../../src/games/school-blackjack/hints.js'));
    const t = four(['As', '9c'], ['5h']);
    expect(apply(t, 0, playOf(t, 'As', suit))).toBeNull();
    expect(h.blackjackWhy('no-match', '4D', t.state)).toBe(
      `4♦ does not match the suit the ace named, ${symbol} (an ace goes on anything).`,
    );
  });

  test('the probe object', async () => {
    const h = await loadedNow(() => import('../../../src/games/school-blackjack/hints.js'));
    const t = four(['As', '9c'], ['5h']);
    expect(h.blackjackProbe.cards(t.state, 0)).toEqual(t.state.board.hands[0]);
    expect(h.blackjackProbe.cards(t.state, 9)).toEqual([]);
    expect(h.blackjackProbe.play(3, 'AS', t.state)).toEqual({ type: 'play', handle: 3, card: 'AS', suit: 'S' });
    expect(h.blackjackProbe.play(4, '9C', t.state)).toStrictEqual({ type: 'play', handle: 4, card: '9C' });
    expect(h.blackjackProbe.play(5, 'JKR', t.state)).toStrictEqual({ type: 'play', handle: 5, card: 'JKR' });
    expect(h.blackjackProbe.words('not-in-hand', '9C', t.state, 0)).toBe('9♣ is not in your hand.');
  });

  test('the rules text, whole', async () => {
    const r = await loadedNow(() => import('../../../src/games/school-blackjack/rules-text.js'));
    expect(r.rulesText).toEqual({
      aim: 'Not casino blackjack: a Crazy Eights relative. Empty your hand first — but not on a power card (A 2 3 8 J Q K).',
      sections: [
        {
          title: 'A turn',
          points: [
            'Play a card matching the top card by suit or rank (an ace on anything), or draw 1 and end the turn.',
            'Then you may add cards of the same rank. After adding, you must "cap off" with one more matching card, or draw 1 (not needed after jacks or 2s).',
          ],
        },
        {
          title: 'Power cards',
          points: [
            '2s and jacks at the end of a turn make the next player pick up: 2 per 2, 3 per red jack, 5 per black jack. They may cancel with an ace or add with a matching 2 or jack.',
            'A: name a suit. 3: the next card must match (or draw 1). Q: anything may follow (or draw 1).',
            '8: skip one more player. K: reverse the direction.',
          ],
        },
        {
          title: 'End',
          points: [
            'Ending on a power card means drawing 1 instead of winning.',
            'When the deck runs out, the play pile (but its top) is reshuffled into it.',
          ],
        },
      ],
    });
  });
});
