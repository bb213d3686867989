/**
 * The rules of Stress (shedding), docs/rules/stress-shed.md: the legality table, the
 * effective top, options and their fields for the lobby, setup and the
 * deal's crypto requests, awaits, legal-action enumeration, per-seat views
 * and the outcome; and one transition at a time on hand-built positions
 * (table.ts), without the crypto table: each refusal with its code, and each
 * accepted move with where every card went, whose turn it is, the draw-up,
 * the burns (a 10; four of a kind with the option), the 8's skip, going out
 * and the end of the hand, blind cards judged once revealed, picking up with
 * the "no legal play" claim, the swap phase, and the endless-hands record
 * after each move. Whole-hand behaviour is in the scenario files; random
 * play is in properties.test.ts.
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
import type { CardId, Knowledge } from '../../../src/engine/index.js';
import { act, afterCrypto, awaits, isLegalCard } from '../../../src/games/stress-shed/rules.js';
import { positionHash } from '../../../src/games/stress-shed/endless.js';
import { table, type Table, type TableSpec } from './table.js';

describe('which rank may go on which effective top (docs/rules/stress-shed.md)', () => {
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
  test('label the five options of docs/rules/stress-shed.md, each accepted with every offered choice', () => {
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
    state = next.value;
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

const playOf = (t: Table, ...cards: CardId[]): StressAction => ({
  type: 'play',
  cards: cards.map((card) => ({ handle: t.h(card), card })),
});

/** Play cards as `seat`, expecting it to be accepted. */
function played(spec: TableSpec, seat: number, ...cards: CardId[]): Table {
  const t = table(spec);
  expect(act(t.state, seat, playOf(t, ...cards), t.know)).toBeNull();
  return t;
}

const view = (t: Table) => {
  const b = t.state.board;
  return {
    phase: b.phase,
    turn: b.turn,
    stack: t.ids(b.stack),
    cemetery: t.ids(b.cemetery),
    draw: t.ids(b.draw),
    seats: b.seats.map((s) => ({ hand: t.ids(s.hand), faceUp: t.ids(s.faceUp), faceDown: t.ids(s.faceDown) })),
    out: b.out,
    loser: b.loser,
  };
};

describe('the card that counts and what goes on it', () => {
  test('an unknown card on the stack is looked through like a 3', () => {
    const cards: Record<number, CardId> = { 0: 'KH', 2: '3C' };
    const know: Knowledge = (h) => cards[h] ?? null;
    expect(effectiveTop([0, 1], know)).toBe('KH');
    expect(effectiveTop([0, 1, 2], know)).toBe('KH');
    expect(effectiveTop([1], know)).toBeNull();
  });

  test.each<[number, CardId | null, boolean]>([
    [5, 'JK', true],
    [14, '2S', true],
    [4, '2S', true],
    [8, '9S', true],
    [9, '9S', false],
    [2, 'AS', true],
    [3, 'AS', true],
    [13, 'AS', false],
    [14, 'AS', true],
    [6, '7S', false],
    [7, '7S', true],
    [8, '7S', true],
  ])('canPlayOn(%i, %s) = %s', (rank, top, legal) => {
    expect(canPlayOn(rank, top)).toBe(legal);
  });

  test.each<[CardId | null, CardId | null, boolean]>([
    [null, null, false],
    [null, '5C', false],
    ['JK', null, false],
    ['5C', '6C', false],
    ['6C', '6D', true],
    ['7C', '6C', true],
    ['3C', 'AC', true],
  ])('isLegalCard(%s on %s) = %s', (card, top, legal) => {
    expect(isLegalCard(card, top)).toBe(legal);
  });
});

