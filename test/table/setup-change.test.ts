/**
 * The words every page shows before the next hand when its terms differ from
 * the last hand's (src/table/setup-change.ts): each changed option with its
 * old and new value, as the table-creation form words them (an option no form
 * knows by its name), each seat that changed hands, the game and the seat count.
 */
import { describe, expect, it } from 'vitest';
import { setupChanges, type TableTerms } from '../../src/table/setup-change.js';

const LAST: TableTerms = {
  game: 'pesten',
  options: { drawThenPlay: true, targetPoints: 3 },
  seatKeys: ['a1', 'b2', 'c3'],
  names: ['Ann', 'Bob', 'Cy'],
};

const cases: [string, Partial<TableTerms>, string[]][] = [
  ['nothing changed', {}, []],
  ['a new name alone (names are not terms)', { names: ['Ann', 'Bobby', 'Cy'] }, []],
  [
    'an option switched off, by its label in the form',
    { options: { drawThenPlay: false, targetPoints: 3 } },
    ['Ann changed “Play the drawn card”: yes → no'],
  ],
  [
    'a number option',
    { options: { drawThenPlay: true, targetPoints: 5 } },
    ['Ann changed “Round wins for the match”: 3 → 5'],
  ],
  [
    'an option added',
    { options: { drawThenPlay: true, targetPoints: 3, jokers: 'two' } },
    ['Ann changed jokers: (not set) → two'],
  ],
  [
    'an option removed: the game’s default applies',
    { options: { targetPoints: 3 } },
    ['Ann changed “Play the drawn card”: yes → no'],
  ],
  [
    'a seat that changed hands',
    { seatKeys: ['a1', 'b2', 'd4'], names: ['Ann', 'Bob', 'Dan'] },
    ['Seat 3: Cy left, Dan sits'],
  ],
  [
    'a seat left free',
    { seatKeys: ['a1', null, 'c3'], names: ['Ann', '', 'Cy'] },
    ['Seat 2: Bob left (the seat is free)'],
  ],
  [
    'a seat more',
    { seatKeys: ['a1', 'b2', 'c3', 'd4'], names: ['Ann', 'Bob', 'Cy', 'Dan'] },
    ['Ann changed the number of seats: 3 → 4', 'Seat 4: Dan sits'],
  ],
  [
    'a seat fewer',
    { seatKeys: ['a1', 'b2'], names: ['Ann', 'Bob'] },
    ['Ann changed the number of seats: 3 → 2', 'Seat 3: Cy left'],
  ],
  [
    'another game',
    { game: 'stress-shed', options: {} },
    [
      'Ann changed the game: Pesten → Stress (shedding)',
      'Ann changed “Play the drawn card”: yes → (not set)',
      'Ann changed “Round wins for the match”: 3 → (not set)',
    ],
  ],
  [
    'a player without a name, by key',
    { seatKeys: ['a1', 'b2', 'e5e5e5e5e5'], names: ['Ann', 'Bob', ''] },
    ['Seat 3: Cy left, a player (e5e5e5e5…) sits'],
  ],
];

describe('setupChanges', () => {
  it.each(cases)('%s', (_, change, lines) => {
    expect(setupChanges(LAST, { ...LAST, ...change }, 'Ann')).toEqual(lines);
  });
});

describe('an option the table left unset reads as its game’s default', () => {
  const unset: TableTerms = { ...LAST, options: { targetPoints: 3 } };
  it('set for the first time: from the default it was played at', () => {
    expect(setupChanges(unset, { ...unset, options: { targetPoints: 3, drawThenPlay: true } }, 'Ann')).toEqual([
      'Ann changed “Play the drawn card”: no → yes',
    ]);
  });
  it('the default set explicitly: the same rules, said as set', () => {
    expect(setupChanges(unset, { ...unset, options: { targetPoints: 3, drawThenPlay: false } }, 'Ann')).toEqual([
      'Ann changed “Play the drawn card”: (not set) → no',
    ]);
  });
});
