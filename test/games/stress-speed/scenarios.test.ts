/**
 * Stress (speed)'s scenario files: every scenario RULES.md §2 lists has a
 * file under test/scenarios/stress-speed/ that says so
 * (test/games/scenarios.test.ts runs every file there through the runner);
 * each step a file expects to be refused is refused by the rules with that
 * code, and the code is one of the game's `raceErrors` (a bounce, blamed on
 * nobody) exactly when the move becomes legal if it is ordered before one of
 * the moves that landed ahead of it; every other refusal is illegal in any
 * order. And the game's scenario-file support (scenario.ts), called
 * directly: how a deal is read (an opening with piles only, whose first four
 * cards make the row; a position with rows, piles and both stacks), the
 * layout and zones it gives the engine, the cards left aside, and every
 * refusal with its words (a bad deal, the wrong seat count, a mix of the two
 * forms, a card dealt twice); and how a step's card names become an action
 * (the slot the card lies in or the one named, the current top or the one
 * named, both current tops for a call) or a refusal (an empty centre stack
 * with no top named, a card not in play, a bad step). Its schemas are built
 * when it loads, so those tests load it afresh (test/helpers/loaded-now.ts).
 */
import { describe, expect, test } from 'vitest';
import { type ScenarioFile } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { stressSpeed } from '../../../src/games/stress-speed/index.js';
import type { CardId } from '../../../src/engine/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { scenarioDir } from '../../helpers/scenario-files.js';
import { handleOf, position } from './helpers.js';

const { files, load } = scenarioDir('stress-speed');

/** RULES.md §2 "Scenarios", each with the file that covers it. */
const rulesScenarios: Array<[string, string]> = [
  ['re-deal on duplicates at setup', 'setup-covers-duplicates.json'],
  ['5 on 4 legal, 4 on 4 illegal', 'five-on-four.json'],
  ['A on K and 2 on A legal, Q on A illegal', 'aces-high-and-low.json'],
  ['two plays on one stack at once → exactly one lands, the other bounces', 'two-plays-one-stack.json'],
  ['tops 9/9 → a call → opponent takes both stacks into pile, both deal new tops', 'stress-call.json'],
  ['a play that changes a top before the call is ordered → call does nothing', 'call-after-top-changed.json'],
  ['stalemate → both deal', 'stalemate-both-deal.json'],
  ['stalemate with one pile empty → only the other deals', 'stalemate-one-pile.json'],
  ['both piles empty → stacks become piles', 'stalemate-restack.json'],
  ['last row card with empty pile → win', 'last-card-wins.json'],
  [
    'a player whose pile was empty with one empty slot takes both stacks on a lost stress call → the empty slot is refilled at once',
    'stress-refills-empty-slot.json',
  ],
];

describe('RULES.md §2 scenarios each have a file', () => {
  test.each(rulesScenarios)('%s → %s', (_rule, file) => {
    expect(files).toContain(file);
    expect(load(file).rules ?? '').toContain('RULES.md §2 scenario');
    expect(load(file).game).toBe('stress-speed');
  });
});

describe('expected refusals are races exactly when RULES.md says the move bounces', () => {
  const refusals = files.flatMap((file) =>
    load(file).actions.flatMap((step, index) => (step.rejects ? [[file, index, step.rejects] as const] : [])),
  );

  /**
   * The scenario up to the refused step, with one earlier accepted action
   * left out (or none: `drop` = -1), then the refused step expecting nothing:
   * what the reducer says when that move is ordered before the one it raced.
   */
  function reordered(file: ScenarioFile, index: number, drop: number) {
    const before = file.actions.slice(0, index).filter((_, i) => i !== drop);
    const { rejects: _expected, ...step } = file.actions[index]!;
    return runScenario(stressSpeed, { ...file, actions: [...before, step], expect: {} });
  }

  test.each(refusals)('%s step %i: %s', (name, index, error) => {
    const file = load(name);
    // The rules give this very refusal, in the file's order.
    expect(reordered(file, index, -1).rejected).toMatchObject({ seat: file.actions[index]!.seat, error });
    const accepted = file.actions.slice(0, index).flatMap((step, i) => (step.rejects === undefined ? [i] : []));
    // What the rules answer when the move is ordered before each move that landed ahead of it.
    const answers = accepted.map((drop) => {
      const run = reordered(file, index, drop);
      return run.rejected === null && run.ok ? 'accepted' : (run.rejected?.error ?? run.failures.join('; '));
    });
    if (stressSpeed.raceErrors.includes(error)) {
      // A bounce: the refusal comes from the order alone, so some other order changes the answer
      // (a refusal with nothing ordered ahead of it is only checked for its code above).
      if (accepted.length > 0)
        expect(
          answers.some((answer) => answer !== error),
          `answers ${answers.join(', ')}`,
        ).toBe(true);
    } else {
      // Blamed: illegal whatever was ordered ahead of it.
      expect(answers.filter((answer) => answer === 'accepted')).toEqual([]);
    }
  });
});

