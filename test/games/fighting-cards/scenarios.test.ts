/**
 * Fighting Cards' scenario files: every file under
 * test/scenarios/fighting-cards/ runs through the engine's scenario runner
 * (fixed deal, real reducer, audit at the end) and must meet its own
 * `expect`; every scenario RULES.md §4 lists has a file that says so; and the
 * runner notices an unmet expectation in one of these files, so the files
 * can fail. The game is run directly, not looked up in the registry. And the
 * game's scenario-file support (scenario.ts), called directly: the deal a
 * file gives (three hands of ten and a two-card skat, each refusal with the
 * message a test author reads: the wrong number of seats, a short hand
 * naming its seat, a short skat, a malformed deal) turned into the zones the
 * fixed-deal table fills; and each readable step (bid, pass, hand, take,
 * discard, trump, play) turned into the action the reducer takes, with cards
 * named by id mapped to their handles and an unknown card named in the
 * refusal. scenario.ts builds its schemas when it loads, so those tests load
 * it afresh (docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import { type ScenarioFile } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { fightingCards, outcomeAfterAudit, viewAfterAudit } from '../../../src/games/fighting-cards/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { describeScenarioFiles } from '../../helpers/scenario-files.js';

const { files, load } = describeScenarioFiles('fighting-cards scenario files', fightingCards, {
  view: viewAfterAudit,
  outcome: outcomeAfterAudit,
});

/** RULES.md §4 "Scenarios", each with the file that covers it. */
const rulesScenarios: Array<[string, string]> = [
  ['led ♥10, ♥J ♥7 follow → J wins', 'led-ten-jack-wins.json'],
  ["trump ♠, led ♥A, void player's ♠7 wins", 'void-seat-trumps-ace.json'],
  ['holding hearts and playing ♣ on a heart lead → illegal (audit names the player)', 'renege-found-by-audit.json'],
  ['bids 25 after 26, 41, 20 → illegal', 'bids-must-rise-within-21-40.json'],
  ['three passes → redeal by next dealer', 'three-passes-thrown-in.json'],
  ['skat taken, ♥A ♥K discarded → their 7 points count for the declarer', 'skat-discards-count.json'],
  ['hand game with a Q in the skat → +2 and doubled score', 'hand-game-queen-in-skat.json'],
  ['bid 26: A=26 made', 'skat-discards-count.json'],
  ['bid 26: A=25 failed (B=1)', 'bid-26-fails-by-one.json'],
  ['seed example: bid 28, A=31 → 231', 'seed-example-bid-28-makes-231.json'],
  ['seed example: bid 28, A=25 → −150', 'seed-example-bid-28-fails-minus-150.json'],
  ['seed auction "pass 21 25 / pass 26 pass" ends with the implied pass', 'seed-auction.json'],
  ['bid 40 losing a trick of 10-9-8-7 still makes 40', 'bid-40-loses-a-zero-trick.json'],
  ['first lead by the player after the declarer', 'first-lead-after-declarer.json'],
  [
    'two reneges in one deal: the earliest counts, the result waits for the audit, rows and totals carry it',
    'two-reneges-earliest-counts.json',
  ],
];

describe('RULES.md §4 scenarios each have a file', () => {
  test.each(rulesScenarios)('%s → %s', (_rule, file) => {
    expect(files).toContain(file);
    expect(load(file).rules ?? '').toContain('RULES.md §4');
  });
});

describe('the runner reports unmet expectations in these files', () => {
  const base = load('skat-discards-count.json');
  test.each<[string, Partial<ScenarioFile>, RegExp]>([
    ['a wrong score', { expect: { state: { result: { score: 225 } } } }, /state\.result\.score/],
    [
      'a clean audit expected of a renege',
      { ...load('renege-found-by-audit.json'), expect: { audit: { verdict: 'clean' } } },
      /audit\.verdict/,
    ],
    [
      'a card played out of turn',
      { actions: [...base.actions.slice(0, 6), { seat: 0, type: 'play', card: '10H' }] },
      /refused: not-your-turn/,
    ],
    [
      'a renege the rules refuse once the hand is known',
      { actions: [...base.actions.slice(0, 7), { seat: 0, type: 'play', card: 'AD', rejects: 'must-follow-suit' }] },
      /expected refusal must-follow-suit, but it was accepted/,
    ],
  ])('%s', (_what, change, message) => {
    const run = runScenario(fightingCards, { ...base, ...change });
    expect(run.ok).toBe(false);
    expect(run.failures.join('\n')).toMatch(message);
  });
});

describe('expectations once the audit is in', () => {
  const twoReneges = load('two-reneges-earliest-counts.json');
  const afterAudit = { view: viewAfterAudit, outcome: outcomeAfterAudit };

  test('the live renege (the later one) is not what the audited result may say', () => {
    const run = runScenario(
      fightingCards,
      { ...twoReneges, expect: { ...twoReneges.expect, audited: { result: { renege: 1, score: -920 } } } },
      afterAudit,
    );
    expect(run.ok).toBe(false);
    expect(run.failures).toEqual([
      'audited.result.renege: expected 1, got 0',
      'audited.result.score: expected -920, got 146',
    ]);
  });

  test('a file that expects an audited view of a game without one fails, naming the game', () => {
    const run = runScenario(fightingCards, twoReneges);
    expect(run.ok).toBe(false);
    expect(run.failures).toEqual([
      'audited: game fighting-cards has no view after the audit, yet the file expects one',
    ]);
  });
});

/** scenario.ts loaded afresh: it builds its schemas when it loads (docs/TESTING.md). */
const support = async () => (await loadedNow(() => import('../../../src/games/fighting-cards/scenario.js'))).scenario;

