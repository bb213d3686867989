/**
 * The seed's turn grammar (grammar.ts) and the card and seat queries of
 * board.ts, checked as pure functions, case by case against docs/rules/school-blackjack.md:
 * which card may follow in each step (step 1 by suit or rank, an ace on
 * anything, step 2 only the same rank, a cap, after a 3 or a queen, a
 * pick-up answered only by an ace or a matching 2/jack), what a card does to
 * the position (run, pick-up sum, skips, the suit an ace names), when ending
 * the turn draws 1, the pick-up values, power cards and seat order.
 * Table-driven, with no engine behind them.
 */
import { describe, expect, test } from 'vitest';
import type { Rank, Suit } from '../../../src/engine/index.js';
import {
  flip,
  isPower,
  pickupValue,
  seatAfter,
  suited,
  type BlackjackBoard,
  type SuitedCard,
  type TurnStep,
} from '../../../src/games/school-blackjack/board.js';
import {
  afterCard,
  anythingGoes,
  endDraws,
  matchesTop,
  playRefusal,
  positionOf,
  suitToMatch,
  type Position,
} from '../../../src/games/school-blackjack/grammar.js';
import { loadedNow } from '../../helpers/loaded-now.js';

const c = (written: string): SuitedCard => {
  const card = suited(written);
  if (card === null) throw new Error(written);
  return card;
};

const at = (step: TurnStep, top: string | null, more: Partial<Position> = {}): Position => ({
  step,
  run: 0,
  owed: 0,
  pickup: 0,
  skips: 0,
  top: top === null ? null : c(top),
  namedSuit: null,
  ...more,
});

describe('board.ts queries', () => {
  test.each<[string | null, SuitedCard | null]>([
    ['9H', { rank: '9', suit: 'H' }],
    ['10D', { rank: '10', suit: 'D' }],
    ['AS', { rank: 'A', suit: 'S' }],
    ['JR', null],
    ['JKR', null],
    ['JKB~2', null],
    ['ZZ', null],
    [null, null],
  ])('suited(%j) = %j', (id, expected) => {
    expect(suited(id)).toEqual(expected);
  });

  test('A 2 3 8 J Q K are power cards, and only those', async () => {
    const board = await loadedNow(() => import('../../../src/games/school-blackjack/board.js'));
    const ranks: Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
    expect(ranks.filter((rank) => board.isPower({ rank, suit: 'C' }))).toEqual(['A', '2', '3', '8', 'J', 'Q', 'K']);
    expect(ranks.filter((rank) => isPower({ rank, suit: 'H' }))).toEqual(['A', '2', '3', '8', 'J', 'Q', 'K']);
  });

  test.each<[string, number]>([
    ['2C', 2],
    ['2H', 2],
    ['JH', 3],
    ['JD', 3],
    ['JC', 5],
    ['JS', 5],
    ['AS', 0],
    ['3H', 0],
    ['QD', 0],
    ['KC', 0],
    ['9S', 0],
  ])('pickupValue(%s) = %i', (card, value) => {
    expect(pickupValue(c(card))).toBe(value);
  });

  test.each<[number, number, number, 'clockwise' | 'counterclockwise', number]>([
    [4, 0, 1, 'clockwise', 3],
    [4, 3, 1, 'clockwise', 2],
    [4, 1, 2, 'clockwise', 3],
    [4, 0, 1, 'counterclockwise', 1],
    [4, 3, 1, 'counterclockwise', 0],
    [4, 2, 3, 'counterclockwise', 1],
    [3, 0, 5, 'clockwise', 1],
    [2, 1, 1, 'clockwise', 0],
    [5, 2, 0, 'clockwise', 2],
  ])('seatAfter(%i players, from %i, %i steps, %s) = %i', (players, from, steps, direction, expected) => {
    expect(seatAfter(players, from, steps, direction)).toBe(expected);
  });

  test('flip turns each direction into the other', () => {
    expect(flip('clockwise')).toBe('counterclockwise');
    expect(flip('counterclockwise')).toBe('clockwise');
  });
});

