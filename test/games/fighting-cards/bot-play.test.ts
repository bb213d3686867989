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
 *
 * Then positions after trick 1, where the cards gone (completed tricks, and
 * the skat the declarer put away) decide what is still out: the declarer
 * draws trumps with its top trump only when it is sure, else its lowest; a
 * defender leads a top king of trumps, but a top side-suit king only once no
 * trump is out; the second seat wins with a sure card of the led suit, ruffs
 * only when 2 or more points are on the table, and otherwise plays cheap; a
 * defender last behind its partner gives its dearest card. Card cost (points,
 * then trump, then rank), the discard's value (points banked count, first of
 * equal pairs kept, a pair even when every pair holds a trump or an ace).
 * Each deal is built for its question (dealOf: three hands, the skat is the rest).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, stateHash, type Seat } from '../../../src/engine/index.js';
import { fightingCardsMove } from '../../../src/games/fighting-cards/bot.js';
import { deck } from '../../../src/games/fighting-cards/setup.js';
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
const auction = [
  { seat: 1, type: 'bid', bid: 26 },
  { seat: 2, type: 'pass' },
  { seat: 0, type: 'pass' },
];
const handIn = (suit: string) => [...auction, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit }];
const play = (seat: Seat, card: string) => ({ seat, type: 'play', card });

/** A deal from three hands of ten (seat 0, 1, 2); the skat is the two cards left. */
function dealOf(...hands: string[][]): typeof M {
  const dealt = hands.flat();
  if (new Set(dealt).size !== 30) throw new Error('three hands of ten distinct cards expected');
  return { seats: hands.map((hand) => ({ hand })), skat: deck().filter((c) => !dealt.includes(c)) };
}
/** Seat 1 declares a hand game in `suit` (bid 26), then `cards` are played as [seat, card] pairs. */
const playedIn = (suit: string, ...cards: [Seat, string][]) => [
  ...handIn(suit),
  ...cards.map(([seat, card]) => play(seat, card)),
];
const take = [
  { seat: 1, type: 'bid', bid: 21 },
  { seat: 2, type: 'pass' },
  { seat: 0, type: 'pass' },
  { seat: 1, type: 'take' },
];
/** Seat 1 takes the skat holding `hand` with `skat`; the defenders get the other twenty cards. */
function takeDeal(hand: string[], skat: string[]): typeof M {
  const others = deck().filter((c) => !hand.includes(c) && !skat.includes(c));
  return { seats: [{ hand: others.slice(0, 10) }, { hand }, { hand: others.slice(10) }], skat };
}

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
    ["behind a partner's trump lead: the lowest trump", M, 'H', [play(2, 'JH')], 0, '7H'],
    ["behind a partner's queen, void: the cheapest diamond", V, 'S', [play(2, 'QC')], 0, '7D'],
    ['declarer last, void: the lowest trump wins', M, 'S', [play(2, 'AC'), play(0, '7H')], 1, '7S'],
    ['declarer last, void in hearts: the lowest trump', V, 'S', [play(2, '7H'), play(0, '8H')], 1, '7S'],
    ['declarer last, over a jack: still the lowest trump', V, 'S', [play(2, '7H'), play(0, 'JH')], 1, '7S'],
    [
      'declarer last: a side-suit king beats the queen before any trump',
      V,
      'S',
      [play(2, 'QC'), play(0, '7D')],
      1,
      'KC',
    ],
    ['declarer last: the king, not the ace, over a nine', V, 'S', [play(2, '9C'), play(0, '7D')], 1, 'KC'],
    [
      'declarer last with only trumps to win: the lower trump (K♥ over A♥)',
      M,
      'H',
      [play(2, '7C'), play(0, '9D')],
      1,
      'KH',
    ],
    ['the same over a queen', M, 'H', [play(2, 'QC'), play(0, '9D')], 1, 'KH'],
  ])('%s', (_what, deal, trump, plays, seat, card) => {
    expect(move(deal, [...handIn(trump), ...plays], seat)).toBe(card);
  });
});

