/**
 * The Fighting Cards bot (bot.ts). Its hand judgement, figure by figure: the
 * trump it names (longest suit, then most points, then highest cards), the
 * card points it expects to take (sure winners from the top with about 2.5
 * captured each, half the points of the other cards, a ruff per short side
 * suit while spare trumps last, long trumps beyond four), the estimate with
 * the unseen skat capped at 40, and the decisions read off it: the bid it
 * makes or the pass (the estimate less 3), hand game or take (the estimate 6
 * over the contract). Its card play and discard in set positions, each the
 * rule its test states, every answer pure (same input, same move, state
 * untouched): leading and following, winning cheaply as last player, card
 * cost, the discard's value, and after trick 1 the cards gone deciding what
 * is still out. And over many deals (fixed seeds): its card play takes more
 * points as declarer, and gives away fewer as defender, than uniformly
 * random card play on the same deals and contracts, and its moves are
 * always legal.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, stateHash, type Seat } from '../../../src/engine/index.js';
import { makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { fightingCards, type FightingState } from '../../../src/games/fighting-cards/index.js';
import { fightingCardsBot, fightingCardsMove, handEstimate } from '../../../src/games/fighting-cards/bot.js';
import { M, play, position } from './helpers.js';
import { bestTrump, estimateTricks } from '../../../src/games/fighting-cards/bot.js';
import { deck } from '../../../src/games/fighting-cards/setup.js';

describe('over many deals', () => {
  /** Bids and chooses like the bot; plays cards with `cards` once play starts. */
  const playsWith =
    (cards: Bot): Bot =>
    (game, state, seat, view) =>
      (state as FightingState).board.phase === 'play'
        ? cards(game, state, seat, view)
        : fightingCardsBot(game, state, seat, view);

  function averagePoints(declarerPlays: 'bot' | 'random', defendersPlay: 'bot' | 'random'): number {
    let total = 0;
    let deals = 0;
    for (let seed = 0; seed < 150; seed++) {
      const random = randomBot(makeRng(seed));
      const bots: Bot[] = [0, 1, 2].map(() => (game, state, seat, view) => {
        const who = (state as FightingState).board.declarer === seat ? declarerPlays : defendersPlay;
        return playsWith(who === 'bot' ? fightingCardsBot : random)(game, state, seat, view);
      });
      const result = play({ players: 3, dealer: seed % 3 }, 9000 + seed, bots, { maxInputs: 300 });
      if (!result.ok) throw new Error(result.reason);
      const deal = (result.state as FightingState).board.result;
      if (!deal) continue;
      total += deal.points;
      deals += 1;
    }
    return total / deals;
  }

  test('as declarer it takes more points than random card play; as defenders it gives away fewer', () => {
    const both = averagePoints('bot', 'bot');
    expect(both).toBeGreaterThan(averagePoints('random', 'bot') + 1);
    expect(both).toBeLessThan(averagePoints('bot', 'random') - 3);
  });

  test('its moves are always legal and the deal always ends, in every phase', () => {
    for (let seed = 0; seed < 30; seed++) {
      const result = play(
        { players: 3, dealer: seed % 3 },
        seed,
        [fightingCardsBot, fightingCardsBot, fightingCardsBot],
        { maxInputs: 300 },
      );
      expect(result.ok && result.finished).toBe(true);
      expect(fightingCards.outcome(result.state as FightingState)).not.toBeNull();
    }
  });
});

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
const playCard = (seat: Seat, card: string) => ({ seat, type: 'play', card });

/** A deal from three hands of ten (seat 0, 1, 2); the skat is the two cards left. */
function dealOf(...hands: string[][]): typeof M {
  const dealt = hands.flat();
  if (new Set(dealt).size !== 30) throw new Error('three hands of ten distinct cards expected');
  return { seats: hands.map((hand) => ({ hand })), skat: deck().filter((c) => !dealt.includes(c)) };
}
/** Seat 1 declares a hand game in `suit` (bid 26), then `cards` are played as [seat, card] pairs. */
const playedIn = (suit: string, ...cards: [Seat, string][]) => [
  ...handIn(suit),
  ...cards.map(([seat, card]) => playCard(seat, card)),
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
    expect(move(V, [...handIn('S'), playCard(2, '7H'), playCard(0, '8H'), playCard(1, '7S')], 1)).toBe('AS');
  });
});

describe('following', () => {
  test.each<[string, typeof M, string, object[], Seat, string]>([
    ['behind a winning partner, void: the cheapest off-trump card', M, 'S', [playCard(2, 'AC')], 0, '7H'],
    ['behind a winning partner, void: no points, no trump', M, 'H', [playCard(2, '7C')], 0, '9D'],
    ['behind a winning partner, following: the lowest of the suit', V, 'S', [playCard(2, '7H')], 0, '8H'],
    ["behind a partner's trump lead: the lowest trump", M, 'H', [playCard(2, 'JH')], 0, '7H'],
    ["behind a partner's queen, void: the cheapest diamond", V, 'S', [playCard(2, 'QC')], 0, '7D'],
    ['declarer last, void: the lowest trump wins', M, 'S', [playCard(2, 'AC'), playCard(0, '7H')], 1, '7S'],
    ['declarer last, void in hearts: the lowest trump', V, 'S', [playCard(2, '7H'), playCard(0, '8H')], 1, '7S'],
    ['declarer last, over a jack: still the lowest trump', V, 'S', [playCard(2, '7H'), playCard(0, 'JH')], 1, '7S'],
    [
      'declarer last: a side-suit king beats the queen before any trump',
      V,
      'S',
      [playCard(2, 'QC'), playCard(0, '7D')],
      1,
      'KC',
    ],
    ['declarer last: the king, not the ace, over a nine', V, 'S', [playCard(2, '9C'), playCard(0, '7D')], 1, 'KC'],
    [
      'declarer last with only trumps to win: the lower trump (K♥ over A♥)',
      M,
      'H',
      [playCard(2, '7C'), playCard(0, '9D')],
      1,
      'KH',
    ],
    ['the same over a queen', M, 'H', [playCard(2, 'QC'), playCard(0, '9D')], 1, 'KH'],
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
      playCard(2, '9C'),
      playCard(0, '10C'),
      playCard(1, 'AC'),
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