describe('positionOf and suitToMatch', () => {
  test('positionOf copies the turn fields of the board and takes the top given', () => {
    const board = { step: 'cap', run: 2, owed: 3, pickup: 5, skips: 1, namedSuit: 'D' } as unknown as BlackjackBoard;
    expect(positionOf(board, c('AS'))).toEqual({
      step: 'cap',
      run: 2,
      owed: 3,
      pickup: 5,
      skips: 1,
      top: { rank: 'A', suit: 'S' },
      namedSuit: 'D',
    });
    expect(positionOf(board, null).top).toBeNull();
  });

  test.each<[string | null, Suit | null, Suit | null]>([
    [null, null, null],
    [null, 'H', null],
    ['9H', null, 'H'],
    ['9H', 'S', 'H'],
    ['AH', 'S', 'S'],
    ['AH', null, 'H'],
  ])('top %s, named %s: match %s', (top, named, expected) => {
    expect(suitToMatch(at('start', top, { namedSuit: named }))).toBe(expected);
  });
});

describe('matchesTop (step 1)', () => {
  test.each<[string | null, Suit | null, string, boolean]>([
    [null, null, '9H', true],
    ['5H', null, '9H', true],
    ['5H', null, '5C', true],
    ['5H', null, '9C', false],
    ['5H', null, 'AC', true],
    ['AH', 'S', '9S', true],
    ['AH', 'S', '9H', false],
    ['AH', 'S', 'AD', true],
    ['AH', 'S', '4D', false],
  ])('top %s (named %s): %s → %s', (top, named, card, expected) => {
    expect(matchesTop(at('start', top, { namedSuit: named }), c(card))).toBe(expected);
  });
});

describe('playRefusal', () => {
  test.each<[string, Position, string, string | null]>([
    ['start: same suit', at('start', '5H'), '9H', null],
    ['start: same rank', at('start', '5H'), '5S', null],
    ['start: neither', at('start', '5H'), '9S', 'no-match'],
    ['start: empty pile', at('start', null), '9S', null],
    ['start: an ace on anything', at('start', '5H'), 'AS', null],
    ['owing: an ace cancels', at('start', 'JH', { owed: 3 }), 'AS', null],
    ['owing: a jack of the same suit', at('start', 'JH', { owed: 3 }), 'JC', null],
    ['owing: a 2 of the same suit', at('start', 'JH', { owed: 3 }), '2H', null],
    ['owing: a 2 of another suit', at('start', 'JH', { owed: 3 }), '2C', 'no-match'],
    ['owing: a card of the same suit', at('start', 'JH', { owed: 3 }), '5H', 'owes-cards'],
    ['owing: a 3 of the same suit', at('start', 'JH', { owed: 3 }), '3H', 'owes-cards'],
    ['not owing after a jack: any card of the suit', at('start', 'JH', { owed: 0 }), '5H', null],
    ['more: same rank', at('more', '9H', { run: 1 }), '9C', null],
    ['more: same suit is not enough', at('more', '9H', { run: 1 }), '4H', 'not-same-rank'],
    ['more: an ace is no stand-in', at('more', '9H', { run: 1 }), 'AH', 'not-same-rank'],
    ['cap: same rank again', at('cap', '9C', { run: 2 }), '9D', null],
    ['cap: suit match', at('cap', '9C', { run: 2 }), '4C', null],
    ['cap: an ace', at('cap', '9C', { run: 2 }), 'AD', null],
    ['cap: neither', at('cap', '9C', { run: 2 }), '4S', 'no-match'],
    ['three: suit match', at('three', '3S'), '7S', null],
    ['three: rank match', at('three', '3S'), '3H', null],
    ['three: an ace', at('three', '3S'), 'AH', null],
    ['three: neither', at('three', '3S'), '7D', 'no-match'],
    ['queen: anything', at('queen', 'QS'), '7D', null],
  ])('%s', (_name, pos, card, expected) => {
    expect(playRefusal(pos, c(card))).toBe(expected);
  });
});

describe('anythingGoes', () => {
  test.each<[string, Position, boolean]>([
    ['after a queen', at('queen', 'QH'), true],
    ['start on an empty pile', at('start', null), true],
    ['start on an empty pile while owing', at('start', null, { owed: 2 }), false],
    ['start on a card', at('start', '5H'), false],
    ['more with no top', at('more', null), false],
    ['after a 3', at('three', '3H'), false],
  ])('%s → %s', (_name, pos, expected) => {
    expect(anythingGoes(pos)).toBe(expected);
  });
});

