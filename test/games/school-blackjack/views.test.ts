/**
 * What School Blackjack shows and reports, checked field by field: a seat's
 * view mid-turn (step, run state, whether `end` draws, the suit to match,
 * the pile, this turn's cards, own hand open and others hidden), the last
 * turn as the log and UI read it (cards, draw reason, skips, who owes), the
 * view of a finished hand, the outcome (winner first, everyone else second,
 * the seat clockwise of the dealer deals next, and its summary line), the
 * named zones, the scenario summary, the end-of-hand card zones, the
 * options and the game and module objects the registry lists (loaded inside
 * the test: they are built at load time, docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { schoolBlackjack } from '../../../src/games/school-blackjack/index.js';
import { cardZones } from '../../../src/games/school-blackjack/summary.js';
import { outcome, summarize, zones, type BlackjackView } from '../../../src/games/school-blackjack/views.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { apply, handleOf, playAll, playOf, position, type Table } from './helpers.js';

const rest = (cards: string[]) => ({ hand: cards });
const own = (table: Table, seat: number) =>
  schoolBlackjack.view(table.state, seat, privateViewOf(table.state, table.open, seat));
// Dealer 1 (helpers.position): seat 0 starts; clockwise is descending: 0 → 2 → 1 → 0.
const threeSeats = (hand0: string[], extra: { pile?: string[]; deck?: string[] } = {}) =>
  position(
    {
      seats: [rest(hand0), rest(['7c', '2s']), rest(['5d'])],
      pile: extra.pile ?? ['3h', '5h'],
      deck: extra.deck ?? ['Kd', '6c'],
    },
    { seats: 3 },
  );

describe('view', () => {
  test('mid-turn, uncapped: every field for the seat to move', () => {
    const table = threeSeats(['9h', '9c', '4c', 'Jd']);
    playAll(table, 0, ['9h', '9c']);
    const h = (card: string) => handleOf(table, card);
    expect(own(table, 0)).toEqual({
      phase: 'play',
      turn: 0,
      direction: 'clockwise',
      step: 'cap',
      owed: 0,
      pickup: 0,
      skips: 0,
      endDraws: true,
      pile: ['3H', '5H', '9H', '9C'],
      top: '9C',
      suit: 'C',
      deckCount: 2,
      played: ['9H', '9C'],
      hands: [
        [
          { handle: h('4c'), card: '4C' },
          { handle: h('Jd'), card: 'JD' },
        ],
        [
          { handle: h('7c'), card: null },
          { handle: h('2s'), card: null },
        ],
        [{ handle: h('5d'), card: null }],
      ],
      lastTurn: null,
      reshuffles: 0,
      winner: null,
      claims: [],
    });
  });

  test('after the uncapped end: the last turn with its draw, the next seat, the drawn card shown to its owner only', () => {
    const table = threeSeats(['9h', '9c', '4c', 'Jd']);
    playAll(table, 0, ['9h', '9c']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    const seen = own(table, 0);
    expect(seen).toMatchObject({
      turn: 2,
      step: 'start',
      endDraws: false,
      played: [],
      deckCount: 1,
      lastTurn: {
        seat: 0,
        played: ['9H', '9C'],
        reason: 'uncapped',
        asked: 1,
        drew: 1,
        skipped: [],
        next: 2,
        owes: 0,
        reshuffled: false,
      },
    });
    expect(seen.hands[0]?.map((c) => c.card)).toEqual(['4C', 'JD', 'KD']);
    expect(own(table, 2).hands[0]?.map((c) => c.card)).toEqual([null, null, null]);
  });

  test('8s and a jack: skips and the pick-up mid-turn, then who is skipped and who owes', () => {
    const table = threeSeats(['8h', '8d', 'Jd', '5s']);
    playAll(table, 0, ['8h', '8d', 'Jd']);
    expect(own(table, 0)).toMatchObject({
      step: 'more',
      owed: 0,
      pickup: 3,
      skips: 2,
      endDraws: false,
      top: 'JD',
      suit: 'D',
    });
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(own(table, 0)).toMatchObject({
      turn: 0,
      owed: 3,
      pickup: 0,
      skips: 0,
      lastTurn: {
        seat: 0,
        played: ['8H', '8D', 'JD'],
        reason: null,
        asked: 0,
        drew: 0,
        skipped: [2, 1],
        next: 0,
        owes: 3,
      },
    });
  });

  test('an ace: the suit to match is the one it named; an empty pile has no top and no suit', () => {
    const table = threeSeats(['As', '9c'], { pile: [] });
    expect(own(table, 0)).toMatchObject({ pile: [], top: null, suit: null });
    expect(apply(table, 0, playOf(table, 'As', 'D'))).toBeNull();
    expect(own(table, 0)).toMatchObject({ top: 'AS', suit: 'D', pile: ['AS'] });
  });

  test('a spectator sees hidden hands and the pile; once over there is no turn, and the winner', () => {
    const table = threeSeats(['5s'], { pile: ['5h'] });
    expect(
      schoolBlackjack
        .view(table.state, null)
        .hands.flat()
        .every((c) => c.card === null),
    ).toBe(true);
    expect(outcome(table.state)).toBeNull();
    playAll(table, 0, ['5s']);
    expect(schoolBlackjack.view(table.state, null)).toMatchObject({
      phase: 'over',
      turn: null,
      winner: 0,
      pile: ['5H', '5S'],
    });
  });

  test('a reshuffle is counted in the view', () => {
    const table = threeSeats(['9c', '6s'], { pile: ['3h', '5h', '7h'], deck: [] });
    expect(apply(table, 0, { type: 'draw' })).toBeNull();
    expect(own(table, 0)).toMatchObject({
      reshuffles: 1,
      pile: ['7H'],
      lastTurn: { reason: 'draw', asked: 1, drew: 1, reshuffled: true },
    });
  });
});

describe('outcome', () => {
  test('the winner first, the rest second, clockwise of the dealer deals next', () => {
    const table = threeSeats(['5s'], { pile: ['5h'] });
    playAll(table, 0, ['5s']);
    expect(outcome(table.state)).toEqual({
      ranking: [[0], [1, 2]],
      nextDealer: 0,
      scores: null,
      carry: null,
      summary: 'seat 0 won; seat 0 (clockwise of the dealer) deals next',
    });
  });

  test('another winner and dealer (4 seats, dealer 0: seat 3 deals next)', () => {
    const made = schoolBlackjack.setup({ players: 4, dealer: 0 });
    if (!made.ok) throw new Error(made.error);
    const state = { ...made.value, board: { ...made.value.board, phase: 'over' as const, winner: 2 } };
    expect(outcome(state)).toEqual({
      ranking: [[2], [0, 1, 3]],
      nextDealer: 3,
      scores: null,
      carry: null,
      summary: 'seat 2 won; seat 3 (clockwise of the dealer) deals next',
    });
    expect(outcome({ ...state, board: { ...state.board, winner: null } })).toBeNull();
    expect(outcome({ ...state, board: { ...state.board, phase: 'play' } })).toBeNull();
  });
});

describe('zones, summary and card zones', () => {
  test('zones name every hand, the pile, the deck and the cards aside', () => {
    const table = threeSeats(['9h', '4c']);
    const board = table.state.board;
    const named = zones(table.state);
    expect(Object.keys(named)).toEqual(['hand@0', 'hand@1', 'hand@2', 'pile', 'deck', 'aside']);
    expect(named).toEqual({
      'hand@0': board.hands[0],
      'hand@1': board.hands[1],
      'hand@2': board.hands[2],
      pile: board.pile,
      deck: board.deck,
      aside: board.aside,
    });
    expect(board.aside).toHaveLength(52 - 9);
  });

  test('summarize: known cards sorted, hidden ones as ?? after them, the deck as a count, claims as notes', () => {
    const v = {
      phase: 'play',
      turn: 1,
      direction: 'counterclockwise',
      step: 'more',
      owed: 2,
      pickup: 3,
      skips: 1,
      endDraws: false,
      pile: ['5H', 'JH'],
      top: 'JH',
      suit: 'H',
      deckCount: 7,
      played: ['JH'],
      hands: [
        [
          { handle: 1, card: null },
          { handle: 2, card: 'KH' },
          { handle: 3, card: '2C' },
          { handle: 4, card: '10D' },
        ],
        [{ handle: 5, card: null }],
      ],
      lastTurn: null,
      reshuffles: 2,
      winner: null,
      claims: [{ step: 3, seat: 1, kind: 'cannot-play', handles: [5], note: 'seat 1 holds nothing' }],
    } as unknown as BlackjackView;
    expect(summarize(v)).toEqual({
      phase: 'play',
      turn: 1,
      direction: 'counterclockwise',
      step: 'more',
      owed: 2,
      pickup: 3,
      skips: 1,
      pile: ['5H', 'JH'],
      top: 'JH',
      suit: 'H',
      deck: 7,
      hands: [['2C', '10D', 'KH', '??'], ['??']],
      handSizes: [4, 1],
      lastTurn: null,
      reshuffles: 2,
      winner: null,
      claims: ['seat 1 holds nothing'],
    });
  });

  test('card zones at the end: each hand by seat, then the deck', () => {
    const table = threeSeats(['9h', '4c']);
    const board = table.state.board;
    expect(cardZones(table.state)).toEqual([
      { seat: 0, label: 'hand', handles: board.hands[0] },
      { seat: 1, label: 'hand', handles: board.hands[1] },
      { seat: 2, label: 'hand', handles: board.hands[2] },
      { seat: null, label: 'deck', handles: board.deck },
    ]);
  });
});

describe('options, game and module', () => {
  test.each<[unknown, unknown]>([
    [{}, { voluntaryDraw: true }],
    [undefined, { voluntaryDraw: true }],
    [null, { voluntaryDraw: true }],
    [{ voluntaryDraw: true }, { voluntaryDraw: true }],
    [{ voluntaryDraw: false }, { voluntaryDraw: false }],
    [{ voluntaryDraw: 0 }, null],
    [{ voluntaryDraw: false, decks: 2 }, null],
    [42, null],
    ['fast', null],
  ])('parseOptions(%j) = %j', async (raw, expected) => {
    const options = await loadedNow(() => import('../../../src/games/school-blackjack/options.js'));
    expect(options.parseOptions(raw)).toEqual(expected);
    expect(options.defaultOptions).toEqual({ voluntaryDraw: true });
  });

  test('the game: id, name, seats, defaults, no race errors, its parts wired in', async () => {
    const game = await loadedNow(() => import('../../../src/games/school-blackjack/game.js'));
    const rules = game.schoolBlackjack.rules;
    expect(rules).toMatchObject({
      id: 'school-blackjack',
      displayName: 'Blackjack (school rules)',
      minPlayers: 2,
      maxPlayers: 6,
      defaultOptions: { voluntaryDraw: true },
      raceErrors: [],
    });
    const parts = await Promise.all([
      import('../../../src/games/school-blackjack/actions.js'),
      import('../../../src/games/school-blackjack/rules.js'),
      import('../../../src/games/school-blackjack/setup.js'),
      import('../../../src/games/school-blackjack/views.js'),
      import('../../../src/games/school-blackjack/options.js'),
      import('../../../src/games/school-blackjack/legal-actions.js'),
    ]);
    const [actions, rulesModule, setup, views, options, legal] = parts;
    expect(rules.parseOptions).toBe(options.parseOptions);
    expect(rules.deck).toBe(setup.deck);
    expect(rules.setup).toBe(setup.setup);
    expect(rules.parseAction).toBe(actions.parseAction);
    expect(rules.claimedCards).toBe(actions.claimedCards);
    expect(rules.act).toBe(rulesModule.act);
    expect(rules.afterCrypto).toBe(rulesModule.afterCrypto);
    expect(rules.awaits).toBe(rulesModule.awaits);
    expect(rules.legalActions).toBe(legal.legalActions);
    expect(rules.zones).toBe(views.zones);
    expect(rules.view).toBe(views.view);
    expect(rules.outcome).toBe(views.outcome);
  });

  test('the module: its fields and wiring, and the log line read from the state', async () => {
    const index = await loadedNow(() => import('../../../src/games/school-blackjack/index.js'));
    const m = index.schoolBlackjackModule;
    expect(m).toMatchObject({
      id: 'school-blackjack',
      name: 'Blackjack (school rules)',
      blurb: 'Switch-style shedding with runs, caps, pick-ups and power cards.',
      minPlayers: 2,
      maxPlayers: 6,
      timing: 'turns',
      playDirection: 'descending',
      raceErrors: [],
    });
    expect(m.options.defaults).toEqual({ voluntaryDraw: true });
    expect(m.options.fields).toEqual({
      voluntaryDraw: {
        kind: 'checkbox',
        label: 'Draw instead of playing at will',
        help: 'Off: draw only when no card in your hand may be played (checked by the audit).',
      },
    });
    expect(await m.loadBot()).toBe(
      (await import('../../../src/games/school-blackjack/bot.js')).schoolBlackjackHeuristic,
    );
    expect(m.rules).toBe(index.schoolBlackjack);
    const summary = await import('../../../src/games/school-blackjack/summary.js');
    const text = await import('../../../src/games/school-blackjack/rules-text.js');
    const hints = await import('../../../src/games/school-blackjack/hints.js');
    expect(m.cardZones).toBe(summary.cardZones);
    expect(m.rulesText).toBe(text.rulesText);
    expect(m.cardProbe).toBe(hints.blackjackProbe);
    const table = threeSeats(['8s', '7d'], { pile: ['5s'] });
    expect(apply(table, 0, playOf(table, '8s'))).toBeNull();
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(
      m.describe({ kind: 'act', seat: 0, action: { type: 'end' } }, ['Ann', 'Cleo', 'Bob'], table.state, null),
    ).toBe('Ann played 8♠ and ends the turn; Bob is skipped');
    expect(m.describe({ kind: 'act', seat: 0, action: { type: 'end' } }, ['Ann', 'Cleo', 'Bob'], null, null)).toBe(
      'Ann ends the turn',
    );
  });
});
