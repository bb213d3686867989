/**
 * School Blackjack's rules (rules.ts): options, the deal, the turn grammar's
 * edge cases (capping, runs of one rank, aces, 3s, queens, answering a
 * pick-up), skips and reversal, drawing and the reshuffle of the play pile,
 * the `voluntaryDraw` option both ways (with false, a false "cannot play"
 * claim is accepted live and named by the audit), legal actions, views and
 * the outcome; and what the rules record about each turn, field by field:
 * the last turn of every kind of ending (capped, uncapped, no follower after
 * a 3 or queen, a win, a plain draw, a pick-up, a draw that needs the pile
 * reshuffled, a draw split across the deck and the reshuffle), the seats two
 * 8s skip in order, what the game awaits (play, answer a pick-up, continue
 * the turn, over), the readable position a "cannot play" claim names, and a
 * seat with an empty hand on an empty pile that may still draw with
 * `voluntaryDraw: false`. Whole example turns are in the scenario files;
 * random play is in properties.test.ts; the bot in bot.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { census, privateViewOf, settle } from '../../../src/engine/index.js';
import { schoolBlackjack, type BlackjackState } from '../../../src/games/school-blackjack/index.js';
import { apply, dealtHand, handleOf, knowledgeProblems, playAll, playOf, position, type Table } from './helpers.js';
import { describePosition } from '../../../src/games/school-blackjack/rules.js';
import type { Position } from '../../../src/games/school-blackjack/grammar.js';

const rest = (cards: string[]): { hand: string[] } => ({ hand: cards });

describe('options', () => {
  test.each<[unknown, object | null]>([
    [{}, { voluntaryDraw: true }],
    [undefined, { voluntaryDraw: true }],
    [{ voluntaryDraw: false }, { voluntaryDraw: false }],
    [{ voluntaryDraw: 'no' }, null],
    [{ decks: 2 }, null],
    ['fast', null],
  ])('%j', (raw, expected) => {
    expect(schoolBlackjack.parseOptions(raw, 3)).toEqual(expected);
  });
});

describe('the deal', () => {
  test.each([2, 3, 4, 5, 6])(
    '%i players: the whole deck dealt, hands differ by at most one, extras to the seats first in turn',
    (players) => {
      const dealer = players - 1;
      const { state } = dealtHand({ players, dealer }, players);
      const sizes = state.board.hands.map((hand) => hand.length);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(52);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      // Clockwise from the dealer is descending seat order: dealer-1, dealer-2, …
      const order = Array.from({ length: players }, (_, i) => (((dealer - 1 - i) % players) + players) % players);
      const extras = 52 % players;
      order.forEach((seat, i) => expect(sizes[seat]).toBe(Math.floor(52 / players) + (i < extras ? 1 : 0)));
      expect(state.board.turn).toBe(order[0]);
      expect(state.board.direction).toBe('clockwise');
      expect(state.board.deck).toEqual([]);
      expect(state.board.pile).toEqual([]);
      expect(state.requests.map((r) => (r.kind === 'reveal-to' ? r.seat : -1))).toEqual(
        Array.from({ length: players }, (_, s) => s),
      );
      expect(census(schoolBlackjack, state)).toEqual([]);
    },
  );

  test('2 and 7 players are refused; so is an option of another game', () => {
    expect(schoolBlackjack.setup({ players: 1 })).toMatchObject({ ok: false, error: 'bad-player-count' });
    expect(schoolBlackjack.setup({ players: 7 })).toMatchObject({ ok: false, error: 'bad-player-count' });
    expect(schoolBlackjack.setup({ players: 3, options: { decks: 2 } })).toMatchObject({
      ok: false,
      error: 'bad-options',
    });
  });

  test('each seat is shown its own hand only', () => {
    const { state, open } = dealtHand({ players: 4, dealer: 0 }, 9);
    const settled = settle(schoolBlackjack, state, open);
    expect(settled.ok).toBe(true);
    if (!settled.ok) return;
    expect(knowledgeProblems(settled.state as BlackjackState)).toEqual([]);
    const board = (settled.state as BlackjackState).board;
    board.hands.forEach((hand, seat) =>
      expect(
        Object.keys(privateViewOf(settled.state, settled.open, seat).known)
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([...hand].sort((a, b) => a - b)),
    );
  });
});

describe('the turn grammar', () => {
  const deal = {
    seats: [rest(['9h', '9c', '9d', '9s', '4s', '4c', 'Ah', 'As', '5d', 'Qh', '3s', '7s']), rest(['7d', '7c', 'Kc'])],
    pile: ['5h'],
  };

  test.each<[string, string[], boolean]>([
    ['one card', ['9h'], false],
    ['exactly two of a rank', ['9h', '9c'], true],
    ['three of a rank (the third is the cap)', ['9h', '9c', '9d'], false],
    ['four of a rank', ['9h', '9c', '9d', '9s'], false],
    ['two of a rank and a cap', ['9h', '9c', '4c'], false],
    ['three of a rank and then a cap of another rank', ['9h', '9c', '9d', '5d'], false],
    ['two aces after a 3 ("3h Ah Ac" pattern)', ['Qh', '3s', 'As', 'Ah'], true],
    ['a 3 and nothing after it', ['Qh', '3s'], true],
    ['a queen and nothing after it', ['Qh'], true],
    ['a queen, then anything', ['Qh', '7s'], false],
  ])('%s: ending draws 1 → %s', (_name, cards, draws) => {
    const table = position(deal);
    playAll(table, 0, cards);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board.lastTurn).toMatchObject({ seat: 0, asked: draws ? 1 : 0, drew: draws ? 1 : 0 });
    expect(table.state.board.turn).toBe(1);
  });

  test.each<[string, string[], string, string]>([
    ['a card of another rank in step 2', ['9h'], '4s', 'not-same-rank'],
    ['an ace in step 2 (it cannot stand in for another rank)', ['9h'], 'Ah', 'not-same-rank'],
    ['a cap that matches neither suit nor rank', ['9h', '9c'], '4s', 'no-match'],
    ['a card that does not follow a 3', ['9h', '9c', '4c', '4s', '3s'], '5d', 'no-match'],
    ['a step-1 card on the wrong suit', [], '4c', 'no-match'],
  ])('refused: %s', (_name, before, card, code) => {
    const table = position(deal);
    playAll(table, 0, before);
    expect(apply(table, 0, playOf(table, card))).toBe(code);
  });

  test('an ace goes on anything and its named suit rules the next step-1 card; with several aces the top one counts', () => {
    const table = position(deal);
    playAll(table, 0, ['9h']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(apply(table, 0, playOf(table, 'Ah', 'C'))).toBeNull();
    expect(apply(table, 0, playOf(table, 'As', 'D'))).toBeNull();
    expect(table.state.board).toMatchObject({ namedSuit: 'D', step: 'cap', run: 2 });
    expect(apply(table, 0, playOf(table, '4c'))).toBe('no-match');
    expect(apply(table, 0, playOf(table, '5d'))).toBeNull();
  });

  test('an ace must name a suit, and only an ace may', () => {
    const table = position(deal);
    expect(apply(table, 0, { type: 'play', handle: handleOf(table, 'Ah'), card: 'AH' })).toBe('must-name-suit');
    expect(apply(table, 0, { type: 'play', handle: handleOf(table, '5d'), card: '5D', suit: 'D' })).toBe(
      'suit-without-ace',
    );
    expect(apply(table, 0, { type: 'play', handle: handleOf(table, 'Ah'), card: 'AH', suit: 'X' })).toBe(
      'malformed-action',
    );
  });

  test('`end` needs a card played this turn, `draw` only starts one; a pile card is not in the hand', () => {
    const table = position(deal);
    expect(apply(table, 0, { type: 'end' })).toBe('nothing-played');
    expect(apply(table, 1, { type: 'draw' })).toBe('not-your-turn');
    expect(apply(table, 0, { type: 'play', handle: handleOf(table, '5h'), card: '5H' })).toBe('not-in-hand');
    playAll(table, 0, ['9h']);
    expect(apply(table, 0, { type: 'draw' })).toBe('turn-started');
  });
});

describe('pick-ups', () => {
  const owing = (answer: string[]) => {
    const table = position({ seats: [rest(['9c', '9h', 'Jh', '5s', '8h', '8d', 'Jd']), rest(answer)] });
    playAll(table, 0, ['9c', '9h', 'Jh']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board).toMatchObject({ turn: 1, owed: 3 });
    return table;
  };

  test.each<[string, string[], string[], string | null, number]>([
    ['an ace cancels', ['As', '5d'], ['As'], null, 0],
    ['a matching jack adds', ['Jc', '5d'], ['Jc'], null, 8],
    ['a matching 2 adds', ['2h', '5d'], ['2h'], null, 5],
    ['a 2 of another suit does not match', ['2c', '5d'], ['2c'], 'no-match', 3],
    ['a card matching by suit is no answer', ['5h', '5d'], ['5h'], 'owes-cards', 3],
  ])('%s', (_name, hand, answer, refusal, next) => {
    const table = owing(hand);
    for (const card of answer.slice(0, -1)) expect(apply(table, 1, playOf(table, card))).toBeNull();
    const error = apply(table, 1, playOf(table, answer.at(-1) ?? ''));
    expect(error).toBe(refusal);
    if (error === null) {
      expect(apply(table, 1, { type: 'end' })).toBeNull();
      expect(table.state.board.owed).toBe(next);
    } else {
      expect(apply(table, 1, { type: 'draw' })).toBeNull();
      expect(table.state.board.lastTurn).toMatchObject({ reason: 'pick-up', asked: 3, drew: 3 });
    }
  });

  test('a skip that comes round gives the pick-up to the player themselves (3 players, 8h 8d Jd)', () => {
    const table = position({ seats: [rest(['8h', '8d', 'Jd', '5s']), rest(['7c']), rest(['7h'])] }, { seats: 3 });
    playAll(table, 0, ['8h', '8d', 'Jd']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board).toMatchObject({ turn: 0, owed: 3 });
  });
});

describe('skips and reversal', () => {
  test('skips count in the direction current at the end of the turn (4 players: 8h 8d then Kd)', () => {
    const table = position(
      { seats: [rest(['8h', '8d', 'Kd', '5s']), rest(['7c']), rest(['7h']), rest(['7s'])] },
      { seats: 4 },
    );
    playAll(table, 0, ['8h', '8d', 'Kd']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    // Counter-clockwise (ascending) after the king: seat 1 and 2 skipped, seat 3 plays. Clockwise it would have been seat 1.
    expect(table.state.board).toMatchObject({ direction: 'counterclockwise', turn: 3 });
  });

  test('with 2 players a king changes nothing; one 8 gives the same player another turn', () => {
    const table = position({ seats: [rest(['Kh', '8h', '5s']), rest(['7c'])] });
    playAll(table, 0, ['Kh']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board.turn).toBe(1);
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    playAll(table, 0, ['8h']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board.turn).toBe(0);
  });
});

describe('drawing and the reshuffle', () => {
  test('the pile but its top goes back into the deck as fresh handles nobody knows; the drawer sees only what it drew', () => {
    const table = position({
      seats: [rest(['9h', '5s']), rest(['7d', '7c'])],
      pile: ['4h', '6h', '8h', 'Kh'],
      deck: [],
    });
    const before = [...table.state.board.pile];
    expect(apply(table, 0, { type: 'draw' })).toBeNull();
    const board = table.state.board;
    expect(board.reshuffles).toBe(1);
    expect(board.pile).toEqual([before.at(-1)]);
    expect(before.slice(0, -1).every((h) => table.state.cards[h]?.gone)).toBe(true);
    expect(board.deck).toHaveLength(2);
    expect(board.hands[0]).toHaveLength(3);
    expect(knowledgeProblems(table.state)).toEqual([]);
    expect(census(schoolBlackjack, table.state, table.open)).toEqual([]);
    expect(schoolBlackjack.audit(table.args, table.inputs, table.open)).toMatchObject({ verdict: 'clean' });
  });

  test('a draw needs no reshuffle while the deck lasts', () => {
    const table = position({ seats: [rest(['9h', '5s']), rest(['7d', '7c'])], pile: ['4h', '6h'], deck: ['Kd'] });
    expect(apply(table, 0, { type: 'draw' })).toBeNull();
    expect(table.state.board).toMatchObject({ reshuffles: 0, deck: [] });
    expect(table.state.board.pile).toHaveLength(2);
  });
});

describe('voluntaryDraw', () => {
  const deal = { seats: [rest(['9h', '9s']), rest(['5h', '7c'])] };
  const afterNineOfHearts = (rules: Record<string, unknown>) => {
    const table = position(deal, { rules });
    playAll(table, 0, ['9h']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    return table;
  };

  test('true (default): a seat may draw while it holds a playable card; nothing to audit', () => {
    const table = afterNineOfHearts({});
    expect(schoolBlackjack.legalActions(table.state, 1, privateViewOf(table.state, table.open, 1))).toContainEqual({
      type: 'draw',
    });
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(table.state.claims).toEqual([]);
    expect(schoolBlackjack.audit(table.args, table.inputs, table.open)).toMatchObject({
      verdict: 'clean',
      claimsChecked: 0,
    });
  });

  test('false: draw is not offered with a playable card; drawing anyway is accepted live as a claim and the audit names the seat', () => {
    const table = afterNineOfHearts({ voluntaryDraw: false });
    const legal = schoolBlackjack.legalActions(table.state, 1, privateViewOf(table.state, table.open, 1));
    expect(legal).not.toContainEqual({ type: 'draw' });
    expect(legal).toContainEqual(playOf(table, '5h'));
    const index = table.inputs.length;
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(table.state.claims).toMatchObject([
      { seat: 1, kind: 'cannot-play', note: 'seat 1 holds no card that may be played on 9H' },
    ]);
    const report = schoolBlackjack.audit(table.args, table.inputs, table.open);
    expect(report).toMatchObject({ verdict: 'fault', index, seat: 1 });
    expect(report.verdict === 'fault' && report.reason).toMatch(/^has-legal-play: false claim "seat 1 holds no card/);
  });

  test('false: an uncapped `end` while holding a cap is a claim too, and the audit names the seat', () => {
    const table = position(
      { seats: [rest(['9h', '9c', '4c', '5s']), rest(['7c'])] },
      { rules: { voluntaryDraw: false } },
    );
    playAll(table, 0, ['9h', '9c']);
    expect(schoolBlackjack.legalActions(table.state, 0, privateViewOf(table.state, table.open, 0))).not.toContainEqual({
      type: 'end',
    });
    const index = table.inputs.length;
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(schoolBlackjack.audit(table.args, table.inputs, table.open)).toMatchObject({
      verdict: 'fault',
      index,
      seat: 0,
    });
  });

  test('false: after a queen every card may follow, so ending with cards in hand is refused live', () => {
    const table = position({ seats: [rest(['Qh', '5s']), rest(['7c'])] }, { rules: { voluntaryDraw: false } });
    playAll(table, 0, ['Qh']);
    expect(apply(table, 0, { type: 'end' })).toBe('has-legal-play');
  });

  test('false: a true "cannot play" audits clean', () => {
    const table = position({ seats: [rest(['9h', '9s']), rest(['5c', '7c'])] }, { rules: { voluntaryDraw: false } });
    playAll(table, 0, ['9h']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(schoolBlackjack.legalActions(table.state, 1, privateViewOf(table.state, table.open, 1))).toEqual([
      { type: 'draw' },
    ]);
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(schoolBlackjack.audit(table.args, table.inputs, table.open)).toMatchObject({
      verdict: 'clean',
      claimsChecked: 1,
    });
  });
});

describe('legal actions, views, outcome', () => {
  test('an ace is offered once per suit; nobody but the awaited seat has moves', () => {
    const table = position({ seats: [rest(['Ah', '9c']), rest(['7c'])], pile: ['5d'] });
    const legal = schoolBlackjack.legalActions(table.state, 0, privateViewOf(table.state, table.open, 0));
    expect(
      legal.filter((a) => a.type === 'play' && a.card === 'AH').map((a) => (a.type === 'play' ? a.suit : null)),
    ).toEqual(['C', 'D', 'H', 'S']);
    expect(legal).toContainEqual({ type: 'draw' });
    expect(legal.some((a) => a.type === 'play' && a.card === '9C')).toBe(false);
    expect(schoolBlackjack.legalActions(table.state, 1, privateViewOf(table.state, table.open, 1))).toEqual([]);
  });

  test('a spectator sees the pile and counts, not the hands; a seat sees its own hand', () => {
    const table = position({ seats: [rest(['Ah', '9c']), rest(['7c'])], pile: ['5d'] });
    const spectator = schoolBlackjack.view(table.state, null);
    expect(spectator.pile).toEqual(['5D']);
    expect(spectator.hands.flat().every((c) => c.card === null)).toBe(true);
    const own = schoolBlackjack.view(table.state, 0, privateViewOf(table.state, table.open, 0));
    expect(own.hands[0]?.map((c) => c.card).sort()).toEqual(['9C', 'AH']);
    expect(own.hands[1]?.map((c) => c.card)).toEqual([null]);
  });

  test('a win ends the hand; the seat clockwise of the dealer deals next', () => {
    const table = position({ seats: [rest(['9h']), rest(['7c']), rest(['7h']), rest(['7s'])] }, { seats: 4 });
    playAll(table, 0, ['9h']);
    expect(schoolBlackjack.awaits(table.state)).toEqual({ kind: 'over' });
    // Dealer 1; clockwise (descending) of seat 1 is seat 0.
    expect(schoolBlackjack.outcome(table.state)).toMatchObject({ ranking: [[0], [1, 2, 3]], nextDealer: 0 });
    expect(apply(table, 1, { type: 'draw' })).toBe('game-over');
  });
});

// Dealer 1: seat 0 starts; clockwise is descending: 0 → 3 → 2 → 1 with four seats, 0 → 1 with two.
const two = (hand0: string[], hand1: string[], pile: string[] = ['5h'], deck?: string[]) =>
  position({ seats: [rest(hand0), rest(hand1)], pile, ...(deck ? { deck } : {}) });
const ended = (table: Table, seat: number) => {
  expect(apply(table, seat, { type: 'end' })).toBeNull();
  return table.state.board.lastTurn;
};

describe('the last turn', () => {
  test('a capped turn: no draw, nothing owed, nobody skipped', () => {
    const t = two(['9h', '9c', '9d', '5s'], ['7c']);
    playAll(t, 0, ['9h', '9c', '9d']);
    const h = (c: string) => handleOf(t, c);
    const played = [h('9h'), h('9c'), h('9d')];
    expect(ended(t, 0)).toEqual({
      seat: 0,
      played,
      reason: null,
      asked: 0,
      drew: 0,
      skipped: [],
      next: 1,
      owes: 0,
      reshuffled: false,
    });
  });

  test('uncapped: draws 1', () => {
    const t = two(['9h', '9c', '5s'], ['7c']);
    playAll(t, 0, ['9h', '9c']);
    expect(ended(t, 0)).toMatchObject({ reason: 'uncapped', asked: 1, drew: 1, reshuffled: false, next: 1, owes: 0 });
  });

  test.each([['3h'], ['Qh']])('%s with nothing after it: no follower, draws 1', (card) => {
    const t = two([card, '5s'], ['7c']);
    playAll(t, 0, [card]);
    expect(ended(t, 0)).toMatchObject({ reason: 'no-follower', asked: 1, drew: 1, reshuffled: false });
  });

  test('a power card as the last card draws 1 with the reason power-card', () => {
    const t = two(['2h'], ['7c']);
    playAll(t, 0, ['2h']);
    expect(t.state.board.lastTurn).toMatchObject({ reason: 'power-card', asked: 1, drew: 1, next: 1, owes: 2 });
    expect(t.state.board.phase).toBe('play');
  });

  test('a win: the whole last turn, nobody next', () => {
    const t = two(['9h', '9c', '9d'], ['7c']);
    playAll(t, 0, ['9h', '9c', '9d']);
    const h = (c: string) => t.state.board.pile.at(c === '9h' ? -3 : c === '9c' ? -2 : -1);
    expect(t.state.board.lastTurn).toEqual({
      seat: 0,
      played: [h('9h'), h('9c'), h('9d')],
      reason: null,
      asked: 0,
      drew: 0,
      skipped: [],
      next: null,
      owes: 0,
      reshuffled: false,
    });
    expect(t.state.board).toMatchObject({ phase: 'over', winner: 0 });
  });

  test('two 8s with four seats: the two seats clockwise are skipped, in order', () => {
    const t = position(
      { seats: [rest(['8h', '8d', '8c', '5s']), rest(['7c']), rest(['7h']), rest(['7s'])], pile: ['5h'] },
      { seats: 4 },
    );
    playAll(t, 0, ['8h', '8d', '8c']);
    expect(ended(t, 0)).toMatchObject({ skipped: [3, 2, 1], next: 0, reason: null });
    const u = position(
      { seats: [rest(['8h', '8d', '5s']), rest(['7c']), rest(['7h']), rest(['7s'])], pile: ['5h'] },
      { seats: 4 },
    );
    playAll(u, 0, ['8h', '8d']);
    expect(ended(u, 0)).toMatchObject({ skipped: [3, 2], next: 1 });
  });

  test('a plain draw: nothing played, asked and drew 1', () => {
    const t = two(['9c', '5s'], ['7c']);
    expect(apply(t, 0, { type: 'draw' })).toBeNull();
    expect(t.state.board.lastTurn).toEqual({
      seat: 0,
      played: [],
      reason: 'draw',
      asked: 1,
      drew: 1,
      skipped: [],
      next: 1,
      owes: 0,
      reshuffled: false,
    });
  });

  test('a draw from an empty deck: the pile but its top is reshuffled first', () => {
    const t = two(['9c', '5s'], ['7c'], ['3h', '4h', '5h'], []);
    expect(apply(t, 0, { type: 'draw' })).toBeNull();
    expect(t.state.board.lastTurn).toEqual({
      seat: 0,
      played: [],
      reason: 'draw',
      asked: 1,
      drew: 1,
      skipped: [],
      next: 1,
      owes: 0,
      reshuffled: true,
    });
    expect(t.state.board).toMatchObject({ reshuffles: 1, drawing: null });
    expect(t.state.board.hands[0]).toHaveLength(3);
  });

  test('a pick-up of 5 from a deck of 1: one from the deck, the rest after the reshuffle', () => {
    const t = two(['Js', '4h', '6h'], ['7c', '8c'], ['2h', '3h', '5h', '9s'], ['Kd']);
    playAll(t, 0, ['Js']);
    expect(ended(t, 0)).toMatchObject({ next: 1, owes: 5 });
    expect(t.state.board.owed).toBe(5);
    expect(apply(t, 1, { type: 'draw' })).toBeNull();
    expect(t.state.board.lastTurn).toEqual({
      seat: 1,
      played: [],
      reason: 'pick-up',
      asked: 5,
      drew: 5,
      skipped: [],
      next: 0,
      owes: 0,
      reshuffled: true,
    });
    expect(t.state.board.hands[1]).toHaveLength(7);
    expect(t.state.board).toMatchObject({ owed: 0, deck: [], drawing: null, reshuffles: 1 });
    expect(schoolBlackjack.audit(t.args, t.inputs, t.open)).toMatchObject({ verdict: 'clean' });
  });

  test('a pick-up larger than deck and pile: as many as there are', () => {
    const t = two(['Js', '4h', '6h'], ['7c', '8c'], ['3h', '5s'], []);
    playAll(t, 0, ['Js']);
    ended(t, 0);
    expect(apply(t, 1, { type: 'draw' })).toBeNull();
    expect(t.state.board.lastTurn).toMatchObject({ reason: 'pick-up', asked: 5, drew: 2, reshuffled: true });
    expect(t.state.board.hands[1]).toHaveLength(4);
  });
});

describe('awaits', () => {
  test('play, continue the turn, answer a pick-up, over', () => {
    const t = two(['Jh', 'Jd', '9s', '5s'], ['9h', '7c']);
    expect(schoolBlackjack.awaits(t.state)).toEqual({ kind: 'move', seat: 0, what: 'play' });
    playAll(t, 0, ['Jh']);
    expect(schoolBlackjack.awaits(t.state)).toEqual({ kind: 'move', seat: 0, what: 'continue-turn' });
    ended(t, 0);
    expect(schoolBlackjack.awaits(t.state)).toEqual({ kind: 'move', seat: 1, what: 'answer-pick-up' });
    expect(apply(t, 1, { type: 'draw' })).toBeNull();
    expect(schoolBlackjack.awaits(t.state)).toEqual({ kind: 'move', seat: 0, what: 'play' });
    const w = two(['5s'], ['7c']);
    playAll(w, 0, ['5s']);
    expect(schoolBlackjack.awaits(w.state)).toEqual({ kind: 'over' });
  });
});

describe('describePosition', () => {
  const at = (step: Position['step'], top: Position['top'], more: Partial<Position> = {}): Position => ({
    step,
    run: 0,
    owed: 0,
    pickup: 0,
    skips: 0,
    top,
    namedSuit: null,
    ...more,
  });
  test.each<[string, Position, string]>([
    ['an empty pile', at('start', null), 'an empty pile'],
    ['a plain top', at('start', { rank: '9', suit: 'H' }), '9H'],
    ['an ace that named a suit', at('start', { rank: 'A', suit: 'H' }, { namedSuit: 'D' }), 'AH (named D)'],
    [
      'an ace from a layout, no suit named',
      at('start', { rank: 'A', suit: 'C' }),
      'AH'.replace('H', 'C') + ' (named C)',
    ],
    ['owing at the start', at('start', { rank: 'J', suit: 'S' }, { owed: 5 }), 'JS while owing 5'],
    [
      'an ace while owing',
      at('start', { rank: 'A', suit: 'S' }, { owed: 2, namedSuit: 'H' }),
      'AS (named H) while owing 2',
    ],
    ['owing recorded mid-turn is not said', at('more', { rank: '2', suit: 'S' }, { owed: 3 }), '2S'],
    ['not owing', at('start', { rank: '2', suit: 'S' }, { owed: 0 }), '2S'],
  ])('%s', (_name, pos, words) => {
    expect(describePosition(pos)).toBe(words);
  });

  test('the claim of a false "cannot play" names the ace\'s suit and what is owed', () => {
    const t = position(
      { seats: [rest(['2h', 'As', '9c']), rest(['5d', '7d'])], pile: ['5h'] },
      { rules: { voluntaryDraw: false } },
    );
    playAll(t, 0, ['2h']);
    ended(t, 0);
    expect(apply(t, 1, { type: 'draw' })).toBeNull();
    expect(t.state.claims.map((c) => c.note)).toEqual(['seat 1 holds no card that may be played on 2H while owing 2']);
    expect(apply(t, 0, playOf(t, 'As', 'D'))).toBeNull();
    expect(apply(t, 0, playOf(t, '9c'))).toBe('not-same-rank');
  });
});

describe('voluntaryDraw false with an empty hand', () => {
  test('a seat with no cards on an empty pile may draw (nothing in hand can disprove it)', () => {
    const t = position(
      { seats: [rest([]), rest(['7c'])], pile: [], deck: ['9h', '4c'] },
      { rules: { voluntaryDraw: false } },
    );
    expect(apply(t, 0, { type: 'draw' })).toBeNull();
    expect(t.state.board.hands[0]).toHaveLength(1);
    expect(t.state.claims).toEqual([]);
  });

  test('mid-turn an `end` that costs nothing is no claim, even with cards that could follow', () => {
    const t = two(['9h', '9c', '5s'], ['7c']);
    const u = position(
      { seats: [rest(['9h', '9c', '5s']), rest(['7c'])], pile: ['5h'] },
      { rules: { voluntaryDraw: false } },
    );
    for (const table of [t, u]) {
      playAll(table, 0, ['9h']);
      expect(ended(table, 0)).toMatchObject({ reason: null, asked: 0 });
      expect(table.state.claims).toEqual([]);
    }
  });
});