describe('the swap phase', () => {
  const spec = (options = {}): TableSpec => ({
    seats: [
      { hand: ['4C', '5C'], faceUp: ['AS', 'KS'], faceDown: ['6C'] },
      { hand: ['4D'], faceUp: ['2D'], faceDown: ['6D'] },
    ],
    stack: ['7H'],
    phase: 'swap',
    turn: 1,
    options,
  });
  const ready = (t: Table, ...pairs: Array<[CardId, CardId]>): StressAction => ({
    type: 'ready',
    swaps: pairs.map(([hand, up]) => ({ hand: t.h(hand), card: hand, faceUp: t.h(up) })),
  });

  test('a ready is kept, without the card names, until every seat is in; then the swaps apply and play starts', () => {
    const t = table(spec());
    expect(awaits(t.state)).toEqual({ kind: 'choices', seats: [0, 1], what: 'swap' });
    expect(act(t.state, 0, ready(t, ['4C', 'AS']), t.know)).toBeNull();
    expect(t.state.board.ready[0]).toEqual([{ hand: t.h('4C'), faceUp: t.h('AS') }]);
    expect(view(t).seats[0]).toEqual({ hand: ['4C', '5C'], faceUp: ['AS', 'KS'], faceDown: ['6C'] });
    expect(t.state.board.phase).toBe('swap');
    expect(awaits(t.state)).toEqual({ kind: 'choices', seats: [1], what: 'swap' });
    expect(t.state.board.positions).toEqual([]);
    expect(act(t.state, 1, ready(t, ['4D', '2D']), t.know)).toBeNull();
    expect(view(t).seats).toEqual([
      { hand: ['AS', '5C'], faceUp: ['4C', 'KS'], faceDown: ['6C'] },
      { hand: ['2D'], faceUp: ['4D'], faceDown: ['6D'] },
    ]);
    expect(t.state.board.phase).toBe('play');
    expect(t.state.board.positions).toEqual([positionHash(t.state.board)]);
    expect(awaits(t.state)).toEqual({ kind: 'move', seat: 1, what: 'play' });
  });

  test('swaps apply in order: a card swapped up and back ends where it began', () => {
    const t = table(spec());
    const action: StressAction = {
      type: 'ready',
      swaps: [
        { hand: t.h('4C'), card: '4C', faceUp: t.h('AS') },
        { hand: t.h('AS'), card: 'AS', faceUp: t.h('4C') },
        { hand: t.h('5C'), card: '5C', faceUp: t.h('KS') },
      ],
    };
    expect(act(t.state, 0, action, t.know)).toBeNull();
    expect(act(t.state, 1, ready(t), t.know)).toBeNull();
    expect(view(t).seats[0]).toEqual({ hand: ['4C', 'KS'], faceUp: ['AS', '5C'], faceDown: ['6C'] });
  });

  test('with the endless-hands rule off no position is recorded', () => {
    const t = table(spec({ endlessHandsEnd: false }));
    act(t.state, 0, ready(t), t.know);
    act(t.state, 1, ready(t), t.know);
    expect(t.state.board.phase).toBe('play');
    expect(t.state.board.positions).toEqual([]);
  });

  test.each<[string, (t: Table) => StressAction, number]>([
    ['a hand card that is face-up', (t) => ready(t, ['AS', 'KS']), 0],
    ['a face-up card that is in the hand', (t) => ready(t, ['4C', '5C']), 0],
    ["another seat's card", (t) => ready(t, ['4D', 'AS']), 0],
    ['a second swap that no longer fits', (t) => ready(t, ['4C', 'AS'], ['4C', 'KS']), 0],
    ['an unknown seat', (t) => ready(t), 5],
  ])('refused (bad-swap): %s', (_name, action, seat) => {
    const t = table(spec());
    expect(act(t.state, seat, action(t), t.know)).toBe('bad-swap');
    expect(t.state.board.ready).toEqual([null, null]);
  });

  test('ready in the play phase is refused', () => {
    const t = table({ ...spec(), phase: 'play' });
    expect(act(t.state, 0, ready(t), t.know)).toBe('not-swap-phase');
  });
});