describe('endDraws', () => {
  test.each<[string, Position, boolean]>([
    ['right after a 3', at('three', '3H'), true],
    ['right after a queen', at('queen', 'QH'), true],
    ['start', at('start', '5H'), false],
    ['one card (more)', at('more', '9H', { run: 1 }), false],
    ['two of a rank (uncapped)', at('cap', '9C', { run: 2 }), true],
    ['three of a rank (the third caps)', at('cap', '9D', { run: 3 }), false],
    ['four of a rank', at('cap', '9S', { run: 4 }), false],
    ['two 2s', at('cap', '2C', { run: 2 }), false],
    ['two jacks', at('cap', 'JC', { run: 2 }), false],
    ['two aces', at('cap', 'AC', { run: 2 }), true],
  ])('%s → %s', (_name, pos, expected) => {
    expect(endDraws(pos)).toBe(expected);
  });
});

describe('afterCard', () => {
  test.each<[string, Position, string, Suit | null, Position]>([
    ['a plain step-1 card starts a run', at('start', '5H', { owed: 0 }), '9H', null, { ...at('more', '9H'), run: 1 }],
    [
      'the same rank after it caps with run 2',
      at('more', '9H', { run: 1 }),
      '9C',
      null,
      { ...at('cap', '9C'), run: 2 },
    ],
    ['the same rank again: run 3', at('cap', '9C', { run: 2 }), '9D', null, { ...at('cap', '9D'), run: 3 }],
    [
      'a cap of another rank starts a new run',
      at('cap', '9C', { run: 2 }),
      '4C',
      null,
      { ...at('more', '4C'), run: 1 },
    ],
    ['a 3 sends the turn to step three', at('start', '5H'), '3H', null, at('three', '3H')],
    ['a 3 after a 3 stays in step three', at('three', '3H'), '3C', null, at('three', '3C')],
    ['a queen', at('start', '5H'), 'QH', null, at('queen', 'QH')],
    ['an ace names its suit', at('start', '5H'), 'AH', 'S', { ...at('more', 'AH'), run: 1, namedSuit: 'S' }],
    ['an 8 adds a skip', at('start', '5H', { skips: 1 }), '8H', null, { ...at('more', '8H'), run: 1, skips: 2 }],
    [
      'a second 8 adds another',
      at('more', '8H', { run: 1, skips: 1 }),
      '8C',
      null,
      { ...at('cap', '8C'), run: 2, skips: 2 },
    ],
    [
      'a 2 answering 3 owed carries them: 5',
      at('start', 'JH', { owed: 3 }),
      '2H',
      null,
      { ...at('more', '2H'), run: 1, pickup: 5 },
    ],
    [
      'a black jack answering 3 owed: 8',
      at('start', 'JH', { owed: 3 }),
      'JC',
      null,
      { ...at('more', 'JC'), run: 1, pickup: 8 },
    ],
    [
      'a red jack on a fresh turn: 3',
      at('start', '5H', { pickup: 4 }),
      'JH',
      null,
      { ...at('more', 'JH'), run: 1, pickup: 3 },
    ],
    [
      'a second 2 adds to the run',
      at('more', '2H', { run: 1, pickup: 2 }),
      '2C',
      null,
      { ...at('cap', '2C'), run: 2, pickup: 4 },
    ],
    [
      'an ace cancels what is owed',
      at('start', 'JH', { owed: 3 }),
      'AS',
      'D',
      { ...at('more', 'AS'), run: 1, namedSuit: 'D' },
    ],
    [
      'a plain card cancels the pick-up',
      at('cap', '2C', { run: 2, pickup: 4 }),
      '5C',
      null,
      { ...at('more', '5C'), run: 1 },
    ],
  ])('%s', (_name, pos, card, suit, expected) => {
    expect(afterCard(pos, c(card), suit)).toEqual(expected);
  });

  test('only an ace names a suit: a suit passed with another card is not kept', () => {
    expect(afterCard(at('start', '5H'), c('9H'), 'S').namedSuit).toBeNull();
    expect(afterCard(at('start', '5H'), c('AH'), 'S').namedSuit).toBe('S');
  });
});
