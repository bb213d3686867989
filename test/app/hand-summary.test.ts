/**
 * The end-of-hand summary's view model: after real bot hands (fixed seeds),
 * every card still in a seat's hand, face-up or face-down (Stress), and the
 * skat (Fighting Cards) is listed under that seat or the table, named from
 * the cards the audit opened; the result names seats by name (never "seat
 * 0"); a halted hand says who was blamed; without opened cards only public
 * cards are named. The zones each game lists (src/games/hand-cards.ts):
 * empty ones left out, none for an unknown game, and the named summary.
 */
import { describe, expect, test } from 'vitest';
import { heuristicBot } from '../../src/bots/index.js';
import type { AnyState, OpenCards } from '../../src/engine/index.js';
import { handSummary } from '../../src/app/hand-summary.js';
import { namedSummary, handCards } from '../../src/games/hand-cards.js';
import { stressShed, type StressState } from '../../src/games/stress-shed/index.js';
import { fightingCards, type FightingState } from '../../src/games/fighting-cards/index.js';
import { play as playStress } from '../games/stress-shed/helpers.js';
import { play as playFighting } from '../games/fighting-cards/helpers.js';
import { type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';

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
    const seat = summary.seats.find((s) => s.name === names[loser])!;
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
    expect(summary.seats.find((s) => s.name === names[state.board.out[0]!])!.zones).toEqual([]);
    // Listed by place, the winner first, the loser last.
    expect(summary.seats.map((s) => s.place)).toEqual([1, 2, 3]);
    expect(summary.seats[0]!.name).toBe(names[state.board.out[0]!]);
    expect(summary.seats[2]!.name).toBe(names[loser]);
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

/** A Stress (shedding) position after both seats are ready: seat 0 holds 4♣ 8♦ Q♦ A♦ on a 9♥, the draw stack is empty. */
function shedPosition(): { state: StressState; open: Record<number, string> } {
  const deal: ScenarioFile['deal'] = {
    seats: [
      { hand: ['4C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
      { hand: ['5D', '2H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
    ],
    stack: ['9H'],
  };
  const run = runScenario(stressShed, {
    game: 'stress-shed',
    seats: 2,
    deal,
    actions: [
      { seat: 0, type: 'ready' },
      { seat: 1, type: 'ready' },
    ],
  });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  return { state: run.state as StressState, open: run.open };
}

describe('the order of the places', () => {
  const { state } = shedPosition();
  const outcome = (ranking: number[][]) => ({ ranking, nextDealer: 0, scores: null, carry: null, summary: '' });
  test.each([
    ['the winner in seat 2 comes first', [[1], [0]], ['Bob', 'Ann'], [1, 2]],
    ['in seat order when seat 1 wins', [[0], [1]], ['Ann', 'Bob'], [1, 2]],
    ['a shared first place keeps seat order', [[1, 0]], ['Ann', 'Bob'], [1, 1]],
    ['a seat without a place comes after the placed ones', [[1]], ['Bob', 'Ann'], [1, null]],
    ['no outcome: seat order, no places', null, ['Ann', 'Bob'], [null, null]],
  ] as const)('%s', (_what, ranking, order, places) => {
    const summary = handSummary({
      handNo: 0,
      game: 'stress-shed',
      state: state as AnyState,
      names,
      outcome: ranking ? outcome(ranking.map((g) => [...g])) : null,
      open: null,
      halt: null,
      verdict: null,
    });
    expect(summary.seats.map((s) => s.name)).toEqual(order);
    expect(summary.seats.map((s) => s.place)).toEqual(places);
  });
});

describe('hand-cards.ts', () => {
  test.each([
    ['seat 1 won; seat 0 deals next', 'Bob won; Ann deals next'],
    ['seats 0, 2 win', 'Ann and Cid win'],
    ['seats 2, 1, 0 share', 'Cid, Bob and Ann share'],
    ['seats 1 wins', 'Bob wins'],
    ['seat 5 is out', 'Seat 6 is out'],
    ['seat 3 won', 'Seat 4 won'],
    ['seat 10 won', 'Seat 11 won'],
    ['seats 0, 12 win', 'Ann and Seat 13 win'],
    ['the reseat 1 stays', 'the reseat 1 stays'],
    ['Seat 1 stays', 'Seat 1 stays'],
    ['seat one', 'seat one'],
  ])('%s → %s', (summary, named) => {
    expect(namedSummary(summary, ['Ann', 'Bob', 'Cid', ''])).toBe(named);
  });

  test('the zones of a hand leave out the empty ones; an unknown game has none', () => {
    const { state } = shedPosition();
    const zones = handCards('stress-shed', state);
    const listed = (zones: readonly { seat: number | null; label: string; handles: readonly number[] }[]) =>
      zones.map((z) => `${z.seat}:${z.label}:${z.handles.length}`);
    expect(listed(zones)).toEqual([
      '0:hand:4',
      '0:face-up:4',
      '0:face-down:4',
      '1:hand:4',
      '1:face-up:4',
      '1:face-down:4',
      'null:draw stack:27',
    ]);
    const drawn = {
      ...state,
      board: { ...state.board, draw: [], seats: [state.board.seats[0]!, { ...state.board.seats[1]!, hand: [] }] },
    };
    expect(listed(handCards('stress-shed', drawn))).toEqual([
      '0:hand:4',
      '0:face-up:4',
      '0:face-down:4',
      '1:face-up:4',
      '1:face-down:4',
    ]);
    expect(handCards('no-such-game', state)).toEqual([]);
  });
});
