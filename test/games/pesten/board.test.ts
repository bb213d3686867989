/**
 * Pesten's board and what it allows, piece by piece: the board's queries
 * (seat arithmetic both ways, card classes, owed sums, matching, the top of
 * the discard pile), the options and action schemas (each bound and each
 * unknown key refused), the setup's deck, layout and carry checks and the
 * fresh board, and the legal actions in every phase. Modules with load-time
 * tables or schemas are loaded inside the test (loadedNow, docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type Core, type Handle } from '../../../src/engine/index.js';
import { pesten, type PestenState } from '../../../src/games/pesten/index.js';
import { legalActions } from '../../../src/games/pesten/legal-actions.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { position } from './helpers.js';

const board = () => loadedNow(() => import('../../../src/games/pesten/board.js'));

describe('board queries', () => {
  test('seatAfter: clockwise descends, counter-clockwise ascends, wrapping both ways', async () => {
    const { seatAfter, clockwiseOf, flip } = await board();
    expect([0, 1, 2, 3, 4].map((s) => seatAfter(s, 1, 'clockwise', 5))).toEqual([4, 0, 1, 2, 3]);
    expect([0, 1, 2, 3, 4].map((s) => seatAfter(s, 1, 'counterclockwise', 5))).toEqual([1, 2, 3, 4, 0]);
    expect([0, 1, 2, 3, 4].map((s) => seatAfter(s, 2, 'clockwise', 5))).toEqual([3, 4, 0, 1, 2]);
    expect([0, 1, 2, 3, 4].map((s) => seatAfter(s, 2, 'counterclockwise', 5))).toEqual([2, 3, 4, 0, 1]);
    expect(seatAfter(1, 7, 'clockwise', 3)).toBe(0);
    expect([0, 1, 2, 3].map((s) => clockwiseOf(s, 4))).toEqual([3, 0, 1, 2]);
    expect([flip('clockwise'), flip('counterclockwise')]).toEqual(['counterclockwise', 'clockwise']);
  });

  test.each<[string | null, string | null, string | null, boolean, boolean, number]>([
    // card, rank, suit, special, draw card, owed
    ['2H', '2', 'H', true, true, 2],
    ['3H', '3', 'H', false, false, 0],
    ['4D', '4', 'D', false, false, 0],
    ['5C', '5', 'C', false, false, 0],
    ['6S', '6', 'S', false, false, 0],
    ['7H', '7', 'H', true, false, 0],
    ['8C', '8', 'C', true, false, 0],
    ['9D', '9', 'D', false, false, 0],
    ['10S', '10', 'S', true, false, 0],
    ['JH', 'J', 'H', true, false, 0],
    ['QC', 'Q', 'C', false, false, 0],
    ['KD', 'K', 'D', true, false, 0],
    ['AS', 'A', 'S', true, false, 0],
    ['JKR', 'joker', null, true, true, 5],
    ['JKB', 'joker', null, true, true, 5],
    [null, null, null, false, false, 0],
    ['ZZ', null, null, false, false, 0],
  ])('%s: rank %s, suit %s, special %s, draw card %s, owes %i', async (card, rank, suit, special, draw, owed) => {
    const b = await board();
    expect(b.rankOf(card)).toBe(rank);
    expect(b.suitOf(card)).toBe(suit);
    expect(b.isSpecial(card)).toBe(special);
    expect(b.isDrawCard(card)).toBe(draw);
    expect(b.owedFor(card)).toBe(owed);
  });

  test.each<[string | null, string | null, string | null, boolean]>([
    ['5H', '9H', null, true],
    ['9C', '9H', null, true],
    ['5C', '9H', null, false],
    ['JC', '9H', 'D', true],
    ['JKR', '9H', 'D', true],
    ['5C', 'JKB', null, true],
    ['5C', 'JKB', 'H', true],
    ['5C', null, null, true],
    ['5C', 'ZZ', null, true],
    ['5H', 'JC', 'H', true],
    ['5C', 'JC', 'H', false],
    ['JS', 'JC', 'H', true],
    ['QC', 'QH', 'D', false],
    [null, '9H', null, false],
    ['ZZ', '9H', null, false],
    [null, 'JKB', null, false],
    ['ZZ', null, null, false],
  ])('matches(%s on %s, wish %s) → %s', async (card, top, wish, legal) => {
    const { matches } = await board();
    expect(matches(card, top, wish as never)).toBe(legal);
  });

  test('topHandle is the last discard handle, null for an empty pile', async () => {
    const b = await board();
    const state = position(2, { hands: [['3C'], ['4C']], discard: ['5C', '6C'] }).state;
    expect(b.topHandle(state.board)).toBe(state.board.discard[1]);
    expect(b.topHandle({ ...state.board, discard: [] })).toBeNull();
  });
});

describe('options', () => {
  test('no options is the defaults (two round wins, no play after a draw); each bound and unknown key', async () => {
    const { parseOptions } = await loadedNow(() => import('../../../src/games/pesten/options.js'));
    expect(parseOptions(undefined, 3)).toEqual({ targetPoints: 2, drawThenPlay: false });
    expect(parseOptions(null, 3)).toEqual({ targetPoints: 2, drawThenPlay: false });
    expect(parseOptions({ targetPoints: 1 }, 3)).toEqual({ targetPoints: 1, drawThenPlay: false });
    expect(parseOptions({ targetPoints: 20, drawThenPlay: true }, 3)).toEqual({ targetPoints: 20, drawThenPlay: true });
    for (const bad of [
      { targetPoints: 21 },
      { targetPoints: 0 },
      { targetPoints: '2' },
      { drawThenPlay: 1 },
      { other: true },
    ])
      expect(parseOptions(bad, 3)).toBeNull();
  });
});

describe('actions', () => {
  test.each<[unknown, boolean]>([
    [{ type: 'play', handle: 0, card: '5H' }, true],
    [{ type: 'play', handle: 100_000, card: '1234567890123456' }, true],
    [{ type: 'play', handle: 3, card: 'JH', wish: 'S', announce: true }, true],
    [{ type: 'play', handle: 3, card: 'JH', announce: false }, true],
    [{ type: 'play', handle: -1, card: '5H' }, false],
    [{ type: 'play', handle: 100_001, card: '5H' }, false],
    [{ type: 'play', handle: 1.5, card: '5H' }, false],
    [{ type: 'play', handle: '1', card: '5H' }, false],
    [{ type: 'play', handle: 1, card: '12345678901234567' }, false],
    [{ type: 'play', handle: 1, card: 5 }, false],
    [{ type: 'play', handle: 1, card: 'JH', wish: 'X' }, false],
    [{ type: 'play', handle: 1, card: 'JH', announce: 'yes' }, false],
    [{ type: 'play', handle: 1, card: '5H', extra: 1 }, false],
    [{ type: 'play', card: '5H' }, false],
    [{ type: 'draw' }, true],
    [{ type: 'draw', count: 2 }, false],
    [{ type: 'end-turn' }, true],
    [{ type: 'end-turn', handle: 1 }, false],
    [{ type: 'wish', suit: 'D' }, true],
    [{ type: 'wish', suit: 'joker' }, false],
    [{ type: 'wish' }, false],
    [{ type: 'wish', suit: 'D', seat: 0 }, false],
    [{ type: 'give', handle: 7 }, true],
    [{ type: 'give', handle: -7 }, false],
    [{ type: 'give', handle: 7, card: '5H' }, false],
    [{ type: 'pass' }, false],
    ['draw', false],
    [null, false],
  ])('parseAction(%j) accepted: %s', async (raw, ok) => {
    const { parseAction } = await loadedNow(() => import('../../../src/games/pesten/actions.js'));
    expect(parseAction(raw)).toEqual(ok ? raw : null);
  });

  test('only a play claims a card', async () => {
    const { claimedCards } = await loadedNow(() => import('../../../src/games/pesten/actions.js'));
    expect(claimedCards({ type: 'play', handle: 4, card: '9S', announce: true })).toEqual([{ handle: 4, card: '9S' }]);
    for (const action of [
      { type: 'draw' },
      { type: 'end-turn' },
      { type: 'wish', suit: 'C' },
      { type: 'give', handle: 2 },
    ] as const)
      expect(claimedCards(action)).toEqual([]);
  });
});

describe('setup', () => {
  const setupOf = () => loadedNow(() => import('../../../src/games/pesten/setup.js'));
  const core = (players: number, dealer = 0): Core<{ targetPoints: number; drawThenPlay: boolean }> =>
    ({
      players,
      dealer,
      deck: pesten.rules.deck({ targetPoints: 2, drawThenPlay: false }, players),
      requests: [],
      cards: [],
      options: { targetPoints: 2, drawThenPlay: false },
    }) as never;

  test('the deck: 52 cards and two jokers', async () => {
    const { deck } = await setupOf();
    const cards = deck({ targetPoints: 2, drawThenPlay: false });
    expect(cards).toHaveLength(54);
    expect(cards.slice(-2)).toEqual(['JKR', 'JKB']);
  });

  test('a standard round: hands seat by seat, the start card, the stock, a fresh board', async () => {
    const { setup } = await setupOf();
    const made = setup(core(3, 1), null, null);
    const range = (from: number, n: number): Handle[] => Array.from({ length: n }, (_, i) => from + i);
    expect(made).toEqual({
      phase: 'deal',
      hands: [range(0, 5), range(5, 5), range(10, 5)],
      stock: range(16, 38),
      discard: [15],
      aside: [],
      direction: 'clockwise',
      turn: 1,
      wish: null,
      owed: 0,
      again: false,
      drawn: null,
      passes: [null, null, null],
      passFrom: null,
      pendingDraw: null,
      reshuffles: 0,
      points: [0, 0, 0],
      winner: null,
    });
  });

  test.each<[unknown, boolean]>([
    [{ hands: [2, 3], discard: 2, stock: 4 }, true],
    [{ hands: [1, 1], discard: 1, stock: 51 }, true],
    [{ hands: [1, 1], discard: 1, stock: 0 }, true],
    [{ hands: [1, 1], discard: 1, stock: 52 }, false],
    [{ hands: [2, 3], discard: 0, stock: 4 }, false],
    [{ hands: [2, 0], discard: 1, stock: 4 }, false],
    [{ hands: [2, 3, 1], discard: 1, stock: 4 }, false],
    [{ hands: [2], discard: 1, stock: 4 }, false],
    [{ hands: [2, 55], discard: 1, stock: 0 }, false],
    [{ hands: [2, -1], discard: 1, stock: 0 }, false],
    [{ hands: [2, 1.5], discard: 1, stock: 0 }, false],
    [{ hands: [2, 3], discard: 1, stock: 4, extra: 0 }, false],
    [{ hands: [2, 3], discard: 1 }, false],
  ])('layout %j accepted: %s', async (layout, ok) => {
    const { setup } = await setupOf();
    const made = setup(core(2), layout, null);
    if (!ok) {
      expect(made).toBeNull();
      return;
    }
    const l = layout as { hands: number[]; discard: number; stock: number };
    expect(made?.hands.map((h) => h.length)).toEqual(l.hands);
    expect(made?.discard).toHaveLength(l.discard);
    expect(made?.stock).toHaveLength(l.stock);
    expect(made?.aside).toHaveLength(54 - l.hands[0]! - l.hands[1]! - l.discard - l.stock);
  });

  test('the layout deals in order: hands, discard, stock, aside; the deal reveals hands to owners, pile and aside to all', async () => {
    const { setup } = await setupOf();
    const c = core(2);
    const made = setup(c, { hands: [2, 1], discard: 2, stock: 3 }, null);
    expect(made).toMatchObject({ hands: [[0, 1], [2]], discard: [3, 4], stock: [5, 6, 7] });
    expect(made?.aside[0]).toBe(8);
    expect(c.requests.map((r) => [r.kind, r.kind === 'reveal-to' ? r.seat : null, r.handles.length])).toEqual([
      ['reveal-to', 0, 2],
      ['reveal-to', 1, 1],
      ['reveal-all', null, 2 + 46],
    ]);
  });

  test.each<[unknown, number[] | null]>([
    [null, [0, 0, 0]],
    [{ points: [0, 2, 1000] }, [0, 2, 1000]],
    [{ points: [0, 2, 1001] }, null],
    [{ points: [0, -1, 0] }, null],
    [{ points: [0, 1.5, 0] }, null],
    [{ points: [0, 1] }, null],
    [{ points: [0, 1, 0, 0] }, null],
    [{ points: [0, 1, 0], more: 1 }, null],
  ])('carry %j → %j', async (carry, points) => {
    const { parseCarry } = await setupOf();
    expect(parseCarry(carry as never, 3)).toEqual(points);
    const made = (await setupOf()).setup(core(3), null, carry as never);
    expect(made?.points ?? null).toEqual(points);
  });
});

describe('legal actions in every phase', () => {
  const legal = (state: PestenState, open: Record<number, string>, seat: number) =>
    pesten
      .legalActions(state, seat, privateViewOf(state, open, seat))
      .map((a) =>
        a.type === 'play'
          ? `${a.card}${a.wish ?? ''}${a.announce ? '!' : ''}`
          : a.type === 'give'
            ? `give ${open[a.handle]}`
            : a.type === 'wish'
              ? `wish ${a.suit}`
              : a.type,
      );
  const hands = [
    ['3C', '4C', '6S'],
    ['3D', '4D', '9S'],
    ['5H', '2H', 'QS'],
  ];

  test('the start J: the dealer wishes any suit; nobody else moves', () => {
    const { state, open } = position(3, { hands, discard: ['JD'] }, [], { dealer: 1 });
    expect(legal(state, open, 1)).toEqual(['wish C', 'wish D', 'wish H', 'wish S']);
    expect(legal(state, open, 0)).toEqual([]);
  });

  test('the pass round: every hand card of a seat that has not picked; nothing after its pick', () => {
    const { state, open } = position(3, { hands, discard: ['10D'] }, [{ seat: 1, type: 'give', card: '4D' }]);
    expect(legal(state, open, 0)).toEqual(['give 3C', 'give 4C', 'give 6S']);
    expect(legal(state, open, 1)).toEqual([]);
  });

  test('the deal and a finished round: nothing', () => {
    const setup = pesten.setup({ players: 3 });
    if (!setup.ok) throw new Error(setup.error);
    expect(pesten.legalActions(setup.value, 0, { known: {} })).toEqual([]);
    const over = position(2, { hands: [['3C', '4C'], ['5H']], discard: ['9H'] }, [
      { seat: 1, type: 'play', card: '5H' },
    ]);
    expect(legal(over.state, over.open, 0)).toEqual([]);
    expect(legal(over.state, over.open, 1)).toEqual([]);
  });

  test('owing: only 2s and jokers (whatever their suit), and draw', () => {
    const { state, open } = position(
      3,
      {
        hands: [
          ['3C', '2S', 'JKB', 'QC'],
          ['3D', '4D', '9S'],
          ['5H', '2H', 'QS'],
        ],
        discard: ['9H'],
      },
      [
        { seat: 2, type: 'play', card: '2H' },
        { seat: 1, type: 'draw' },
      ],
    );
    expect(legal(state, open, 0)).toEqual(['2S', 'JKB', 'draw']);
  });

  test("a seat does not know another seat's cards, so offers none of them", () => {
    const { state, open } = position(3, { hands, discard: ['9H'] });
    const seat2 = pesten.legalActions(state, 2, privateViewOf(state, open, 0));
    expect(seat2).toEqual([{ type: 'draw' }]);
    expect(legal(state, open, 2)).toEqual(['5H', '2H', 'draw']);
  });
  test("the rules' own enumeration (without the engine's turn filter): only the seat awaited gets moves", () => {
    const raw = (state: PestenState, open: Record<number, string>, seat: number) =>
      legalActions(state, seat, privateViewOf(state, open, seat)).map((a) => a.type);
    const wishing = position(3, { hands, discard: ['JD'] }, [], { dealer: 1 });
    expect(raw(wishing.state, wishing.open, 0)).toEqual([]);
    expect(raw(wishing.state, wishing.open, 1)).toEqual(['wish', 'wish', 'wish', 'wish']);
    const passing = position(3, { hands, discard: ['10D'] }, [{ seat: 1, type: 'give', card: '4D' }]);
    expect(raw(passing.state, passing.open, 1)).toEqual([]);
    expect(raw(passing.state, passing.open, 2)).toEqual(['give', 'give', 'give']);
    const setup = pesten.setup({ players: 3 });
    if (!setup.ok) throw new Error(setup.error);
    expect(legalActions(setup.value, setup.value.board.turn, { known: {} })).toEqual([]);
    const over = position(2, { hands: [['3C', '4C'], ['5H']], discard: ['9H'] }, [
      { seat: 1, type: 'play', card: '5H' },
    ]);
    expect(raw(over.state, over.open, 1)).toEqual([]);
    const playing = position(3, { hands, discard: ['9H'] });
    expect(raw(playing.state, playing.open, 1)).toEqual([]);
    expect(raw(playing.state, playing.open, 2)).toEqual(['play', 'play', 'draw']);
  });
});
