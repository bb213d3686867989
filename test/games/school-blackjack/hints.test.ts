/**
 * School Blackjack's card hints (src/games/card-hints.ts with
 * school-blackjack/hints.ts): the seat to play has each hand card tried as
 * the next card of its turn; the legal ones are exactly the cards
 * `legalActions` offers, and the refused ones say why with the position
 * they met (step 1 on the top, step 2 after a card, a pick-up owed).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { schoolBlackjackModule } from '../../../src/games/school-blackjack/index.js';
import { apply, playAll, position, type Table } from './helpers.js';

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
