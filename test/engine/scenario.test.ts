/**
 * The scenario-file runner (src/engine/scenario.ts) on the toy game with a
 * small ScenarioSupport written here: the file schema and its error paths,
 * partial matching, and runScenario's verdicts — a file that plays through,
 * each way a step or an expectation can fail, each way a file is broken
 * before play, and the public and open summaries. Every game's scenario
 * tests trust this runner to fail when a rule goes wrong; these tests make
 * sure it does.
 */
import { describe, expect, test } from 'vitest';
import { loadedNow } from '../helpers/loaded-now.js';
import {
  cardHandles,
  defineGame,
  parseScenario,
  partialMismatches,
  runScenario as runWith,
  type AfterAudit,
  type GameRules,
  type Json,
  type ScenarioFile,
  type ScenarioSupport,
  type State,
} from '../../src/engine/index.js';
import { toyGame, type ToyAction, type ToyBoard, type ToyError } from './toy-game.js';
import { err, ok } from '../../src/result.js';

type ToyState = State<ToyBoard, Record<string, never>>;
interface ToyView {
  phase: string;
  hands: string[][];
  table: string[];
  turned: string[];
  pile: number;
  options: Record<string, unknown>;
}
type ToyRules = GameRules<ToyBoard, ToyAction, Record<string, never>, ToyError, ToyBoard>;

const cardsOf = (state: ToyState, known: Record<number, string>, handles: number[]) =>
  handles.map((handle) => state.cards[handle]?.card ?? known[handle] ?? '??');

/** The toy game's scenario support: one card per seat and a pile; steps pass, show (or claim) a card, or stop. */
const toySupport: ScenarioSupport<ToyBoard, Record<string, never>, ToyView> = {
  deal(spec, players) {
    const { hands, pile } = spec as { hands?: string[]; pile?: string[] };
    if (!Array.isArray(hands) || hands.length !== players || !Array.isArray(pile))
      return 'deal: one card per seat and a pile';
    const zones: Record<string, string[]> = { pile };
    hands.forEach((card, seat) => {
      zones[`hand@${seat}`] = [card];
    });
    return { layout: null, zones };
  },
  action(spec, _state, handleOf) {
    const { handle, missingCards } = cardHandles(handleOf);
    const card = typeof spec.card === 'string' ? spec.card : '';
    // `claim` lets a step show a card as another one: a lie only the audit can catch.
    const claim = typeof spec.claim === 'string' ? spec.claim : card;
    const action =
      spec.type === 'pass'
        ? { type: 'pass', handle: handle(card) }
        : spec.type === 'show'
          ? { type: 'show', handle: handle(card), card: claim }
          : { type: spec.type };
    const missing = missingCards();
    return missing === null ? ok(action) : err(missing);
  },
  summarize: (view) => view as unknown as Json,
};

/** The toy game (its support is `toySupport`); `refuse` makes one kind of crypto completion fail, to test that path. */
function scenarioToy(refuse: 'reveal-to' | 'forward' | null = null) {
  const rules = toyGame.rules as ToyRules;
  return defineGame<ToyBoard, ToyAction, Record<string, never>, ToyError, ToyView>({
    ...rules,
    id: 'toy-scenario',
    // One option, only so that a test can see the file's options reach setup.
    parseOptions: (raw) =>
      typeof raw === 'object' &&
      raw !== null &&
      Object.entries(raw).every(([key, value]) => key === 'shout' && typeof value === 'boolean')
        ? (raw as Record<string, never>)
        : null,
    afterCrypto: (draft, done, know) => (done.kind === refuse ? 'bad-pass' : rules.afterCrypto(draft, done, know)),
    view: (state, _seat, view) => ({
      phase: state.board.phase,
      hands: state.board.hands.map((hand) => cardsOf(state, view.known, hand)),
      table: cardsOf(state, view.known, state.board.table),
      turned: cardsOf(state, view.known, state.board.turned),
      pile: state.board.pile.length,
      options: state.options,
    }),
  });
}

const game = scenarioToy();
/** Runs a file through a toy game with the toy's scenario support. */
const runScenario = (which: ReturnType<typeof scenarioToy>, file: ScenarioFile, afterAudit?: AfterAudit) =>
  runWith(which, toySupport, file, afterAudit);
const PILE = ['2H', '3H', '4H', '5H', '6H', '7H'];