const support = async () => (await loadedNow(() => import('../../../src/games/stress-speed/scenario.js'))).scenario;
const deckOf = async () => (await loadedNow(() => import('../../../src/games/stress-speed/setup.js'))).deck({});

describe('scenario deal', () => {
  test('an opening: the first four pile cards make the row, no centre cards, the rest of the deck aside', async () => {
    const scenario = await support();
    const made = scenario.deal(
      { seats: [{ pile: ['5C', '9D', 'KH', '2S', 'AH', '7C'] }, { pile: ['3D', '4D', '6S', 'QC', '10H'] }] },
      2,
      {},
    );
    if (typeof made === 'string') throw new Error(made);
    expect(made.layout).toEqual({
      seats: [
        { row: [0, 0, 0, 0], pile: 6 },
        { row: [0, 0, 0, 0], pile: 5 },
      ],
      stacks: [0, 0],
    });
    const { aside, ...named } = made.zones;
    expect(named).toEqual({
      'slot0@0': ['5C'],
      'slot1@0': ['9D'],
      'slot2@0': ['KH'],
      'slot3@0': ['2S'],
      'pile@0': ['AH', '7C'],
      'slot0@1': ['3D'],
      'slot1@1': ['4D'],
      'slot2@1': ['6S'],
      'slot3@1': ['QC'],
      'pile@1': ['10H'],
      'stack@0': [],
      'stack@1': [],
    });
    const dealt = new Set(Object.values(named).flat());
    expect(aside).toEqual((await deckOf()).filter((card) => !dealt.has(card)));
    expect(aside).toHaveLength(52 - 11);
  });

  test('a position: rows slot by slot, piles as given, both stacks; counts in the layout', async () => {
    const scenario = await support();
    const made = scenario.deal(
      {
        seats: [
          { row: [['4H'], ['9C', '5D'], [], ['KS']], pile: ['2C'] },
          { row: [['AS'], ['JD'], ['3S'], ['8H']], pile: [] },
        ],
        stacks: [['9H'], ['8D', '9D']],
      },
      2,
      {},
    );
    if (typeof made === 'string') throw new Error(made);
    expect(made.layout).toEqual({
      seats: [
        { row: [1, 2, 0, 1], pile: 1 },
        { row: [1, 1, 1, 1], pile: 0 },
      ],
      stacks: [1, 2],
    });
    const { aside, ...named } = made.zones;
    expect(named).toEqual({
      'slot0@0': ['4H'],
      'slot1@0': ['9C', '5D'],
      'slot2@0': [],
      'slot3@0': ['KS'],
      'pile@0': ['2C'],
      'slot0@1': ['AS'],
      'slot1@1': ['JD'],
      'slot2@1': ['3S'],
      'slot3@1': ['8H'],
      'pile@1': [],
      'stack@0': ['9H'],
      'stack@1': ['8D', '9D'],
    });
    expect(aside).toHaveLength(52 - 12);
    expect(aside).not.toContain('9D');
    expect(aside).toContain('10D');
  });

  const row = [['4H'], ['9C'], ['5D'], ['KS']];
  const row1 = [['AS'], ['JD'], ['3S'], ['8H']];
  test.each<[string, unknown, number, string]>([
    ['three seats for two players', { seats: [{ pile: [] }, { pile: [] }] }, 3, 'the deal has 2 seats, the scenario 3'],
    [
      'stacks without rows',
      { seats: [{ pile: ['2C'] }, { pile: ['3C'] }], stacks: [['9H'], ['8D']] },
      2,
      'a position gives every seat a row and both stacks; an opening gives piles only',
    ],
    [
      'rows without stacks',
      {
        seats: [
          { row, pile: [] },
          { row: row1, pile: [] },
        ],
      },
      2,
      'a position gives every seat a row and both stacks; an opening gives piles only',
    ],
    [
      'one seat without a row',
      { seats: [{ row, pile: [] }, { pile: ['2C'] }], stacks: [['9H'], ['8D']] },
      2,
      'a position gives every seat a row and both stacks; an opening gives piles only',
    ],
    [
      'one row, no stacks',
      { seats: [{ row, pile: [] }, { pile: ['2C'] }] },
      2,
      'a position gives every seat a row and both stacks; an opening gives piles only',
    ],
    [
      'the other row, no stacks',
      { seats: [{ pile: ['2C'] }, { row: row1, pile: [] }] },
      2,
      'a position gives every seat a row and both stacks; an opening gives piles only',
    ],
    [
      'the other seat without a row',
      { seats: [{ pile: ['2C'] }, { row: row1, pile: [] }], stacks: [['9H'], ['8D']] },
      2,
      'a position gives every seat a row and both stacks; an opening gives piles only',
    ],
    [
      'a card in a row and on a stack',
      {
        seats: [
          { row, pile: [] },
          { row: row1, pile: [] },
        ],
        stacks: [['9H'], ['KS']],
      },
      2,
      '"KS" is dealt twice',
    ],
    [
      'a card in both piles',
      { seats: [{ pile: ['2C', '3C', '4C', '5C', '6C'] }, { pile: ['7C', '8C', '9C', '10C', '6C'] }] },
      2,
      '"6C" is dealt twice',
    ],
    [
      'a card in a pile and its own row',
      { seats: [{ pile: ['2C', '3C', '4C', '5C', '2C'] }, { pile: [] }] },
      2,
      '"2C" is dealt twice',
    ],
  ])('refused: %s', async (_name, spec, players, error) => {
    expect((await support()).deal(spec, players, {})).toBe(error);
  });

  test.each<[string, unknown]>([
    ['no seats', { stacks: [[], []] }],
    ['one seat', { seats: [{ pile: [] }] }],
    ['three seats', { seats: [{ pile: [] }, { pile: [] }, { pile: [] }] }],
    [
      'a row of three slots',
      {
        seats: [
          { row: [['4H'], ['9C'], ['5D']], pile: [] },
          { row: row1, pile: [] },
        ],
        stacks: [[], []],
      },
    ],
    [
      'three stacks',
      {
        seats: [
          { row, pile: [] },
          { row: row1, pile: [] },
        ],
        stacks: [[], [], []],
      },
    ],
    ['an unknown field', { seats: [{ pile: [] }, { pile: [] }], discard: [] }],
    ['a seat without a pile', { seats: [{}, { pile: [] }] }],
    ['a card that is not a string', { seats: [{ pile: [5] }, { pile: [] }] }],
  ])('a bad deal: %s', async (_name, spec) => {
    const made = await (await support()).deal(spec, 2, {});
    expect(typeof made).toBe('string');
    expect(made as string).toMatch(/^bad deal: .+/);
    expect(made).not.toBe('bad deal: invalid');
  });
});

