/**
 * The game-agnostic parts of src/games, each checked on its own and fast:
 * how a module is assembled and refuses parts that disagree (module.ts),
 * option values in words and the form's fields, the log's seat and card
 * names (describe.ts), card hints' edge cases (card-hints.ts: no probe, no
 * seat, a card the viewer does not know, the engine's own refusals), the
 * end-of-hand zones and named summaries (hand-cards.ts), the rules versions
 * a transcript may be replayed by (rules-versions.ts), the rules help
 * (rules-help.ts) and the seating order's checks (seating.ts).
 */
import { describe, expect, it, test } from 'vitest';
import {
  privateViewOf,
  publicKnowledge,
  runScenario,
  stateHash,
  type EngineError,
  type Input,
  type ScenarioFile,
} from '../../src/engine/index.js';
import { cardHints, engineWords } from '../../src/games/card-hints.js';
import { cardList, cardName, seatName } from '../../src/games/describe.js';
import { handCards, namedSummary } from '../../src/games/hand-cards.js';
import {
  defineGameModule,
  formFields,
  optionValueText,
  type AnyGameModule,
  type GameModuleSpec,
  type OptionField,
} from '../../src/games/module.js';
import { rulesHelp } from '../../src/games/rules-help.js';
import { currentRulesVersion, initialHash, rulesVersions } from '../../src/games/rules-versions.js';
import { seatsInPlayOrder } from '../../src/games/seating.js';
import { stressShed, stressShedModule, type StressState } from '../../src/games/stress-shed/index.js';
import { stressSpeed } from '../../src/games/stress-speed/index.js';
import {
  fightingCards,
  fightingCardsBot,
  outcomeAfterAudit,
  type FightingState,
} from '../../src/games/fighting-cards/index.js';
import { fightingCardsV1, outcomeAfterAuditV1 } from '../../src/games/fighting-cards/rules-v1.js';
import { play as playFighting } from './fighting-cards/helpers.js';

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

const handleOf = (open: Record<number, string>, card: string): number =>
  Number(Object.entries(open).find(([, c]) => c === card)![0]);

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

describe('hand-cards.ts', () => {
  test.each([
    ['seat 1 won; seat 0 deals next', 'Bob won; Ann deals next'],
    ['seats 0, 2 win', 'Ann and Cid win'],
    ['seats 2, 1, 0 share', 'Cid, Bob and Ann share'],
    ['seats 1 wins', 'Bob wins'],
    ['seat 5 is out', 'Seat 6 is out'],
    ['seat 3 won', 'Seat 4 won'],
    ['seat 10 won', 'Seat 11 won'],
    ['seats 0, 12 win', 'Ann and Seat 13 win'],
    ['the reseat 1 stays', 'the reseat 1 stays'],
    ['Seat 1 stays', 'Seat 1 stays'],
    ['seat one', 'seat one'],
  ])('%s → %s', (summary, named) => {
    expect(namedSummary(summary, ['Ann', 'Bob', 'Cid', ''])).toBe(named);
  });

  test('the zones of a hand leave out the empty ones; an unknown game has none', () => {
    const { state } = shedPosition();
    const zones = handCards('stress-shed', state);
    const listed = (zones: readonly { seat: number | null; label: string; handles: readonly number[] }[]) =>
      zones.map((z) => `${z.seat}:${z.label}:${z.handles.length}`);
    expect(listed(zones)).toEqual([
      '0:hand:4',
      '0:face-up:4',
      '0:face-down:4',
      '1:hand:4',
      '1:face-up:4',
      '1:face-down:4',
      'null:draw stack:27',
    ]);
    const drawn = {
      ...state,
      board: { ...state.board, draw: [], seats: [state.board.seats[0]!, { ...state.board.seats[1]!, hand: [] }] },
    };
    expect(listed(handCards('stress-shed', drawn))).toEqual([
      '0:hand:4',
      '0:face-up:4',
      '0:face-down:4',
      '1:face-up:4',
      '1:face-down:4',
    ]);
    expect(handCards('no-such-game', state)).toEqual([]);
  });
});

