/**
 * Pesten's views and outcome (src/games/pesten/views.ts), exact: the named
 * zones, a seat's view and a spectator's field by field (turn only while a
 * seat moves, the drawn card, passes during a pass round), the outcome of a
 * won round and of the match (ranking, scores, carry, next dealer, summary
 * line), the scenario summary (hands sorted, unknown cards as "??"), and the
 * card zones of a finished hand (each seat's hand, then the stock).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { pesten, type PestenState } from '../../../src/games/pesten/index.js';
import { outcome, summarize, view, zones } from '../../../src/games/pesten/views.js';
import { position } from './helpers.js';
import { loadedNow } from '../../helpers/loaded-now.js';

const hands = [
  ['3C', '4C', '6S'],
  ['9D', '5D'],
  ['KH', '5H', '2S'],
];
const stock = ['QC', 'QS', 'KD', '4S'];

describe('zones and views', () => {
  test('every handle in a named zone', () => {
    const { state } = position(3, { hands, discard: ['9H'], stock });
    expect(zones(state)).toEqual({
      'hand@0': state.board.hands[0],
      'hand@1': state.board.hands[1],
      'hand@2': state.board.hands[2],
      discard: state.board.discard,
      stock: state.board.stock,
      aside: state.board.aside,
    });
  });

  test("a seat's view, field by field, during a drawThenPlay draw", () => {
    const { state, open } = position(3, { hands, discard: ['9H'], stock }, [{ seat: 2, type: 'draw' }], {
      options: { drawThenPlay: true, targetPoints: 3 },
      dealer: 0,
    });
    const mine = view(state, 2, privateViewOf(state, open, 2));
    const drawn = state.board.drawn ?? -1;
    expect(mine).toEqual({
      phase: 'play',
      turn: 2,
      dealer: 0,
      direction: 'clockwise',
      discard: ['9H'],
      top: '9H',
      stockCount: 3,
      wish: null,
      owed: 0,
      again: false,
      drawn: { handle: drawn, card: 'QC' },
      seats: [
        {
          hand: state.board.hands[0]?.map((handle) => ({ handle, card: null })),
          count: 3,
          points: 0,
          passed: false,
          passesTo: 2,
        },
        {
          hand: state.board.hands[1]?.map((handle) => ({ handle, card: null })),
          count: 2,
          points: 0,
          passed: false,
          passesTo: 0,
        },
        {
          hand: state.board.hands[2]?.map((handle) => ({ handle, card: open[handle] })),
          count: 4,
          points: 0,
          passed: false,
          passesTo: 1,
        },
      ],
      reshuffles: 0,
      winner: null,
      targetPoints: 3,
      matchOver: false,
    });
    expect(view(state, null, { known: {} }).drawn).toEqual({ handle: drawn, card: null });
    expect(view(state, null, { known: {} }).seats[2]?.hand.every((c) => c.card === null)).toBe(true);
  });

  test('turn is null during a pass round, and the seats that passed show it; the wish phase shows the dealer', () => {
    const passing = position(3, { hands, discard: ['10H'], stock }, [{ seat: 1, type: 'give', card: '9D' }]);
    const v = view(passing.state, null, { known: {} });
    expect(v.turn).toBeNull();
    expect(v.seats.map((s) => s.passed)).toEqual([false, true, false]);
    const wishing = position(3, { hands, discard: ['JH'], stock }, [], { dealer: 2 });
    expect(view(wishing.state, null, { known: {} }).turn).toBe(2);
    const playing = position(3, { hands, discard: ['9H'], stock });
    expect(view(playing.state, null, { known: {} }).seats.map((s) => s.passed)).toEqual([false, false, false]);
    expect(view(playing.state, null, { known: {} }).drawn).toBeNull();
    const setup = pesten.setup({ players: 3 });
    if (!setup.ok) throw new Error(setup.error);
    expect(view(setup.value, null, { known: {} })).toMatchObject({ turn: null, top: null, discard: ['?'] });
  });
});

describe('outcome', () => {
  const won = (options = {}): PestenState =>
    position(
      3,
      { hands: [['3C', '4C'], ['9D', '5D'], ['5H']], discard: ['9H'], stock },
      [{ seat: 2, type: 'play', card: '5H' }],
      { options, dealer: 0 },
    ).state;

  test('no outcome before the round is over', () => {
    expect(outcome(position(3, { hands, discard: ['9H'], stock }).state)).toBeNull();
    const over = won();
    expect(outcome({ ...over, board: { ...over.board, winner: null } })).toBeNull();
  });

  test('a round won: the winner first, the others together, points carried, the dealer moves clockwise (seat 0 → 2)', () => {
    expect(outcome(won())).toEqual({
      ranking: [[2], [0, 1]],
      nextDealer: 2,
      scores: [0, 0, 1],
      carry: { points: [0, 0, 1] },
      summary: 'seat 2 won the round (points 0–0–1); seat 2 deals next',
    });
    expect(view(won(), null, { known: {} })).toMatchObject({ matchOver: false, winner: 2, phase: 'over', turn: null });
    expect(view(won(), null, { known: {} }).seats.map((s) => s.points)).toEqual([0, 0, 1]);
  });

  test('the match won: no carry, the summary says so', () => {
    const state = won({ targetPoints: 1 });
    expect(outcome(state)).toEqual({
      ranking: [[2], [0, 1]],
      nextDealer: 2,
      scores: [0, 0, 1],
      carry: null,
      summary: 'seat 2 won the round and the match with 1 points',
    });
    expect(view(state, null, { known: {} }).matchOver).toBe(true);
  });

  test('a one-seat ranking has no empty group', () => {
    const state = won();
    expect(
      outcome({ ...state, board: { ...state.board, hands: [[]], winner: 0, points: [1] }, players: 1, dealer: 0 })
        ?.ranking,
    ).toEqual([[0]]);
  });
});

describe('the scenario summary', () => {
  test('hands sorted with unknown cards last as "??"; every field', () => {
    const { state, open } = position(3, { hands, discard: ['9H'], stock });
    const seat2 = summarize(view(state, 2, privateViewOf(state, open, 2)));
    expect(seat2).toEqual({
      phase: 'play',
      turn: 2,
      direction: 'clockwise',
      top: '9H',
      discard: ['9H'],
      stock: 4,
      wish: null,
      owed: 0,
      again: false,
      drawn: null,
      hands: [
        ['??', '??', '??'],
        ['??', '??'],
        ['2S', '5H', 'KH'],
      ],
      points: [0, 0, 0],
      passed: [false, false, false],
      reshuffles: 0,
      winner: null,
      matchOver: false,
    });
    const mixed = view(state, 0, privateViewOf(state, open, 0));
    const seat0 = mixed.seats[0];
    if (!seat0) throw new Error('no seat 0');
    seat0.hand = [{ handle: 1, card: null }, ...seat0.hand];
    expect((summarize(mixed) as { hands: string[][] }).hands[0]).toEqual(['3C', '4C', '6S', '??']);
    const drew = position(3, { hands, discard: ['9H'], stock }, [{ seat: 2, type: 'draw' }], {
      options: { drawThenPlay: true },
    });
    expect((summarize(view(drew.state, 2, privateViewOf(drew.state, drew.open, 2))) as { drawn: string }).drawn).toBe(
      'QC',
    );
  });
});

describe('card zones at the end of a hand', () => {
  test("each seat's hand, then the stock", async () => {
    const { cardZones } = await loadedNow(() => import('../../../src/games/pesten/summary.js'));
    const state = position(2, { hands: [['3C'], ['4C', '5D']], discard: ['5C'], stock: ['9S', '8S'] }).state;
    expect(cardZones(state)).toEqual([
      { seat: 0, label: 'hand', handles: state.board.hands[0] },
      { seat: 1, label: 'hand', handles: state.board.hands[1] },
      { seat: null, label: 'stock', handles: state.board.stock },
    ]);
  });
});