describe('plays from the hand and face-up cards', () => {
  const base: TableSpec = {
    seats: [
      { hand: ['5C', '5D', '9C', 'KC'], faceUp: ['QS'], faceDown: ['2S'] },
      { hand: ['4D'], faceUp: ['7D'], faceDown: ['6D'] },
      { hand: ['4H'] },
    ],
    stack: ['4S'],
    draw: ['JH', 'JD', 'JC'],
  };

  test('cards leave the hand for the stack in the order named, the hand draws back to four, the next seat plays', () => {
    const t = played(base, 0, '5D', '5C');
    expect(view(t)).toMatchObject({
      stack: ['4S', '5D', '5C'],
      draw: ['JC'],
      seats: [{ hand: ['9C', 'KC', 'JH', 'JD'] }, {}, {}],
      turn: 1,
      phase: 'play',
    });
    expect(t.state.requests).toEqual([{ id: 0, kind: 'reveal-to', seat: 0, handles: [t.h('JH'), t.h('JD')] }]);
  });

  test('the draw stack running out: draw what is left', () => {
    const t = played({ ...base, draw: ['JH'] }, 0, '5D', '5C');
    expect(view(t).seats[0]?.hand).toEqual(['9C', 'KC', 'JH']);
    expect(view(t).draw).toEqual([]);
  });

  test('no draw with the draw stack empty, nor with more than four in hand', () => {
    const t = played({ ...base, draw: [] }, 0, '9C');
    expect(view(t).seats[0]?.hand).toEqual(['5C', '5D', 'KC']);
    expect(t.state.requests).toEqual([]);
    const big = played(
      { ...base, seats: [{ hand: ['5C', '6C', '7C', '8C', '9C', 'KC'] }, { hand: ['4D'] }, { hand: ['4H'] }] },
      0,
      'KC',
    );
    expect(view(big).seats[0]?.hand).toEqual(['5C', '6C', '7C', '8C', '9C']);
    expect(view(big).draw).toEqual(['JH', 'JD', 'JC']);
  });

  test('a face-up card played draws nothing', () => {
    const t = played(
      { ...base, seats: [{ hand: [], faceUp: ['QS', 'KS'], faceDown: ['2S'] }, { hand: ['4D'] }, { hand: ['4H'] }] },
      0,
      'QS',
    );
    expect(view(t).seats[0]).toEqual({ hand: [], faceUp: ['KS'], faceDown: ['2S'] });
    expect(view(t).draw).toEqual(['JH', 'JD', 'JC']);
    expect(view(t).turn).toBe(1);
  });

  test.each<[string, TableSpec, number, (t: Table) => StressAction, string]>([
    ['in the swap phase', { ...base, phase: 'swap' }, 0, (t) => playOf(t, '5C'), 'not-play-phase'],
    ['when the game is over', { ...base, phase: 'over' }, 0, (t) => playOf(t, '5C'), 'not-play-phase'],
    ['a face-up card while the hand is not empty', base, 0, (t) => playOf(t, 'QS'), 'not-in-source'],
    ["another seat's card", base, 0, (t) => playOf(t, '4D'), 'not-in-source'],
    ['no card at all', base, 0, () => ({ type: 'play', cards: [] }), 'not-in-source'],
    ['a seat that is not seated', base, 4, (t) => playOf(t, '5C'), 'not-in-source'],
    [
      'a seat with no cards left',
      { ...base, seats: [{ hand: ['5C'] }, { hand: ['4D'] }, {}] },
      2,
      (t) => playOf(t, '5C'),
      'not-in-source',
    ],
    [
      'a face-up card once only face-down cards are left',
      { ...base, seats: [{ faceDown: ['5C'] }, { hand: ['4D'] }, { hand: ['4H'] }] },
      0,
      (t) => playOf(t, '5C'),
      'must-play-blind',
    ],
    ['the same card twice', base, 0, (t) => playOf(t, '5C', '5C'), 'duplicate-handle'],
    ['a hand card together with a face-up card', base, 0, (t) => playOf(t, '5C', 'QS'), 'not-in-source'],
    ['two ranks together', base, 0, (t) => playOf(t, '5C', '9C'), 'mixed-ranks'],
    ['a rank that does not beat the top', { ...base, stack: ['6S'] }, 0, (t) => playOf(t, '5C', '5D'), 'illegal-play'],
    ['a 9 on a 9', { ...base, stack: ['9S'] }, 0, (t) => playOf(t, '9C'), 'illegal-play'],
  ])('refused: %s', (_name, spec, seat, action, error) => {
    const t = table(spec);
    const before = structuredClone(t.state.board);
    expect(act(t.state, seat, action(t), t.know)).toBe(error);
    expect(t.state.board).toEqual(before);
  });

  test('a card nobody can name is an illegal play', () => {
    const t = table(base);
    const blindKnow: Knowledge = (h) => (h === t.h('5C') ? null : t.know(h));
    expect(act(t.state, 0, playOf(t, '5C'), blindKnow)).toBe('illegal-play');
    const empty = table({ ...base, stack: [] });
    expect(act(empty.state, 0, playOf(empty, '5C'), (h) => (h === empty.h('5C') ? null : empty.know(h)))).toBe(
      'illegal-play',
    );
    const second: Knowledge = (h) => (h === t.h('5D') ? null : t.know(h));
    expect(act(t.state, 0, playOf(t, '5C', '5D'), second)).toBe('mixed-ranks');
  });
});

