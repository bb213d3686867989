/**
 * The game registry and the game modules: each module agrees with its rules
 * (id, seats, timing vs race codes), every option the rules know has a form
 * field, the table-config check names what is wrong, and the log lines name
 * the cards and seats. How a module is assembled (defineGameModule): what it
 * copies from the rules and the defaults it fills, the optional parts it
 * keeps, and the parts that disagree which it refuses; the `describe` it
 * builds; option values in words. The registry is what the catalog, the
 * lobby, the bots and the hand view derive from, so a wrong entry here is a
 * wrong screen there.
 */
import { describe, expect, it, test } from 'vitest';
import {
  checkTableConfig,
  describeInput,
  gameBot,
  gameById,
  gameModule,
  gameModules,
  gameTable,
  isGameId,
  loadBot,
} from '../../src/games/index.js';
import {
  formFields,
  defineGameMeta,
  optionValueText,
  type GameMetaSpec,
  type OptionField,
} from '../../src/games/game-meta.js';
import { defineGameModule, type GameModuleSpec } from '../../src/games/module.js';
import { cardName, cardList, seatName } from '../../src/games/describe.js';
import { stressShedModule, stressShed, type StressState } from '../../src/games/stress-shed/index.js';
import { stressSpeedModule, stressSpeed } from '../../src/games/stress-speed/index.js';
import { pestenModule } from '../../src/games/pesten/index.js';
import { pestenHeuristic } from '../../src/games/pesten/bot.js';
import { fightingCardsModule, outcomeAfterAudit } from '../../src/games/fighting-cards/index.js';
import { handleOf, position } from './stress-speed/helpers.js';
import { publicKnowledge, type Input, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';

describe('registry', () => {
  it('lists the built games once, each consistent with its rules', async () => {
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
      // Its own bot, loaded with every game in Node (all.ts); the page loads it when it first hosts one.
      expect(gameBot(module.id)).toBe(await module.loadBot());
      expect(await loadBot(module.id)).toBe(gameBot(module.id));
    }
    expect(stressShedModule.timing).toBe('turns');
    expect(stressSpeedModule.timing).toBe('real-time');
    expect(pestenModule.timing).toBe('turns');
    expect(pestenModule.raceErrors).toEqual([]);
    expect(await pestenModule.loadBot()).toBe(pestenHeuristic);
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

  it('declares a label for all five Stress (shedding) options of docs/rules/stress-shed.md', () => {
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

  it('labels both Pesten options of docs/rules/pesten.md', () => {
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

/** A Stress (shedding) position after both seats are ready: seat 0 holds 4♣ 8♦ Q♦ A♦ on a 9♥, the draw stack is empty. */
function shedPosition(): { state: StressState; open: Record<number, string> } {
  const deal: ScenarioFile['deal'] = {
    seats: [
      { hand: ['4C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
      { hand: ['5D', '2H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
    ],
    stack: ['9H'],
  };
  const run = runScenario(stressShed, {
    game: 'stress-shed',
    seats: 2,
    deal,
    actions: [
      { seat: 0, type: 'ready' },
      { seat: 1, type: 'ready' },
    ],
  });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  return { state: run.state as StressState, open: run.open };
}

const handleIn = (open: Record<number, string>, card: string): number =>
  Number(Object.entries(open).find(([, c]) => c === card)![0]);

type Spec = GameModuleSpec<string, unknown, unknown, unknown, string, unknown>;
type MetaSpec = GameMetaSpec<string, unknown>;

/** Stress (shedding)'s meta.ts as a spec, with `overrides`. */
function shedMeta(overrides: Partial<MetaSpec> = {}): MetaSpec {
  return {
    id: 'stress-shed',
    name: 'Stress (shedding)',
    blurb: 'a blurb',
    minPlayers: 2,
    maxPlayers: 6,
    timing: 'turns',
    fields: stressShedModule.options.fields,
    defaultOptions: stressShed.defaultOptions,
    parseOptions: (raw, players) => stressShed.parseOptions(raw, players),
    ...overrides,
  };
}

/** Stress (speed)'s meta.ts as a spec, with `overrides`. */
function speedMeta(overrides: Partial<MetaSpec> = {}): MetaSpec {
  return shedMeta({
    id: 'stress-speed',
    name: 'Stress (speed)',
    maxPlayers: 2,
    fields: {},
    defaultOptions: {},
    parseOptions: (raw, players) => stressSpeed.parseOptions(raw, players),
    ...overrides,
  });
}

/** A module spec built from Stress (shedding)'s real rules, with log lines and effects that show what `describe` passes them. */
function shedSpec(overrides: Partial<Spec> = {}, meta: Partial<MetaSpec> = {}): Spec {
  return {
    meta: defineGameMeta(shedMeta(meta)),
    rules: stressShed as never,
    loadBot: stressShedModule.loadBot as never,
    describe: (action, who, know) =>
      `${who} did ${(action as { type: string }).type} seeing ${String(know(STACK_HANDLE))}`,
    ...overrides,
  };
}
let STACK_HANDLE = -1;

describe('describe.ts: names in the log', () => {
  test.each([
    [['Ann', 'Bob'], 0, 'Ann'],
    [['Ann', 'Bob'], 1, 'Bob'],
    [['', 'Bob'], 0, 'Seat 1'],
    [['Ann'], 2, 'Seat 3'],
  ] as const)('seat name from %j, seat %i: %s', (names, seat, name) => {
    expect(seatName(names, seat)).toBe(name);
  });

  test('every suit has its symbol; a list is space-separated', () => {
    expect(['2C', 'JD', 'KH', 'AS', 'JKB', 'JKR~2', '??'].map(cardName)).toEqual([
      '2♣',
      'J♦',
      'K♥',
      'A♠',
      'black joker',
      'red joker',
      '??',
    ]);
    expect(cardList(['7C', '7S', '10D~2'])).toBe('7♣ 7♠ 10♦');
    expect(cardList([])).toBe('');
  });
});

describe('module.ts: defineGameModule', () => {
  const { decks: _decks, ...withoutDecks } = stressShedModule.options.fields;
  test('copies what the rules say and fills the defaults', () => {
    const module = defineGameModule(shedSpec());
    expect(module).toMatchObject({
      id: 'stress-shed',
      name: 'Stress (shedding)',
      blurb: 'a blurb',
      minPlayers: 2,
      maxPlayers: 6,
      timing: 'turns',
      playDirection: 'ascending',
    });
    expect(module.rules).toBe(stressShed);
    expect(module.raceErrors).toBe(stressShed.raceErrors);
    expect(module.options.defaults).toEqual(stressShed.defaultOptions);
    expect(module.options.fields).toBe(stressShedModule.options.fields);
    expect(module.options.parse({ decks: 2 }, 5)).toEqual(stressShed.parseOptions({ decks: 2 }, 5));
    expect(module.options.parse({ decks: 1 }, 5)).toBeNull();
    expect(module.loadBot).toBe(stressShedModule.loadBot);
    expect(
      Object.keys(module).filter((k) =>
        ['scoreAfterAudit', 'hiddenClaims', 'cardZones', 'rulesText', 'describePrivate', 'cardProbe'].includes(k),
      ),
    ).toEqual([]);
    expect(defineGameModule(shedSpec({}, { playDirection: 'descending' })).playDirection).toBe('descending');
  });

  test('keeps the optional parts it is given, and no hidden claims when told false', () => {
    const extras = {
      scoreAfterAudit: () => null,
      cardZones: () => [],
      rulesText: { aim: 'win', sections: [] },
      describePrivate: () => 'private',
      cardProbe: stressShedModule.cardProbe as never,
    };
    const module = defineGameModule(shedSpec({ ...extras, hiddenClaims: true }));
    for (const [key, value] of Object.entries(extras)) expect(module[key as keyof typeof module], key).toBe(value);
    expect(module.hiddenClaims).toBe(true);
    expect('hiddenClaims' in defineGameModule(shedSpec({ hiddenClaims: false }))).toBe(false);
  });

  test.each<[string, () => unknown, string]>([
    [
      'its id differs from the rules',
      () => defineGameModule(shedSpec({}, { id: 'stress' })),
      'game module stress: its rules say they are stress-shed',
    ],
    [
      'its name differs from the rules',
      () => defineGameModule(shedSpec({}, { name: 'Stress' })),
      'game module stress-shed: its meta names it Stress, its rules Stress (shedding)',
    ],
    [
      'its seats differ from the rules',
      () => defineGameModule(shedSpec({}, { maxPlayers: 4 })),
      'game module stress-shed: its meta seats 2–4, its rules 2–6',
    ],
    [
      'its option defaults differ from the rules',
      () => defineGameModule(shedSpec({}, { defaultOptions: { ...stressShed.defaultOptions, decks: 1 } })),
      "game module stress-shed: its meta's option defaults are not its rules' defaults",
    ],
    [
      'a turn-based game lists race codes',
      () => defineGameModule({ ...shedSpec(), meta: defineGameMeta(speedMeta()), rules: stressSpeed as never }),
      'game module stress-speed: a turn-based game has no races, yet lists stale-top, stale-call',
    ],
    [
      'an option has no field',
      () => defineGameMeta(shedMeta({ fields: withoutDecks })),
      'game module stress-shed: option decks has no form field (label)',
    ],
    ...[NaN, Infinity, null, { n: 1 }, undefined].map(
      (bad) =>
        [
          `a default is ${String(bad)}`,
          () => defineGameMeta(shedMeta({ defaultOptions: { ...stressShed.defaultOptions, odd: bad as never } })),
          'game module stress-shed: option odd has a default a table cannot carry',
        ] as [string, () => unknown, string],
    ),
  ])('throws when %s', (_, define, message) => {
    expect(define).toThrow(new TypeError(message));
  });

  test('a number default is one a table can carry', () => {
    const defaultOptions = { ...stressShed.defaultOptions, rounds: 3 };
    const module = defineGameModule(
      shedSpec(
        { rules: { ...stressShed, defaultOptions } as never },
        {
          defaultOptions,
          fields: { ...stressShedModule.options.fields, rounds: { kind: 'number', label: 'Rounds', min: 1, max: 9 } },
        },
      ),
    );
    expect(module.options.defaults['rounds']).toBe(3);
  });

  test('a real-time game may list race codes; a field for an option the rules lack is allowed and not offered', () => {
    const speed = defineGameModule({
      ...shedSpec(),
      meta: defineGameMeta(speedMeta({ timing: 'real-time', fields: { later: { kind: 'checkbox', label: 'Later' } } })),
      rules: stressSpeed as never,
    });
    expect(speed.raceErrors).toEqual(['stale-top', 'stale-call']);
    expect(formFields(speed)).toEqual([]);
    const shed = defineGameModule(
      shedSpec({}, { fields: { ...stressShedModule.options.fields, later: { kind: 'checkbox', label: 'Later' } } }),
    );
    expect(formFields(shed).map((f) => f.name)).toEqual([
      'voluntaryPickup',
      'fourOfAKindBurns',
      'stopAtFirstWinner',
      'decks',
      'endlessHandsEnd',
    ]);
    expect(formFields(shed)[3]).toEqual({
      name: 'decks',
      field: stressShedModule.options.fields.decks,
      default: 'auto',
    });
  });

  describe('describe', () => {
    const { state, open } = shedPosition();
    STACK_HANDLE = handleIn(open, '9H');
    const names = ['Ann', 'Bob'];
    const pickup: Input = { kind: 'act', seat: 1, action: { type: 'pickup' } };
    const reveal: Input = { kind: 'delivered', request: 0 };
    const effects = (input: Input, before: unknown, after: unknown, who: readonly string[]) => [
      `${input.kind} ${before === state} ${after === state}`,
      who.join('+'),
    ];
    const withEffects = defineGameModule(shedSpec({ effects }));
    const without = defineGameModule(shedSpec());

    it('a move reads as the game writes it, seeing the cards public before or after it', () => {
      expect(without.describe(pickup, names, null)).toBe('Bob did pickup seeing null');
      expect(without.describe(pickup, ['', ''], null)).toBe('Seat 2 did pickup seeing null');
      expect(without.describe(pickup, names, state)).toBe('Bob did pickup seeing 9H');
      expect(without.describe(pickup, names, null, state)).toBe('Bob did pickup seeing 9H');
      expect(without.describe(pickup, names, state, state)).toBe('Bob did pickup seeing 9H');
      expect(publicKnowledge(state)(STACK_HANDLE)).toBe('9H');
    });

    it('a move the rules cannot read is "moved"', () => {
      expect(without.describe({ kind: 'act', seat: 0, action: { type: 'teleport' } }, names, state, state)).toBe(
        'Ann moved',
      );
      expect(withEffects.describe({ kind: 'act', seat: 0, action: 7 }, names, state, state)).toBe('Ann moved');
    });

    it('effects join the line with " — " and each other with "; ", only with both states; alone for an input that is no move', () => {
      expect(withEffects.describe(pickup, names, state, state)).toBe(
        'Bob did pickup seeing 9H — act true true; Ann+Bob',
      );
      expect(withEffects.describe(pickup, names, state, null)).toBe('Bob did pickup seeing 9H');
      expect(withEffects.describe(pickup, names, null, state)).toBe('Bob did pickup seeing 9H');
      expect(withEffects.describe(reveal, names, state, state)).toBe('delivered true true; Ann+Bob');
      expect(withEffects.describe(reveal, names, state)).toBe('');
      expect(without.describe(reveal, names, state, state)).toBe('');
      const none = defineGameModule(shedSpec({ effects: () => [] }));
      expect(none.describe(pickup, names, state, state)).toBe('Bob did pickup seeing 9H');
    });
  });
});

describe('module.ts: option values in words', () => {
  const select: OptionField = {
    kind: 'select',
    label: 'Decks',
    choices: [
      { value: 1, label: 'One deck' },
      { value: 'auto', label: 'Automatic' },
    ],
  };
  test.each([
    [{ kind: 'checkbox', label: 'x' } as OptionField, true, 'yes'],
    [{ kind: 'checkbox', label: 'x' } as OptionField, false, 'no'],
    [{ kind: 'checkbox', label: 'x' } as OptionField, 'true', 'no'],
    [select, 1, 'One deck'],
    [select, 'auto', 'Automatic'],
    [select, '1', '1'],
    [select, 3, '3'],
    [{ kind: 'number', label: 'n', min: 1, max: 9 } as OptionField, 7, '7'],
  ])('%j with %j reads %s', (field, value, words) => {
    expect(optionValueText(field, value)).toBe(words);
  });
});
