/**
 * School Blackjack's card hints (src/games/card-hints.ts with
 * school-blackjack/hints.ts): the seat to play has each hand card tried as
 * the next card of its turn; the legal ones are exactly the cards
 * `legalActions` offers, and the refused ones say why with the position
 * they met (step 1 on the top, step 2 after a card, a pick-up owed). The
 * probe's reason for every refusal code, exactly (an ace's named suit, a
 * card not in hand, a hand not in play, the engine's refusals and the
 * fallback), with the probe's own play shape.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { schoolBlackjackModule } from '../../../src/games/school-blackjack/index.js';
import { apply, playAll, position, type Table, playOf } from './helpers.js';
import { blackjackProbe, blackjackWhy } from '../../../src/games/school-blackjack/hints.js';
import { loadedNow } from '../../helpers/loaded-now.js';

function hintsByCard(table: Table, seat: number) {
  const hints = cardHints(schoolBlackjackModule, table.state, seat, privateViewOf(table.state, table.open, seat));
  return Object.fromEntries(Object.entries(hints).map(([handle, hint]) => [table.open[Number(handle)]!, hint]));
}

const deal = {
  seats: [{ hand: ['9h', '9c', '4s', 'Ah', '5d', 'Kc'] }, { hand: ['7d', '7c', 'Kd', '2h', 'Jd', '8s'] }],
  pile: ['5h'],
};

describe('card hints', () => {
  test('step 1 on 5♥: ♥ cards, 5s and aces go; the others say what would', () => {
    const table = position(deal);
    const hints = hintsByCard(table, 0);
    expect(hints['9H']).toEqual({ legal: true, why: null });
    expect(hints['AH']).toEqual({ legal: true, why: null });
    expect(hints['5D']).toEqual({ legal: true, why: null });
    expect(hints['4S']).toEqual({
      legal: false,
      why: '4♠ matches neither the suit nor the rank of 5♥ (an ace goes on anything).',
    });
    const offered = new Set(
      schoolBlackjackModule.rules
        .legalActions(table.state, 0, privateViewOf(table.state, table.open, 0))
        .flatMap((a) => (a.type === 'play' ? [a.card] : [])),
    );
    for (const [card, hint] of Object.entries(hints)) expect(hint.legal).toBe(offered.has(card));
  });

  test('step 2 after 9♥: only more 9s; the other seat waits', () => {
    const table = position(deal);
    playAll(table, 0, ['9h']);
    const hints = hintsByCard(table, 0);
    expect(hints['9C']).toEqual({ legal: true, why: null });
    expect(hints['5D']).toEqual({ legal: false, why: 'Step 2: only more 9s may follow now (or end the turn).' });
    for (const hint of Object.values(hintsByCard(table, 1)))
      expect(hint).toEqual({ legal: false, why: 'Wait for your turn.' });
  });

  test('owing a pick-up: only an ace or a matching 2 or jack answers it', () => {
    const table = position({
      seats: [{ hand: ['2d', '2c', 'Kh', '9h'] }, { hand: ['Ad', 'Jd', '7d', '5s'] }],
      pile: ['5d'],
    });
    playAll(table, 0, ['2d', '2c']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board).toMatchObject({ turn: 1, owed: 4 });
    const hints = hintsByCard(table, 1);
    expect(hints['AD']!.legal).toBe(true);
    expect(hints['7D']).toEqual({
      legal: false,
      why: 'You owe 4: only an ace, or a 2 or jack that matches 2♣, answers it (or draw 4).',
    });
  });
});

const rest = (cards: string[]) => ({ hand: cards });
// Dealer 1: seat 0 starts, clockwise (descending): 0 → 3 → 2 → 1 with four seats.
const four = (hand0: string[], pile: string[]) =>
  position({ seats: [rest(hand0), rest(['7c']), rest(['7h']), rest(['7s'])], pile }, { seats: 4 });

describe('card probe words', () => {
  test.each<[string, string, string]>([
    ['no-match', '4S', '4♠ does not match the suit the ace named, ♦ (an ace goes on anything).'],
    ['not-in-hand', '4S', '4♠ is not in your hand.'],
    ['not-play-phase', '4S', 'The hand is not in play.'],
    ['not-your-turn', '4S', 'Wait for your turn.'],
    ['game-over', '4S', 'The game is over.'],
    ['turn-started', '4S', '4♠ cannot be played now (turn-started).'],
  ])('after an ace naming ♦: %s', (error, card, words) => {
    const t = four(['As', '9c'], ['5h']);
    expect(apply(t, 0, playOf(t, 'As', 'D'))).toBeNull();
    expect(blackjackWhy(error as never, card, t.state)).toBe(words);
  });

  test('no-match on a plain top, and on an empty pile', () => {
    const t = four(['9c', '4s'], ['5h']);
    expect(blackjackWhy('no-match', '4S', t.state)).toBe(
      '4♠ matches neither the suit nor the rank of 5♥ (an ace goes on anything).',
    );
    const e = four(['9c', '4s'], []);
    expect(blackjackWhy('no-match', '4S', e.state)).toBe(
      '4♠ matches neither the suit nor the rank of the pile (an ace goes on anything).',
    );
    expect(blackjackWhy('not-same-rank', '4S', e.state)).toBe(
      'Step 2: only more of the rank you just played may follow now (or end the turn).',
    );
  });

  test("the probe: a seat's hand cards, an ace played naming its own suit", () => {
    const t = four(['As', '9c'], ['5h']);
    expect(blackjackProbe.cards(t.state, 0)).toEqual(t.state.board.hands[0]);
    expect(blackjackProbe.cards(t.state, 7)).toEqual([]);
    expect(blackjackProbe.play(5, 'JKR', t.state)).toStrictEqual({ type: 'play', handle: 5, card: 'JKR' });
    expect(blackjackProbe.play(3, 'AS', t.state)).toEqual({ type: 'play', handle: 3, card: 'AS', suit: 'S' });
    expect(blackjackProbe.play(4, '9C', t.state)).toEqual({ type: 'play', handle: 4, card: '9C' });
    expect(blackjackProbe.words('not-in-hand', '9C', t.state, 0)).toBe('9♣ is not in your hand.');
  });

  test.each([
    ['C', '♣'],
    ['D', '♦'],
    ['H', '♥'],
    ['S', '♠'],
  ])(
    'the probe words name the suit an ace named: %s (hints.ts loaded afresh: its suit table is built when it loads)',
    async (suit, symbol) => {
      const h = await loadedNow(() => import('../../../src/games/school-blackjack/hints.js'));
      const t = four(['As', '9c'], ['5h']);
      expect(apply(t, 0, playOf(t, 'As', suit))).toBeNull();
      expect(h.blackjackWhy('no-match', '4D', t.state)).toBe(
        `4♦ does not match the suit the ace named, ${symbol} (an ace goes on anything).`,
      );
    },
  );
});
