/**
 * The board queries of Stress (speed) (src/games/stress-speed/board.ts), one
 * by one on boards built by hand with a plain handle → card map: the rank
 * circle of docs/rules/stress-speed.md (one up or one down, aces high and low: K–A–2, never
 * Q–A), what counts as "no card" (an empty slot or stack, an unknown card, a
 * joker or a non-card never matches anything), which (slot, stack) plays a
 * seat has, when a stress call is valid, whether anyone can act (false means
 * stalemate), and the cards a seat still has to get rid of. The rules, the
 * legal actions, the views and the bot all decide on these answers. The
 * knowledge passed in is strict: it refuses to be asked about anything but a
 * handle, so an empty slot or stack must be skipped, not looked up.
 */
import { describe, expect, test } from 'vitest';
import type { CardId, Handle } from '../../../src/engine/index.js';
import {
  adjacent,
  anyoneCanAct,
  cardsLeft,
  playsOf,
  rowEmpty,
  sameRank,
  stressTops,
  topOf,
  type SpeedBoard,
} from '../../../src/games/stress-speed/board.js';

/** A board whose handles are numbered from 1 in the order the cards are listed: rows, then piles, then stacks. */
function boardOf(rows: [string[][], string[][]], stacks: string[][], piles: [string[], string[]] = [[], []]) {
  const cards: Record<number, CardId> = {};
  let next = 1;
  const handles = (list: string[]): Handle[] =>
    list.map((card) => {
      cards[next] = card;
      return next++;
    });
  const seats = rows.map((row) => ({ row: row.map(handles), pile: [] as Handle[] }));
  piles.forEach((pile, seat) => {
    seats[seat]!.pile = handles(pile);
  });
  const board: SpeedBoard = {
    phase: 'play',
    seats,
    stacks: stacks.map(handles),
    aside: [],
    stalemate: null,
    stalemates: 0,
    lastStress: null,
    stresses: 0,
    winner: null,
    blocked: false,
  };
  // Knowledge takes a handle: the queries must not ask it about an empty slot or stack (null) or anything else.
  const know = (handle: Handle): CardId | null => {
    if (!Number.isInteger(handle)) throw new Error(`asked about ${String(handle)}, not a handle`);
    return cards[handle] ?? null;
  };
  const name = (handle: Handle) => cards[handle];
  return { board, know, name };
}

describe('topOf', () => {
  test.each<[Handle[], Handle | null]>([
    [[], null],
    [[7], 7],
    [[3, 9, 4], 4],
    [[0], 0],
  ])('topOf(%j) is %j', (cards, top) => {
    expect(topOf(cards)).toBe(top);
  });
});

describe('adjacent: one rank apart on the circle 2 3 … K A 2', () => {
  test.each<[string | null, string | null, boolean]>([
    ['5H', '6C', true],
    ['6C', '5H', true],
    ['5H', '4S', true],
    ['10D', 'JH', true],
    ['JH', '10D', true],
    ['KS', 'AD', true],
    ['AD', 'KS', true],
    ['AS', '2C', true],
    ['2C', 'AS', true],
    ['QH', 'KC', true],
    ['5H', '5C', false],
    ['5H', '7C', false],
    ['7C', '5H', false],
    ['QC', 'AH', false],
    ['AH', 'QC', false],
    ['3D', 'AH', false],
    ['AH', '3D', false],
    ['KD', '2S', false],
    ['2S', 'KD', false],
    ['2H', '9C', false],
    ['8H', '2C', false],
    ['AS', 'AC', false],
  ])('%s next to %s: %s', (a, b, expected) => {
    expect(adjacent(a, b)).toBe(expected);
  });

  // A missing card (null) or a joker has no rank: it is next to nothing, not even an ace or a two.
  test.each<[string | null, string | null]>([
    [null, 'AS'],
    ['AS', null],
    [null, '2S'],
    ['2S', null],
    [null, 'KD'],
    [null, null],
    ['JKR', 'AS'],
    ['AS', 'JKR'],
    ['JKB', '2H'],
    ['2H', 'JKB'],
    ['XX', 'AS'],
    ['AS', 'XX'],
  ])('%s and %s are never adjacent', (a, b) => {
    expect(adjacent(a, b)).toBe(false);
  });
});