describe('8, 10, four of a kind', () => {
  const four = (stack: CardId[], options = {}): TableSpec => ({
    seats: [{ hand: ['8C', '8D', '10C', '5S', '5H', 'KC'] }, { hand: ['4D'] }, { hand: ['4H'] }, { hand: ['4S'] }],
    stack,
    options,
  });

  test.each<[string, CardId[], number]>([
    ['one 8 skips one', ['8C'], 2],
    ['two 8s skip two', ['8C', '8D'], 3],
    ['a 5 skips nobody', ['5S'], 1],
  ])('%s of four players', (_name, cards, turn) => {
    expect(played(four(['4S']), 0, ...cards).state.board.turn).toBe(turn);
  });

  test('one 8 with two players: the same player again', () => {
    const t = played({ seats: [{ hand: ['8C', '5C'] }, { hand: ['4D'] }], stack: [] }, 0, '8C');
    expect(t.state.board.turn).toBe(0);
  });

  test('a 10 burns the whole stack and its player leads again', () => {
    const t = played(four(['6S', '7S'], {}), 0, '10C');
    expect(view(t)).toMatchObject({ stack: [], cemetery: ['6S', '7S', '10C'], turn: 0 });
  });

  test.each<[string, CardId[], CardId[], object, boolean]>([
    ['4 fives in two plays, option on', ['5C', '5D'], ['5S', '5H'], { fourOfAKindBurns: true }, true],
    ['3 fives and a 3 between, option on', ['5C', '3C', '5D'], ['5S', '5H'], { fourOfAKindBurns: true }, false],
    ['only three fives, option on', ['4C', '5D'], ['5S', '5H'], { fourOfAKindBurns: true }, false],
    ['4 fives, option off', ['5C', '5D'], ['5S', '5H'], {}, false],
    ['4 fives on a K and a 2, option on', ['KC', '2D', '5C', '5D'], ['5S', '5H'], { fourOfAKindBurns: true }, true],
  ])('%s: burns = %s', (_name, stack, cards, options, burns) => {
    const t = played(four(stack, options), 0, ...cards);
    expect(t.state.board.stack.length === 0).toBe(burns);
    expect(t.state.board.cemetery).toHaveLength(burns ? stack.length + cards.length : 0);
    expect(t.state.board.turn).toBe(burns ? 0 : 1);
  });
});

describe('going out and the end of the hand', () => {
  test('the first player out wins; with three players play goes on with the next seat', () => {
    const t = played({ seats: [{ hand: ['KC'] }, { hand: ['4D'] }, { hand: ['4H'] }], stack: ['5S'] }, 0, 'KC');
    expect(view(t)).toMatchObject({ phase: 'play', out: [0], turn: 1, loser: null });
    expect(awaits(t.state)).toEqual({ kind: 'move', seat: 1, what: 'play' });
  });

  test('stop at the first winner: a play that puts nobody out goes on', () => {
    const t = played(
      {
        seats: [{ hand: ['KC', '5C'] }, { hand: ['4D'] }, { hand: ['4H'] }],
        stack: ['5S'],
        options: { stopAtFirstWinner: true },
      },
      0,
      'KC',
    );
    expect(view(t)).toMatchObject({ phase: 'play', out: [], turn: 1 });
  });

  test('with two players the other one is left and loses', () => {
    const t = played({ seats: [{ hand: ['KC'] }, { hand: ['4D'] }], stack: ['5S'] }, 0, 'KC');
    expect(view(t)).toMatchObject({ phase: 'over', out: [0], loser: 1 });
    expect(awaits(t.state)).toEqual({ kind: 'over' });
  });

  test('the last but one going out ends the hand; the last seat loses', () => {
    const t = played(
      { seats: [{ hand: ['4C'] }, { hand: ['KD'] }, { hand: ['4H'] }], stack: ['5S'], out: [0], turn: 1 },
      1,
      'KD',
    );
    expect(view(t)).toMatchObject({ phase: 'over', out: [0, 1], loser: 2 });
  });

  test('stop at the first winner: over at once, nobody lost', () => {
    const t = played(
      {
        seats: [{ hand: ['KC'] }, { hand: ['4D'] }, { hand: ['4H'] }],
        stack: ['5S'],
        options: { stopAtFirstWinner: true },
      },
      0,
      'KC',
    );
    expect(view(t)).toMatchObject({ phase: 'over', out: [0], loser: null });
  });

  test('out with a burning 10: the next seat leads', () => {
    const t = played({ seats: [{ hand: ['10C'] }, { hand: ['4D'] }, { hand: ['4H'] }], stack: ['5S'] }, 0, '10C');
    expect(view(t)).toMatchObject({ out: [0], turn: 1, stack: [], cemetery: ['5S', '10C'] });
  });

  test('out with an 8: the skip counts the seats still in', () => {
    const t = played(
      { seats: [{ hand: ['8C'] }, { hand: ['4D'] }, { hand: ['4H'] }, { hand: ['4S'] }], stack: ['5S'] },
      0,
      '8C',
    );
    expect(view(t)).toMatchObject({ out: [0], turn: 2 });
  });

  test('a seat with face-up or face-down cards left is not out', () => {
    const t = played({ seats: [{ hand: ['KC'], faceDown: ['2C'] }, { hand: ['4D'] }], stack: ['5S'] }, 0, 'KC');
    expect(view(t)).toMatchObject({ phase: 'play', out: [], turn: 1 });
  });
});

