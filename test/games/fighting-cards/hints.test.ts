/**
 * Fighting Cards' card hints (src/games/card-hints.ts with
 * fighting-cards/hints.ts): a following seat's hand tried through the
 * reducer with its own cards open — the cards of the led suit are legal,
 * exactly those `legalActions` offers, and the others say "follow suit";
 * before trumps every card says which phase the deal is in; in the discard
 * every one of the declarer's twelve cards may be put away. And the words of
 * each refusal (`fightingWhy`) in every phase: why no card may go during the
 * auction, the skat decision, the discard, trump naming and after the deal;
 * "follow suit" with the led suit, saying when trumps were led or naming the
 * trump otherwise; a card not in the hand; the discard pair; the engine's own
 * refusals; and the probe's move for one card (a play, or in the discard a
 * pair with another card of the declarer's hand). Fixed positions of deal M.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type OpenCards } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { fightingCardsModule, type FightingState } from '../../../src/games/fighting-cards/index.js';
import { M, position } from './helpers.js';
import { fightingProbe, fightingWhy } from '../../../src/games/fighting-cards/hints.js';

const AUCTION = [
  { seat: 1, type: 'bid', bid: 26 },
  { seat: 2, type: 'pass' },
  { seat: 0, type: 'pass' },
];

function hintsByCard(state: FightingState, open: OpenCards, seat: number) {
  const hints = cardHints(fightingCardsModule, state, seat, privateViewOf(state, open, seat));
  return Object.fromEntries(Object.entries(hints).map(([handle, hint]) => [open[Number(handle)]!, hint]));
}

describe('card hints', () => {
  test('♥ led: the ♥ cards go, the ♦ cards must not (follow suit), as legalActions says', () => {
    const { state, open } = position({
      deal: M,
      actions: [
        ...AUCTION,
        { seat: 1, type: 'hand' },
        { seat: 1, type: 'trump', suit: 'S' },
        { seat: 2, type: 'play', card: 'QH' },
      ],
    });
    expect(state.board.turn).toBe(0);
    const hints = hintsByCard(state, open, 0);
    expect(hints['7H']).toEqual({ legal: true, why: null });
    expect(hints['AD']).toEqual({
      legal: false,
      why: 'You must follow hearts ♥: you hold ♥, so play one of them, not a trump ♠.',
    });
    const offered = new Set(
      fightingCardsModule.rules
        .legalActions(state, 0, privateViewOf(state, open, 0))
        .flatMap((a) => (a.type === 'play' ? [a.card] : [])),
    );
    expect(Object.keys(hints).sort()).toEqual([...M.seats[0]!.hand].sort());
    for (const [card, hint] of Object.entries(hints)) expect(hint.legal).toBe(offered.has(card));
  });

  test('a seat without the led suit may play anything (a trump too)', () => {
    const { state, open } = position({
      deal: M,
      actions: [
        ...AUCTION,
        { seat: 1, type: 'hand' },
        { seat: 1, type: 'trump', suit: 'S' },
        { seat: 2, type: 'play', card: 'AC' },
      ],
    });
    const hints = hintsByCard(state, open, 0);
    for (const hint of Object.values(hints)) expect(hint).toEqual({ legal: true, why: null });
  });

  test('during the auction and before trumps: the phase in words; another seat: wait for your turn', () => {
    const bidding = position({ deal: M, actions: [] });
    const bidder = bidding.state.board.turn;
    for (const hint of Object.values(hintsByCard(bidding.state, bidding.open, bidder))) {
      expect(hint).toEqual({ legal: false, why: 'The auction is on: cards are played once trumps are named.' });
    }
    for (const hint of Object.values(hintsByCard(bidding.state, bidding.open, (bidder + 1) % 3)))
      expect(hint).toEqual({ legal: false, why: 'Wait for your turn.' });
    const trump = position({ deal: M, actions: [...AUCTION, { seat: 1, type: 'hand' }] });
    for (const hint of Object.values(hintsByCard(trump.state, trump.open, 1))) {
      expect(hint).toEqual({ legal: false, why: 'Trumps are being named: cards are played after that.' });
    }
  });

  test('the discard: each of the declarer’s twelve cards may be put away', () => {
    const { state, open } = position({ deal: M, actions: [...AUCTION, { seat: 1, type: 'take' }] });
    expect(state.board.phase).toBe('discard');
    const hints = cardHints(fightingCardsModule, state, 1, privateViewOf(state, open, 1));
    expect(Object.keys(hints)).toHaveLength(12);
    for (const hint of Object.values(hints)) expect(hint).toEqual({ legal: true, why: null });
  });
});

const at = (actions: object[]): FightingState => position({ deal: M, actions: actions as never }).state;

describe('why a card may not go now, by phase', () => {
  test.each<[string, object[], string]>([
    ['bidding', [], 'The auction is on: cards are played once trumps are named.'],
    ['skat', AUCTION, 'The declarer is deciding on the skat: cards are played once trumps are named.'],
    [
      'discard',
      [...AUCTION, { seat: 1, type: 'take' }],
      'The declarer is putting two cards away: cards are played once trumps are named.',
    ],
    ['trump', [...AUCTION, { seat: 1, type: 'hand' }], 'Trumps are being named: cards are played after that.'],
    [
      'play',
      [...AUCTION, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit: 'S' }],
      'Cards cannot be played now.',
    ],
    [
      'over',
      [
        { seat: 1, type: 'pass' },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'pass' },
      ],
      'The deal is over.',
    ],
  ])('%s', (_phase, actions, words) => {
    expect(fightingWhy('wrong-phase', 'AS', at(actions))).toBe(words);
  });

  test('scoring reads as over', () => {
    const state = at([]);
    expect(fightingWhy('wrong-phase', 'AS', { ...state, board: { ...state.board, phase: 'scoring' } })).toBe(
      'The deal is over.',
    );
  });
});

describe('follow suit', () => {
  const trumps = [...AUCTION, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit: 'S' }];
  test('hearts led, spades trumps: the trump is named', () => {
    expect(fightingWhy('must-follow-suit', 'AD', at([...trumps, { seat: 2, type: 'play', card: 'QH' }]))).toBe(
      'You must follow hearts ♥: you hold ♥, so play one of them, not a trump ♠.',
    );
  });

  test('trumps led: said so', () => {
    const state = at([
      ...trumps,
      { seat: 2, type: 'play', card: 'QH' },
      { seat: 0, type: 'play', card: '10H' },
      { seat: 1, type: 'play', card: 'AH' },
    ]);
    expect(state.board.turn).toBe(1);
    const led = at([
      ...trumps,
      { seat: 2, type: 'play', card: 'QH' },
      { seat: 0, type: 'play', card: '10H' },
      { seat: 1, type: 'play', card: 'AH' },
      { seat: 1, type: 'play', card: 'AS' },
    ]);
    expect(fightingWhy('must-follow-suit', 'AC', led)).toBe(
      'You must follow spades ♠: you hold ♠, so play one of them (trumps were led).',
    );
  });

  test('no trump named yet: no trump words', () => {
    const state = at([...trumps, { seat: 2, type: 'play', card: 'AC' }]);
    expect(fightingWhy('must-follow-suit', 'AH', { ...state, board: { ...state.board, trump: null } })).toBe(
      'You must follow clubs ♣: you hold ♣, so play one of them.',
    );
    expect(fightingWhy('must-follow-suit', 'AH', state)).toBe(
      'You must follow clubs ♣: you hold ♣, so play one of them, not a trump ♠.',
    );
  });

  test('clubs led under hearts trumps: the trump named is hearts', () => {
    const state = at([...trumps, { seat: 2, type: 'play', card: 'AC' }]);
    const led = {
      ...state,
      board: { ...state.board, trump: 'H' as const, trick: [{ seat: 2, handle: state.board.trick[0]!.handle }] },
    };
    expect(fightingWhy('must-follow-suit', 'AH', led)).toMatch(/^You must follow clubs ♣: .* not a trump ♥\.$/);
  });

  test('no trick on the table: the card may not go now', () => {
    expect(fightingWhy('must-follow-suit', 'AD', at(trumps))).toBe('A♦ may not go now.');
  });
});

describe('other refusals', () => {
  const state = at([]);
  test.each<[string, string]>([
    ['not-in-hand', 'K♠ is not in your hand.'],
    ['duplicate-handle', 'Pick two different cards to put away.'],
    ['not-your-turn', 'Wait for your turn.'],
    ['game-over', 'The game is over.'],
    ['bid-out-of-range', 'K♠ cannot be played now (bid-out-of-range).'],
    ['malformed-action', 'K♠ cannot be played now (malformed-action).'],
  ])('%s: "%s"', (error, words) => {
    expect(fightingWhy(error as never, 'KS', state)).toBe(words);
  });
});

describe('the probe', () => {
  test("in play a card is tried as a play; the cards are the seat's hand", () => {
    const state = at([...AUCTION, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit: 'S' }]);
    expect(fightingProbe.play(7, 'AS', state)).toEqual({ type: 'play', handle: 7, card: 'AS' });
    expect(fightingProbe.cards(state, 2)).toEqual(state.board.hands[2]);
    expect(fightingProbe.cards(state, 5)).toEqual([]);
  });

  test("in the discard a card is tried with the first other card of the declarer's hand", () => {
    const state = at([...AUCTION, { seat: 1, type: 'take' }]);
    const hand = state.board.hands[1]!;
    expect(fightingProbe.play(hand[0]!, 'AS', state)).toEqual({ type: 'discard', handles: [hand[0], hand[1]] });
    expect(fightingProbe.play(hand[5]!, 'AS', state)).toEqual({ type: 'discard', handles: [hand[5], hand[0]] });
    // A one-card hand pairs the card with itself (refused as a duplicate by the reducer).
    const lone = { ...state, board: { ...state.board, hands: [[], [hand[3]!], []] } };
    expect(fightingProbe.play(hand[3]!, 'AS', lone)).toEqual({ type: 'discard', handles: [hand[3], hand[3]] });
    const noDeclarer = { ...state, board: { ...state.board, declarer: null } };
    expect(fightingProbe.play(hand[3]!, 'AS', noDeclarer)).toEqual({ type: 'discard', handles: [hand[3], hand[3]] });
  });

  test("its words are fightingWhy's", () => {
    const state = at([]);
    expect(fightingProbe.words('wrong-phase', 'AS', state, 1)).toBe(
      'The auction is on: cards are played once trumps are named.',
    );
  });
});
