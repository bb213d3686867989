/**
 * The Fighting Cards bot: pure (same answer for the same input, no change to
 * the state), and sensible in set positions — it bids a strong hand and
 * passes a weak one, plays a hand game with a hand far above the contract,
 * names its longest suit, never discards a trump and banks points in the
 * skat, follows low when it cannot win, wins cheaply as last player, trumps a
 * trick with points — and over many deals (fixed seeds) its card play takes
 * more points as declarer, and gives away fewer as defender, than uniformly
 * random card play on the same deals and contracts.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, stateHash, type Seat } from '../../../src/engine/index.js';
import { makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import {
  fightingCards,
  fightingCardsBot,
  fightingCardsMove,
  handEstimate,
  suitOf,
  type FightingState,
} from '../../../src/games/fighting-cards/index.js';
import { M, play, position } from './helpers.js';

const V = {
  seats: [
    { hand: ['JH', '8H', 'AD', 'KD', 'QD', 'JD', '10D', '9D', '8D', '7D'] },
    { hand: ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AC', 'KC'] },
    { hand: ['10H', '9H', '7H', 'AH', 'KH', 'QH', 'QC', 'JC', '10C', '9C'] },
  ],
  skat: ['8C', '7C'],
};
const auction26 = [
  { seat: 1, type: 'bid', bid: 26 },
  { seat: 2, type: 'pass' },
  { seat: 0, type: 'pass' },
];

function move(steps: object[], seat: Seat, deal = M) {
  const { state, open } = position({ deal, actions: steps as never });
  const view = privateViewOf(state, open, seat);
  const before = stateHash(state);
  const action = fightingCardsMove(state, seat, view);
  expect(stateHash(state)).toBe(before);
  expect(fightingCardsMove(state, seat, view)).toEqual(action);
  const card = action && action.type === 'play' ? action.card : null;
  const discards = action && action.type === 'discard' ? action.handles.map((h) => open[h]) : null;
  return { action, card, discards };
}

describe('in set positions', () => {
  test('a strong hand bids, a weak one passes', () => {
    expect(handEstimate(M.seats[1]!.hand)).toBeGreaterThan(30);
    expect(handEstimate(['7C', '8C', '9C', '7D', '8D', '9D', '7H', '8H', '10S', '9S'])).toBeLessThan(15);
    expect(move([], 1).action).toEqual({ type: 'bid', bid: 21 });
    expect(move([{ seat: 1, type: 'bid', bid: 40 }], 2).action).toEqual({ type: 'pass' });
  });

  test('far above the contract it plays a hand game and names its longest suit', () => {
    expect(move(auction26, 1).action).toEqual({ type: 'hand' });
    expect(move([...auction26, { seat: 1, type: 'hand' }], 1).action).toEqual({ type: 'trump', suit: 'S' });
  });

  test('after a take it keeps its trumps and aces: with eight trumps and AH KH it clears diamonds (ten sure tricks)', () => {
    const { discards } = move([...auction26, { seat: 1, type: 'take' }], 1);
    expect(discards?.sort()).toEqual(['7D', '8D']);
  });

  test('after a take it banks a loose king in the skat rather than lose it', () => {
    const loose = {
      seats: [
        { hand: ['7S', 'AH', 'KH', 'QH', 'JH', '10H', '9H', '8H', 'AD', 'KD'] },
        { hand: ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', 'KC', '7D', '8D'] },
        { hand: ['QD', 'JD', '10D', 'AC', 'QC', 'JC', '10C', '9C', '8C', '7C'] },
      ],
      skat: ['9D', '7H'],
    };
    const { discards } = move([...auction26, { seat: 1, type: 'take' }], 1, loose);
    expect(discards).toContain('KC');
    expect(discards?.some((c) => suitOf(c ?? null) === 'S')).toBe(false);
  });

  const opening = [...auction26, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit: 'S' }];

  test('a defender who cannot win behind its partner follows low; the declarer wins cheaply as last player', () => {
    expect(move([...opening, { seat: 2, type: 'play', card: 'QH' }], 0).card).toBe('7H');
    expect(
      move([...opening, { seat: 2, type: 'play', card: 'QH' }, { seat: 0, type: 'play', card: '7H' }], 1).card,
    ).toBe('KH');
  });

  test('void in the led suit, it trumps a trick with points, with its lowest trump', () => {
    const steps = [
      ...auction26,
      { seat: 1, type: 'hand' },
      { seat: 1, type: 'trump', suit: 'S' },
      { seat: 2, type: 'play', card: 'AH' },
      { seat: 0, type: 'play', card: '8H' },
    ];
    expect(move(steps, 1, V).card).toBe('7S');
  });

  test('the declarer draws trumps first, from the top', () => {
    const steps = [
      ...opening,
      { seat: 2, type: 'play', card: 'QH' },
      { seat: 0, type: 'play', card: '7H' },
      { seat: 1, type: 'play', card: 'KH' },
    ];
    expect(move(steps, 1).card).toBe('AS');
  });
});

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