describe('sameRank', () => {
  test.each<[string | null, string | null, boolean]>([
    ['9H', '9D', true],
    ['AS', 'AC', true],
    ['10C', '10H', true],
    ['9H', '8H', false],
    ['9H', '10H', false],
    ['AS', '2S', false],
    [null, null, false],
    [null, '9H', false],
    ['9H', null, false],
    ['JKR', 'JKB', false],
    ['JKR', 'JKR', false],
    ['XX', 'YY', false],
    ['9H', 'JKR', false],
    ['JKR', '9H', false],
  ])('%s and %s share a rank: %s', (a, b, expected) => {
    expect(sameRank(a, b)).toBe(expected);
  });
});

describe('playsOf', () => {
  test('every (slot, stack) pair whose tops are adjacent, in slot then stack order, with the handles', () => {
    const { board, know, name } = boardOf(
      [
        [['2D', '5H'], ['9S'], [], ['4C']],
        [['KC'], ['JD'], ['8H'], ['3S']],
      ],
      [['6C'], ['3H', '5D']],
    );
    const named = (seat: number) =>
      playsOf(board, seat, know).map((p) => ({
        slot: p.slot,
        card: name(p.handle),
        stack: p.stack,
        onTop: name(p.onTop),
      }));
    // Seat 0: 5H on 6C (left) and on 5D? no (same rank); 9S on neither; 4C on 5D (right).
    expect(named(0)).toEqual([
      { slot: 0, card: '5H', stack: 0, onTop: '6C' },
      { slot: 3, card: '4C', stack: 1, onTop: '5D' },
    ]);
    // Seat 1: none of K, J, 8 goes on 6 or 5; 3S neither.
    expect(named(1)).toEqual([]);
  });

  test('a card that goes on both stacks is listed twice, stack 0 first; the handles are the live tops', () => {
    const { board, know } = boardOf(
      [
        [['7H'], ['KS'], ['QS'], ['2C']],
        [['9C'], ['9D'], ['9H'], ['9S']],
      ],
      [['10C', '8D'], ['6S']],
    );
    expect(playsOf(board, 0, know)).toEqual([
      { slot: 0, handle: 1, stack: 0, onTop: 10 },
      { slot: 0, handle: 1, stack: 1, onTop: 11 },
    ]);
    expect(playsOf(board, 1, know)).toEqual([
      { slot: 0, handle: 5, stack: 0, onTop: 10 },
      { slot: 1, handle: 6, stack: 0, onTop: 10 },
      { slot: 2, handle: 7, stack: 0, onTop: 10 },
      { slot: 3, handle: 8, stack: 0, onTop: 10 },
    ]);
  });

  test('nothing goes on an empty stack, an empty slot offers nothing, an unknown card matches nothing', () => {
    const { board, know } = boardOf(
      [
        [['5H'], [], ['7S'], ['AS']],
        [['2C'], ['3C'], ['4C'], ['5C']],
      ],
      [[], ['6D']],
    );
    expect(playsOf(board, 0, know)).toEqual([
      { slot: 0, handle: 1, stack: 1, onTop: 8 },
      { slot: 2, handle: 2, stack: 1, onTop: 8 },
    ]);
    const blind = (handle: Handle) => (handle === 1 ? null : know(handle));
    // The same strict knowledge: an empty slot and an empty stack are skipped, never looked up.
    expect(playsOf(board, 0, blind)).toEqual([{ slot: 2, handle: 2, stack: 1, onTop: 8 }]);
  });

  test('a seat that does not exist has no plays', () => {
    const { board, know } = boardOf(
      [
        [['5H'], ['6H'], ['7H'], ['8H']],
        [['5C'], ['6C'], ['7C'], ['8C']],
      ],
      [['4D'], ['9D']],
    );
    expect(playsOf(board, 2, know)).toEqual([]);
    expect(playsOf(board, -1, know)).toEqual([]);
  });
});