describe('after a take', () => {
  test('with eight trumps and ♥A K it puts the two diamonds away', () => {
    expect(move(M, [...auction, { seat: 1, type: 'take' }], 1)).toEqual(['7D', '8D']);
  });

  test("it banks a loose ♦K and ♥Q (their points are the declarer's) rather than two clubs", () => {
    // ♠ A K 10 9 8 7, ♥A Q, ♦K 9, ♣7 8: discarding ♦K ♥Q scores 36.5 (estimate 31.5 + 5); ♦K ♣7 35.5; ♣7 8 30.5.
    expect(
      move(takeDeal(['AS', 'KS', '10S', '9S', '8S', '7S', 'AH', 'KD', '7C', 'QH'], ['8C', '9D']), take, 1),
    ).toEqual(['KD', 'QH']);
  });

  test('when every pair holds a trump or an ace it still discards, the pair of most value (♠K ♦K)', () => {
    // ♠ A…7, ♣A ♦A ♥A ♦K: only ♦K is neither; ♠K ♦K scores 53, as high as any pair, and comes first.
    expect(
      move(takeDeal(['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AC', 'AD'], ['AH', 'KD']), take, 1),
    ).toEqual(['KD', 'KS']);
  });

  test('of equally good pairs it keeps the first found (♦K with ♣7, not ♣8 or ♣9), and never a trump pair of the same value', () => {
    // ♦K with any club scores 37; so does ♠Q ♦K, but a trump is kept while a loose pair exists.
    expect(
      move(takeDeal(['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', 'AH', 'KD', '7C'], ['8C', '9C']), take, 1),
    ).toEqual(['7C', 'KD']);
  });
});

/*
 * Positions after trick 1: the cards gone in completed tricks (and the skat the
 * declarer put away) decide what is still out and which cards are sure
 * winners. Each deal is built for its question; ♠ trumps unless stated.
 */

/** Trick 1 is ♣ 7 (seat 2), 8 (seat 0), A (seat 1): the declarer wins and leads trick 2. */
const D = dealOf(
  ['8C', 'KH', '8H', 'AD', '9S', '10S', 'QH', 'JH', '9D', '10D'],
  ['AC', '7S', 'AS', 'QS', 'QD', '7H', '9C', '10C', 'JC', 'KC'],
  ['7C', 'AH', 'KD', '8D', 'KS', 'JS', '8S', '7D', '9H', '10H'],
);
const dTrick1: [Seat, string][] = [
  [2, '7C'],
  [0, '8C'],
  [1, 'AC'],
];
/** The same trick 1; the declarer's trumps (listed low first) are 7 8 Q K with ♠A out, and it holds ♦A. */
const E = dealOf(
  ['8C', 'AH', 'KH', 'QC', 'JC', '10C', '10S', '9S', 'QD', 'JD'],
  ['AC', '9C', '7S', '8S', 'QS', 'KS', 'AD', '7H', '8H', '9D'],
  ['7C', 'AS', 'JS', '7D', '8D', 'QH', 'JH', '10H', '9H', 'KD'],
);
/** Trick 1 is ♦ 7 (seat 2), A (seat 0), 8 (seat 1): seat 0 leads trick 2 and the declarer follows second. */
const C = dealOf(
  ['AD', '10D', 'QD', 'QC', 'JC', '7C', 'QS', '8H', '9H', '10H'],
  ['8D', 'KD', '9D', 'KS', '7S', '8S', '9S', '7H', 'AH', 'KH'],
  ['7D', 'JD', 'AS', 'JS', '10S', 'AC', 'KC', '10C', '9C', '8C'],
);
const cTrick1: [Seat, string][] = [
  [2, '7D'],
  [0, 'AD'],
  [1, '8D'],
];