/** A two-seat file: both pass, seat 1 shows the card it was passed, seat 0 stops. */
function file(changes: Partial<ScenarioFile> = {}): ScenarioFile {
  return {
    game: 'toy-scenario',
    title: 'pass, show, stop',
    seats: 2,
    deal: { hands: ['9H', '8H'], pile: PILE },
    actions: [
      { seat: 0, type: 'pass', card: '9H' },
      { seat: 1, type: 'pass', card: '8H' },
      { seat: 1, type: 'show', card: '9H', note: 'the card seat 0 passed' },
      { seat: 0, type: 'stop' },
    ],
    expect: { state: { phase: 'over', hands: [['8H'], []], table: ['9H'] }, outcome: { summary: 'stopped' } },
    ...changes,
  };
}

const step = (index: number, changes: Record<string, unknown>) => {
  const actions = [...file().actions];
  actions[index] = { ...(actions[index] ?? { seat: 0 }), ...changes } as ScenarioFile['actions'][number];
  return actions;
};

describe('runScenario plays a file through the real reducer', () => {
  test('an honest file passes: every step logged, the inputs kept, the audit clean', () => {
    const run = runScenario(game, file());
    expect(run.failures).toEqual([]);
    expect(run.ok).toBe(true);
    expect(run.title).toBe('pass, show, stop');
    expect(run.rejected).toBeNull();
    expect(run.log).toEqual([
      '#0 seat 0 {"type":"pass","card":"9H"} → ok',
      '#1 seat 1 {"type":"pass","card":"8H"} → ok',
      '#2 seat 1 {"type":"show","card":"9H"} (the card seat 0 passed) → ok',
      '#3 seat 0 {"type":"stop"} → ok',
    ]);
    // Two deliveries of the deal, two actions, two forwards, two actions.
    expect(run.inputs.map((input) => (input as { kind: string }).kind)).toEqual([
      'delivered',
      'delivered',
      'act',
      'act',
      'delivered',
      'delivered',
      'act',
      'act',
    ]);
    expect(run.outcome).toMatchObject({ summary: 'stopped', ranking: [[0, 1]] });
    expect(run.audit).toEqual({ verdict: 'clean', inputs: 8, claimsChecked: 0, cardsChecked: 8 });
    expect(run.open).toEqual({ 0: '9H', 1: '8H', 2: '2H', 3: '3H', 4: '4H', 5: '5H', 6: '6H', 7: '7H' });
    expect(run.state?.board.phase).toBe('over');
  });

  test('the open summary shows every card; the public one hides what only a seat was shown', () => {
    const run = runScenario(game, file());
    expect(run.openSummary).toEqual({
      phase: 'over',
      hands: [['8H'], []],
      table: ['9H'],
      turned: [],
      pile: 6,
      options: {},
    });
    expect(run.publicSummary).toEqual({
      phase: 'over',
      hands: [['??'], []],
      table: ['9H'],
      turned: [],
      pile: 6,
      options: {},
    });
  });

  test("the file's options reach the game's setup", () => {
    const run = runScenario(game, file({ options: { shout: true } }));
    expect(run.failures).toEqual([]);
    expect(run.openSummary).toMatchObject({ options: { shout: true } });
  });

  test('a file without a title is "(untitled)"; its steps run all the same', () => {
    const { title: _title, ...untitled } = file();
    expect(runScenario(game, untitled)).toMatchObject({ title: '(untitled)', ok: true });
  });

  test('a reshuffle in the middle of a file is settled from the deal, in kept order', () => {
    const actions = [...file().actions.slice(0, 3), { seat: 0, type: 'mix' }];
    const run = runScenario(
      game,
      file({ actions, expect: { state: { phase: 'play', table: [], turned: ['9H'], pile: 6 } } }),
    );
    expect(run.failures).toEqual([]);
    expect(run.inputs.slice(-2).map((input) => (input as { kind: string }).kind)).toEqual(['reshuffled', 'revealed']);
    expect(run.open[8]).toBe('9H');
  });

  test('a step names the live card: after a reshuffle, the fresh handle, not the retired one', () => {
    const actions = [
      ...file().actions.slice(0, 3),
      { seat: 0, type: 'mix' },
      { seat: 1, type: 'show', card: '9H', rejects: 'not-yours' },
    ];
    const run = runScenario(game, file({ actions, expect: { state: { turned: ['9H'] } } }));
    // The retired handle would be refused as handle-gone; the live one is on the table's turned pile, not in a hand.
    expect(run.failures).toEqual([]);
    expect(run.log.at(-1)).toBe('#4 seat 1 {"type":"show","card":"9H"} → refused: not-yours');
  });

  test('the audit is expected clean unless the file says otherwise', () => {
    const actions = step(2, { claim: '7H' });
    const lying = runScenario(game, file({ actions, expect: {} }));
    expect(lying.audit).toMatchObject({ verdict: 'fault', seat: 1, reason: 'false-card-claim' });
    expect(lying.failures).toEqual(['audit.verdict: expected "clean", got "fault"']);
    const expected = runScenario(
      game,
      file({ actions, expect: { audit: { verdict: 'fault', seat: 1, reason: 'false-card*' } } }),
    );
    expect(expected.failures).toEqual([]);
    expect(expected.ok).toBe(true);
  });
});

