/**
 * The score strip's derivation (src/app/scores.ts) from stored hand results:
 * wins per player for games without points (a hand where everyone shares one
 * place has no winner; wins follow the player's key across seats), the match
 * in view with its totals for games with points (the winner named when the
 * match ends, a shared win for equal totals, a new match at 0), matches won,
 * the names each counted hand was played under, plurals and fallbacks.
 */
import { describe, expect, test } from 'vitest';
import { countText, namesText, scoreStrip, type ScoreInput } from '../../src/app/scores.js';
import type { HandResult } from '../../src/table/hand/setup.js';

const KEYS = ['a1', 'b2', 'c3'];
const NAMES = ['Ann', 'Bob', 'Cleo'];

function result(ranking: number[][], extra: Partial<HandResult> = {}): HandResult {
  return { ranking, scores: null, matchOver: false, names: NAMES, seatKeys: KEYS, ...extra };
}

function input(results: HandResult[], extra: Partial<ScoreInput> = {}): ScoreInput {
  return {
    results: results.map((r, handNo) => ({ handNo, result: r })),
    handNo: results.length - 1,
    seatKeys: KEYS,
    names: NAMES,
    mySeat: 0,
    ...extra,
  };
}

describe('words', () => {
  test.each<[number, string, string]>([
    [0, 'point', '0 points'],
    [1, 'point', '1 point'],
    [2, 'point', '2 points'],
    [-20, 'point', '−20 points'],
    [1, 'win', '1 win'],
    [3, 'hand', '3 hands'],
  ])('%d %s → %s', (n, noun, text) => {
    expect(countText(n, noun)).toBe(text);
  });

  test.each<[string[], string]>([
    [['Ann'], 'Ann'],
    [['Ann', 'Bob'], 'Ann and Bob'],
    [['Ann', 'Bob', 'Cleo'], 'Ann, Bob and Cleo'],
  ])('%j → %s', (names, text) => {
    expect(namesText(names)).toBe(text);
  });
});

describe('games without points: wins', () => {
  test('no strip before a hand has a result', () => {
    expect(scoreStrip(input([]))).toBeNull();
  });

  test('wins counted per player, best first, with plurals and the leader marked', () => {
    const strip = scoreStrip(input([result([[1], [0, 2]]), result([[1], [2], [0]]), result([[2], [0, 1]])]))!;
    expect(strip.kind).toBe('wins');
    expect(strip.title).toBe('Wins after 3 hands');
    expect(strip.players.map((p) => [p.name, p.text, p.leads, p.you])).toEqual([
      ['Bob', '2 wins', true, false],
      ['Cleo', '1 win', false, false],
      ['Ann', '0 wins', false, true],
    ]);
    expect(strip.matchWinner).toBeNull();
  });

  test('a hand where every seat shares one place (blocked, repeated) has no winner', () => {
    const strip = scoreStrip(input([result([[0, 1, 2]])]))!;
    expect(strip.title).toBe('Wins after 1 hand');
    expect(strip.players.map((p) => p.value)).toEqual([0, 0, 0]);
    expect(strip.players.some((p) => p.leads)).toBe(false);
  });

  test('wins follow the player, not the seat: a newcomer in a freed seat starts at none; names are the signed ones', () => {
    const first = result([[2], [0, 1]], { names: ['Ann', 'Bob', 'Dave'], seatKeys: ['a1', 'b2', 'd4'] });
    const strip = scoreStrip(input([first, result([[0], [1, 2]])]))!;
    expect(strip.players.map((p) => [p.name, p.value])).toEqual([
      ['Ann', 1],
      ['Dave', 1],
      ['Bob', 0],
      ['Cleo', 0],
    ]);
  });

  test('an unsigned name falls back to the name now, a former player to words, never a seat number', () => {
    const first = result([[2], [0, 1]], { names: ['', 'Bob', ''], seatKeys: ['a1', 'b2', 'd4'] });
    const strip = scoreStrip(input([first], { handNo: 1 }))!;
    expect(strip.players.map((p) => p.name)).toEqual(['a former player', 'Ann', 'Bob', 'Cleo']);
  });

  test('a stored result of another shape is skipped, not shown as nonsense', () => {
    const broken = { ranking: [[0]], scores: null, matchOver: false, names: NAMES } as unknown as HandResult;
    expect(scoreStrip(input([broken]))).toBeNull();
  });
});

describe('games with points: the match in view', () => {
  const deal = (scores: number[], over = false, ranking = [[1], [0, 2]]) =>
    result(ranking, { scores, matchOver: over });

  test('the running match: totals of the latest hand, in points words, best first', () => {
    const strip = scoreStrip(input([deal([0, 146, 0]), deal([-20, 146, 0])]))!;
    expect(strip.kind).toBe('points');
    expect(strip.title).toBe('Points this match (2 hands played)');
    expect(strip.players.map((p) => [p.name, p.text])).toEqual([
      ['Bob', '146 points'],
      ['Cleo', '0 points'],
      ['Ann', '−20 points'],
    ]);
    expect(strip.matchWinner).toBeNull();
  });

  test('the hand that ends the match names the winner', () => {
    const strip = scoreStrip(input([deal([0, 146, 0]), deal([0, 146, 1], true, [[1], [2], [0]])]))!;
    expect(strip.title).toBe('Final points of the match');
    expect(strip.matchWinner).toBe('Bob wins the match');
    expect(strip.players.find((p) => p.name === 'Bob')?.matches).toBe('1 match won');
  });

  test('equal totals share the win', () => {
    const strip = scoreStrip(input([deal([146, 146, 0], true, [[0, 1], [2]])]))!;
    expect(strip.matchWinner).toBe('Ann and Bob share the match win');
    expect(strip.players.filter((p) => p.leads).map((p) => p.name)).toEqual(['Ann', 'Bob']);
    expect(strip.players.map((p) => p.place)).toEqual([1, 1, 3]);
    expect(strip.players.map((p) => p.matches)).toEqual(['1 match won', '1 match won', null]);
  });

  test('the next hand opens a new match at 0; the matches won stay', () => {
    const strip = scoreStrip(input([deal([0, 1, 0]), deal([0, 2, 0], true)], { handNo: 2 }))!;
    expect(strip.title).toBe('Points this match (0 hands played)');
    expect(strip.players.map((p) => p.value)).toEqual([0, 0, 0]);
    expect(strip.matchWinner).toBeNull();
    expect(strip.players.find((p) => p.name === 'Bob')?.matches).toBe('1 match won');
    expect(strip.matchNames).toEqual([]);
  });

  test('two matches won are "2 matches won"', () => {
    const strip = scoreStrip(input([deal([0, 2, 0], true), deal([0, 2, 0], true)]))!;
    expect(strip.players.find((p) => p.name === 'Bob')?.matches).toBe('2 matches won');
  });

  test('the names of each counted hand of the match, as played then; a thrown-in hand (totals unchanged) has no row', () => {
    const dave = { names: ['Ann', 'Bob', 'Dave'], seatKeys: ['a1', 'b2', 'd4'] };
    const strip = scoreStrip(
      input([
        deal([0, 0, 0], true),
        { ...deal([0, 146, 0]), ...dave },
        { ...deal([0, 146, 0]), ...dave },
        deal([0, 146, -40]),
      ]),
    )!;
    expect(strip.matchNames).toEqual([
      ['Ann', 'Bob', 'Dave'],
      ['Ann', 'Bob', 'Cleo'],
    ]);
  });
});