describe('leading after trick 1', () => {
  test('the declarer, trumps still out, leads its top trump when it is sure (♠A of 7 A Q)', () => {
    expect(move(D, playedIn('S', ...dTrick1), 1)).toBe('AS');
  });

  test('the declarer, trumps still out and ♠A not its own, leads its lowest trump (7 of 7 8 Q K), not ♦A', () => {
    expect(move(E, playedIn('S', ...dTrick1), 1)).toBe('7S');
  });

  test('the declarer with no trump left cashes a king made sure by its own ace gone in trick 1', () => {
    // Seat 1 holds no ♠; after ♥ 7 8 A, its ♥K is the top heart (♥Q too): the dearer, K, goes.
    const F = dealOf(
      ['8H', 'AC', '9C', '8C', '7C', 'AS', 'KS', 'QS', 'JS', '10S'],
      ['AH', 'KH', 'QH', 'KC', 'QC', '7D', '8D', '9D', '10D', 'JD'],
      ['7H', '9H', '10H', 'JH', 'JC', '10C', '9S', '8S', '7S', 'AD'],
    );
    expect(move(F, playedIn('S', [2, '7H'], [0, '8H'], [1, 'AH']), 1)).toBe('KH');
  });

  test('a defender leads its king of trumps once its ♠A has drawn the trick, trumps still out', () => {
    const B = dealOf(
      ['7S', 'AH', 'KH', 'QH', 'AD', 'KD', 'QD', 'JD', '10D', '9D'],
      ['8S', 'QS', 'JS', '10S', '9S', 'AC', 'KC', 'QC', 'JC', '7H'],
      ['AS', 'KS', '7C', '8C', '9C', '7D', '8D', '8H', '9H', '10H'],
    );
    expect(move(B, playedIn('S', [2, 'AS'], [0, '7S'], [1, '8S']), 2)).toBe('KS');
  });

  test('a defender does not lead a top side-suit king while trumps are out: its cheapest card instead', () => {
    // Seat 2 won trick 1 with ♥A; ♥K is now the top heart, but the declarer still has ♠A K.
    const G = dealOf(
      ['7H', 'AC', '9C', '8C', '7C', 'QS', 'JS', '10S', 'KD', 'QD'],
      ['8H', 'KC', 'QC', 'JC', '10C', 'AS', 'KS', 'AD', '8D', 'JD'],
      ['AH', 'KH', 'QH', 'JH', '10H', '9H', '7D', '9D', '10D', '9S'],
    );
    expect(move(G, playedIn('S', [2, 'AH'], [0, '7H'], [1, '8H']), 2)).toBe('7D');
  });

  test('a defender leads a top side-suit king once no trump is out (♣ trumps, all gone or its own)', () => {
    // ♣ 7 A 8, ♣ K Q J, ♥ A 7 8: seat 0 keeps ♣10 9 (the last trumps), ♥K is top, the dearer winner.
    const A = dealOf(
      ['AC', 'KC', '10C', '9C', 'AH', 'KH', '7D', '8D', '9D', '10D'],
      ['8C', 'QC', '7H', 'AS', 'KS', 'QS', 'JS', '10S', '9S', '8S'],
      ['7C', 'JC', '8H', '7S', 'QH', 'JH', '10H', '9H', 'AD', 'KD'],
    );
    const steps = playedIn(
      'C',
      [2, '7C'],
      [0, 'AC'],
      [1, '8C'],
      [0, 'KC'],
      [1, 'QC'],
      [2, 'JC'],
      [0, 'AH'],
      [1, '7H'],
      [2, '8H'],
    );
    expect(move(A, steps, 0)).toBe('KH');
  });

  test('after a take, the declarer counts the skat it put away: no trump out, so it cashes ♥A before its ♦ trumps', () => {
    // Seat 1 takes ♦A ♦7 and puts them away: the other six diamonds are its own, so ♦K is top and no trump is out.
    const deal = {
      seats: [
        { hand: ['10C', 'JC', 'QC', '7S', '8S', '9S', '10S', 'JS', 'QH', 'JH'] },
        { hand: ['KD', 'QD', 'JD', '10D', '9D', '8D', 'AH', 'AC', '7H', '8H'] },
        { hand: ['9C', 'KC', '8C', '7C', 'QS', 'KS', 'AS', 'KH', '10H', '9H'] },
      ],
      skat: ['AD', '7D'],
    };
    const steps = [
      ...take,
      { seat: 1, type: 'discard', cards: ['AD', '7D'] },
      { seat: 1, type: 'trump', suit: 'D' },
      play(2, '9C'),
      play(0, '10C'),
      play(1, 'AC'),
    ];
    expect(move(deal, steps, 1)).toBe('AH');
  });
});

