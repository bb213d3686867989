/**
 * The catalog the home screen and the lobby read: derived from the game
 * registry, with each game's option controls, and a table's options in
 * words.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG, catalogEntry, configProblem, optionSummary } from '../../src/app/catalog.js';

describe('catalog', () => {
  it('lists the five games', () => {
    expect(CATALOG.map((e) => e.id)).toEqual([
      'stress-shed',
      'stress-speed',
      'pesten',
      'fighting-cards',
      'school-blackjack',
    ]);
    expect(catalogEntry('fighting-cards')).toMatchObject({
      minPlayers: 3,
      maxPlayers: 3,
      timing: 'turns',
    });
    expect(catalogEntry('fighting-cards')!.options.map((o) => [o.name, o.field.kind, o.default])).toEqual([
      ['deals', 'number', 3],
    ]);
    expect(catalogEntry('school-blackjack')).toMatchObject({
      minPlayers: 2,
      maxPlayers: 6,
      timing: 'turns',
    });
    expect(catalogEntry('stress-speed')).toMatchObject({
      name: 'Stress (speed)',
      minPlayers: 2,
      maxPlayers: 2,
      timing: 'real-time',
      options: [],
    });
    expect(catalogEntry('pesten')).toMatchObject({ timing: 'turns', minPlayers: 2, maxPlayers: 8 });
    expect(catalogEntry('pesten')!.options.map((o) => [o.name, o.field.kind, o.default])).toEqual([
      ['targetPoints', 'number', 2],
      ['drawThenPlay', 'checkbox', false],
    ]);
    expect(catalogEntry('nope')).toBeNull();
  });

  it('offers the Stress (shedding) options the rules know, each with its control and default', () => {
    const options = catalogEntry('stress-shed')!.options;
    expect(options.map((o) => [o.name, o.field.kind, o.default]).slice(0, 4)).toEqual([
      ['voluntaryPickup', 'checkbox', false],
      ['fourOfAKindBurns', 'checkbox', false],
      ['stopAtFirstWinner', 'checkbox', false],
      ['decks', 'select', 'auto'],
    ]);
  });

  it('names a combination the game does not take', () => {
    expect(configProblem('stress-shed', 6, { decks: 1 })).toBe(
      'Stress (shedding): Decks: One deck cannot be used with 6 players',
    );
    expect(configProblem('stress-shed', 6, { decks: 2 })).toBeNull();
  });

  it('puts a table’s options in words, defaults included', () => {
    expect(optionSummary('stress-shed', { fourOfAKindBurns: true, decks: 2 }).slice(0, 4)).toEqual([
      { name: 'voluntaryPickup', label: 'Pick up the stack at will', value: 'no' },
      { name: 'fourOfAKindBurns', label: 'Four of a kind burns the stack', value: 'yes' },
      { name: 'stopAtFirstWinner', label: 'Stop at the first winner', value: 'no' },
      { name: 'decks', label: 'Decks', value: 'Two decks' },
    ]);
    expect(optionSummary('stress-speed', {})).toEqual([]);
  });
});
