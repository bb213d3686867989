/**
 * The shared words of every game (src/games/describe.ts): cards as printed on
 * them with their suit symbols, and counts with their noun, singular for one.
 */
import { describe, expect, test } from 'vitest';
import { awaitedWords, cardList, cardName, count, seatName } from '../../src/games/describe.js';

describe('cardName', () => {
  test.each([
    ['JD', 'J♦'],
    ['6H', '6♥'],
    ['10S', '10♠'],
    ['AC', 'A♣'],
    ['QH~2', 'Q♥'],
    ['JKR', 'red joker'],
    ['JKB', 'black joker'],
    ['', ''],
    ['ZZ', 'ZZ'],
    ['<b>', '<b>'],
  ])('%s → %s', (card, name) => {
    expect(cardName(card)).toBe(name);
  });

  test('a list is space-separated', () => {
    expect(cardList(['7C', '7S'])).toBe('7♣ 7♠');
    expect(cardList([])).toBe('');
  });
});

describe('count', () => {
  test.each([
    [0, 'card', undefined, '0 cards'],
    [1, 'card', undefined, '1 card'],
    [2, 'card', undefined, '2 cards'],
    [1, 'point', undefined, '1 point'],
    [-1, 'point', undefined, '-1 point'],
    [-20, 'point', undefined, '-20 points'],
    [1, 'trick', undefined, '1 trick'],
    [11, 'trick', undefined, '11 tricks'],
    [1, 'match', 'matches', '1 match'],
    [3, 'match', 'matches', '3 matches'],
  ] as const)('%i %s → %s', (n, noun, plural, text) => {
    expect(count(n, noun, plural)).toBe(text);
  });
});

test('a seat without a name is numbered from 1', () => {
  expect(seatName(['Ann', ''], 1)).toBe('Seat 2');
  expect(seatName(['Ann'], 0)).toBe('Ann');
});

describe('awaitedWords', () => {
  test.each([
    ['bidding', 'to bid'],
    ['play', 'to play'],
    ['skat', 'to take the skat or play from hand'],
    ['answer-pick-up', 'to answer the pick-up or draw'],
    ['to send card keys', 'to send card keys'],
    ['some-new-phase', 'to some new phase'],
  ])('%s → %s', (what, words) => {
    expect(awaitedWords(what)).toBe(words);
  });
});
