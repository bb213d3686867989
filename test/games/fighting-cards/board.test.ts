/**
 * The small card and seat rules of Fighting Cards that the reducer, views and
 * bot share (board.ts), and the legal-move list (legal-actions.ts), checked
 * one by one against docs/rules/fighting-cards.md: card points A 4 K 3 Q 2 J 1, rank order
 * A K Q J 10 9 8 7, who wins a trick (highest trump, else highest of the led
 * suit; off-suit cards never win), the highest bid so far, who is awaited in
 * each phase, next seat, the cards a seat won; and the moves offered in each
 * phase (bids from one above the high bid to 40, the 66 discard pairs, the
 * four suits, the led suit when held), and that only a play claims a card.
 * Literal inputs and fixed positions.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import {
  actor,
  highBid,
  nextSeat,
  pointsOf,
  strengthOf,
  suitOf,
  sumPoints,
  winningIndex,
  wonBy,
  type FightingBoard,
} from '../../../src/games/fighting-cards/board.js';
import { legalActions, playableHandles } from '../../../src/games/fighting-cards/legal-actions.js';
import { claimedCards, parseAction } from '../../../src/games/fighting-cards/actions.js';
import { M, blankBoard, position } from './helpers.js';

describe('cards', () => {
  test.each<[string | null, string | null, number, number]>([
    ['AS', 'S', 14, 4],
    ['KH', 'H', 13, 3],
    ['QD', 'D', 12, 2],
    ['JC', 'C', 11, 1],
    ['10C', 'C', 10, 0],
    ['9H', 'H', 9, 0],
    ['8S', 'S', 8, 0],
    ['7D', 'D', 7, 0],
    [null, null, 0, 0],
    ['RJ', null, 0, 0],
    ['nonsense', null, 0, 0],
  ])('%s: suit %s, strength %i, %i points', (card, suit, strength, points) => {
    expect(suitOf(card)).toBe(suit);
    expect(strengthOf(card)).toBe(strength);
    expect(pointsOf(card)).toBe(points);
  });

  test('sums points through what is known', () => {
    const known: Record<number, string> = { 1: 'AS', 2: 'KS', 3: 'JH' };
    expect(sumPoints([1, 2, 3, 4], (h) => known[h] ?? null)).toBe(8);
    expect(sumPoints([], () => 'AS')).toBe(0);
  });

  test.each([
    [0, 1],
    [1, 2],
    [2, 0],
  ])('after seat %i comes seat %i', (seat, next) => {
    expect(nextSeat(seat)).toBe(next);
  });
});

describe('who wins a trick', () => {
  test.each<[string, Array<string | null>, string | null, number]>([
    ['led 10♥, J♥ 7♥ follow: the J', ['10H', 'JH', '7H'], 'S', 1],
    ['the highest of the led suit, led card wins', ['AH', 'KH', '7H'], 'S', 0],
    ['an off-suit ace does not win', ['7H', 'AC', '8H'], 'S', 2],
    ['an off-suit ace as the only other card', ['7H', 'AC', 'AD'], 'S', 0],
    ['a low trump beats the led ace', ['AH', '7S', 'KH'], 'S', 1],
    ['the higher of two trumps', ['AH', '7S', '8S'], 'S', 2],
    ['a trump led wins over the led suit following lower', ['9S', '8S', 'AH'], 'S', 0],
    ['no trump named: the led suit', ['9H', 'AS', '10H'], null, 2],
    ['trump named but not played', ['9H', 'AD', '10H'], 'C', 2],
    ['an unknown card does not win', ['9H', null, '10H'], 'S', 2],
    ['one card', ['7C'], 'S', 0],
  ])('%s', (_what, cards, trump, index) => {
    expect(winningIndex(cards, trump as never)).toBe(index);
  });

  test('no trump named: an unknown card does not win as if it were one', () => {
    expect(winningIndex(['9H', null, '10H'], null)).toBe(2);
  });

  test('an empty trick has no winner', () => {
    expect(winningIndex([], 'S')).toBe(-1);
  });

  test('a first card unknown: only trumps win', () => {
    expect(winningIndex([null, '9H', '7S'], 'S')).toBe(2);
    expect(winningIndex([null, '9H'], 'S')).toBe(0);
  });
});

describe('the board', () => {
  test.each<[string, Array<{ seat: number; bid: number | null }>, { seat: number; bid: number | null } | null]>([
    ['no calls', [], null],
    [
      'passes only',
      [
        { seat: 1, bid: null },
        { seat: 2, bid: null },
      ],
      null,
    ],
    [
      'the last bid, not the first',
      [
        { seat: 1, bid: 21 },
        { seat: 2, bid: 25 },
        { seat: 0, bid: null },
      ],
      { seat: 2, bid: 25 },
    ],
    [
      'a bid as the first call',
      [
        { seat: 1, bid: 23 },
        { seat: 2, bid: null },
      ],
      { seat: 1, bid: 23 },
    ],
  ])('high bid: %s', (_what, auction, high) => {
    expect(highBid(blankBoard({ auction }))).toEqual(high);
  });

  test.each<[FightingBoard['phase'], number | null]>([
    ['bidding', 2],
    ['play', 2],
    ['skat', 0],
    ['discard', 0],
    ['trump', 0],
    ['scoring', null],
    ['over', null],
  ])('in %s the awaited seat is %s', (phase, seat) => {
    expect(actor(blankBoard({ phase, turn: 2, declarer: 0 }))).toBe(seat);
  });

  test('the cards a seat won, trick by trick', () => {
    const b = blankBoard({
      tricks: [
        { leader: 0, cards: [1, 2, 3], winner: 1 },
        { leader: 1, cards: [4, 5, 6], winner: 0 },
        { leader: 0, cards: [7, 8, 9], winner: 1 },
      ],
    });
    expect(wonBy(b, 1)).toEqual([1, 2, 3, 7, 8, 9]);
    expect(wonBy(b, 0)).toEqual([4, 5, 6]);
    expect(wonBy(b, 2)).toEqual([]);
  });
});

describe('legal moves', () => {
  const auction = [
    { seat: 1, type: 'bid', bid: 26 },
    { seat: 2, type: 'pass' },
    { seat: 0, type: 'pass' },
  ];
  const at = (actions: object[], seat: number) => {
    const { state, open } = position({ deal: M, actions: actions as never });
    return { state, open, view: privateViewOf(state, open, seat) };
  };

  test('bidding: pass then every bid from one above the high bid to 40; 40 leaves only pass', () => {
    const first = at([], 1);
    expect(legalActions(first.state, 1, first.view)).toEqual([
      { type: 'pass' },
      ...Array.from({ length: 20 }, (_, i) => ({ type: 'bid', bid: 21 + i })),
    ]);
    const after = at([{ seat: 1, type: 'bid', bid: 38 }], 2);
    expect(legalActions(after.state, 2, after.view)).toEqual([
      { type: 'pass' },
      { type: 'bid', bid: 39 },
      { type: 'bid', bid: 40 },
    ]);
    const top = at([{ seat: 1, type: 'bid', bid: 40 }], 2);
    expect(legalActions(top.state, 2, top.view)).toEqual([{ type: 'pass' }]);
    const passed = at([{ seat: 1, type: 'pass' }], 2);
    expect(legalActions(passed.state, 2, passed.view)).toHaveLength(21);
  });

  test('a seat not awaited has no moves', () => {
    const first = at([], 0);
    expect(legalActions(first.state, 0, first.view)).toEqual([]);
  });

  test('skat, discard and trump phases', () => {
    const skat = at(auction, 1);
    expect(legalActions(skat.state, 1, skat.view)).toEqual([{ type: 'hand' }, { type: 'take' }]);
    const discard = at([...auction, { seat: 1, type: 'take' }], 1);
    const pairs = legalActions(discard.state, 1, discard.view);
    expect(pairs).toHaveLength(66);
    const hand = discard.state.board.hands[1]!;
    expect(pairs[0]).toEqual({ type: 'discard', handles: [hand[0], hand[1]] });
    expect(pairs.at(-1)).toEqual({ type: 'discard', handles: [hand[10], hand[11]] });
    expect(new Set(pairs.map((p) => JSON.stringify(p))).size).toBe(66);
    // Asked with the view of a seat that knows none of the declarer's cards: no pair can be named.
    expect(legalActions(discard.state, 1, privateViewOf(discard.state, discard.open, 0))).toEqual([]);
    const trump = at([...auction, { seat: 1, type: 'hand' }], 1);
    expect(legalActions(trump.state, 1, trump.view)).toEqual([
      { type: 'trump', suit: 'C' },
      { type: 'trump', suit: 'D' },
      { type: 'trump', suit: 'H' },
      { type: 'trump', suit: 'S' },
    ]);
  });

  test('play: the leader any card it knows; a follower the led suit if it holds it, else anything', () => {
    const lead = at([...auction, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit: 'S' }], 2);
    const leadMoves = legalActions(lead.state, 2, lead.view);
    expect(leadMoves.map((a) => (a.type === 'play' ? a.card : ''))).toEqual(M.seats[2]!.hand);
    const follow = at(
      [
        ...auction,
        { seat: 1, type: 'hand' },
        { seat: 1, type: 'trump', suit: 'S' },
        { seat: 2, type: 'play', card: 'QH' },
      ],
      0,
    );
    expect(legalActions(follow.state, 0, follow.view).map((a) => (a.type === 'play' ? a.card : ''))).toEqual([
      '10H',
      '9H',
      '8H',
      '7H',
    ]);
    expect(playableHandles(follow.state, 0, follow.view).map((h) => follow.open[h])).toEqual(['10H', '9H', '8H', '7H']);
    // Seat 0 seen by seat 1 (who knows none of its cards): nothing can be named.
    expect(playableHandles(follow.state, 0, privateViewOf(follow.state, follow.open, 1))).toEqual([]);
    const void_ = at(
      [
        ...auction,
        { seat: 1, type: 'hand' },
        { seat: 1, type: 'trump', suit: 'S' },
        { seat: 2, type: 'play', card: 'AC' },
      ],
      0,
    );
    expect(legalActions(void_.state, 0, void_.view)).toHaveLength(10);
  });

  test('no moves once the deal is over', () => {
    const over = at(
      [
        { seat: 1, type: 'pass' },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'pass' },
      ],
      1,
    );
    expect(legalActions(over.state, 1, over.view)).toEqual([]);
  });
});

describe('actions', () => {
  test('only a play claims a card', () => {
    expect(claimedCards({ type: 'play', handle: 5, card: 'AS' })).toEqual([{ handle: 5, card: 'AS' }]);
    expect(claimedCards({ type: 'discard', handles: [1, 2] })).toEqual([]);
    expect(claimedCards({ type: 'bid', bid: 21 })).toEqual([]);
  });

  test.each<[unknown, boolean]>([
    [{ type: 'bid', bid: 0 }, true],
    [{ type: 'bid', bid: 99 }, true],
    [{ type: 'bid', bid: 100 }, false],
    [{ type: 'bid', bid: -1 }, false],
    [{ type: 'bid', bid: 21.5 }, false],
    [{ type: 'pass' }, true],
    [{ type: 'pass', bid: 1 }, false],
    [{ type: 'hand' }, true],
    [{ type: 'take' }, true],
    [{ type: 'discard', handles: [0, 100000] }, true],
    [{ type: 'discard', handles: [0, 100001] }, false],
    [{ type: 'discard', handles: [1] }, false],
    [{ type: 'discard', handles: [1, 2, 3] }, false],
    [{ type: 'trump', suit: 'S' }, true],
    [{ type: 'trump', suit: 'X' }, false],
    [{ type: 'play', handle: 3, card: 'AS' }, true],
    [{ type: 'play', handle: -1, card: 'AS' }, false],
    [{ type: 'play', handle: 1.5, card: 'AS' }, false],
    [{ type: 'play', handle: 3, card: 'x'.repeat(17) }, false],
    [{ type: 'play', handle: 3, card: 'x'.repeat(16) }, true],
    [{ type: 'fold' }, false],
    ['pass', false],
  ])('%j parses: %s', async (raw, ok) => {
    const { loadedNow } = await import('../../helpers/loaded-now.js');
    const fresh = await loadedNow(() => import('../../../src/games/fighting-cards/actions.js'));
    expect(fresh.parseAction(raw) !== null).toBe(ok);
    expect(parseAction(raw) !== null).toBe(ok);
    if (ok) expect(fresh.parseAction(raw)).toEqual(raw);
  });
});