describe('blind face-down cards', () => {
  const spec = (faceDown: CardId[], stack: CardId[], more: Partial<TableSpec> = {}): TableSpec => ({
    seats: [{ faceDown }, { hand: ['4D'] }, { hand: ['4H'] }],
    stack,
    ...more,
  });
  const turnOver = (t: Table, card: CardId): void => {
    expect(act(t.state, 0, { type: 'blind', handle: t.h(card) }, t.know)).toBeNull();
    expect(afterCrypto(t.state, { id: 9, kind: 'reveal-all', handles: [t.h(card)] }, t.know)).toBeNull();
  };

  test('turning one over: it leaves the face-down cards and waits to be revealed to all', () => {
    const t = table(spec(['KS', '5S'], ['KH']));
    expect(act(t.state, 0, { type: 'blind', handle: t.h('5S') }, t.know)).toBeNull();
    expect(view(t).seats[0]?.faceDown).toEqual(['KS']);
    expect(t.state.board.flipping).toEqual({ seat: 0, handle: t.h('5S') });
    expect(t.state.requests).toEqual([{ id: 0, kind: 'reveal-all', handles: [t.h('5S')] }]);
    expect(view(t).stack).toEqual(['KH']);
    expect(t.state.board.turn).toBe(0);
  });

  test('only the reveal of that card judges it', () => {
    const t = table(spec(['KS', '5S'], ['KH']));
    act(t.state, 0, { type: 'blind', handle: t.h('5S') }, t.know);
    expect(afterCrypto(t.state, { id: 1, kind: 'reveal-to', seat: 0, handles: [t.h('5S')] }, t.know)).toBeNull();
    expect(afterCrypto(t.state, { id: 2, kind: 'reveal-all', handles: [t.h('KS')] }, t.know)).toBeNull();
    expect(t.state.board.flipping).toEqual({ seat: 0, handle: t.h('5S') });
    expect(view(t).stack).toEqual(['KH']);
  });

  test('a card that fits stays on the stack and the next seat plays', () => {
    const t = table(spec(['KS', '5S'], ['KH']));
    turnOver(t, 'KS');
    expect(view(t)).toMatchObject({ stack: ['KH', 'KS'], turn: 1, seats: [{ hand: [], faceDown: ['5S'] }, {}, {}] });
    expect(t.state.board.flipping).toBeNull();
  });

  test('a card that does not fit goes onto the stack, which its player picks up', () => {
    const t = table(spec(['KS', '5S'], ['7H', 'KH']));
    turnOver(t, '5S');
    expect(view(t)).toMatchObject({
      stack: [],
      turn: 1,
      seats: [{ hand: ['7H', 'KH', '5S'], faceDown: ['KS'] }, {}, {}],
    });
  });

  test('a blind 10 burns and its player goes again; a last blind card that fits puts its player out', () => {
    const t = table(spec(['10S', '5S'], ['7H']));
    turnOver(t, '10S');
    expect(view(t)).toMatchObject({ stack: [], cemetery: ['7H', '10S'], turn: 0 });
    // A 10 is no exception to "equal or higher": on a K it is picked up.
    const onKing = table(spec(['10S', '5S'], ['KH']));
    turnOver(onKing, '10S');
    expect(view(onKing)).toMatchObject({ stack: [], cemetery: [], turn: 1, seats: [{ hand: ['KH', '10S'] }, {}, {}] });
    const last = table(spec(['2S'], ['AH']));
    turnOver(last, '2S');
    expect(view(last)).toMatchObject({ out: [0], turn: 1, stack: ['AH', '2S'] });
  });

  test('a blind card is progress for the endless-hands record, even when picked up', () => {
    const t = table(spec(['KS', '5S'], ['7H', 'KH']));
    t.state.board.positions = ['a', 'b', 'c'];
    turnOver(t, '5S');
    expect(t.state.board.positions).toEqual([positionHash(t.state.board)]);
  });

  test('a revealed card with no rank is refused as illegal', () => {
    const t = table(spec(['KS'], ['KH']));
    act(t.state, 0, { type: 'blind', handle: t.h('KS') }, t.know);
    expect(afterCrypto(t.state, { id: 1, kind: 'reveal-all', handles: [t.h('KS')] }, () => null)).toBe('illegal-play');
  });

  test('a reveal with no blind card waiting changes nothing', () => {
    const t = table(spec(['KS'], ['KH']));
    const before = structuredClone(t.state.board);
    expect(afterCrypto(t.state, { id: 1, kind: 'reveal-all', handles: [t.h('KS')] }, t.know)).toBeNull();
    expect(t.state.board).toEqual(before);
  });

  test.each<[string, TableSpec, number, CardId]>([
    ['in the swap phase', spec(['KS'], ['KH'], { phase: 'swap' }), 0, 'KS'],
    [
      'while the hand is not empty',
      { seats: [{ hand: ['4C'], faceDown: ['KS'] }, { hand: ['4D'] }], stack: [] },
      0,
      'KS',
    ],
    [
      'while face-up cards are left',
      { seats: [{ faceUp: ['4C'], faceDown: ['KS'] }, { hand: ['4D'] }], stack: [] },
      0,
      'KS',
    ],
    ["another seat's face-down card", { seats: [{ faceDown: ['KS'] }, { faceDown: ['4D'] }], stack: [] }, 0, '4D'],
    ['an unknown seat', spec(['KS'], ['KH']), 6, 'KS'],
  ])('refused: %s', (name, s, seat, card) => {
    const t = table(s);
    const before = structuredClone(t.state.board);
    expect(act(t.state, seat, { type: 'blind', handle: t.h(card) }, t.know)).toBe(
      name === 'in the swap phase' ? 'not-play-phase' : 'not-in-source',
    );
    expect(t.state.board).toEqual(before);
    expect(t.state.requests).toEqual([]);
  });
});

