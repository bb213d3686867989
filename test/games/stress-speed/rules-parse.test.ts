/**
 * Stress (speed)'s input checks, loaded inside each test (their valibot
 * schemas are built when the module loads: stryker-js issue 6144, see
 * test/helpers/loaded-now.ts): which actions parse (slot 0–3, stack 0 or 1,
 * handles 0–100000, exactly two tops, no extra fields) and which set-up
 * layouts are accepted (two seats of four slots, counts 0–52, no more cards
 * than the deck, an opening with more than four cards per pile, a position
 * with a row card per seat and no empty slot beside a pile), and where a
 * layout puts its cards.
 */
import { describe, expect, test } from 'vitest';
import { loadedNow } from '../../helpers/loaded-now.js';

const game = async () => (await loadedNow(() => import('../../../src/games/stress-speed/index.js'))).stressSpeed;

const play = { type: 'play', slot: 0, handle: 5, stack: 0, onTop: 7 };

describe('actions', () => {
  test.each<[string, unknown, boolean]>([
    ['a play', play, true],
    ['slot 3, stack 1, handle 100000', { ...play, slot: 3, stack: 1, handle: 100_000, onTop: 0 }, true],
    ['a call', { type: 'stress', tops: [0, 100_000] }, true],
    ['slot -1', { ...play, slot: -1 }, false],
    ['slot 4', { ...play, slot: 4 }, false],
    ['slot 1.5', { ...play, slot: 1.5 }, false],
    ['slot "0"', { ...play, slot: '0' }, false],
    ['stack 2', { ...play, stack: 2 }, false],
    ['handle -1', { ...play, handle: -1 }, false],
    ['handle 100001', { ...play, handle: 100_001 }, false],
    ['handle 2.5', { ...play, handle: 2.5 }, false],
    ['onTop -1', { ...play, onTop: -1 }, false],
    ['onTop "7"', { ...play, onTop: '7' }, false],
    ['an extra field', { ...play, card: '5H' }, false],
    ['a call with one top', { type: 'stress', tops: [1] }, false],
    ['a call with three tops', { type: 'stress', tops: [1, 2, 3] }, false],
    ['a call with a negative top', { type: 'stress', tops: [-1, 2] }, false],
    ['a call with a top above 100000', { type: 'stress', tops: [1, 100_001] }, false],
    ['a call with an extra field', { type: 'stress', tops: [1, 2], loud: true }, false],
    ['another type', { type: 'pickup' }, false],
  ])('%s → parsed %s', async (_name, raw, ok) => {
    const stressSpeed = await game();
    expect(stressSpeed.rules.parseAction(raw)).toEqual(ok ? raw : null);
    if (ok) expect(stressSpeed.rules.claimedCards(raw as never)).toEqual([]);
  });
});

const seat = (row: number[], pile: number) => ({ row, pile });

describe('legal actions', () => {
  test('none outside play or while a card is being turned over, even for a card that would fit', async () => {
    const { legalActions } = await loadedNow(() => import('../../../src/games/stress-speed/legal-actions.js'));
    const { stressSpeed } = await loadedNow(() => import('../../../src/games/stress-speed/index.js'));
    const { position, handleOf } = await import('./helpers.js');
    const { state, open } = position({
      seats: [
        { row: [['5H'], ['9S'], ['9C'], ['KH']], pile: ['QS'] },
        { row: [['6D'], ['2H'], ['10S'], ['AS']], pile: ['10H', '8C'] },
      ],
      stacks: [
        ['3C', '4C'],
        ['QD', 'JD'],
      ],
    });
    const h = (card: string) => handleOf(state, open, card);
    expect(legalActions(state, 0)).toEqual([{ type: 'play', slot: 0, handle: h('5H'), stack: 0, onTop: h('4C') }]);
    const played = stressSpeed.reduce(state, {
      kind: 'act',
      seat: 1,
      action: { type: 'play', slot: 2, handle: h('10S'), stack: 1, onTop: h('JD') },
    });
    if (!played.ok) throw new Error(played.error);
    expect(played.state.requests).toHaveLength(1);
    expect(legalActions(played.state, 0)).toEqual([]);
    const over = { ...state, board: { ...state.board, phase: 'over' as const, winner: 1 } };
    expect(legalActions(over, 0)).toEqual([]);
    expect(legalActions(over, 1)).toEqual([]);
  });
});

