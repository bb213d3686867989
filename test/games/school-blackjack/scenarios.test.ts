/**
 * School Blackjack's scenario files: every file under
 * test/scenarios/school-blackjack/ is run through the engine's scenario
 * runner (fixed deal, real reducer, audit at the end) with the game imported
 * directly (test/games/scenarios.test.ts runs them again through the
 * registry), and must meet its own `expect`; each scenario RULES.md §5 lists
 * (the seed's ten examples and the rest) has a file that says so, and the
 * runner notices an unmet expectation in one of them (so these can fail).
 * And the game's scenario-file support (scenario.ts) called directly: how
 * cards may be written ("9h", "10D", "js" → card ids), how a file's deal
 * becomes a layout and the cards of each zone (the rest of the deck in deck
 * order, or a given deck with the rest set aside), each refused deal with
 * the exact message a scenario author reads (bad shape, seat count, a card
 * dealt twice), and how a step becomes an action (an ace names its own suit
 * unless told, a bad suit or a card not in play is refused with its
 * message). Its valibot schemas are built when it loads, so those tests load
 * it afresh (test/helpers/loaded-now.ts).
 */
import { describe, expect, test } from 'vitest';
import { type ScenarioFile, standardDeck } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { schoolBlackjack } from '../../../src/games/school-blackjack/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { describeScenarioFiles } from '../../helpers/scenario-files.js';

const { files, load } = describeScenarioFiles('school-blackjack scenario files', schoolBlackjack);

/** RULES.md §5 "Scenarios", each with the file that covers it. */
const rulesScenarios: Array<[string, string]> = [
  ['example 1: 9h', 'example-01.json'],
  ['example 2: 9h 9c 4c', 'example-02.json'],
  ['example 3: 9h 9c 3c 4c (also: 9h 9c 3c 4c legal)', 'example-03.json'],
  ['example 4: Js Jc Jh', 'example-04.json'],
  ['example 5: ø', 'example-05.json'],
  ['example 6: 9h 9c', 'example-06.json'],
  ['example 7: ø <pick up three cards from deck>', 'example-07.json'],
  ['example 8: Ac', 'example-08.json'],
  ['example 9: Jc', 'example-09.json'],
  ['example 10: direction unchanged, two players skipped, the next owes 16', 'example-10.json'],
  ['pending 3 then 2c on Jh → illegal (no match)', 'pending-three-two-on-jack.json'],
  ['pending 5 then Jc Jd 4d → nobody owes', 'pending-five-capped.json'],
  ['2h 2c 5c → owes 0', 'twos-capped.json'],
  ['Js then 5s → illegal in step 2', 'jack-then-five.json'],
  ['3 players 8h 8d 5d → the same player again', 'eights-come-round.json'],
  ['last card Q♠ → draws 1', 'last-card-queen.json'],
  ['deck empty with a 1-card play pile → a draw gives nothing', 'draw-gives-nothing.json'],
  ['"3h Ah Ac" is an uncapped turn → played, then draws 1', 'three-ace-ace.json'],
];

describe('RULES.md §5 scenarios each have a file', () => {
  test.each(rulesScenarios)('%s → %s', (_rule, file) => {
    expect(files).toContain(file);
    expect(load(file).rules ?? '').toContain('RULES.md §5 scenario');
  });
});

describe('the runner reports unmet expectations here too', () => {
  const base = load('example-10.json');
  test.each<[string, Partial<ScenarioFile>, RegExp]>([
    ['a wrong pick-up', { expect: { state: { owed: 15 } } }, /state\.owed/],
    ['a card played out of turn', { actions: [{ seat: 1, type: 'play', card: '7d' }] }, /refused: not-your-turn/],
    [
      'a refusal that does not happen',
      { actions: [{ seat: 0, type: 'play', card: 'Ks', rejects: 'no-match' }] },
      /expected refusal/,
    ],
  ])('%s', (_what, change, message) => {
    const run = runScenario(schoolBlackjack, { ...base, ...change });
    expect(run.ok).toBe(false);
    expect(run.failures.join('\n')).toMatch(message);
  });
});

const support = () => loadedNow(() => import('../../../src/games/school-blackjack/scenario.js'));
const opts = { voluntaryDraw: true };

describe('cardId', () => {
  test.each<[string, string]>([
    ['9h', '9H'],
    ['10d', '10D'],
    ['10D', '10D'],
    ['js', 'JS'],
    ['Qc', 'QC'],
    ['ka', 'ka'],
    ['as', 'AS'],
    ['2S', '2S'],
    [' 7d ', '7D'],
    ['1h', '1h'],
    ['x9h', 'x9h'],
    ['9hh', '9hh'],
    ['110h', '110h'],
    ['', ''],
  ])('%j → %j', async (written, id) => {
    const { cardId } = await support();
    expect(cardId(written)).toBe(id);
  });
});