describe('runScenario fails a file whose play or expectations are wrong', () => {
  test('a step checked with `then` that does not hold', () => {
    const run = runScenario(game, file({ actions: step(2, { then: { table: ['8H'], phase: 'play' } }) }));
    expect(run.ok).toBe(false);
    expect(run.failures).toEqual(['after step 2.table[0]: expected "8H", got "9H"']);
  });

  test('a step checked with `then` that holds adds nothing', () => {
    expect(runScenario(game, file({ actions: step(2, { then: { table: ['9H'], phase: 'play' } }) })).failures).toEqual(
      [],
    );
  });

  test('an expected refusal that comes: logged, and play goes on', () => {
    const actions = [{ seat: 0, type: 'stop', rejects: 'wrong-phase' }, ...file().actions];
    const run = runScenario(game, file({ actions }));
    expect(run.failures).toEqual([]);
    expect(run.log[0]).toBe('#0 seat 0 {"type":"stop"} → refused: wrong-phase');
    expect(run.log).toHaveLength(5);
  });

  test('an expected refusal with another code', () => {
    const actions = [{ seat: 0, type: 'stop', rejects: 'not-your-turn' }, ...file().actions];
    const run = runScenario(game, file({ actions }));
    expect(run.ok).toBe(false);
    expect(run.failures).toEqual(['step 0: expected refusal not-your-turn, got wrong-phase']);
  });

  test('an expected refusal that is accepted ends play there', () => {
    const run = runScenario(
      game,
      file({ actions: step(0, { rejects: 'bad-pass' }), expect: { state: { phase: 'pass' } } }),
    );
    expect(run.failures).toEqual(['step 0: expected refusal bad-pass, but it was accepted']);
    expect(run.log).toEqual(['#0 seat 0 {"type":"pass","card":"9H"} → refused: (accepted!)']);
  });

  test('an unexpected refusal stops play and is reported with its seat', () => {
    const run = runScenario(game, file({ actions: step(2, { seat: 0 }), expect: {} }));
    expect(run.rejected).toEqual({ index: 2, seat: 0, error: 'not-yours' });
    expect(run.log.at(-1)).toBe('#2 seat 0 {"type":"show","card":"9H"} (the card seat 0 passed) → REJECTED: not-yours');
    expect(run.log).toHaveLength(3);
    expect(run.failures).toEqual(['step 2 (seat 0) was refused: not-yours']);
  });

  test('a refusal the file expects, by index and code', () => {
    const run = runScenario(
      game,
      file({ actions: step(2, { seat: 0 }), expect: { rejected: { index: 2, error: 'not-yours' } } }),
    );
    expect(run.failures).toEqual([]);
    expect(run.ok).toBe(true);
  });

  test('an expected refusal that never comes, or comes elsewhere', () => {
    expect(runScenario(game, file({ expect: { rejected: { index: 2, error: 'not-yours' } } })).failures).toEqual([
      'rejected: expected an object, got null',
    ]);
    const elsewhere = runScenario(
      game,
      file({ actions: step(2, { seat: 0 }), expect: { rejected: { index: 1, error: 'not-yours' } } }),
    );
    expect(elsewhere.failures).toEqual(['rejected.index: expected 1, got 2']);
  });

  test('a final state, an outcome or an audit other than expected', () => {
    const run = runScenario(
      game,
      file({ expect: { state: { phase: 'play', pile: 6 }, outcome: { summary: 'won' }, audit: { verdict: 'fault' } } }),
    );
    expect(run.failures).toEqual([
      'state.phase: expected "play", got "over"',
      'outcome.summary: expected "won", got "stopped"',
      'audit.verdict: expected "fault", got "clean"',
    ]);
  });

  test('no outcome is expected unless the file says so; a hand still in play has none', () => {
    const run = runScenario(game, file({ actions: file().actions.slice(0, 3), expect: { outcome: null } }));
    expect(run.failures).toEqual([]);
    expect(run.outcome).toBeNull();
    expect(
      runScenario(game, file({ actions: file().actions.slice(0, 3), expect: { outcome: { summary: 'stopped' } } }))
        .failures,
    ).toEqual(['outcome: expected an object, got null']);
  });
});