describe('layouts', () => {
  test.each<[string, unknown, boolean]>([
    [
      'the standard opening spelt out',
      { seats: [seat([0, 0, 0, 0], 26), seat([0, 0, 0, 0], 26)], stacks: [0, 0] },
      true,
    ],
    [
      'an opening with five cards per pile',
      { seats: [seat([0, 0, 0, 0], 5), seat([0, 0, 0, 0], 5)], stacks: [0, 0] },
      true,
    ],
    [
      'an opening with four cards in one pile',
      { seats: [seat([0, 0, 0, 0], 4), seat([0, 0, 0, 0], 5)], stacks: [0, 0] },
      false,
    ],
    [
      'a position using all 52 cards',
      { seats: [seat([1, 1, 1, 1], 22), seat([1, 1, 1, 1], 20)], stacks: [1, 1] },
      true,
    ],
    ['53 cards', { seats: [seat([1, 1, 1, 1], 22), seat([1, 1, 1, 1], 21)], stacks: [1, 1] }, false],
    [
      'a position with an empty slot and no pile',
      { seats: [seat([1, 0, 0, 0], 0), seat([1, 1, 1, 1], 3)], stacks: [1, 0] },
      true,
    ],
    ['a count of 53', { seats: [seat([53, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, false],
    ['a count of -1', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [-1, 1] }, false],
    ['a count of 1.5', { seats: [seat([1.5, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, false],
    ['five slots', { seats: [seat([1, 0, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, false],
    [
      'three seats',
      { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] },
      false,
    ],
    ['one seat', { seats: [seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, false],
    ['three stacks', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0, 0] }, false],
    ['one stack', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0] }, false],
    ['an extra field', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0], aside: 3 }, false],
    [
      'an extra field on a seat',
      { seats: [{ ...seat([1, 0, 0, 0], 0), hand: 1 }, seat([1, 0, 0, 0], 0)], stacks: [0, 0] },
      false,
    ],
    ['a seat without a row card', { seats: [seat([0, 0, 0, 0], 3), seat([1, 0, 0, 0], 0)], stacks: [1, 0] }, false],
    [
      'a seat without a row card or a pile',
      { seats: [seat([0, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [1, 0] },
      false,
    ],
    [
      'empty rows and big piles beside one centre card',
      { seats: [seat([0, 0, 0, 0], 5), seat([0, 0, 0, 0], 5)], stacks: [0, 1] },
      false,
    ],
    ['a position with empty stacks', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, true],
    [
      'a position with full rows, small piles and empty stacks',
      { seats: [seat([1, 1, 1, 1], 3), seat([1, 1, 1, 1], 3)], stacks: [0, 0] },
      true,
    ],
    [
      'empty rows and big piles beside centre cards',
      { seats: [seat([0, 0, 0, 0], 5), seat([0, 0, 0, 0], 5)], stacks: [1, 1] },
      false,
    ],
    [
      'one empty row beside a full one, empty stacks',
      { seats: [seat([0, 0, 0, 0], 5), seat([1, 1, 1, 1], 5)], stacks: [0, 0] },
      false,
    ],
  ])('%s → accepted %s', async (_name, layout, ok) => {
    const stressSpeed = await game();
    const made = stressSpeed.setup({ players: 2, layout: layout as never });
    expect(made.ok ? 'ok' : made.error).toBe(ok ? 'ok' : 'bad-layout');
  });

  test('a position deals its counts in order: rows, piles, stacks, the rest aside; all but the piles are turned over', async () => {
    const stressSpeed = await game();
    const made = stressSpeed.setup({
      players: 2,
      layout: { seats: [seat([2, 1, 0, 1], 0), seat([1, 1, 1, 1], 3)], stacks: [2, 1] } as never,
    });
    if (!made.ok) throw new Error(made.error);
    const { board, requests } = made.state;
    expect(board.phase).toBe('turn');
    expect(board.seats).toEqual([
      { row: [[0, 1], [2], [], [3]], pile: [] },
      { row: [[4], [5], [6], [7]], pile: [8, 9, 10] },
    ]);
    expect(board.stacks).toEqual([[11, 12], [13]]);
    expect(board.aside).toEqual(Array.from({ length: 38 }, (_, i) => 14 + i));
    expect(board).toMatchObject({
      stalemate: null,
      stalemates: 0,
      lastStress: null,
      stresses: 0,
      winner: null,
      blocked: false,
    });
    expect(requests).toEqual([
      { id: 0, kind: 'reveal-all', handles: [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 13, ...board.aside] },
    ]);
  });

  test('a short opening deals four row cards per seat and turns the rest of the deck aside over with them', async () => {
    const stressSpeed = await game();
    const made = stressSpeed.setup({
      players: 2,
      layout: { seats: [seat([0, 0, 0, 0], 6), seat([0, 0, 0, 0], 5)], stacks: [0, 0] } as never,
    });
    if (!made.ok) throw new Error(made.error);
    const { board, requests } = made.state;
    expect(board.phase).toBe('deal');
    expect(board.seats).toEqual([
      { row: [[0], [1], [2], [3]], pile: [4, 5] },
      { row: [[6], [7], [8], [9]], pile: [10] },
    ]);
    expect(board.aside).toHaveLength(41);
    expect(requests).toEqual([{ id: 0, kind: 'reveal-all', handles: [0, 1, 2, 3, 6, 7, 8, 9, ...board.aside] }]);
    expect(made.state.deck).toHaveLength(52);
  });
});