describe('deal', () => {
  test('hands and pile as written, the rest of the deck in deck order, nothing aside', async () => {
    const { scenario } = await support();
    const dealt = scenario.deal({ seats: [{ hand: ['9h', '10d'] }, { hand: ['As'] }], pile: ['5c'] }, 2, opts);
    if (typeof dealt === 'string') throw new Error(dealt);
    const used = new Set(['9H', '10D', 'AS', '5C']);
    expect(dealt.zones).toEqual({
      'hand@0': ['9H', '10D'],
      'hand@1': ['AS'],
      pile: ['5C'],
      deck: standardDeck().filter((c) => !used.has(c)),
      aside: [],
    });
    expect(dealt.layout).toEqual({ hands: [2, 1], pile: 1, deck: 48, aside: 0 });
  });

  test('a given deck is the deck; the cards left over are set aside; no pile means an empty one', async () => {
    const { scenario } = await support();
    const dealt = scenario.deal(
      { seats: [{ hand: ['9h'] }, { hand: [] }, { hand: ['2c'] }], deck: ['kd', '3s'] },
      3,
      opts,
    );
    if (typeof dealt === 'string') throw new Error(dealt);
    const used = new Set(['9H', '2C', 'KD', '3S']);
    expect(dealt.zones).toEqual({
      'hand@0': ['9H'],
      'hand@1': [],
      'hand@2': ['2C'],
      pile: [],
      deck: ['KD', '3S'],
      aside: standardDeck().filter((c) => !used.has(c)),
    });
    expect(dealt.layout).toEqual({ hands: [1, 0, 1], pile: 0, deck: 2, aside: 48 });
  });

  test('an empty given deck sets everything else aside', async () => {
    const { scenario } = await support();
    const dealt = scenario.deal({ seats: [{ hand: ['9h'] }, { hand: ['9c'] }], deck: [] }, 2, opts);
    if (typeof dealt === 'string') throw new Error(dealt);
    expect(dealt.layout).toEqual({ hands: [1, 1], pile: 0, deck: 0, aside: 50 });
  });

  test.each<[string, unknown, number, string]>([
    ['not an object', 'cards', 2, 'bad deal: Invalid type: Expected Object but received "cards"'],
    [
      'an unknown key',
      { seats: [{ hand: [] }, { hand: [] }], stock: [] },
      2,
      'bad deal: Invalid key: Expected never but received "stock"',
    ],
    [
      'a hand that is not a list',
      { seats: [{ hand: '9h' }, { hand: [] }] },
      2,
      'bad deal: Invalid type: Expected Array but received "9h"',
    ],
    [
      'a pile of numbers',
      { seats: [{ hand: [] }, { hand: [] }], pile: [9] },
      2,
      'bad deal: Invalid type: Expected string but received 9',
    ],
    [
      'a deck that is not a list',
      { seats: [{ hand: [] }, { hand: [] }], deck: 'none' },
      2,
      'bad deal: Invalid type: Expected Array but received "none"',
    ],
    [
      'fewer seats than the scenario',
      { seats: [{ hand: [] }, { hand: [] }] },
      3,
      'the deal has 2 seats, the scenario 3',
    ],
    ['a card in two hands', { seats: [{ hand: ['9h'] }, { hand: ['9H'] }] }, 2, '"9H" is dealt twice'],
    [
      'a card in a hand and the pile',
      { seats: [{ hand: ['5c'] }, { hand: [] }], pile: ['5C'] },
      2,
      '"5C" is dealt twice',
    ],
    [
      'a card in a hand and the deck',
      { seats: [{ hand: ['kd'] }, { hand: [] }], deck: ['KD'] },
      2,
      '"KD" is dealt twice',
    ],
    ['a card twice in the deck', { seats: [{ hand: [] }, { hand: [] }], deck: ['2s', '2s'] }, 2, '"2S" is dealt twice'],
  ])('refused: %s', async (_name, spec, players, message) => {
    const { scenario } = await support();
    expect(scenario.deal(spec, players, opts)).toBe(message);
  });
});

describe('action', () => {
  const handles: Record<string, number> = { '9H': 4, AS: 7, '10D': 11 };
  const handleOf = (card: string): number | null => handles[card] ?? null;

  test.each<[string, unknown, unknown]>([
    ['end', { type: 'end' }, { ok: true, value: { type: 'end' } }],
    ['draw', { type: 'draw' }, { ok: true, value: { type: 'draw' } }],
    ['draw with extra keys (loose steps)', { type: 'draw', seat: 1 }, { ok: true, value: { type: 'draw' } }],
    ['a plain card', { type: 'play', card: '9h' }, { ok: true, value: { type: 'play', handle: 4, card: '9H' } }],
    ['a ten', { type: 'play', card: '10d' }, { ok: true, value: { type: 'play', handle: 11, card: '10D' } }],
    [
      'an ace names its own suit by default',
      { type: 'play', card: 'as' },
      { ok: true, value: { type: 'play', handle: 7, card: 'AS', suit: 'S' } },
    ],
    [
      'an ace names the suit given',
      { type: 'play', card: 'As', suit: 'h' },
      { ok: true, value: { type: 'play', handle: 7, card: 'AS', suit: 'H' } },
    ],
    [
      'a suit given to another card is passed on (the rules refuse it)',
      { type: 'play', card: '9h', suit: 'D' },
      { ok: true, value: { type: 'play', handle: 4, card: '9H', suit: 'D' } },
    ],
    ['a bad suit', { type: 'play', card: 'As', suit: 'x' }, { ok: false, error: 'bad suit "x"' }],
    ['a card not in play', { type: 'play', card: '5c' }, { ok: false, error: 'no such card in play: 5C' }],
    [
      'an unknown type',
      { type: 'pass' },
      { ok: false, error: 'bad step: Invalid type: Expected ("play" | "end" | "draw") but received "pass"' },
    ],
    [
      'a play without a card',
      { type: 'play' },
      { ok: false, error: 'bad step: Invalid key: Expected "card" but received undefined' },
    ],
  ])('%s', async (_name, spec, expected) => {
    const { scenario } = await support();
    // Strict: an action carries a `suit` key only when it names one.
    expect(scenario.action(spec as Record<string, unknown>, null as never, handleOf)).toStrictEqual(expected);
  });

  test('summarize is the views summary', async () => {
    const { scenario } = await support();
    const views = await import('../../../src/games/school-blackjack/views.js');
    expect(scenario.summarize).toBe(views.summarize);
  });
});
