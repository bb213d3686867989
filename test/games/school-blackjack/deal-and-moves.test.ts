/**
 * What School Blackjack deals and lets a seat send: the action format
 * (actions.ts: what parses, what is refused, which card a play claims), the
 * deal (setup.ts: the whole 52-card deck dealt, the extra cards to the seats
 * first in turn clockwise of the dealer, each hand revealed to its owner, a
 * scenario layout's pile and cards aside revealed to all, every refused
 * layout) and the legal moves a seat is offered (legal-actions.ts: playable
 * cards in hand order, an ace once per suit, `draw` at the start and `end`
 * mid-turn, both withheld with `voluntaryDraw: false` while a card may be
 * played). Modules with load-time schemas are loaded inside the test
 * (docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, standardDeck } from '../../../src/engine/index.js';
import { schoolBlackjack } from '../../../src/games/school-blackjack/index.js';
import { legalActions } from '../../../src/games/school-blackjack/legal-actions.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { apply, playAll, playOf, position, type Table } from './helpers.js';

const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

describe('actions', () => {
  const load = () => loadedNow(() => import('../../../src/games/school-blackjack/actions.js'));

  test.each<[string, unknown, unknown]>([
    ['a play', { type: 'play', handle: 3, card: '9H' }, { type: 'play', handle: 3, card: '9H' }],
    [
      'a play naming a suit',
      { type: 'play', handle: 0, card: 'AS', suit: 'D' },
      { type: 'play', handle: 0, card: 'AS', suit: 'D' },
    ],
    [
      'the largest handle',
      { type: 'play', handle: 100_000, card: '9H' },
      { type: 'play', handle: 100_000, card: '9H' },
    ],
    [
      'a 16-character card',
      { type: 'play', handle: 1, card: 'x'.repeat(16) },
      { type: 'play', handle: 1, card: 'x'.repeat(16) },
    ],
    ['end', { type: 'end' }, { type: 'end' }],
    ['draw', { type: 'draw' }, { type: 'draw' }],
    ['a negative handle', { type: 'play', handle: -1, card: '9H' }, null],
    ['a handle too large', { type: 'play', handle: 100_001, card: '9H' }, null],
    ['a fractional handle', { type: 'play', handle: 1.5, card: '9H' }, null],
    ['a handle as text', { type: 'play', handle: '1', card: '9H' }, null],
    ['a 17-character card', { type: 'play', handle: 1, card: 'x'.repeat(17) }, null],
    ['a card as a number', { type: 'play', handle: 1, card: 9 }, null],
    ['a play without a card', { type: 'play', handle: 1 }, null],
    ['a bad suit', { type: 'play', handle: 0, card: 'AS', suit: 'X' }, null],
    ['an extra key on a play', { type: 'play', handle: 0, card: '9H', seat: 0 }, null],
    ['an extra key on end', { type: 'end', cards: [] }, null],
    ['an extra key on draw', { type: 'draw', count: 2 }, null],
    ['an unknown type', { type: 'pass' }, null],
    ['no type', {}, null],
    ['null', null, null],
    ['text', 'draw', null],
  ])('parseAction: %s', async (_name, raw, expected) => {
    const { parseAction } = await load();
    expect(parseAction(raw)).toEqual(expected);
  });

  test('a play claims its card; end and draw claim nothing', async () => {
    const { claimedCards } = await load();
    expect(claimedCards({ type: 'play', handle: 5, card: 'AS', suit: 'H' })).toEqual([{ handle: 5, card: 'AS' }]);
    expect(claimedCards({ type: 'end' })).toEqual([]);
    expect(claimedCards({ type: 'draw' })).toEqual([]);
  });
});

describe('setup', () => {
  test('the deck is one standard 52-card deck', async () => {
    const { deck } = await loadedNow(() => import('../../../src/games/school-blackjack/setup.js'));
    expect(deck()).toEqual(standardDeck());
    expect(deck()).toHaveLength(52);
  });

  test('2 players, dealer 0: 26 each, in handle order; seat 1 starts clockwise; every field of the board', () => {
    const made = schoolBlackjack.setup({ players: 2, dealer: 0 });
    if (!made.ok) throw new Error(made.error);
    expect(made.value.board).toEqual({
      phase: 'play',
      hands: [range(0, 26), range(26, 26)],
      deck: [],
      pile: [],
      aside: [],
      turn: 1,
      direction: 'clockwise',
      step: 'start',
      run: 0,
      owed: 0,
      pickup: 0,
      skips: 0,
      played: [],
      namedSuit: null,
      drawing: null,
      reshuffles: 0,
      lastTurn: null,
      winner: null,
    });
    expect(made.value.requests).toEqual([
      { id: 0, kind: 'reveal-to', seat: 0, handles: range(0, 26) },
      { id: 1, kind: 'reveal-to', seat: 1, handles: range(26, 26) },
    ]);
  });

  test.each<[number, number, number[], number]>([
    [3, 0, [17, 17, 18], 2],
    [3, 2, [17, 18, 17], 1],
    [4, 1, [13, 13, 13, 13], 0],
    [5, 2, [11, 11, 10, 10, 10], 1],
    [5, 0, [10, 10, 10, 11, 11], 4],
    [6, 3, [9, 9, 9, 8, 8, 9], 2],
  ])('%i players, dealer %i: hand sizes %j, seat %i starts', (players, dealer, sizes, first) => {
    const made = schoolBlackjack.setup({ players, dealer });
    if (!made.ok) throw new Error(made.error);
    const board = made.value.board;
    expect(board.hands.map((h) => h.length)).toEqual(sizes);
    let next = 0;
    board.hands.forEach((hand) => {
      expect(hand).toEqual(range(next, hand.length));
      next += hand.length;
    });
    expect(board.turn).toBe(first);
  });

  test('a scenario layout: hands, then pile, deck and cards aside in handle order; pile and aside revealed to all', async () => {
    // Loaded in the test: the layout schema is built when the module loads.
    const { schoolBlackjack: game } = await loadedNow(() => import('../../../src/games/school-blackjack/game.js'));
    const made = game.setup({ players: 2, dealer: 1, layout: { hands: [3, 2], pile: 2, deck: 40, aside: 5 } });
    if (!made.ok) throw new Error(made.error);
    const board = made.value.board;
    expect(board.hands).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    expect(board.pile).toEqual([5, 6]);
    expect(board.deck).toEqual(range(7, 40));
    expect(board.aside).toEqual(range(47, 5));
    expect(board.turn).toBe(0);
    expect(made.value.requests).toEqual([
      { id: 0, kind: 'reveal-to', seat: 0, handles: [0, 1, 2] },
      { id: 1, kind: 'reveal-to', seat: 1, handles: [3, 4] },
      { id: 2, kind: 'reveal-all', handles: [5, 6, ...range(47, 5)] },
    ]);
  });

  test('a layout with cards aside but no pile reveals only those', () => {
    const made = schoolBlackjack.setup({ players: 2, layout: { hands: [1, 1], pile: 0, deck: 0, aside: 50 } });
    if (!made.ok) throw new Error(made.error);
    expect(made.value.requests.at(-1)).toEqual({ id: 2, kind: 'reveal-all', handles: range(2, 50) });
  });

  test.each<[string, unknown]>([
    ['hands for too few seats', { hands: [26], pile: 0, deck: 26, aside: 0 }],
    ['hands for too many seats', { hands: [20, 20, 2], pile: 0, deck: 10, aside: 0 }],
    ['51 cards', { hands: [26, 25], pile: 0, deck: 0, aside: 0 }],
    ['53 cards', { hands: [26, 26], pile: 1, deck: 0, aside: 0 }],
    ['a negative count', { hands: [27, 26], pile: -1, deck: 0, aside: 0 }],
    ['a count over 52', { hands: [0, 0], pile: 53, deck: -1, aside: 0 }],
    ['a fractional count', { hands: [26, 25], pile: 0.5, deck: 0.5, aside: 0 }],
    ['a missing field', { hands: [26, 26], pile: 0, deck: 0 }],
    ['an extra field', { hands: [26, 26], pile: 0, deck: 0, aside: 0, burnt: 0 }],
    ['text', 'standard'],
  ])('refused layout: %s', (_name, layout) => {
    expect(schoolBlackjack.setup({ players: 2, layout })).toMatchObject({ ok: false, error: 'bad-layout' });
  });

  test('the biggest counts are allowed', () => {
    expect(schoolBlackjack.setup({ players: 2, layout: { hands: [52, 0], pile: 0, deck: 0, aside: 0 } }).ok).toBe(true);
    expect(schoolBlackjack.setup({ players: 2, layout: { hands: [0, 0], pile: 0, deck: 0, aside: 52 } }).ok).toBe(true);
  });
});

describe('legal actions', () => {
  const rest = (cards: string[]) => ({ hand: cards });
  const legal = (table: Table, seat: number) =>
    legalActions(table.state, seat, privateViewOf(table.state, table.open, seat));
  const aces = (table: Table, card: string) => ['C', 'D', 'H', 'S'].map((suit) => playOf(table, card, suit));

  test('start: the playable cards in hand order (an ace once per suit), then draw', () => {
    const table = position({ seats: [rest(['5h', '9c', 'Ah', '5s']), rest(['7c'])], pile: ['5d'] });
    expect(legal(table, 0)).toEqual([playOf(table, '5h'), ...aces(table, 'Ah'), playOf(table, '5s'), { type: 'draw' }]);
  });

  test('start with voluntaryDraw false and a playable card: no draw', () => {
    const table = position(
      { seats: [rest(['5h', '9c']), rest(['7c'])], pile: ['5d'] },
      { rules: { voluntaryDraw: false } },
    );
    expect(legal(table, 0)).toEqual([playOf(table, '5h')]);
  });

  test('start with voluntaryDraw false and nothing playable: only draw', () => {
    const table = position(
      { seats: [rest(['9c', '7s']), rest(['7c'])], pile: ['5d'] },
      { rules: { voluntaryDraw: false } },
    );
    expect(legal(table, 0)).toEqual([{ type: 'draw' }]);
  });

  test('a hand the viewer cannot see offers no card: only draw', () => {
    const table = position(
      { seats: [rest(['5h', '9c']), rest(['7c'])], pile: ['5d'] },
      { rules: { voluntaryDraw: false } },
    );
    expect(legalActions(table.state, 0, privateViewOf(table.state, table.open, 1))).toEqual([{ type: 'draw' }]);
  });

  test('step 2: more of the rank, and end (which costs nothing yet)', () => {
    const table = position(
      { seats: [rest(['9h', '9c', '4h', '5s']), rest(['7c'])] },
      { rules: { voluntaryDraw: false } },
    );
    playAll(table, 0, ['9h']);
    expect(legal(table, 0)).toEqual([playOf(table, '9c'), { type: 'end' }]);
  });

  test('uncapped with a cap in hand: voluntaryDraw true offers end, false does not', () => {
    for (const voluntaryDraw of [true, false]) {
      const table = position({ seats: [rest(['9h', '9c', '4c', '5s']), rest(['7c'])] }, { rules: { voluntaryDraw } });
      playAll(table, 0, ['9h', '9c']);
      const cap = [playOf(table, '4c')];
      expect(legal(table, 0)).toEqual(voluntaryDraw ? [...cap, { type: 'end' }] : cap);
    }
  });

  test('uncapped with nothing to cap: only end', () => {
    const table = position({ seats: [rest(['9h', '9c', '5s']), rest(['7c'])] }, { rules: { voluntaryDraw: false } });
    playAll(table, 0, ['9h', '9c']);
    expect(legal(table, 0)).toEqual([{ type: 'end' }]);
  });

  test('nobody but the awaited seat, and nobody once the hand is over, has a move', () => {
    const table = position({ seats: [rest(['5h', '5s']), rest(['7c'])], pile: ['5d'] });
    expect(legal(table, 1)).toEqual([]);
    expect(apply(table, 0, playOf(table, '5s'))).toBeNull();
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(apply(table, 0, playOf(table, '5h'))).toBeNull();
    expect(table.state.board.phase).toBe('over');
    expect(table.state.board.turn).toBe(0);
    expect(legal(table, 0)).toEqual([]);
  });
});
