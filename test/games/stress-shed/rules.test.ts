/**
 * Stress (shedding) unit tests: the legality table of RULES.md §1, the
 * effective top, options, setup and the deal's crypto requests, awaits,
 * legal-action enumeration, per-seat views and the outcome. Whole-hand
 * behaviour is in the scenario files; random play is in properties.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { census, privateViewOf, settle, type Handle } from '../../../src/engine/index.js';
import {
  canPlayOn,
  effectiveTop,
  stressShed,
  stressShedModule,
  type StressAction,
  type StressState,
} from '../../../src/games/stress-shed/index.js';
import { dealtHand, knowledgeProblems } from './helpers.js';

describe('which rank may go on which effective top (RULES.md §1)', () => {
  const rank = (r: string): number => ({ J: 11, Q: 12, K: 13, A: 14 })[r] ?? Number(r);
  test.each<[string, string | null, boolean]>([
    ['4', null, true],
    ['A', null, true],
    ['4', 'KH', false],
    ['A', 'KH', true],
    ['K', 'KH', true],
    ['2', 'AH', true],
    ['3', 'AH', true],
    ['10', 'AH', false],
    ['10', '7H', true],
    ['10', 'JH', false],
    ['8', '9H', true],
    ['9', '9H', false],
    ['10', '9H', false],
    ['2', '9H', true],
    ['3', '9H', true],
    ['4', '9H', true],
    ['J', '9H', false],
    ['4', '2H', true],
    ['A', '2H', true],
    ['5', '5D', true],
    ['5', '6D', false],
  ])('%s on %s → %s', (r, top, legal) => {
    expect(canPlayOn(rank(r), top)).toBe(legal);
  });
});

describe('effectiveTop ignores 3s', () => {
  const cards = ['KH', '3C', '3D', '9S', '2D', '3H'];
  const know = (h: Handle): string | null => cards[h] ?? null;
  test.each<[string, Handle[], string | null]>([
    ['empty stack', [], null],
    ['only 3s', [1, 2], null],
    ['3 on K', [0, 1], 'KH'],
    ['3, 3 on 9', [3, 1, 2], '9S'],
    ['2 then 3', [4, 5], '2D'],
    ['plain top', [1, 3], '9S'],
  ])('%s', (_name, stack, top) => {
    expect(effectiveTop(stack, know)).toBe(top);
  });
});

describe('options', () => {
  test.each<[unknown, number, object | null]>([
    [
      {},
      2,
      { voluntaryPickup: false, fourOfAKindBurns: false, stopAtFirstWinner: false, decks: 1, endlessHandsEnd: true },
    ],
    [{ endlessHandsEnd: false }, 2, { endlessHandsEnd: false }],
    [{ endlessHandsEnd: 'no' }, 2, null],
    [{}, 4, { decks: 1 }],
    [{}, 5, { decks: 2 }],
    [{}, 6, { decks: 2 }],
    [{ decks: 2 }, 3, { decks: 2 }],
    [{ decks: 'auto', voluntaryPickup: true }, 3, { decks: 1, voluntaryPickup: true }],
    [{ decks: 1 }, 5, null],
    [{ decks: 3 }, 2, null],
    [{ voluntaryPickup: 'yes' }, 2, null],
    [{ jokers: true }, 2, null],
    ['fast', 2, null],
  ])('%j with %i players', (raw, players, expected) => {
    const parsed = stressShed.parseOptions(raw, players);
    if (expected === null) expect(parsed).toBeNull();
    else expect(parsed).toMatchObject(expected);
  });
});

describe('option fields for the lobby', () => {
  const fields = stressShedModule.options.fields;
  test('label the five options of RULES.md §1, each accepted with every offered choice', () => {
    expect(Object.keys(fields).sort()).toEqual([
      'decks',
      'endlessHandsEnd',
      'fourOfAKindBurns',
      'stopAtFirstWinner',
      'voluntaryPickup',
    ]);
    expect(Object.keys(stressShed.defaultOptions).sort()).toEqual(Object.keys(fields).sort());
    expect(stressShed.defaultOptions['endlessHandsEnd']).toBe(true);
    for (const [key, field] of Object.entries(fields)) {
      expect(field.label.length, key).toBeGreaterThan(3);
      const values =
        field.kind === 'select'
          ? field.choices.map((c) => c.value)
          : field.kind === 'checkbox'
            ? [false, true]
            : [field.min, field.max];
      // Every offered value is accepted on its own (decks: 1 is refused above four players, so ask with four).
      for (const value of values)
        expect(stressShed.parseOptions({ [key]: value }, 4), `${key}=${String(value)}`).not.toBeNull();
    }
  });
});

describe('setup', () => {
  test.each([2, 3, 4, 5, 6])(
    '%i players: 4 face-down, 4 face-up, 4 in hand, a start card, the rest to draw',
    (players) => {
      const { state } = dealtHand({ players, dealer: players - 1 }, 1);
      const deckSize = players <= 4 ? 52 : 104;
      expect(state.deck).toHaveLength(deckSize);
      expect(
        state.board.seats.every((s) => s.hand.length === 4 && s.faceUp.length === 4 && s.faceDown.length === 4),
      ).toBe(true);
      expect(state.board.stack).toHaveLength(1);
      expect(state.board.draw).toHaveLength(deckSize - 12 * players - 1);
      expect(state.board.cemetery).toEqual([]);
      expect(state.board.turn).toBe(0);
      expect(census(stressShed, state)).toEqual([]);
      expect(state.requests.filter((r) => r.kind === 'reveal-to')).toEqual(
        state.board.seats.map((s, seat) => ({ id: seat, kind: 'reveal-to', seat, handles: s.hand })),
      );
      expect(state.requests.at(-1)).toEqual({
        id: players,
        kind: 'reveal-all',
        handles: [...state.board.seats.flatMap((s) => s.faceUp), ...state.board.stack],
      });
    },
  );

  test.each<[string, object, string]>([
    ['one player', { players: 1 }, 'bad-player-count'],
    ['seven players', { players: 7 }, 'bad-player-count'],
    ['a dealer who is not seated', { players: 3, dealer: 3 }, 'bad-seat'],
    ['bad options', { players: 3, options: { decks: 'many' } }, 'bad-options'],
    [
      'a layout with too many cards',
      {
        players: 2,
        layout: {
          seats: [
            { hand: 30, faceUp: 0, faceDown: 0 },
            { hand: 30, faceUp: 0, faceDown: 0 },
          ],
          stack: 0,
          draw: 0,
        },
      },
      'bad-layout',
    ],
    [
      'a layout with an empty seat',
      {
        players: 2,
        layout: {
          seats: [
            { hand: 0, faceUp: 0, faceDown: 0 },
            { hand: 1, faceUp: 0, faceDown: 0 },
          ],
          stack: 0,
          draw: 0,
        },
      },
      'bad-layout',
    ],
  ])('refuses %s', (_name, args, error) => {
    expect(stressShed.setup(args as never)).toEqual({ ok: false, error });
  });

  test('after the deal each seat knows exactly its own hand', () => {
    const { state, open } = dealtHand({ players: 3 }, 2);
    const done = settle(stressShed, state, open);
    if (!done.ok) throw new Error(done.error);
    const dealt = done.state as StressState;
    expect(knowledgeProblems(dealt)).toEqual([]);
    dealt.board.seats.forEach((cards, seat) => {
      const known = Object.keys(privateViewOf(dealt, open, seat).known).map(Number);
      const publicHandles = dealt.cards.flatMap((c, h) => (c.card !== null ? [h] : []));
      expect(known.sort((a, b) => a - b)).toEqual([...cards.hand, ...publicHandles].sort((a, b) => a - b));
    });
    expect(stressShed.awaits(dealt)).toEqual({ kind: 'choices', seats: [0, 1, 2], what: 'swap' });
  });
});

/** A dealt, swap-phase-finished 2-player hand with seat 1 to play. */
function inPlay(seed = 3): { state: StressState; open: Record<number, string> } {
  const dealt = dealtHand({ players: 2 }, seed);
  const open = dealt.open;
  const done = settle(stressShed, dealt.state, open);
  if (!done.ok) throw new Error(done.error);
  let state = done.state as StressState;
  for (const seat of [0, 1]) {
    const next = stressShed.reduce(state, { kind: 'act', seat, action: { type: 'ready', swaps: [] } });
    if (!next.ok) throw new Error(next.error);
    state = next.state;
  }
  return { state, open };
}

