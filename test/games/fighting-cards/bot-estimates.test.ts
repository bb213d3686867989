/**
 * The Fighting Cards bot's hand judgement, number by number (bot.ts): the
 * trump it names (longest suit, then most points, then highest cards), the
 * card points it expects to take (sure winners from the top with about 2.5
 * captured each, half the points of the other cards, a ruff per short side
 * suit while spare trumps last, long trumps beyond four), the estimate with
 * the unseen skat capped at 40, and the decisions read off it: the bid it
 * makes or the pass (the estimate less 3), and hand game or take (the
 * estimate 6 over the contract). Each expected figure is worked out in the
 * comment beside it. Fixed hands, no randomness, fast.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type Seat } from '../../../src/engine/index.js';
import {
  bestTrump,
  estimateTricks,
  fightingCardsBot,
  fightingCardsMove,
  handEstimate,
} from '../../../src/games/fighting-cards/bot.js';
import { fightingCards } from '../../../src/games/fighting-cards/game.js';
import { M, position } from './helpers.js';

const HANDS: Record<string, string[]> = {
  // ♦ A K Q J 10 9: six sure trumps, 10 points + 6 × 2.5 = 25; hearts 10 9 8 7 bring nothing.
  M0: ['10H', '9H', '8H', '7H', 'AD', 'KD', 'QD', 'JD', '10D', '9D'],
  // ♠ A…7: eight sure trumps, 10 + 20 = 30; ♥ A K: 7 + 5 = 12 → 42 (the skat takes it past 40: capped).
  M1: ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AH', 'KH'],
  // ♠ A K sure (7 + 5); 10 9 8 7 are two long trumps (2 × 3) and two spare: ruffs in void ♣ and singleton ♦ (2 × 3.5);
  // ♥ A K Q three sure winners (9 + 7.5) → 12 + 6 + 7 + 16.5 = 41.5.
  ruffs: ['AS', 'KS', '9S', '8S', '7S', '10S', 'AH', 'KH', 'QH', '7D'],
  // ♠ Q J 10 9 8 7: no sure trump, half of Q J (1.5), two long trumps (6), four spare: ruffs in singleton ♣ and ♦ (7);
  // ♦ A a sure winner (6.5) → 21.
  longTrumps: ['JS', '10S', '9S', '8S', '7S', 'QS', 'AD', '7H', '8H', '9C'],
  // No sure winner anywhere; half of J and Q = 1.5.
  weak: ['7C', '8C', '9D', '10D', '7H', '8H', '9S', '10S', 'JC', 'QD'],
};

describe('trump', () => {
  test.each<[string, string[], string]>([
    ['the longest suit', HANDS.M0!, 'D'],
    ['the longest suit (♠ eight)', HANDS.M1!, 'S'],
    [
      'equal length (♣ Q 9 8 and ♠ J 10 7): the one with more points',
      ['AH', '7H', 'KD', '8D', 'QC', '9C', 'JS', '10S', '7S', '8C'],
      'C',
    ],
    [
      'equal length (♦ 9 8 7 and ♣ Q J 10): more points',
      ['AH', 'KH', '7D', '8D', '9D', 'QC', 'JC', '10C', '9S', '7S'],
      'C',
    ],
    [
      'equal length and points (♥ 10 9 8, ♦ 10 9 7): the higher cards',
      ['10H', '9H', '8H', '10D', '9D', '7D', 'AS', 'KC', 'QS', 'JC'],
      'H',
    ],
    ['equal in everything: the first in suit order', ['7C', '8C', '7D', '8D', '7H', '8H', '7S', '8S'], 'C'],
    ['a longer suit of low cards beats a shorter one of aces', ['AH', 'KH', '7D', '8D', '9D'], 'D'],
    [
      'equal length, more points beats a higher top card (♥ K Q 7: 5 points; ♠ A 8 7: 4)',
      ['KH', 'QH', '7H', 'AS', '8S', '7S', '9C', '7D'],
      'H',
    ],
  ])('%s', (_what, cards, suit) => {
    expect(bestTrump(cards)).toBe(suit);
  });
});

describe('expected card points', () => {
  test.each<[string, string, number]>([
    ['M0', 'D', 25],
    ['M0', 'H', 24],
    ['M0', 'C', 17],
    ['M1', 'S', 42],
    ['M1', 'H', 29],
    ['ruffs', 'S', 41.5],
    ['ruffs', 'D', 32],
    ['longTrumps', 'S', 21],
    ['longTrumps', 'D', 8],
    ['weak', 'D', 1.5],
  ])('%s with %s trumps: %d', (hand, trump, points) => {
    expect(estimateTricks(HANDS[hand]!, trump as never)).toBe(points);
  });

  test('a side suit counts at most three sure winners; the fourth top card counts half its points', () => {
    // ♥ A K Q J: three winners 4+3+2 + 7.5 = 16.5, the J half a point; ♣ 7 as trump: no run, a spare trump
    // that ruffs the void ♦ (3.5; only one ruff, so the void ♠ gets none) → 20.5.
    expect(estimateTricks(['AH', 'KH', 'QH', 'JH', '7C'], 'C')).toBe(20.5);
  });

  test('the estimate adds 2.5 for the unseen skat and stops at 40', () => {
    expect(handEstimate(HANDS.M0!)).toBe(27.5);
    expect(handEstimate(HANDS.longTrumps!)).toBe(23.5);
    expect(handEstimate(HANDS.M1!)).toBe(40);
    expect(handEstimate(HANDS.ruffs!)).toBe(40);
    expect(handEstimate(HANDS.weak!)).toBe(4);
  });
});

const bidTo = (bid: number) => [{ seat: 1, type: 'bid', bid }];

function moveAt(steps: object[], seat: Seat) {
  const { state, open } = position({ deal: M, actions: steps as never });
  expect(fightingCards.awaits(state)).toMatchObject({ kind: 'move', seat });
  return fightingCardsMove(state, seat, privateViewOf(state, open, seat));
}

describe('auction and skat decisions', () => {
  // Deal M: seat 0 estimates 27.5 (bids up to 24), seat 1 40 (up to 37), seat 2 (♣ A…7 Q♥ J♥) 34 (up to 31).
  test.each<[string, object[], Seat, object]>([
    ['the first call of a strong hand is the lowest bid', [], 1, { type: 'bid', bid: 21 }],
    ['it bids one more than the high bid', [{ seat: 1, type: 'bid', bid: 21 }], 2, { type: 'bid', bid: 22 }],
    ['up to its estimate less 3 (31 for seat 2)', [{ seat: 1, type: 'bid', bid: 30 }], 2, { type: 'bid', bid: 31 }],
    ['and not past it', [{ seat: 1, type: 'bid', bid: 31 }], 2, { type: 'pass' }],
    [
      'seat 0: 24 is its limit',
      [
        { seat: 1, type: 'bid', bid: 23 },
        { seat: 2, type: 'pass' },
      ],
      0,
      { type: 'bid', bid: 24 },
    ],
    [
      'seat 0 passes at 24',
      [
        { seat: 1, type: 'bid', bid: 24 },
        { seat: 2, type: 'pass' },
      ],
      0,
      { type: 'pass' },
    ],
    [
      'seat 1 (40) bids 37',
      [
        { seat: 1, type: 'bid', bid: 21 },
        { seat: 2, type: 'bid', bid: 36 },
        { seat: 0, type: 'pass' },
      ],
      1,
      { type: 'bid', bid: 37 },
    ],
    [
      'seat 1 passes at 37',
      [
        { seat: 1, type: 'bid', bid: 21 },
        { seat: 2, type: 'bid', bid: 37 },
        { seat: 0, type: 'pass' },
      ],
      1,
      { type: 'pass' },
    ],
    ['a pass before it does not lower the bid it makes', [{ seat: 1, type: 'pass' }], 2, { type: 'bid', bid: 21 }],
  ])('%s', (_what, steps, seat, action) => {
    expect(moveAt(steps, seat)).toEqual(action);
  });

  test.each<[number, string]>([
    [21, 'hand'],
    [34, 'hand'],
    [35, 'take'],
    [40, 'take'],
  ])('seat 1 (estimate 40) declaring at %i plays %s (hand only 6 or more over the contract)', (bid, type) => {
    expect(moveAt([...bidTo(bid), { seat: 2, type: 'pass' }, { seat: 0, type: 'pass' }], 1)).toEqual({ type });
  });

  test('after the skat decision it names its longest suit', () => {
    expect(
      moveAt([...bidTo(21), { seat: 2, type: 'pass' }, { seat: 0, type: 'pass' }, { seat: 1, type: 'hand' }], 1),
    ).toEqual({ type: 'trump', suit: 'S' });
  });

  test('a seat not awaited, a finished deal or another game: no move', () => {
    const { state, open } = position({ deal: M, actions: [] });
    expect(fightingCardsMove(state, 0, privateViewOf(state, open, 0))).toBeNull();
    expect(fightingCardsBot({ id: 'pesten' } as never, state, 1, privateViewOf(state, open, 1))).toBeNull();
    expect(fightingCardsBot(fightingCards, state, 1, privateViewOf(state, open, 1))).toEqual({ type: 'bid', bid: 21 });
    const over = position({
      deal: M,
      actions: [
        { seat: 1, type: 'pass' },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'pass' },
      ],
    });
    expect(over.state.board.phase).toBe('over');
    expect(fightingCardsMove(over.state, 1, privateViewOf(over.state, over.open, 1))).toBeNull();
  });
});

describe('ruffs and spare trumps', () => {
  test('long trumps are not spare: two spare trumps ruff two of three short side suits', () => {
    // ♠ A K sure (12), 10 9 8 7: two long trumps (6) and two spare, which ruff ♣ and ♦ (7); the ♥ singleton gets none → 25.
    expect(estimateTricks(['AS', 'KS', '10S', '9S', '8S', '7S', '7C', '7D', '7H'], 'S')).toBe(25);
  });

  test('a single trump is no void of its own: with every side suit two long, no ruff', () => {
    // ♣7 trump (a spare trump, nothing to ruff); ♦ ♥ ♠ A K each sure: 3 × 12 → 36.
    expect(estimateTricks(['7C', 'AH', 'KH', 'AD', 'KD', 'AS', 'KS'], 'C')).toBe(36);
  });
});

describe('cards in any order', () => {
  test('a suit listed low card first counts the same sure winners (♥ K A: A and K are both sure)', () => {
    // ♥ A K: 4 + 3 + 2 × 2.5 = 12; ♣ 7 trump is a spare trump that ruffs the first short side suit: 3.5 → 15.5.
    expect(estimateTricks(['AH', 'KH', '7C'], 'C')).toBe(15.5);
    expect(estimateTricks(['KH', '7C', 'AH'], 'C')).toBe(15.5);
  });
});
