/**
 * The end-of-hand summary's view model: after real bot hands (fixed seeds),
 * every card still in a seat's hand, face-up or face-down (Stress), and the
 * skat (Fighting Cards) is listed under that seat or the table, named from
 * the cards the audit opened; the result names seats by name (never "seat
 * 0"); a halted hand says who was blamed; without opened cards only public
 * cards are named.
 */
import { describe, expect, test } from 'vitest';
import { heuristicBot } from '../../src/bots/index.js';
import type { AnyState, OpenCards } from '../../src/engine/index.js';
import { handSummary } from '../../src/app/hand-summary.js';
import { namedSummary } from '../../src/games/hand-cards.js';
import { stressShed, type StressState } from '../../src/games/stress-shed/index.js';
import { fightingCards, type FightingState } from '../../src/games/fighting-cards/index.js';
import { play as playStress } from '../games/stress-shed/helpers.js';
import { play as playFighting } from '../games/fighting-cards/helpers.js';

const names = ['Ann', 'Bob', 'Cleo'];

describe('namedSummary', () => {
  test('names seats counted from 0 in the rules, lists several', () => {
    expect(namedSummary('seat 1 won; seat 0 lost; seat 2 deals next', names)).toBe(
      'Bob won; Ann lost; Cleo deals next',
    );
    expect(namedSummary('seats 0, 2 share the last place', names)).toBe('Ann and Cleo share the last place');
    expect(namedSummary('seat 4 deals', names)).toBe('Seat 5 deals');
  });
});

describe('handSummary', () => {
  test("Stress (shedding): the loser's remaining hand, face-up and face-down cards, named from the opened deck", () => {
    const result = playStress({ players: 3, dealer: 0 }, 11, [heuristicBot(), heuristicBot(), heuristicBot()], {
      maxInputs: 20_000,
    });
    if (!result.ok || !result.finished) throw new Error('the bot hand did not finish');
    const state = result.state as StressState;
    const outcome = stressShed.outcome(state);
    const summary = handSummary({
      handNo: 0,
      game: 'stress-shed',
      state: state as AnyState,
      names,
      outcome,
      open: result.open,
      halt: null,
      verdict: null,
    });
    const loser = state.board.loser!;
    expect(loser).not.toBeNull();
    expect(summary.headline).toBe(`${names[state.board.out[0]!]} wins`);
    expect(summary.detail).not.toMatch(/seat \d/);
    expect(summary.detail).toContain(`${names[loser]} lost`);
    const seat = summary.seats[loser]!;
    expect(seat.name).toBe(names[loser]);
    expect(seat.place).toBe(3);
    const zones = state.board.seats[loser]!;
    const expected = (
      [
        ['hand', zones.hand],
        ['face-up', zones.faceUp],
        ['face-down', zones.faceDown],
      ] as const
    )
      .filter(([, handles]) => handles.length > 0)
      .map(([label, handles]) => ({ label, cards: handles.map((h) => result.open[h]) }));
    expect(seat.zones).toEqual(expected);
    expect(expected.flatMap((z) => z.cards).length).toBeGreaterThan(0);
    expect(seat.zones.flatMap((z) => z.cards).every((c) => typeof c === 'string')).toBe(true);
    // The winners hold nothing.
    expect(summary.seats[state.board.out[0]!]!.zones).toEqual([]);
  });

  test("Fighting Cards: the skat is listed as the table's, every hand card opened; without the audit only public cards", () => {
    const result = playFighting({ players: 3, dealer: 0 }, 5, [heuristicBot(), heuristicBot(), heuristicBot()], {
      maxInputs: 20_000,
    });
    if (!result.ok || !result.finished) throw new Error('the bot hand did not finish');
    const state = result.state as FightingState;
    const open: OpenCards = result.open;
    const summary = handSummary({
      handNo: 2,
      game: 'fighting-cards',
      state: state as AnyState,
      names,
      outcome: fightingCards.outcome(state),
      open,
      halt: null,
      verdict: null,
    });
    expect(summary.table).toEqual([{ label: 'skat', cards: state.board.skat.map((h) => open[h]) }]);
    expect(summary.table[0]!.cards).toHaveLength(2);
    expect(summary.opened).toBe(true);
    const closed = handSummary({
      handNo: 2,
      game: 'fighting-cards',
      state: state as AnyState,
      names,
      outcome: null,
      open: null,
      halt: { seat: 1, detail: 'an illegal move' },
      verdict: null,
    });
    expect(closed.headline).toBe('Hand stopped: Bob — an illegal move');
    expect(closed.opened).toBe(false);
    for (const zone of closed.table)
      for (const [i, card] of zone.cards.entries()) expect(card).toBe(state.cards[state.board.skat[i]!]?.card ?? null);
  });
});
