/**
 * The game registry and the game modules: each module agrees with its rules
 * (id, seats, timing vs race codes), every option the rules know has a form
 * field, the table-config check names what is wrong, and the log lines name
 * the cards. The registry is what the catalog, the lobby, the bots and the
 * hand view derive from, so a wrong entry here is a wrong screen there.
 */
import { describe, expect, it } from 'vitest';
import {
  checkTableConfig,
  describeInput,
  gameById,
  gameModule,
  gameModules,
  gameTable,
  isGameId,
} from '../../src/games/index.js';
import { formFields } from '../../src/games/module.js';
import { cardName } from '../../src/games/describe.js';
import { stressShedModule } from '../../src/games/stress-shed/index.js';
import { stressSpeedModule } from '../../src/games/stress-speed/index.js';
import { pestenHeuristic, pestenModule } from '../../src/games/pesten/index.js';
import { fightingCardsModule, outcomeAfterAudit } from '../../src/games/fighting-cards/index.js';
import { handleOf, position } from './stress-speed/helpers.js';

describe('registry', () => {
  it('lists the built games once, each consistent with its rules', () => {
    expect(gameModules.map((m) => m.id)).toEqual([
      'stress-shed',
      'stress-speed',
      'pesten',
      'fighting-cards',
      'school-blackjack',
    ]);
    for (const module of gameModules) {
      expect(module.rules.id).toBe(module.id);
      expect(module.name).toBe(module.rules.displayName);
      expect([module.minPlayers, module.maxPlayers]).toEqual([module.rules.minPlayers, module.rules.maxPlayers]);
      expect(module.raceErrors).toBe(module.rules.raceErrors);
      expect(module.timing === 'turns' ? module.raceErrors.length === 0 : true).toBe(true);
      expect(gameModule(module.id)).toBe(module);
      expect(gameById(module.id)).toBe(module.rules);
    }
    expect(stressShedModule.timing).toBe('turns');
    expect(stressSpeedModule.timing).toBe('real-time');
    expect(pestenModule.timing).toBe('turns');
    expect(pestenModule.raceErrors).toEqual([]);
    expect(pestenModule.bots.heuristic).toBe(pestenHeuristic);
    expect([...stressSpeedModule.raceErrors].sort()).toEqual(['stale-call', 'stale-top']);
    expect(fightingCardsModule.timing).toBe('turns');
    expect(fightingCardsModule.options.fields.deals).toMatchObject({ kind: 'number', min: 1, max: 30 });
    // Only a game whose score depends on the audit has the hook.
    expect(fightingCardsModule.scoreAfterAudit).toBe(outcomeAfterAudit);
    expect(stressShedModule.scoreAfterAudit).toBeUndefined();
  });

  it('knows no other game', () => {
    expect(gameModule('no-such-game')).toBeNull();
    expect(gameById('no-such-game')).toBeNull();
    expect(isGameId('no-such-game')).toBe(false);
  });

  it('gives every option the rules know a form field, and offers no field for an option the rules do not know', () => {
    for (const module of gameModules) {
      const offered = formFields(module).map((f) => f.name);
      expect(offered.sort()).toEqual(Object.keys(module.options.defaults).sort());
      for (const { field, default: value } of formFields(module)) {
        if (field.kind === 'select') expect(field.choices.map((c) => c.value)).toContain(value);
        if (field.kind === 'checkbox') expect(typeof value).toBe('boolean');
      }
    }
  });

  it('declares a label for all five Stress (shedding) options of RULES.md §1', () => {
    expect(Object.keys(stressShedModule.options.fields)).toEqual([
      'voluntaryPickup',
      'fourOfAKindBurns',
      'stopAtFirstWinner',
      'decks',
      'endlessHandsEnd',
    ]);
    expect(stressShedModule.options.defaults).toMatchObject({
      voluntaryPickup: false,
      fourOfAKindBurns: false,
      stopAtFirstWinner: false,
      decks: 'auto',
    });
  });

  it('labels both Pesten options of RULES.md §3', () => {
    expect(Object.keys(pestenModule.options.fields)).toEqual(['targetPoints', 'drawThenPlay']);
    expect(pestenModule.options.defaults).toEqual({ targetPoints: 2, drawThenPlay: false });
    expect(pestenModule.options.fields.targetPoints).toMatchObject({ kind: 'number', min: 1, max: 20 });
  });

  it('finds a wrapped table-view for built games only', () => {
    expect(gameTable('stress-shed', { any: 'view' }, [])).toEqual({
      game: 'stress-shed',
      view: { any: 'view' },
      legal: [],
    });
    expect(gameTable('pesten', { any: 'view' }, [])).toEqual({ game: 'pesten', view: { any: 'view' }, legal: [] });
    expect(gameTable('fighting-cards', {}, [])).toEqual({ game: 'fighting-cards', view: {}, legal: [] });
    expect(gameTable('no-such-game', {}, [])).toBeNull();
  });
});