describe('runScenario refuses a broken file before play, with the reason', () => {
  test('a game without scenario support', () => {
    expect(runWith(toyGame, null, file({ game: 'toy' })).failures).toEqual(['game toy has no scenario support']);
  });

  test.each<[string, ReturnType<typeof scenarioToy>, ScenarioFile, string]>([
    ['a file for another game', game, file({ game: 'pesten' }), 'scenario is for pesten, not toy-scenario'],
    ['options the game refuses', game, file({ options: { fast: true } }), 'bad options'],
    ['a deal the game cannot read', game, file({ deal: { hands: ['9H'] } }), 'deal: one card per seat and a pile'],
    [
      'a seat count the game does not allow',
      game,
      file({ seats: 5, deal: { hands: ['9H', '8H', '7H', '6H', '5H'], pile: ['2H', '3H', '4H'] } }),
      'setup refused: bad-player-count',
    ],
    ['a dealer who is not at the table', game, file({ dealer: 2 }), 'setup refused: bad-seat'],
    ['a deal with a card twice', game, file({ deal: { hands: ['9H', '9H'], pile: PILE } }), '"9H" is dealt twice'],
    [
      'a step naming cards not in play',
      game,
      file({ actions: step(1, { card: 'AS' }) }),
      'step 1: no such card in play: AS',
    ],
    ['a crypto completion refused at the deal', scenarioToy('reveal-to'), file(), 'crypto input refused: bad-pass'],
    [
      'a crypto completion refused after a step',
      scenarioToy('forward'),
      file(),
      'step 1: crypto input refused: bad-pass',
    ],
  ])('%s', (_name, which, broken, why) => {
    const run = runScenario(which, broken);
    expect(run).toMatchObject({
      ok: false,
      failures: [why],
      rejected: null,
      outcome: null,
      audit: null,
      state: null,
      inputs: [],
      open: {},
    });
  });
});

describe('parseScenario', () => {
  const minimal = { game: 'toy', seats: 2, deal: null, actions: [] };
  /** parseScenario of a scenario.ts loaded now: its schema is built when the module loads (test/helpers/loaded-now.ts). */
  async function freshParseScenario(): Promise<typeof parseScenario> {
    return (await loadedNow(() => import('../../src/engine/scenario.js'))).parseScenario;
  }

  test('accepts a minimal file and a full one', async () => {
    const parse = await freshParseScenario();
    expect(parse(minimal)).toEqual(minimal);
    expect(parse(file())).toEqual(file());
  });

  test.each<[string, unknown, RegExp]>([
    ['not an object', 'stress-shed', /^bad scenario file at top level: /],
    ['no seat count', { ...minimal, seats: undefined }, /^bad scenario file at seats: /],
    ['no seats at all', { ...minimal, seats: 0 }, /^bad scenario file at seats: /],
    ['a fractional seat count', { ...minimal, seats: 2.5 }, /^bad scenario file at seats: /],
    ['a negative dealer', { ...minimal, dealer: -1 }, /^bad scenario file at dealer: /],
    [
      'a step without a seat',
      { ...minimal, actions: [{ seat: 0 }, { type: 'stop' }] },
      /^bad scenario file at actions\.1\.seat: /,
    ],
    [
      'a note that is not text',
      { ...minimal, actions: [{ seat: 0, note: 3 }] },
      /^bad scenario file at actions\.0\.note: /,
    ],
    [
      'an expected refusal without its code',
      { ...minimal, expect: { rejected: { index: 1 } } },
      /^bad scenario file at expect\.rejected\.error: /,
    ],
    ['an unknown expectation', { ...minimal, expect: { winner: 0 } }, /^bad scenario file at expect\.winner: /],
    ['an unknown top-level key', { ...minimal, players: 2 }, /^bad scenario file at players: /],
  ])('refuses %s, naming where', async (_name, raw, message) => {
    expect((await freshParseScenario())(raw)).toMatch(message);
  });

  test("the reason is the schema's own words, after the place", async () => {
    const parse = await freshParseScenario();
    expect(parse({ ...minimal, seats: 0 })).toBe(
      'bad scenario file at seats: Invalid value: Expected >=1 but received 0',
    );
    expect(parse('x')).toBe('bad scenario file at top level: Invalid type: Expected Object but received "x"');
  });

  test('a step may carry game fields of its own', async () => {
    const parsed = (await freshParseScenario())({ ...minimal, actions: [{ seat: 1, type: 'play', cards: ['4H'] }] });
    expect(typeof parsed === 'object' && parsed.actions[0]).toEqual({ seat: 1, type: 'play', cards: ['4H'] });
  });
});