/** Deal M of the other tests (helpers.ts), repeated here so this file loads scenario.ts alone. */
const M = {
  seats: [
    { hand: ['10H', '9H', '8H', '7H', 'AD', 'KD', 'QD', 'JD', '10D', '9D'] },
    { hand: ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AH', 'KH'] },
    { hand: ['AC', 'KC', 'QC', 'JC', '10C', '9C', '8C', '7C', 'QH', 'JH'] },
  ],
  skat: ['7D', '8D'],
};

const hand = (n: number) => Array.from({ length: n }, (_, i) => `${7 + (i % 4)}H`);
const options = { deals: 3 };

describe('the deal', () => {
  test('three hands and the skat become the zones hand@0..2 and skat, in order', async () => {
    const scenario = await support();
    expect(scenario.deal(M, 3, options)).toEqual({
      layout: null,
      zones: { 'hand@0': M.seats[0]!.hand, 'hand@1': M.seats[1]!.hand, 'hand@2': M.seats[2]!.hand, skat: M.skat },
    });
  });

  test.each<[string, unknown, number, string]>([
    ['two seats', { seats: M.seats.slice(0, 2), skat: M.skat }, 3, 'the deal has 2 seats, the scenario 3'],
    [
      'four seats for three',
      { seats: [...M.seats, M.seats[0]], skat: M.skat },
      3,
      'the deal has 4 seats, the scenario 3',
    ],
    [
      'a hand of nine',
      { seats: [M.seats[0], { hand: hand(9) }, M.seats[2]], skat: M.skat },
      3,
      'seat 1 is dealt 9 cards, not 10',
    ],
    [
      'a hand of eleven',
      { seats: [{ hand: hand(11) }, M.seats[1], M.seats[2]], skat: M.skat },
      3,
      'seat 0 is dealt 11 cards, not 10',
    ],
    [
      'the last hand short',
      { seats: [M.seats[0], M.seats[1], { hand: [] }], skat: M.skat },
      3,
      'seat 2 is dealt 0 cards, not 10',
    ],
    ['a skat of one', { seats: M.seats, skat: ['7D'] }, 3, 'the skat has 1 cards, not 2'],
    ['a skat of three', { seats: M.seats, skat: ['7D', '8D', '9D'] }, 3, 'the skat has 3 cards, not 2'],
  ])('%s: "%s"', async (_what, deal, players, message) => {
    const scenario = await support();
    expect(scenario.deal(deal, players, options)).toBe(message);
  });

  test.each<[string, unknown]>([
    ['no skat', { seats: M.seats }],
    ['an extra field', { ...M, dealer: 1 }],
    ['a hand that is not a list', { seats: [{ hand: 'AS' }, M.seats[1], M.seats[2]], skat: M.skat }],
    ['not an object', 'M'],
  ])('malformed (%s): "bad deal: …"', async (_what, deal) => {
    const scenario = await support();
    const said = scenario.deal(deal, 3, options);
    expect(typeof said).toBe('string');
    expect(said).toMatch(/^bad deal: \S/);
    expect(said).not.toBe('bad deal: invalid');
  });
});

describe('the steps', () => {
  const handles: Record<string, number> = { AH: 4, KH: 7, QH: 30 };
  const handleOf = (card: string) => handles[card] ?? null;
  const state = {} as never;

  test.each<[object, object]>([
    [
      { seat: 1, type: 'bid', bid: 26 },
      { type: 'bid', bid: 26 },
    ],
    [{ seat: 2, type: 'pass' }, { type: 'pass' }],
    [{ seat: 1, type: 'hand' }, { type: 'hand' }],
    [{ seat: 1, type: 'take' }, { type: 'take' }],
    [
      { seat: 1, type: 'discard', cards: ['AH', 'KH'] },
      { type: 'discard', handles: [4, 7] },
    ],
    [
      { seat: 1, type: 'trump', suit: 'S' },
      { type: 'trump', suit: 'S' },
    ],
    [
      { seat: 2, type: 'play', card: 'QH' },
      { type: 'play', handle: 30, card: 'QH' },
    ],
  ])('%j → %j', async (step, action) => {
    const scenario = await support();
    expect(scenario.action(step as never, state, handleOf)).toEqual({ ok: true, value: action });
  });

  test.each<[object, string]>([
    [{ seat: 2, type: 'play', card: 'JS' }, 'no such card in play: JS'],
    [{ seat: 1, type: 'discard', cards: ['AS', 'KH'] }, 'no such card in play: AS'],
    [{ seat: 1, type: 'discard', cards: ['AS', 'KS'] }, 'no such card in play: AS, KS'],
  ])('%j is refused: "%s"', async (step, error) => {
    const scenario = await support();
    expect(scenario.action(step as never, state, handleOf)).toEqual({ ok: false, error });
  });

  test.each<[string, object]>([
    ['an unknown type', { seat: 1, type: 'fold' }],
    ['a bid that is not a number', { seat: 1, type: 'bid', bid: '26' }],
    ['a discard of one card', { seat: 1, type: 'discard', cards: ['AH'] }],
    ['a play with no card', { seat: 1, type: 'play' }],
  ])('malformed (%s): "bad step: …"', async (_what, step) => {
    const scenario = await support();
    const said = scenario.action(step as never, state, handleOf);
    expect(said.ok).toBe(false);
    expect(said.ok ? '' : said.error).toMatch(/^bad step: \S/);
    expect(said.ok ? '' : said.error).not.toBe('bad step: invalid');
  });
});