describe('checkTableConfig', () => {
  it('accepts the defaults and every choice of every field at a seat count that allows it', () => {
    for (const module of gameModules) {
      expect(checkTableConfig(module.id, module.minPlayers, module.options.defaults)).toBeNull();
      for (const { name, field } of formFields(module)) {
        const values =
          field.kind === 'checkbox'
            ? [true, false]
            : field.kind === 'select'
              ? field.choices.map((c) => c.value)
              : [field.min, field.max];
        for (const value of values)
          expect(checkTableConfig(module.id, module.minPlayers, { [name]: value })).toBeNull();
      }
    }
  });

  it.each([
    ['no-such-game', 2, {}, 'unknown game "no-such-game"'],
    ['stress-speed', 3, {}, 'Stress (speed) is for 2 players, not 3'],
    ['stress-shed', 7, {}, 'Stress (shedding) is for 2 to 6 players, not 7'],
    ['stress-shed', 2, { jokers: true }, 'Stress (shedding) has no option jokers'],
    ['stress-speed', 2, { decks: 2 }, 'Stress (speed) has no option decks'],
    ['stress-shed', 2, { voluntaryPickup: 'yes' }, 'Stress (shedding): option voluntaryPickup must be true or false'],
    ['stress-shed', 2, { decks: 3 }, 'Stress (shedding): option decks must be one of auto, 1, 2'],
    ['stress-shed', 5, { decks: 1 }, 'Stress (shedding): Decks: One deck cannot be used with 5 players'],
    ['pesten', 9, {}, 'Pesten is for 2 to 8 players, not 9'],
    ['pesten', 4, { targetPoints: 0 }, 'Pesten: option targetPoints must be a number from 1 to 20'],
    ['pesten', 4, { drawThenPlay: 1 }, 'Pesten: option drawThenPlay must be true or false'],
    ['fighting-cards', 3, { trumps: true }, 'Fighting Cards has no option trumps'],
    [
      'school-blackjack',
      2,
      { voluntaryDraw: 'no' },
      'Blackjack (school rules): option voluntaryDraw must be true or false',
    ],
    ['fighting-cards', 2, {}, 'Fighting Cards is for 3 players, not 2'],
  ] as const)('%s with %i seats and %j: %s', (game, seats, options, problem) => {
    expect(checkTableConfig(game, seats, options)).toBe(problem);
  });

  it('seats a game with its defaults when no option is given', () => {
    expect(checkTableConfig('fighting-cards', 3, {})).toBeNull();
  });
});

describe('log lines', () => {
  const names = ['Ann', 'Bob'];

  it('writes cards as people do', () => {
    expect(['7C', '10H', 'QS~2', 'AD', 'JKR', 'JKB~2', 'nonsense'].map(cardName)).toEqual([
      '7♣',
      '10♥',
      'Q♠',
      'A♦',
      'red joker',
      'black joker',
      'nonsense',
    ]);
  });

  it('Stress (shedding): plays name their cards; pickups, blind plays and ready read as what happened', () => {
    const play = {
      kind: 'act' as const,
      seat: 0,
      action: {
        type: 'play',
        cards: [
          { handle: 3, card: '7C' },
          { handle: 9, card: '7S' },
        ],
      },
    };
    expect(describeInput('stress-shed', play, names, null)).toBe('Ann played 7♣ 7♠');
    expect(describeInput('stress-shed', { kind: 'act', seat: 1, action: { type: 'pickup' } }, names, null)).toBe(
      'Bob picked up the stack',
    );
    expect(
      describeInput('stress-shed', { kind: 'act', seat: 1, action: { type: 'blind', handle: 4 } }, names, null),
    ).toBe('Bob turned over a face-down card');
    const ready = {
      type: 'ready',
      swaps: [
        { hand: 1, card: '10S', faceUp: 5 },
        { hand: 2, card: '2H', faceUp: 6 },
        { hand: 6, card: '4C', faceUp: 2 },
      ],
    };
    expect(describeInput('stress-shed', { kind: 'act', seat: 0, action: ready }, names, null)).toBe(
      'Ann is ready, putting 10♠ 4♣ face up',
    );
    expect(
      describeInput('stress-shed', { kind: 'act', seat: 0, action: { type: 'ready', swaps: [] } }, ['', 'Bob'], null),
    ).toBe('Seat 1 is ready');
    expect(describeInput('stress-shed', { kind: 'act', seat: 0, action: { type: 'teleport' } }, names, null)).toBe(
      'Ann moved',
    );
    expect(describeInput('stress-shed', { kind: 'delivered', request: 0 }, names, null)).toBe('');
  });

  it('Stress (speed): a play names the card and the top it went on (public cards), a call is a call', () => {
    const deal = {
      seats: [
        { row: [['5C'], ['4D'], ['JH'], ['2S']], pile: ['KC'] },
        { row: [['8H'], ['8S'], ['QC'], ['10D']], pile: ['3C'] },
      ],
      stacks: [['4H'], ['KD']],
    };
    const { state, open } = position(deal, [{ seat: 0, type: 'play', card: '5C', stack: 0 }]);
    const play = {
      kind: 'act' as const,
      seat: 0,
      action: {
        type: 'play',
        slot: 0,
        handle: handleOf(state, open, '5C'),
        stack: 0,
        onTop: handleOf(state, open, '4H'),
      },
    };
    expect(describeInput('stress-speed', play, names, state)).toBe('Ann played 5♣ on 4♥ (left stack)');
    expect(describeInput('stress-speed', play, names, null)).toBe('Ann played a card on the left stack');
    const call = { kind: 'act' as const, seat: 1, action: { type: 'stress', tops: [1, 2] } };
    expect(describeInput('stress-speed', call, names, null)).toBe('Bob called stress!');
    expect(describeInput('no-such-game', call, names, null)).toBe('');
  });
});