describe('scenario step', () => {
  const setup = () =>
    position({
      seats: [
        { row: [['4H'], ['9C', '5D'], ['10C'], ['KS']], pile: ['2C'] },
        { row: [['AS'], ['JD'], ['3S'], ['8H']], pile: ['QC'] },
      ],
      stacks: [['9H'], ['8D', '6D']],
    });

  async function act(spec: unknown, stacks?: (h: (card: string) => number) => number[][]) {
    const scenario = await support();
    const { state, open } = setup();
    const h = (card: string) => handleOf(state, open, card);
    const live = (card: CardId) => {
      try {
        return h(card);
      } catch {
        return null;
      }
    };
    const at = stacks ? { ...state, board: { ...state.board, stacks: stacks(h) } } : state;
    return { made: scenario.action(spec as Record<string, unknown>, at, live), h };
  }

  test('a play: the slot the card lies in, onto the current top', async () => {
    const { made, h } = await act({ type: 'play', card: '5D', stack: 1 });
    expect(made).toEqual({ ok: true, value: { type: 'play', slot: 1, handle: h('5D'), stack: 1, onTop: h('6D') } });
  });

  test("the slot is found in either seat's row, and a named slot wins", async () => {
    const { made, h } = await act({ type: 'play', card: '8H', stack: 0 });
    expect(made).toEqual({ ok: true, value: { type: 'play', slot: 3, handle: h('8H'), stack: 0, onTop: h('9H') } });
    const named = await act({ type: 'play', card: '8H', stack: 0, slot: 2 });
    expect(named.made).toEqual({
      ok: true,
      value: { type: 'play', slot: 2, handle: h('8H'), stack: 0, onTop: h('9H') },
    });
  });

  test('a card in no row gets slot 0; a named top is used as seen, even a stale one', async () => {
    const { made, h } = await act({ type: 'play', card: '2C', stack: 1, onTop: '8D' });
    expect(made).toEqual({ ok: true, value: { type: 'play', slot: 0, handle: h('2C'), stack: 1, onTop: h('8D') } });
  });

  test('a play onto an empty stack must name the top seen', async () => {
    const { made } = await act({ type: 'play', card: '4H', stack: 1 }, (h) => [[h('9H')], []]);
    expect(made).toEqual({ ok: false, error: 'centre stack 1 is empty: name the top seen' });
  });

  test('a call names both current tops, or the tops given', async () => {
    const current = await act({ type: 'stress' });
    expect(current.made).toEqual({ ok: true, value: { type: 'stress', tops: [current.h('9H'), current.h('6D')] } });
    const seen = await act({ type: 'stress', tops: ['9C', '8D'] });
    expect(seen.made).toEqual({ ok: true, value: { type: 'stress', tops: [seen.h('9C'), seen.h('8D')] } });
  });

  test.each<[string, number]>([
    ['centre stack 0 is empty: name the top seen', 0],
    ['centre stack 1 is empty: name the top seen', 1],
  ])('a call with an empty stack and no tops: %s', async (error, empty) => {
    const { made } = await act({ type: 'stress' }, (h) => (empty === 0 ? [[], [h('6D')]] : [[h('9H')], []]));
    expect(made).toEqual({ ok: false, error });
  });

  test.each<[string, unknown, string]>([
    ['a played card not in play', { type: 'play', card: '1X', stack: 0 }, 'no such card in play: 1X'],
    ['a named top not in play', { type: 'play', card: '4H', stack: 0, onTop: '1X' }, 'no such card in play: 1X'],
    ['called tops not in play', { type: 'stress', tops: ['9H', '1X'] }, 'no such card in play: 1X'],
    ['two cards not in play', { type: 'play', card: '1X', stack: 0, onTop: '2Y' }, 'no such card in play: 1X, 2Y'],
  ])('refused: %s', async (_name, spec, error) => {
    expect((await act(spec)).made).toEqual({ ok: false, error });
  });

  test.each<[string, unknown]>([
    ['an unknown type', { type: 'jump' }],
    ['stack 2', { type: 'play', card: '4H', stack: 2 }],
    ['no card', { type: 'play', stack: 0 }],
    ['slot 1.5', { type: 'play', card: '4H', stack: 0, slot: 1.5 }],
    ['one top', { type: 'stress', tops: ['9H'] }],
  ])('a bad step: %s', async (_name, spec) => {
    const { made } = await act(spec);
    expect(made.ok).toBe(false);
    const error = (made as { error: string }).error;
    expect(error).toMatch(/^bad step: .+/);
    expect(error).not.toBe('bad step: invalid');
  });

  test('the summary is the views summary', async () => {
    const scenario = await support();
    const views = await import('../../../src/games/stress-speed/views.js');
    expect(scenario.summarize).toBe(views.summarize);
  });
});