describe('following after trick 1', () => {
  test.each<[string, typeof M, [Seat, string][], Seat, string]>([
    [
      'the declarer second: its ♦K, made sure by ♦A gone in trick 1, beats the ♦10',
      C,
      [...cTrick1, [0, '10D']],
      1,
      'KD',
    ],
    [
      'the declarer second, void in ♣: the lowest trump over a queen (2 points on the table)',
      C,
      [...cTrick1, [0, 'QC']],
      1,
      '7S',
    ],
    [
      'the declarer second, void in ♣: no trump over a jack (1 point), its cheapest card',
      C,
      [...cTrick1, [0, 'JC']],
      1,
      '7H',
    ],
    ['the declarer second, void in ♣: no trump over a seven, its cheapest card', C, [...cTrick1, [0, '7C']], 1, '7H'],
    [
      'the declarer second on a trump lead (♠Q): ♠K is not sure with ♠A out, so the lowest trump',
      C,
      [...cTrick1, [0, 'QS']],
      1,
      '7S',
    ],
    [
      "a defender last behind its partner's ace: the dearest card of the suit (♥K)",
      D,
      [...dTrick1, [1, '7H'], [2, 'AH']],
      0,
      'KH',
    ],
    [
      "a defender second on the declarer's ♦Q: ♦K is not sure with ♦A out, so the low diamond",
      D,
      [...dTrick1, [1, 'QD']],
      2,
      '7D',
    ],
    [
      'a defender second, void in ♣ with the top trump, nothing on the table: its cheapest card, not ♠A',
      E,
      [...dTrick1, [1, '9C']],
      2,
      '7D',
    ],
    [
      "a defender last behind the declarer's ♣9: the lowest club that wins (♣10)",
      E,
      [...dTrick1, [1, '9C'], [2, '7D']],
      0,
      '10C',
    ],
    [
      "a defender last that cannot beat the declarer's ♦A: its cheapest diamond",
      E,
      [...dTrick1, [1, 'AD'], [2, '7D']],
      0,
      'JD',
    ],
  ])('%s', (_what, deal, cards, seat, card) => {
    expect(move(deal, playedIn('S', ...cards), seat)).toBe(card);
  });
});

describe('winning cheaply as last player', () => {
  test('the declarer last, following ♣9: the lowest club that beats it (♣10 of 8 10 Q K)', () => {
    const J = dealOf(
      ['7C', 'AD', 'KD', 'QD', 'JD', '10D', '9D', '8D', '7D', 'AH'],
      ['8C', '10C', 'QC', 'KC', 'AS', 'KS', 'QS', 'JS', 'KH', 'QH'],
      ['9C', 'AC', 'JC', '10S', '9S', '8S', '7S', 'JH', '10H', '9H'],
    );
    expect(move(J, playedIn('S', [2, '9C'], [0, '7C']), 1)).toBe('10C');
  });
});

describe('card cost: points before trumps before rank', () => {
  test('behind a winning partner, void, with only point cards and trumps: a low trump, not a jack', () => {
    // Seat 0 holds no heart and no card without points but its trumps: ♠7 costs less than ♦J (a point).
    const H = dealOf(
      ['AD', 'KD', 'QD', 'JD', '7S', '8S', '9S', '10S', 'AC', 'KC'],
      ['AS', 'KS', 'QS', 'JS', 'AH', 'KH', 'QH', '10D', '9D', '8D'],
      ['7H', '8H', '9H', '10H', 'JH', 'QC', 'JC', '10C', '9C', '8C'],
    );
    expect(move(H, playedIn('S', [2, '7H']), 0)).toBe('7S');
  });

  test("a defender last behind its partner's ♦A with only cards of no points: the lowest (♦8 of 10 9 8)", () => {
    // Trick 1 ♣ 7 8 A to the declarer, who leads ♦7; seat 2 wins it with ♦A; seat 0 has nothing of value to give.
    const I = dealOf(
      ['10D', '9D', '8D', '8C', 'AH', 'KH', 'QH', 'JH', '10H', '9H'],
      ['AC', '7D', 'KC', 'QC', 'JC', 'AS', 'KS', 'QS', 'JS', '10S'],
      ['7C', 'AD', 'KD', 'QD', 'JD', '9C', '10C', '9S', '8S', '7S'],
    );
    expect(move(I, playedIn('S', [2, '7C'], [0, '8C'], [1, 'AC'], [1, '7D'], [2, 'AD']), 0)).toBe('8D');
  });
});