describe('stressTops', () => {
  test('both tops of the same rank: the pair of handles, stack 0 first', () => {
    const { board, know } = boardOf(
      [
        [['5H'], ['6H'], ['7H'], ['8H']],
        [['5C'], ['6C'], ['7C'], ['8C']],
      ],
      [
        ['3C', '9H'],
        ['QD', '9D'],
      ],
    );
    expect(stressTops(board, know)).toEqual([10, 12]);
  });

  test.each<[string, string[][]]>([
    ['different ranks', [['9H'], ['10D']]],
    [
      'the same rank lower down only',
      [
        ['9H', '4C'],
        ['9D', '5C'],
      ],
    ],
    ['an empty stack', [[], ['9D']]],
    ['the other stack empty', [['9D'], []]],
    ['both stacks empty', [[], []]],
    ['no stacks at all', []],
    ['two jokers', [['JKR'], ['JKB']]],
  ])('no valid call with %s', (_name, stacks) => {
    const { board, know } = boardOf(
      [
        [['5H'], ['6H'], ['7H'], ['8H']],
        [['5C'], ['6C'], ['7C'], ['8C']],
      ],
      stacks,
    );
    expect(stressTops(board, know)).toBeNull();
  });

  test('tops nobody knows yet are no call', () => {
    const { board } = boardOf(
      [
        [['5H'], ['6H'], ['7H'], ['8H']],
        [['5C'], ['6C'], ['7C'], ['8C']],
      ],
      [['9H'], ['9D']],
    );
    expect(stressTops(board, () => null)).toBeNull();
  });
});

describe('anyoneCanAct (false: stalemate)', () => {
  const rowsNone: [string[][], string[][]] = [
    [['2H'], ['2D'], ['2S'], ['2C']],
    [['7H'], ['7D'], ['7S'], ['7C']],
  ];
  test.each<[string, [string[][], string[][]], string[][], boolean]>([
    ['nobody has a play and the tops differ', rowsNone, [['5H'], ['10D']], false],
    ['only a stress call is possible', rowsNone, [['5H'], ['5D']], true],
    ['only seat 0 can play', [[['6H'], ['2D'], ['2S'], ['2C']], rowsNone[1]], [['5H'], ['10D']], true],
    ['only seat 1 can play', [rowsNone[0], [['7H'], ['JD'], ['7S'], ['7C']]], [['5H'], ['10D']], true],
    [
      'both can play',
      [
        [['6H'], ['2D'], ['2S'], ['2C']],
        [['7H'], ['JD'], ['7S'], ['7C']],
      ],
      [['5H'], ['10D']],
      true,
    ],
    ['both stacks are empty', rowsNone, [[], []], false],
  ])('%s: %s', (_name, rows, stacks, expected) => {
    const { board, know } = boardOf(rows, stacks);
    expect(anyoneCanAct(board, know)).toBe(expected);
  });
});

describe('cardsLeft and rowEmpty', () => {
  test.each<[string[][], string[], number, boolean]>([
    [[['5H'], ['6H'], ['7H'], ['8H']], ['2C', '3C'], 6, false],
    [[['5H', '5D'], [], ['7H', '7S', '7C'], []], [], 5, false],
    [[[], [], [], ['KS']], [], 1, false],
    [[['KS'], [], [], []], ['2C'], 2, false],
    [[[], [], [], []], ['2C', '3C', '4C'], 3, true],
    [[[], [], [], []], [], 0, true],
  ])('row %j with pile %j: %i left, row empty %s', (row, pile, left, empty) => {
    const { board } = boardOf([row, [[], [], [], []]], [[], []], [pile, []]);
    const mine = board.seats[0]!;
    expect(cardsLeft(mine)).toBe(left);
    expect(rowEmpty(mine)).toBe(empty);
  });
});
