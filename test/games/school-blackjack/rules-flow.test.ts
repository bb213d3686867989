/**
 * What School Blackjack's rules (rules.ts) record about each turn, field by
 * field, where rules.test.ts only checked the turn order: the last turn of
 * every kind of ending (capped, uncapped, no follower after a 3 or queen, a
 * win, a plain draw, a pick-up, a draw that needs the pile reshuffled, a
 * draw split across the deck and the reshuffle), the seats two 8s skip in
 * order, what the game awaits (play, answer a pick-up, continue the turn,
 * over), the readable position a "cannot play" claim names, and a seat with
 * an empty hand on an empty pile that may still draw with
 * `voluntaryDraw: false`.
 */
import { describe, expect, test } from 'vitest';
import { describePosition } from '../../../src/games/school-blackjack/rules.js';
import { schoolBlackjack } from '../../../src/games/school-blackjack/index.js';
import type { Position } from '../../../src/games/school-blackjack/grammar.js';
import { apply, handleOf, playAll, playOf, position, type Table } from './helpers.js';

const rest = (cards: string[]) => ({ hand: cards });
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
