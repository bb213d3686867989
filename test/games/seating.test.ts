/**
 * Seats round the table in play order from the viewer: the order every
 * screen draws them in (lobby list, opponents' boxes). Checked against the
 * games' own notion of the next seat, so a game whose turn passes the other
 * way cannot be drawn backwards unnoticed; a seat count or viewer seat that
 * is no seat at that table is refused with its words.
 */
import { describe, expect, it, test } from 'vitest';
import { seatsInPlayOrder } from '../../src/games/seating.js';
import { gameModules } from '../../src/games/index.js';
import { seatAfter } from '../../src/games/school-blackjack/board.js';

describe('seatsInPlayOrder', () => {
  it('starts at the viewer and goes the game’s way', () => {
    expect(seatsInPlayOrder(4, 2, 'ascending')).toEqual([2, 3, 0, 1]);
    expect(seatsInPlayOrder(4, 2, 'descending')).toEqual([2, 1, 0, 3]);
    expect(seatsInPlayOrder(3, null, 'descending')).toEqual([0, 2, 1]);
    expect(seatsInPlayOrder(1, 0, 'ascending')).toEqual([0]);
  });

  it('each game says its direction: Pesten and School Blackjack clockwise (descending), the others ascending', () => {
    const directions = Object.fromEntries(gameModules.map((m) => [m.id, m.playDirection]));
    expect(directions).toEqual({
      'stress-shed': 'ascending',
      'stress-speed': 'ascending',
      pesten: 'descending',
      'fighting-cards': 'ascending',
      'school-blackjack': 'descending',
    });
  });

  it('School Blackjack’s next seat at the start (clockwise) is the next box drawn', () => {
    const module = gameModules.find((m) => m.id === 'school-blackjack')!;
    for (const seats of [2, 3, 4, 5]) {
      for (let me = 0; me < seats; me++) {
        expect(seatsInPlayOrder(seats, me, module.playDirection)[1]).toBe(seatAfter(seats, me, 1, 'clockwise'));
      }
    }
  });
});

describe('what seatsInPlayOrder refuses, naming it', () => {
  test.each([
    [0, null, 'seatsInPlayOrder: seats must be a positive integer, got 0'],
    [2.5, 0, 'seatsInPlayOrder: seats must be a positive integer, got 2.5'],
    [-1, 0, 'seatsInPlayOrder: seats must be a positive integer, got -1'],
    [3, -1, 'seatsInPlayOrder: seat -1 is not at a table of 3'],
    [3, 1.5, 'seatsInPlayOrder: seat 1.5 is not at a table of 3'],
    [3, 3, 'seatsInPlayOrder: seat 3 is not at a table of 3'],
    [3, 4, 'seatsInPlayOrder: seat 4 is not at a table of 3'],
  ])('%s seats from %s: %s', (seats, from, message) => {
    expect(() => seatsInPlayOrder(seats, from, 'ascending')).toThrow(new RangeError(message));
  });

  test('two seats, either way, and the last seat as viewer', () => {
    expect(seatsInPlayOrder(2, 1, 'ascending')).toEqual([1, 0]);
    expect(seatsInPlayOrder(2, 0, 'descending')).toEqual([0, 1]);
    expect(seatsInPlayOrder(5, 4, 'descending')).toEqual([4, 3, 2, 1, 0]);
    expect(seatsInPlayOrder(5, 4, 'ascending')).toEqual([4, 0, 1, 2, 3]);
  });
});