describe('picking up the stack', () => {
  const pick = (t: Table, seat = 0) => act(t.state, seat, { type: 'pickup' }, t.know);

  test('with no legal play: the stack goes into the hand, the next seat leads, the hidden hand cards are claimed for the audit', () => {
    const t = table({
      seats: [{ hand: ['4C', '5C', '6C'], faceUp: ['2D'] }, { hand: ['4D'] }, { hand: ['4H'] }],
      stack: ['9H', 'AH'],
      handPublic: ['6C'],
    });
    t.state.step = 17;
    expect(pick(t)).toBeNull();
    expect(view(t)).toMatchObject({ stack: [], turn: 1, seats: [{ hand: ['4C', '5C', '6C', '9H', 'AH'] }, {}, {}] });
    expect(t.state.claims).toEqual([
      {
        step: 17,
        seat: 0,
        kind: 'no-legal-play',
        handles: [t.h('4C'), t.h('5C')],
        note: 'seat 0 holds no hand card that may go on AH',
      },
    ]);
  });

  test('no claim when every card of the source is public', () => {
    const hand = table({ seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['AH'], handPublic: ['4C'] });
    expect(pick(hand)).toBeNull();
    expect(hand.state.claims).toEqual([]);
    const up = table({ seats: [{ faceUp: ['4C'] }, { hand: ['4D'] }], stack: ['AH'] });
    expect(pick(up)).toBeNull();
    expect(up.state.claims).toEqual([]);
    expect(view(up).seats[0]).toEqual({ hand: ['AH'], faceUp: ['4C'], faceDown: [] });
  });

  test.each<[string, TableSpec, number, string]>([
    [
      'in the swap phase',
      { seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['AH'], phase: 'swap' },
      0,
      'not-play-phase',
    ],
    ['an empty stack', { seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: [] }, 0, 'nothing-to-pick-up'],
    ['an unknown seat', { seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['AH'] }, 3, 'not-in-source'],
    ['a seat with no cards', { seats: [{ hand: ['4C'] }, {}, { hand: ['4D'] }], stack: ['AH'] }, 1, 'not-in-source'],
    [
      'only face-down cards left',
      { seats: [{ faceDown: ['4C'] }, { hand: ['4D'] }], stack: ['AH'] },
      0,
      'must-play-blind',
    ],
    [
      'a hand card that fits',
      { seats: [{ hand: ['4C', 'AC'] }, { hand: ['4D'] }], stack: ['AH'] },
      0,
      'has-legal-play',
    ],
    [
      'a hidden 2 goes on anything',
      { seats: [{ hand: ['4C', '2C'] }, { hand: ['4D'] }], stack: ['AH'] },
      0,
      'has-legal-play',
    ],
    [
      'a face-up card that fits',
      { seats: [{ faceUp: ['4C', 'AC'] }, { hand: ['4D'] }], stack: ['KH'] },
      0,
      'has-legal-play',
    ],
    [
      'a stack of 3s only: anything goes',
      { seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['3H', '3S'] },
      0,
      'has-legal-play',
    ],
  ])('refused: %s', (_name, spec, seat, error) => {
    const t = table(spec);
    const before = structuredClone(t.state.board);
    expect(pick(t, seat)).toBe(error);
    expect(t.state.board).toEqual(before);
    expect(t.state.claims).toEqual([]);
  });

  test('live, a stack of 3s only is refused even when the hand is hidden', () => {
    const t = table({ seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['3H', '3S'] });
    expect(act(t.state, 0, { type: 'pickup' }, (h) => t.state.cards[h]?.card ?? null)).toBe('has-legal-play');
    expect(t.state.claims).toEqual([]);
  });

  test('a hidden card that fits is found only by the audit: live, the claim is recorded', () => {
    const t = table({ seats: [{ hand: ['4C', 'AC'] }, { hand: ['4D'] }], stack: ['AH'] });
    const live: Knowledge = (h) => t.state.cards[h]?.card ?? null;
    expect(act(t.state, 0, { type: 'pickup' }, live)).toBeNull();
    expect(t.state.claims.map((c) => c.handles)).toEqual([[t.h('4C'), t.h('AC')]]);
  });

  test('voluntary pickup: allowed with a legal play and from face-down cards, with no claim', () => {
    const t = table({ seats: [{ hand: ['AC'] }, { hand: ['4D'] }], stack: ['AH'], options: { voluntaryPickup: true } });
    expect(pick(t)).toBeNull();
    expect(view(t).seats[0]?.hand).toEqual(['AC', 'AH']);
    expect(t.state.claims).toEqual([]);
    const down = table({
      seats: [{ faceDown: ['AC'] }, { hand: ['4D'] }],
      stack: ['AH'],
      options: { voluntaryPickup: true },
    });
    expect(pick(down)).toBeNull();
    expect(view(down).seats[0]).toEqual({ hand: ['AH'], faceUp: [], faceDown: ['AC'] });
    expect(view(down).turn).toBe(1);
  });
});

describe('the endless-hands record after each move', () => {
  test('a quiet turn adds the position; progress starts a new record; a refused move records nothing', () => {
    const t = table({ seats: [{ hand: ['4C', '5C'] }, { hand: ['4D', 'AD'] }], stack: ['AH'] });
    t.state.board.positions = ['start'];
    expect(act(t.state, 0, { type: 'pickup' }, t.know)).toBeNull();
    expect(t.state.board.positions).toEqual(['start', positionHash(t.state.board)]);
    expect(act(t.state, 0, { type: 'pickup' }, t.know)).toBe('nothing-to-pick-up');
    expect(t.state.board.positions).toHaveLength(2);
    expect(act(t.state, 1, playOf(t, '4D'), t.know)).toBeNull();
    expect(t.state.board.positions).toHaveLength(3);
    // A 10-less burn is not possible here; a card played from face-up is progress.
    const up = table({ seats: [{ faceUp: ['5C', '6C'] }, { hand: ['4D'] }], stack: ['4H'] });
    up.state.board.positions = ['a', 'b'];
    expect(act(up.state, 0, playOf(up, '5C'), up.know)).toBeNull();
    expect(up.state.board.positions).toEqual([positionHash(up.state.board)]);
  });
});