describe('card-hints.ts', () => {
  test.each([
    ['game-over', 'The game is over.'],
    ['not-your-turn', 'Wait for your turn.'],
    ['awaiting-crypto', 'Wait a moment: cards are on their way.'],
    ['bad-action', null],
  ] as const)('the engine refusal %s reads %j', (error, words) => {
    expect(engineWords(error as EngineError)).toBe(words);
  });

  test('a seat holding a card hears whether it goes, and why not, with no places for a one-move probe', () => {
    const { state, open } = shedPosition();
    const seat = state.board.turn!;
    const hints = cardHints(stressShedModule, state, seat, privateViewOf(state, open, seat));
    const own = seat === 0 ? ['4C', '8D', 'QD', 'AD'] : ['5D', '2H', '9S', 'KH'];
    const legal = own.filter((card) => hints[handleOf(open, card)]!.legal);
    expect(legal.length).toBeGreaterThan(0);
    for (const card of own) {
      const hint = hints[handleOf(open, card)]!;
      expect(Object.keys(hint).sort()).toEqual(['legal', 'why']);
      expect(hint.why === null).toBe(hint.legal);
    }
  });

  test('the seat not on turn is told to wait; no seat, no probe or an unknown card give no hint', () => {
    const { state, open } = shedPosition();
    const other = 1 - state.board.turn!;
    const view = privateViewOf(state, open, other);
    const hints = cardHints(stressShedModule, state, other, view);
    const hand = state.board.seats[other]!.hand;
    expect(Object.keys(hints).map(Number).sort()).toEqual([...hand, ...state.board.seats[other]!.faceUp].sort());
    for (const handle of hand) expect(hints[handle]).toEqual({ legal: false, why: 'Wait for your turn.' });
    expect(cardHints(stressShedModule, state, null, view)).toEqual({});
    const noProbe: AnyGameModule = { ...stressShedModule, cardProbe: undefined };
    expect(cardHints(noProbe, state, other, view)).toEqual({});
    // A viewer without a seat gets no hint even from a probe that offers cards whatever the seat.
    const anyone: AnyGameModule = {
      ...stressShedModule,
      cardProbe: { ...stressShedModule.cardProbe!, cards: () => hand },
    };
    expect(
      Object.keys(cardHints(anyone, state, other, view))
        .map(Number)
        .sort(),
    ).toEqual([...hand].sort());
    expect(cardHints(anyone, state, null, view)).toEqual({});
    // Seat `other` asks about the cards of the seat on turn: it knows only their face-up ones.
    const onTurn = state.board.turn!;
    const blind = cardHints(stressShedModule, state, onTurn, view);
    expect(Object.keys(blind).map(Number).sort()).toEqual([...state.board.seats[onTurn]!.faceUp].sort());
  });
});