describe('legal actions', () => {
  test('swap phase: every arrangement of the 8 cards with 4 face-up, once (70)', () => {
    const { state, open } = dealtHand({ players: 2 }, 4);
    const done = settle(stressShed, state, open);
    if (!done.ok) throw new Error(done.error);
    const actions = stressShed.legalActions(done.state, 0, privateViewOf(done.state, open, 0));
    expect(actions).toHaveLength(70);
    expect(actions).toContainEqual({ type: 'ready', swaps: [] });
    // Without its private view a seat cannot name its hand cards, so it can only keep its cards.
    expect(stressShed.legalActions(done.state, 0, { known: {} })).toEqual([{ type: 'ready', swaps: [] }]);
  });

  test('play: each non-empty subset of each legal rank, and pickup only when nothing is legal', () => {
    const { state, open } = inPlay();
    const board = structuredClone(state.board);
    // Give seat 1 a hand of 5 5 5 9 (by re-labelling the deal) on a 4.
    const [a, b, c, d] = board.seats[1]?.hand ?? [];
    const top = board.stack[0] ?? -1;
    const known: Record<number, string> = {
      ...open,
      [a ?? -1]: '5C',
      [b ?? -1]: '5D',
      [c ?? -1]: '5H',
      [d ?? -1]: '9S',
    };
    const cards = state.cards.map((info, h) => (h === top ? { ...info, card: '4S' } : info));
    const relabelled: StressState = { ...state, cards, board };
    const actions = stressShed.legalActions(relabelled, 1, { known });
    const plays = actions.filter((x): x is Extract<StressAction, { type: 'play' }> => x.type === 'play');
    expect(plays.map((p) => p.cards.map((x) => x.card).join('+'))).toEqual([
      '5C',
      '5D',
      '5C+5D',
      '5H',
      '5C+5H',
      '5D+5H',
      '5C+5D+5H',
      '9S',
    ]);
    expect(actions.some((x) => x.type === 'pickup')).toBe(false);
    const onAce: StressState = {
      ...relabelled,
      cards: state.cards.map((info, h) => (h === top ? { ...info, card: 'AS' } : info)),
    };
    expect(stressShed.legalActions(onAce, 1, { known })).toEqual([{ type: 'pickup' }]);
    expect(stressShed.legalActions(onAce, 0, { known })).toEqual([]);
  });

  test('every legal action of a fresh hand is accepted', () => {
    const { state, open } = inPlay(5);
    const actions = stressShed.legalActions(state, 1, privateViewOf(state, open, 1));
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(stressShed.reduce(state, { kind: 'act', seat: 1, action }).ok).toBe(true);
  });
});

describe('views', () => {
  test("a seat sees its own hand, the public cards, and nobody else's hand or any face-down card", () => {
    const { state, open } = inPlay(6);
    const mine = stressShed.view(state, 0, privateViewOf(state, open, 0));
    expect(mine.seats[0]?.hand.every((c) => c.card !== null)).toBe(true);
    expect(mine.seats[1]?.hand.every((c) => c.card === null)).toBe(true);
    expect(mine.seats.every((s) => s.faceDown.every((c) => c.card === null))).toBe(true);
    expect(mine.seats.every((s) => s.faceUp.every((c) => c.card !== null))).toBe(true);
    const spectator = stressShed.view(state, null);
    expect(spectator.seats.every((s) => s.hand.every((c) => c.card === null))).toBe(true);
    expect(spectator.turn).toBe(1);
    expect(spectator.stack).toEqual([open[state.board.stack[0] ?? -1]]);
  });
});
