/**
 * What Stress (shedding) shows and hands over, checked on hand-built
 * positions (table.ts): the per-seat view, the named zones, the outcome with
 * its places, next dealer and summary sentence (docs/rules/stress-shed.md: the loser deals;
 * with no loser the seat after the dealer), the scenario summary, the
 * end-of-hand card zones, and the game and module objects as the registry
 * lists them. Modules built at load time are loaded inside the test
 * (loadedNow, docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import { type CardId } from '../../../src/engine/index.js';
import { outcome, summarize, view, zones } from '../../../src/games/stress-shed/views.js';
import { cardZones } from '../../../src/games/stress-shed/summary.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { table, type TableSpec } from './table.js';

const three: TableSpec = {
  seats: [
    { hand: ['9C', '4C'], faceUp: ['KS'], faceDown: ['2S', '5S'] },
    { hand: ['4D'], faceUp: [], faceDown: ['6D'] },
    {},
  ],
  stack: ['7H', '3H', 'ZZ'],
  draw: ['JH', 'JD'],
  cemetery: ['10C', '8C', '8D'],
  turn: 1,
  out: [2],
};

describe('view', () => {
  test("a seat's view: its hand, the public cards, unknown ones as null; the piles as counts; places", () => {
    const t = table(three);
    // The last stack card is not public: the viewer sees '?' and the effective top looks through it.
    t.state.cards[t.h('ZZ')] = { card: null, seen: [], gone: false };
    t.state.claims = [{ step: 3, seat: 1, kind: 'no-legal-play', handles: [t.h('4D')], note: 'n' }];
    t.state.board.positions = ['a', 'b', 'a'];
    const v = view(t.state, 0, { known: { [t.h('9C')]: '9C', [t.h('4C')]: '4C' } });
    expect(v).toEqual({
      phase: 'play',
      turn: 1,
      stack: ['7H', '3H', '?'],
      effectiveTop: '7H',
      drawCount: 2,
      cemeteryCount: 3,
      flipping: null,
      seats: [
        {
          hand: [
            { handle: t.h('9C'), card: '9C' },
            { handle: t.h('4C'), card: '4C' },
          ],
          faceUp: [{ handle: t.h('KS'), card: 'KS' }],
          faceDown: [
            { handle: t.h('2S'), card: null },
            { handle: t.h('5S'), card: null },
          ],
          ready: true,
          source: 'hand',
          place: null,
        },
        {
          hand: [{ handle: t.h('4D'), card: null }],
          faceUp: [],
          faceDown: [{ handle: t.h('6D'), card: null }],
          ready: true,
          source: 'hand',
          place: null,
        },
        { hand: [], faceUp: [], faceDown: [], ready: true, source: null, place: 1 },
      ],
      out: [2],
      loser: null,
      endless: null,
      repeats: 2,
      quietTurns: 2,
      claims: t.state.claims,
    });
    expect(v.out).not.toBe(t.state.board.out);
  });

  test('no turn in the swap phase or once over; a blind card on its way; places in finishing order; not-ready seats', () => {
    const swap = table({ ...three, phase: 'swap', out: [] });
    swap.state.board.ready[1] = [];
    const sv = view(swap.state, null, { known: {} });
    expect(sv.turn).toBeNull();
    expect(sv.seats.map((s) => s.ready)).toEqual([false, true, false]);
    const over = table({ ...three, phase: 'over', out: [2, 0] });
    over.state.board.loser = 1;
    over.state.board.endless = 'repetition';
    over.state.board.flipping = { seat: 0, handle: over.h('5S') };
    const ov = view(over.state, null, { known: {} });
    expect(ov.turn).toBeNull();
    expect(ov.seats.map((s) => s.place)).toEqual([2, null, 1]);
    expect(ov.loser).toBe(1);
    expect(ov.endless).toBe('repetition');
    expect(ov.flipping).toEqual({ seat: 0, card: null });
    expect(view(over.state, null, { known: { [over.h('5S')]: '5S' } }).flipping).toEqual({ seat: 0, card: '5S' });
  });

  test('zones name every place a card can be', () => {
    const t = table(three);
    expect(zones(t.state)).toEqual({
      'hand@0': [t.h('9C'), t.h('4C')],
      'faceUp@0': [t.h('KS')],
      'faceDown@0': [t.h('2S'), t.h('5S')],
      'hand@1': [t.h('4D')],
      'faceUp@1': [],
      'faceDown@1': [t.h('6D')],
      'hand@2': [],
      'faceUp@2': [],
      'faceDown@2': [],
      stack: [t.h('7H'), t.h('3H'), t.h('ZZ')],
      draw: [t.h('JH'), t.h('JD')],
      cemetery: [t.h('10C'), t.h('8C'), t.h('8D')],
      flipping: [],
    });
    t.state.board.flipping = { seat: 1, handle: t.h('6D') };
    expect(zones(t.state).flipping).toEqual([t.h('6D')]);
  });

  test('summarize: known cards sorted, hidden ones as ??, piles as counts, claims as their notes', () => {
    const t = table(three);
    t.state.claims = [
      { step: 3, seat: 1, kind: 'no-legal-play', handles: [], note: 'seat 1 holds no hand card that may go on 7H' },
    ];
    const v = view(t.state, 0, { known: { [t.h('9C')]: '9C', [t.h('4C')]: '4C' } });
    expect(summarize(v)).toEqual({
      phase: 'play',
      turn: 1,
      stack: ['7H', '3H', 'ZZ'],
      top: 'ZZ',
      draw: 2,
      cemetery: 3,
      seats: [
        { hand: ['4C', '9C'], faceUp: ['KS'], faceDown: ['??', '??'], place: null },
        { hand: ['??'], faceUp: [], faceDown: ['??'], place: null },
        { hand: [], faceUp: [], faceDown: [], place: 1 },
      ],
      out: [2],
      loser: null,
      endless: null,
      repeats: 0,
      quietTurns: 0,
      claims: ['seat 1 holds no hand card that may go on 7H'],
    });
    const mixed = table({ seats: [{ hand: ['KC', '2C', 'AD', '4H'] }, { hand: ['5C'] }] });
    const mv = view(mixed.state, null, {
      known: { [mixed.h('KC')]: 'KC', [mixed.h('4H')]: '4H', [mixed.h('2C')]: '2C' },
    });
    expect((summarize(mv) as { seats: Array<{ hand: string[] }> }).seats[0]?.hand).toEqual(['2C', '4H', 'KC', '??']);
  });

  test("cardZones: each seat's hand, face-up and face-down cards, then the draw stack", () => {
    const t = table(three);
    expect(cardZones(t.state)).toEqual([
      { seat: 0, label: 'hand', handles: [t.h('9C'), t.h('4C')] },
      { seat: 0, label: 'face-up', handles: [t.h('KS')] },
      { seat: 0, label: 'face-down', handles: [t.h('2S'), t.h('5S')] },
      { seat: 1, label: 'hand', handles: [t.h('4D')] },
      { seat: 1, label: 'face-up', handles: [] },
      { seat: 1, label: 'face-down', handles: [t.h('6D')] },
      { seat: 2, label: 'hand', handles: [] },
      { seat: 2, label: 'face-up', handles: [] },
      { seat: 2, label: 'face-down', handles: [] },
      { seat: null, label: 'draw stack', handles: [t.h('JH'), t.h('JD')] },
    ]);
  });
});

describe('outcome', () => {
  const over = (
    out: number[],
    loser: number | null,
    endless: 'repetition' | 'no-progress' | null,
    players = 3,
    dealer = 0,
  ) => {
    const t = table({
      seats: Array.from({ length: players }, (_, s) => ({ hand: out.includes(s) ? [] : [`${s + 4}C` as CardId] })),
      phase: 'over',
      out,
      dealer,
    });
    t.state.board.loser = loser;
    t.state.board.endless = endless;
    return outcome(t.state);
  };

  test('none while the hand is being played', () => {
    expect(outcome(table(three).state)).toBeNull();
  });

  // The positions are built inside the test, not in the table's rows (which are evaluated while the tests are collected).
  test.each<[string, Parameters<typeof over>, object]>([
    [
      'played out: the loser deals',
      [[1, 0], 2, null],
      { ranking: [[1], [0], [2]], nextDealer: 2, summary: 'seat 1 won; seat 2 lost; seat 2 deals next' },
    ],
    [
      'stopped at the first winner: the seat after the dealer deals',
      [[1], null, null, 3, 2],
      {
        ranking: [[1], [0, 2]],
        nextDealer: 0,
        summary: 'seat 1 won; play stopped at the first winner; seat 0 deals next',
      },
    ],
    [
      'by repetition after a winner',
      [[0], null, 'repetition', 3, 1],
      {
        ranking: [[0], [1, 2]],
        nextDealer: 2,
        summary:
          'the hand ended by repetition (a position occurred a third time); seat 0 won; seats 1, 2 share the last place; nobody lost; seat 2 deals next',
      },
    ],
    [
      'without progress, nobody out',
      [[], null, 'no-progress', 2, 1],
      {
        ranking: [[0, 1]],
        nextDealer: 0,
        summary: 'the hand ended without progress; seats 0, 1 share the last place; nobody lost; seat 0 deals next',
      },
    ],
    [
      'without progress, one seat left',
      [[2, 0], null, 'no-progress', 3, 0],
      {
        ranking: [[2], [0], [1]],
        nextDealer: 1,
        summary:
          'the hand ended without progress; seat 2 won; seat 1 shares the last place; nobody lost; seat 1 deals next',
      },
    ],
    [
      'over with nobody out (never in play)',
      [[], null, null, 2, 0],
      {
        ranking: [[0, 1]],
        nextDealer: 1,
        summary: 'seat ? won; play stopped at the first winner; seat 1 deals next',
      },
    ],
  ])('%s', (_name, args, expected) => {
    expect(over(...args)).toEqual({ scores: null, carry: null, ...expected });
  });

  test('every seat out: no shared last place', () => {
    expect(over([0, 1], null, null, 2)?.ranking).toEqual([[0], [1]]);
  });
});

describe('the game and the module as listed', () => {
  test("game.ts: id, name, seats, no races, and this folder's parts", async () => {
    const { stressShed } = await loadedNow(() => import('../../../src/games/stress-shed/game.js'));
    expect(stressShed).toMatchObject({
      id: 'stress-shed',
      displayName: 'Stress (shedding)',
      minPlayers: 2,
      maxPlayers: 6,
      raceErrors: [],
    });
    expect(stressShed.defaultOptions).toEqual({
      voluntaryPickup: false,
      fourOfAKindBurns: false,
      stopAtFirstWinner: false,
      decks: 'auto',
      endlessHandsEnd: true,
    });
    const setup = stressShed.setup({ players: 2 });
    expect(setup.ok && setup.value.deck).toHaveLength(52);
    expect(stressShed.parseOptions({ decks: 2 }, 2)).toMatchObject({ decks: 2 });
  });

  test('index.ts: the module the registry lists, with its blurb, fields and parts', async () => {
    const index = await loadedNow(() => import('../../../src/games/stress-shed/index.js'));
    const m = index.stressShedModule;
    expect(m).toMatchObject({
      id: 'stress-shed',
      name: 'Stress (shedding)',
      blurb: 'Get rid of hand, face-up and blind cards; 2 and 3 go on anything, 10 burns.',
      minPlayers: 2,
      maxPlayers: 6,
      timing: 'turns',
      playDirection: 'ascending',
    });
    expect(m.options.fields).toEqual({
      voluntaryPickup: {
        kind: 'checkbox',
        label: 'Pick up the stack at will',
        help: 'Off: only when you cannot play (checked by the audit).',
      },
      fourOfAKindBurns: { kind: 'checkbox', label: 'Four of a kind burns the stack' },
      stopAtFirstWinner: {
        kind: 'checkbox',
        label: 'Stop at the first winner',
        help: 'Off: play on until one player is left.',
      },
      decks: {
        kind: 'select',
        label: 'Decks',
        help: 'One deck serves 2–4 players, two are needed for 5–6.',
        choices: [
          { value: 'auto', label: 'Automatic' },
          { value: 1, label: 'One deck' },
          { value: 2, label: 'Two decks' },
        ],
      },
      endlessHandsEnd: {
        kind: 'checkbox',
        label: 'End endless hands as a draw',
        help: 'A position seen three times, or long play without progress, ends the hand with no loser.',
      },
    });
    expect(m.options.defaults).toEqual({
      voluntaryPickup: false,
      fourOfAKindBurns: false,
      stopAtFirstWinner: false,
      decks: 'auto',
      endlessHandsEnd: true,
    });
    expect(m.rules).toBe(index.stressShed);
    expect(await m.loadBot()).toBe((await import('../../../src/games/stress-shed/bot.js')).stressShedHeuristic);
    expect(m.hiddenClaims).toBe(true);
    expect(m.cardZones).toBeTypeOf('function');
    expect(m.rulesText?.sections.map((s) => s.title)).toEqual(['Set-up', 'Playing', 'End']);
    expect(m.cardProbe?.play(4, '5C', null as never)).toEqual({ type: 'play', cards: [{ handle: 4, card: '5C' }] });
    expect(m.describe({ kind: 'act', seat: 1, action: { type: 'pickup' } }, ['Ann', 'Bob'], null, null)).toBe(
      'Bob picked up the stack',
    );
  });
});
