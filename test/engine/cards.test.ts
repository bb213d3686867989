/**
 * Card ids: one spelling per card, copy suffixes for multi-deck games,
 * jokers, rank values, canonical decks, and the display order. The parse
 * tests read cards.ts afresh inside each test: its two patterns are module
 * constants, built when it loads (test/helpers/loaded-now.ts).
 */
import { describe, expect, test } from 'vitest';
import { compareCards, parseCard, standardDeck, valueOf } from '../../src/engine/index.js';
import { loadedNow } from '../helpers/loaded-now.js';

/** parseCard of a cards.ts evaluated now (see above). */
async function freshParseCard(): Promise<typeof parseCard> {
  return (await loadedNow(() => import('../../src/engine/cards.js'))).parseCard;
}

describe('parseCard', () => {
  test.each<[string, object]>([
    ['2C', { kind: 'suited', rank: '2', suit: 'C', copy: 1, value: 2 }],
    ['10S', { kind: 'suited', rank: '10', suit: 'S', copy: 1, value: 10 }],
    ['QH~2', { kind: 'suited', rank: 'Q', suit: 'H', copy: 2, value: 12 }],
    ['AD', { kind: 'suited', rank: 'A', suit: 'D', copy: 1, value: 14 }],
    ['JKR', { kind: 'joker', color: 'R', copy: 1 }],
    ['JKB~2', { kind: 'joker', color: 'B', copy: 2 }],
  ])('%s', async (id, expected) => {
    expect((await freshParseCard())(id)).toEqual(expected);
  });

  test.each([
    '',
    '1S',
    '11S',
    'QX',
    'qh',
    'QH~1',
    'QH~10',
    'QH~',
    ' QH',
    'JK',
    'T S',
    'QH2',
    'JKX',
    'xJKR',
    'JKRB',
    'JKR~1',
    'JKR~10',
    'JKB~',
  ])('refuses %j', async (id) => {
    expect((await freshParseCard())(id)).toBeNull();
  });

  test('valueOf', () => {
    expect(['2C', '9D', '10H', 'JS', 'QC', 'KD', 'AH', 'JKR'].map(valueOf)).toEqual([2, 9, 10, 11, 12, 13, 14, null]);
  });
});

describe('standardDeck', () => {
  test.each<[string, Parameters<typeof standardDeck>[0], number]>([
    ['one deck', {}, 52],
    ['two decks', { copies: 2 }, 104],
    ['with two jokers', { jokers: 2 }, 54],
    ['7 to A', { ranks: ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] }, 32],
  ])('%s', (_name, options, size) => {
    const deck = standardDeck(options);
    expect(deck).toHaveLength(size);
    expect(new Set(deck).size).toBe(size);
    expect(deck.every((card) => parseCard(card) !== null)).toBe(true);
  });

  test('second copies carry the suffix', () => {
    const deck = standardDeck({ copies: 2 });
    expect(deck.slice(0, 2)).toEqual(['2C', '3C']);
    expect(deck[52]).toBe('2C~2');
  });

  test('suit-major in the order of the ranks given, jokers after each copy', () => {
    expect(standardDeck({ ranks: ['A', '2'], jokers: 1 })).toEqual([
      'AC',
      '2C',
      'AD',
      '2D',
      'AH',
      '2H',
      'AS',
      '2S',
      'JKR',
    ]);
    expect(standardDeck({ copies: 2, ranks: ['K'], jokers: 2 })).toEqual([
      'KC',
      'KD',
      'KH',
      'KS',
      'JKR',
      'JKB',
      'KC~2',
      'KD~2',
      'KH~2',
      'KS~2',
      'JKR~2',
      'JKB~2',
    ]);
    expect(standardDeck({ copies: 0 })).toEqual([]);
  });
});

describe('compareCards', () => {
  test('sorts by rank, then suit, jokers last', () => {
    expect(['AS', 'JKR', '10C', '2H', '10C~2', '2C'].sort(compareCards)).toEqual([
      '2C',
      '2H',
      '10C',
      '10C~2',
      'AS',
      'JKR',
    ]);
  });

  test('jokers: red before black, then by copy', () => {
    expect(['JKB~2', 'JKB', 'JKR~2', 'JKR', 'AS~2'].sort(compareCards)).toEqual([
      'AS~2',
      'JKR',
      'JKR~2',
      'JKB',
      'JKB~2',
    ]);
  });

  test('ids that are not cards sort after the jokers, by their text', () => {
    expect(['zz', 'JKB', 'QH~', '2C', 'aa'].sort(compareCards)).toEqual(['2C', 'JKB', 'QH~', 'aa', 'zz']);
  });

  test.each<[string, string, number]>([
    ['2C', '2C', 0],
    ['JKR~2', 'JKR~2', 0],
    ['zz', 'zz', 0],
    ['aa', 'zz', -1],
    ['zz', 'aa', 1],
  ])('compareCards(%j, %j) is %d', (a, b, sign) => {
    expect(Math.sign(compareCards(a, b))).toBe(sign);
  });
});
