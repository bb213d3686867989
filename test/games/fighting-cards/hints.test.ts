/**
 * Fighting Cards' card hints (src/games/card-hints.ts with
 * fighting-cards/hints.ts): a following seat's hand tried through the
 * reducer with its own cards open — the cards of the led suit are legal,
 * exactly those `legalActions` offers, and the others say "follow suit";
 * before trumps every card says which phase the deal is in; in the discard
 * every one of the declarer's twelve cards may be put away.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type OpenCards } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { fightingCardsModule, type FightingState } from '../../../src/games/fighting-cards/index.js';
import { M, position } from './helpers.js';

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
