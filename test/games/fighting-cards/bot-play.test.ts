/**
 * The Fighting Cards bot's card play and discard in set positions (bot.ts),
 * each the rule its header states: a defender leads a sure ace; a declarer
 * with no trumps out cashes its sure winners; following, a defender behind a
 * partner who is winning plays its cheapest card (never a trump, never
 * points); the declarer as last player wins as cheaply as it can (a side-suit
 * king before a trump, the lowest trump when it must ruff); after a take it
 * keeps trumps and aces and puts the rest away. The purity of each answer
 * (same input, same move, state untouched) is checked too. Deals M and V of
 * bots.test.ts; fast and deterministic.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, stateHash, type Seat } from '../../../src/engine/index.js';
import { fightingCardsMove } from '../../../src/games/fighting-cards/bot.js';
import { M, position } from './helpers.js';

/** Seat 0 ♥J 8 and eight ♦; seat 1 all ♠ with ♣A K; seat 2 six ♥ (A K Q 10 9 7) and ♣Q J 10 9; ♣8 7 in the skat. */
const V = {
  seats: [
    { hand: ['JH', '8H', 'AD', 'KD', 'QD', 'JD', '10D', '9D', '8D', '7D'] },
    { hand: ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AC', 'KC'] },
    { hand: ['10H', '9H', '7H', 'AH', 'KH', 'QH', 'QC', 'JC', '10C', '9C'] },
  ],
  skat: ['8C', '7C'],
};
const auction = [{ seat: 1, type: 'bid', bid: 26 }, { seat: 2, type: 'pass' }, { seat: 0, type: 'pass' }];
const handIn = (suit: string) => [...auction, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit }];
const play = (seat: Seat, card: string) => ({ seat, type: 'play', card });

function move(deal: typeof M, steps: object[], seat: Seat) {
  const { state, open } = position({ deal, actions: steps as never });
  const view = privateViewOf(state, open, seat);
  const before = stateHash(state);
  const action = fightingCardsMove(state, seat, view);
  expect(stateHash(state)).toBe(before);
  expect(fightingCardsMove(state, seat, view)).toEqual(action);
  if (action?.type === 'play') {
    expect(open[action.handle]).toBe(action.card);
    return action.card;
  }
  if (action?.type === 'discard') return action.handles.map((h) => open[h]).sort();
  return action;
}

describe('leading', () => {
  test.each<[string, typeof M, string, string]>([
    ['a defender cashes its sure ace (♣A, ♠ trumps)', M, 'S', 'AC'],
    ['the same under ♥ trumps', M, 'H', 'AC'],
    ['a defender with a sure ♥A leads it, not a king that is also top', V, 'S', 'AH'],
  ])('%s', (_what, deal, trump, card) => {
    expect(move(deal, handIn(trump), 2)).toBe(card);
  });

  test('the declarer holding every trump cashes its sure winners, ace first', () => {
    expect(move(V, [...handIn('S'), play(2, '7H'), play(0, '8H'), play(1, '7S')], 1)).toBe('AS');
  });
});

describe('following', () => {
  test.each<[string, typeof M, string, object[], Seat, string]>([
    ['behind a winning partner, void: the cheapest off-trump card', M, 'S', [play(2, 'AC')], 0, '7H'],
    ['behind a winning partner, void: no points, no trump', M, 'H', [play(2, '7C')], 0, '9D'],
    ['behind a winning partner, following: the lowest of the suit', V, 'S', [play(2, '7H')], 0, '8H'],
    ['behind a partner\'s trump lead: the lowest trump', M, 'H', [play(2, 'JH')], 0, '7H'],
    ['behind a partner\'s queen, void: the cheapest diamond', V, 'S', [play(2, 'QC')], 0, '7D'],
    ['declarer last, void: the lowest trump wins', M, 'S', [play(2, 'AC'), play(0, '7H')], 1, '7S'],
    ['declarer last, void in hearts: the lowest trump', V, 'S', [play(2, '7H'), play(0, '8H')], 1, '7S'],
    ['declarer last, over a jack: still the lowest trump', V, 'S', [play(2, '7H'), play(0, 'JH')], 1, '7S'],
    ['declarer last: a side-suit king beats the queen before any trump', V, 'S', [play(2, 'QC'), play(0, '7D')], 1, 'KC'],
    ['declarer last: the king, not the ace, over a nine', V, 'S', [play(2, '9C'), play(0, '7D')], 1, 'KC'],
    ['declarer last with only trumps to win: the lower trump (K♥ over A♥)', M, 'H', [play(2, '7C'), play(0, '9D')], 1, 'KH'],
    ['the same over a queen', M, 'H', [play(2, 'QC'), play(0, '9D')], 1, 'KH'],
  ])('%s', (_what, deal, trump, plays, seat, card) => {
    expect(move(deal, [...handIn(trump), ...plays], seat)).toBe(card);
  });
});

describe('after a take', () => {
  test('with eight trumps and ♥A K it puts the two diamonds away', () => {
    expect(move(M, [...auction, { seat: 1, type: 'take' }], 1)).toEqual(['7D', '8D']);
  });
});