describe('partialMismatches', () => {
  test.each<[string, unknown, unknown, string[]]>([
    ['equal numbers', 3, 3, []],
    ['different numbers', 3, 4, ['$: expected 4, got 3']],
    ['a number against its text', 3, '3', ['$: expected "3", got 3']],
    ['NaN is NaN', Number.NaN, Number.NaN, []],
    ['-0 is not 0', -0, 0, ['$: expected 0, got 0']],
    ['null against null', null, null, []],
    ['a prefix pattern that matches', 'has-legal-play: 5H', 'has-legal-play*', []],
    [
      'a prefix pattern that does not',
      'false-claim',
      'has-legal-play*',
      ['$: expected has-legal-play*, got "false-claim"'],
    ],
    [
      'a prefix pattern whose first letter matches',
      'has-no-play',
      'has-legal-play*',
      ['$: expected has-legal-play*, got "has-no-play"'],
    ],
    ['a prefix pattern against a number', 5, '5*', ['$: expected 5*, got 5']],
    ['a star inside a string is literal', 'a-b', 'a*b', ['$: expected "a*b", got "a-b"']],
    ['equal arrays', [1, 2], [1, 2], []],
    ['an array one longer', [1, 2, 3], [1, 2], ['$: expected [1,2], got [1,2,3]']],
    ['an array one shorter', [1], [1, 2], ['$: expected [1,2], got [1]']],
    ['an array against an object', { 0: 1 }, [1], ['$: expected an array, got {"0":1}']],
    ['an element that differs', [1, 5, 3], [1, 2, 3], ['$[1]: expected 2, got 5']],
    ['only the keys given count', { a: 1, b: 2 }, { a: 1 }, []],
    ['a missing key', { b: 2 }, { a: 1 }, ['$.a: expected 1, got undefined']],
    [
      'nested paths',
      { a: { b: [0, { c: 'x' }] } },
      { a: { b: [0, { c: 'y' }] } },
      ['$.a.b[1].c: expected "y", got "x"'],
    ],
    ['an object against null', null, { a: 1 }, ['$: expected an object, got null']],
    ['an object against an array', [1], { 0: 1 }, ['$: expected an object, got [1]']],
    ['an object against a number', 7, {}, ['$: expected an object, got 7']],
    [
      'every mismatch, not the first',
      { a: 1, b: 2 },
      { a: 0, b: 0 },
      ['$.a: expected 0, got 1', '$.b: expected 0, got 2'],
    ],
  ])('%s', (_name, actual, expected, lines) => {
    expect(partialMismatches(actual, expected)).toEqual(lines);
  });

  test('the path given is the prefix of every line', () => {
    expect(partialMismatches({ a: 1 }, { a: 2 }, 'state')).toEqual(['state.a: expected 2, got 1']);
  });
});

describe('cardHandles', () => {
  test('names every missing card at once, in order; known cards get their handles', () => {
    const known: Record<string, number> = { '2H': 4, '3H': 0 };
    const { handle, missingCards } = cardHandles((card) => known[card] ?? null);
    expect(missingCards()).toBeNull();
    expect([handle('2H'), handle('AS'), handle('3H'), handle('KD')]).toEqual([4, -1, 0, -1]);
    expect(missingCards()).toBe('no such card in play: AS, KD');
  });
});
