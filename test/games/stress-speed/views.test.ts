/**
 * What a Stress (speed) table shows and how a hand ends, checked field by
 * field on small positions (views.ts, summary.ts, options.ts): the named
 * zones every handle lies in, the view a seat gets (rows and centre stacks
 * public, piles unknown to everyone unless the viewer's private view holds a
 * card, the counts, whether a stress call is valid right now), the outcome
 * (the winner first and the loser deals next; a blocked hand has no winner
 * and the dealer's neighbour deals), the compact summary the scenario runner
 * prints, the end-of-hand card zones, and the table options (none allowed).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type OpenCards, type PrivateView } from '../../../src/engine/index.js';
import { parseOptions } from '../../../src/games/stress-speed/options.js';
import { cardZones } from '../../../src/games/stress-speed/summary.js';
import { outcome, summarize, view, zones } from '../../../src/games/stress-speed/views.js';
import type { SpeedBoard, SpeedState } from '../../../src/games/stress-speed/board.js';
import { position } from './helpers.js';

const DEAL = {
  seats: [
    { row: [['2D', '5H'], ['9S'], [], ['KC']], pile: [] },
    { row: [['3D'], ['2H'], ['10S'], ['AS']], pile: ['10H', 'QS', '6D'] },
  ],
  stacks: [['3C', '9H'], ['QD']],
};

function at(deal: object = DEAL) {
  const { state, open } = position(deal);
  const name = (handle: number) => open[handle];
  const names = (handles: readonly number[]) => handles.map(name);
  return { state, open, name, names };
}

function withBoard(state: SpeedState, change: Partial<SpeedBoard>, more: Partial<SpeedState> = {}): SpeedState {
  return { ...state, ...more, board: { ...state.board, ...change } };
}

const cardsOf = (open: OpenCards, cards: Array<{ handle: number; card: string | null }>) =>
  cards.map((c) => [open[c.handle], c.card]);

describe('zones', () => {
  test('every slot, pile, stack and the cards aside, named as the scenario deals them', () => {
    const { state, names } = at();
    const named = zones(state);
    expect(Object.keys(named)).toEqual([
      'slot0@0',
      'slot1@0',
      'slot2@0',
      'slot3@0',
      'pile@0',
      'slot0@1',
      'slot1@1',
      'slot2@1',
      'slot3@1',
      'pile@1',
      'stack@0',
      'stack@1',
      'aside',
    ]);
    expect(
      Object.fromEntries(
        Object.entries(named)
          .filter(([k]) => k !== 'aside')
          .map(([k, hs]) => [k, names(hs)]),
      ),
    ).toEqual({
      'slot0@0': ['2D', '5H'],
      'slot1@0': ['9S'],
      'slot2@0': [],
      'slot3@0': ['KC'],
      'pile@0': [],
      'slot0@1': ['3D'],
      'slot1@1': ['2H'],
      'slot2@1': ['10S'],
      'slot3@1': ['AS'],
      'pile@1': ['10H', 'QS', '6D'],
      'stack@0': ['3C', '9H'],
      'stack@1': ['QD'],
    });
    expect(named.aside).toEqual(state.board.aside);
    expect(named.aside).toHaveLength(52 - 14);
  });
});

describe('view', () => {
  test('rows and stacks are public, piles unknown; tops, counts and the rest of the board', () => {
    const { state, open } = at();
    const v = view(state, 0, privateViewOf(state, open, 0));
    expect(v.phase).toBe('play');
    expect(v.seats).toHaveLength(2);
    const seat0 = v.seats[0]!;
    expect(seat0.row.map((slot) => (slot.top === null ? null : [open[slot.top.handle], slot.top.card]))).toEqual([
      ['5H', '5H'],
      ['9S', '9S'],
      null,
      ['KC', 'KC'],
    ]);
    expect(seat0.row.map((slot) => cardsOf(open, slot.cards))).toEqual([
      [
        ['2D', '2D'],
        ['5H', '5H'],
      ],
      [['9S', '9S']],
      [],
      [['KC', 'KC']],
    ]);
    expect(seat0.pile).toEqual([]);
    expect(seat0.pileCount).toBe(0);
    expect(seat0.cardsLeft).toBe(4);
    const seat1 = v.seats[1]!;
    expect(seat1.pileCount).toBe(3);
    expect(seat1.cardsLeft).toBe(7);
    expect(cardsOf(open, seat1.pile)).toEqual([
      ['10H', null],
      ['QS', null],
      ['6D', null],
    ]);
    expect(
      v.stacks.map((s) => ({
        top: s.top && [open[s.top.handle], s.top.card],
        cards: cardsOf(open, s.cards),
        size: s.size,
      })),
    ).toEqual([
      {
        top: ['9H', '9H'],
        cards: [
          ['3C', '3C'],
          ['9H', '9H'],
        ],
        size: 2,
      },
      { top: ['QD', 'QD'], cards: [['QD', 'QD']], size: 1 },
    ]);
    expect(v.stressable).toBe(false);
    expect(v.stalemate).toBeNull();
    expect(v.stalemates).toBe(0);
    expect(v.lastStress).toBeNull();
    expect(v.stresses).toBe(0);
    expect(v.winner).toBeNull();
    expect(v.blocked).toBe(false);
  });

  test("a pile card the viewer's private view holds is shown to that viewer", () => {
    const { state, open } = at();
    const pileHandle = state.board.seats[1]!.pile[1]!;
    const known: PrivateView = { known: { [pileHandle]: 'QS' } };
    const v = view(state, 1, known);
    expect(v.seats[1]!.pile.map((c) => c.card)).toEqual([null, 'QS', null]);
    expect(open[pileHandle]).toBe('QS');
  });

  test('the board counters pass through as they are', () => {
    const { state, open } = at();
    const changed = withBoard(state, {
      stalemate: { kind: 'restack', seats: [1, 0] },
      stalemates: 3,
      lastStress: { caller: 1, taker: 0 },
      stresses: 2,
      winner: 1,
      blocked: true,
      phase: 'over',
    });
    const v = view(changed, null, privateViewOf(changed, open, 1));
    expect(v).toMatchObject({
      phase: 'over',
      stalemate: { kind: 'restack', seats: [1, 0] },
      stalemates: 3,
      lastStress: { caller: 1, taker: 0 },
      stresses: 2,
      winner: 1,
      blocked: true,
      stressable: false,
    });
  });

  const stressDeal = {
    seats: [
      { row: [['2D'], ['5H'], ['7S'], ['KC']], pile: ['QS'] },
      { row: [['3D'], ['2H'], ['10S'], ['AS']], pile: ['10H'] },
    ],
    stacks: [
      ['3C', '9H'],
      ['QD', '9D'],
    ],
  };

  test('stressable: both tops share a rank during play with nothing pending', () => {
    const { state, open } = at(stressDeal);
    expect(view(state, 1, privateViewOf(state, open, 1)).stressable).toBe(true);
  });

  test.each<[string, Partial<SpeedBoard>, Partial<SpeedState>]>([
    ['while the cards are being turned over', { phase: 'turn' }, {}],
    ['while the deal is under way', { phase: 'deal' }, {}],
    ['once the hand is over', { phase: 'over' }, {}],
    [
      'while a request is pending',
      {},
      { requests: [{ kind: 'reveal-all', handles: [1] }] as unknown as SpeedState['requests'] },
    ],
  ])('not stressable %s, even on equal tops', (_name, change, more) => {
    const { state, open } = at(stressDeal);
    const changed = withBoard(state, change, more);
    expect(view(changed, 0, privateViewOf(changed, open, 0)).stressable).toBe(false);
  });

  test('an empty stack has no top and size 0', () => {
    const { state, open } = at();
    const changed = withBoard(state, { stacks: [[], state.board.stacks[1]!] });
    const v = view(changed, 0, privateViewOf(changed, open, 0));
    expect(v.stacks[0]).toEqual({ top: null, cards: [], size: 0 });
    expect(v.stacks[1]!.size).toBe(1);
  });
});

describe('outcome', () => {
  test('no outcome before the hand is over', () => {
    const { state } = at();
    expect(outcome(state)).toBeNull();
    expect(outcome(withBoard(state, { winner: 0 }))).toBeNull();
    expect(outcome(withBoard(state, { phase: 'turn', blocked: true }))).toBeNull();
  });

  test.each<[number, number, number]>([
    [0, 0, 1],
    [1, 0, 0],
    [0, 1, 1],
    [1, 1, 0],
  ])('seat %i wins (dealer %i): the loser %i deals next', (winner, dealer, loser) => {
    const { state } = at();
    expect(outcome(withBoard(state, { phase: 'over', winner }, { dealer }))).toEqual({
      ranking: [[winner], [loser]],
      nextDealer: loser,
      scores: null,
      carry: null,
      summary: `seat ${winner} won; seat ${loser} deals next`,
    });
  });

  test.each<[number, number]>([
    [0, 1],
    [1, 0],
  ])('blocked with dealer %i: no winner, seat %i deals next', (dealer, next) => {
    const { state } = at();
    expect(outcome(withBoard(state, { phase: 'over', winner: null, blocked: true }, { dealer }))).toEqual({
      ranking: [[0, 1]],
      nextDealer: next,
      scores: null,
      carry: null,
      summary: `blocked: no card can be played any more; no winner; seat ${next} deals next`,
    });
  });
});

describe('summarize', () => {
  test('cards by id, unknown ones as ??, the tops and the counters', () => {
    const { state, open } = at();
    const changed = withBoard(state, { lastStress: { caller: 0, taker: 1 }, stresses: 1, stalemates: 2 });
    expect(summarize(view(changed, 0, privateViewOf(changed, open, 0)))).toEqual({
      phase: 'play',
      rows: [
        [['2D', '5H'], ['9S'], [], ['KC']],
        [['3D'], ['2H'], ['10S'], ['AS']],
      ],
      piles: [[], ['??', '??', '??']],
      stacks: [['3C', '9H'], ['QD']],
      tops: ['9H', 'QD'],
      stressable: false,
      stalemates: 2,
      stresses: 1,
      lastStress: { caller: 0, taker: 1 },
      winner: null,
      blocked: false,
    });
  });

  test('an empty stack has the top null; a stack top nobody knows is null too', () => {
    const { state, open } = at();
    const v = view(withBoard(state, { stacks: [[], state.board.stacks[1]!] }), 0, privateViewOf(state, open, 0));
    expect(summarize(v)).toMatchObject({ stacks: [[], ['QD']], tops: [null, 'QD'] });
    const unknownTop = {
      ...v,
      stacks: [{ top: { handle: 1, card: null }, cards: [{ handle: 1, card: null }], size: 1 }, v.stacks[1]!],
    };
    expect(summarize(unknownTop)).toMatchObject({ stacks: [['??'], ['QD']], tops: [null, 'QD'] });
  });
});

describe('cardZones (end-of-hand summary)', () => {
  test("each seat's row (all its cards) then its pile", () => {
    const { state, names } = at();
    expect(cardZones(state).map((z) => ({ seat: z.seat, label: z.label, cards: names(z.handles) }))).toEqual([
      { seat: 0, label: 'row', cards: ['2D', '5H', '9S', 'KC'] },
      { seat: 0, label: 'pile', cards: [] },
      { seat: 1, label: 'row', cards: ['3D', '2H', '10S', 'AS'] },
      { seat: 1, label: 'pile', cards: ['10H', 'QS', '6D'] },
    ]);
  });
});

describe('parseOptions: Stress (speed) has none', () => {
  test.each<[unknown, object | null]>([
    [{}, {}],
    [undefined, {}],
    [null, {}],
    [{ decks: 2 }, null],
    [{ jokers: 0 }, null],
    ['fast', null],
    [0, null],
  ])('%j → %j', (raw, expected) => {
    expect(parseOptions(raw, 2)).toEqual(expected);
  });
});