/** A module spec built from Stress (shedding)'s real rules, with log lines and effects that show what `describe` passes them. */
function shedSpec(
  overrides: Partial<GameModuleSpec<string, unknown, unknown, unknown, string, unknown>> = {},
): GameModuleSpec<string, unknown, unknown, unknown, string, unknown> {
  return {
    id: 'stress-shed',
    rules: stressShed as never,
    blurb: 'a blurb',
    timing: 'turns',
    fields: stressShedModule.options.fields,
    bots: stressShedModule.bots as never,
    describe: (action, who, know) =>
      `${who} did ${(action as { type: string }).type} seeing ${String(know(STACK_HANDLE))}`,
    ...overrides,
  };
}
let STACK_HANDLE = -1;

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
    expect(module.bots).toBe(stressShedModule.bots);
    expect(
      Object.keys(module).filter((k) =>
        ['scoreAfterAudit', 'hiddenClaims', 'cardZones', 'rulesText', 'describePrivate', 'cardProbe'].includes(k),
      ),
    ).toEqual([]);
    expect(defineGameModule(shedSpec({ playDirection: 'descending' })).playDirection).toBe('descending');
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

  type Spec = GameModuleSpec<string, unknown, unknown, unknown, string, unknown>;
  test.each<[string, Spec, string]>([
    [
      'its id differs from the rules',
      shedSpec({ id: 'stress' }),
      'game module stress: its rules say they are stress-shed',
    ],
    [
      'a turn-based game lists race codes',
      shedSpec({ id: 'stress-speed', rules: stressSpeed as never, fields: {} }),
      'game module stress-speed: a turn-based game has no races, yet lists stale-top, stale-call',
    ],
    [
      'an option has no field',
      shedSpec({ fields: withoutDecks }),
      'game module stress-shed: option decks has no form field (label)',
    ],
    ...[NaN, Infinity, null, { n: 1 }, undefined].map(
      (bad) =>
        [
          `a default is ${String(bad)}`,
          shedSpec({ rules: { ...stressShed, defaultOptions: { ...stressShed.defaultOptions, odd: bad } } as never }),
          'game module stress-shed: option odd has a default a table cannot carry',
        ] as [string, Spec, string],
    ),
  ])('throws when %s', (_, spec, message) => {
    expect(() => defineGameModule(spec)).toThrow(new TypeError(message));
  });

  test('a number default is one a table can carry', () => {
    const rules = { ...stressShed, defaultOptions: { ...stressShed.defaultOptions, rounds: 3 } };
    const module = defineGameModule(
      shedSpec({
        rules: rules as never,
        fields: { ...stressShedModule.options.fields, rounds: { kind: 'number', label: 'Rounds', min: 1, max: 9 } },
      }),
    );
    expect(module.options.defaults['rounds']).toBe(3);
  });

  test('a real-time game may list race codes; a field for an option the rules lack is allowed and not offered', () => {
    const speed = defineGameModule(
      shedSpec({
        id: 'stress-speed',
        rules: stressSpeed as never,
        timing: 'real-time',
        fields: { later: { kind: 'checkbox', label: 'Later' } },
      }),
    );
    expect(speed.raceErrors).toEqual(['stale-top', 'stale-call']);
    expect(formFields(speed)).toEqual([]);
    const shed = defineGameModule(
      shedSpec({ fields: { ...stressShedModule.options.fields, later: { kind: 'checkbox', label: 'Later' } } }),
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
    STACK_HANDLE = handleOf(open, '9H');
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

describe('rules-help.ts', () => {
  test('each option has its label, value in words and help (null without one)', () => {
    const help = rulesHelp('stress-shed', { voluntaryPickup: true })!;
    expect(help.name).toBe('Stress (shedding)');
    expect(help.aim).toBe(stressShedModule.rulesText!.aim);
    expect(help.sections).toBe(stressShedModule.rulesText!.sections);
    expect(help.options[0]).toEqual({
      label: 'Pick up the stack at will',
      value: 'yes',
      help: 'Off: only when you cannot play (checked by the audit).',
    });
    expect(help.options[1]).toEqual({ label: 'Four of a kind burns the stack', value: 'no', help: null });
    expect(help.options[3]).toEqual({
      label: 'Decks',
      value: 'Automatic',
      help: 'One deck serves 2–4 players, two are needed for 5–6.',
    });
    expect(help.options).toHaveLength(5);
  });
});

describe('rules-versions.ts', () => {
  test('a game with one version: it is current, version 1, without a change', () => {
    const [only, ...rest] = rulesVersions('stress-shed');
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ version: 1, current: true, change: null });
    expect(only!.rules).toBe(stressShed);
    expect(currentRulesVersion('stress-shed')).toBe(1);
    expect(rulesVersions('no-such-game')).toEqual([]);
    expect(currentRulesVersion('no-such-game')).toBeNull();
  });

  test('Fighting Cards: version 2 is current, version 1 says what changed; newest first', () => {
    const [v2, v1] = rulesVersions('fighting-cards');
    expect(v2).toMatchObject({ version: 2, current: true, change: null });
    expect(v2!.rules).toBe(fightingCards);
    expect(v1).toMatchObject({ version: 1, current: false });
    expect(v1!.change).toContain("score table's rows");
    expect(v1!.rules).toBe(fightingCardsV1);
    expect(currentRulesVersion('fighting-cards')).toBe(2);
  });

  test('the outcome is the live one until the audit is in, then the one after the audit', () => {
    const result = playFighting({ players: 3 }, 5, [fightingCardsBot, fightingCardsBot, fightingCardsBot], {
      maxInputs: 300,
    });
    const state = result.state as FightingState;
    expect(state.board.result).not.toBeNull();
    const defender = ((state.board.declarer ?? 0) + 1) % 3;
    const report = {
      verdict: 'fault',
      index: 20,
      seat: defender,
      reason: 'must-follow-suit: false claim "x"',
    } as const;
    const [v2, v1] = rulesVersions('fighting-cards');
    const live = fightingCards.outcome(state);
    const audited = outcomeAfterAudit(state, report);
    expect(audited).not.toEqual(live);
    expect(v2!.outcome(state, null)).toEqual(live);
    expect(v2!.outcome(state, report)).toEqual(audited);
    expect(v1!.outcome(state, report)).toEqual(outcomeAfterAuditV1(state, report));
    expect(v1!.outcome(state, report)).not.toEqual(v1!.outcome(state, null));
    expect(v1!.outcome(state, null)).toEqual(fightingCardsV1.outcome(state));
    // A game without a score after the audit keeps the live outcome.
    const [shed] = rulesVersions('stress-shed');
    const { state: shedState } = shedPosition();
    expect(shed!.outcome(shedState, { verdict: 'clean', inputs: 2, claimsChecked: 0, cardsChecked: 0 })).toEqual(
      stressShed.outcome(shedState),
    );
  });

  test('the first state hash of a set-up, or null when these rules refuse it', () => {
    const [v2, v1] = rulesVersions('fighting-cards');
    const args = { players: 3, dealer: 1 };
    const made = fightingCards.setup(args);
    if (!made.ok) throw new Error('set-up refused');
    expect(initialHash(v2!, args)).toBe(stateHash(made.state));
    expect(initialHash(v1!, args)).toMatch(/^[0-9a-f]{64}$/);
    expect(initialHash(v1!, args)).not.toBe(initialHash(v2!, args));
    expect(initialHash(v2!, { players: 4 })).toBeNull();
  });
});

describe('seating.ts: refusals', () => {
  test.each([
    [2.5, 0, 'seatsInPlayOrder: seats must be a positive integer, got 2.5'],
    [-1, 0, 'seatsInPlayOrder: seats must be a positive integer, got -1'],
    [3, -1, 'seatsInPlayOrder: seat -1 is not at a table of 3'],
    [3, 1.5, 'seatsInPlayOrder: seat 1.5 is not at a table of 3'],
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
