/**
 * Every scenario file under test/scenarios/pesten/ is a test: it runs through
 * the scenario runner (fixed deal, real reducer, audit at the end) with the
 * Pesten game imported directly (the registry in src/games/index.ts is not
 * this folder's business), and must meet its own `expect`. Also checks that
 * every scenario RULES.md §3 lists has a file that says so. And the game's
 * scenario-file support (scenario.ts): a deal turned into the layout and
 * zones, steps into actions naming handles, bad steps and unknown cards
 * refused with a message.
 */
import { describe, expect, test } from 'vitest';
import { pesten, type PestenState } from '../../../src/games/pesten/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { describeScenarioFiles } from '../../helpers/scenario-files.js';

const { files, load } = describeScenarioFiles('Pesten scenario files', pesten);

/** RULES.md §3 "Scenarios", each with the file that covers it. */
const rulesScenarios: Array<[string, string]> = [
  ['2♥ then joker → owes 7', 'two-then-joker.json'],
  ['joker then 2♣ → owes 7', 'joker-then-two.json'],
  ['owes 4, no draw card → draws 4, turn ends', 'owes-four-draws.json'],
  ['J♠ wish hearts then J♦ → new wish', 'jack-rewishes.json'],
  ['wish hearts: 5♥ legal, 5♣ illegal', 'wish-hearts.json'],
  ['8 with 3 players skips exactly one', 'eight-skips-one.json'],
  ['7 then nothing playable → draw 1, next player', 'seven-then-draw.json'],
  ['second-to-last card without announcing → +2', 'missing-announcement.json'],
  ['last card K → illegal', 'last-card-king.json'],
  ['start card J → dealer wishes before the first turn', 'start-jack.json'],
  ['start card 2 → first player owes 2', 'start-two.json'],
  ['10 with 3 players → three simultaneous private passes', 'ten-passes.json'],
  ['stock empty → reshuffle keeps the top card', 'stock-reshuffle.json'],
];

describe('RULES.md §3 scenarios each have a file', () => {
  test.each(rulesScenarios)('%s → %s', (rule, file) => {
    expect(files).toContain(file);
    expect(load(file).rules ?? '').toBe(`RULES.md §3 scenario: ${rule}`);
  });
});

describe('scenario support', () => {
  const scenario = async () => (await loadedNow(() => import('../../../src/games/pesten/scenario.js'))).scenario;
  const options = { targetPoints: 2, drawThenPlay: false };

  test.each<[unknown, number, string]>([
    [{ hands: [['5H'], ['6H']] }, 2, 'bad deal: '],
    [{ hands: [['5H'], ['6H']], discard: ['7H'], extra: [] }, 2, 'bad deal: '],
    [{ hands: [['5H']], discard: ['7H'] }, 2, 'the deal has 1 hands, the scenario 2 seats'],
    [{ hands: [['5H'], ['6H']], discard: [] }, 2, 'the discard pile needs a start card'],
    [{ hands: [['5H'], ['6H']], discard: ['5H'] }, 2, '"5H" is dealt twice'],
    [{ hands: [['5H'], ['6H']], discard: ['7H'], stock: ['6H'] }, 2, '"6H" is dealt twice'],
  ])('deal %j with %i seats → %s', async (spec, seats, message) => {
    const made = (await scenario()).deal(spec as never, seats, options);
    expect(typeof made).toBe('string');
    expect(made as string).toMatch(new RegExp(`^${message.replace(/[[\]"]/g, '.')}`));
    if (message === 'bad deal: ') expect((made as string).length).toBeGreaterThan(message.length);
  });

  test('a deal without a stock: the rest is the stock in deck order, nothing aside; with one, the rest lies aside', async () => {
    const s = await scenario();
    const open = s.deal({ hands: [['5H', '9C'], ['JS']], discard: ['4C', '7H'] } as never, 2, options);
    if (typeof open === 'string') throw new Error(open);
    expect(open.layout).toEqual({ hands: [2, 1], discard: 2, stock: 49 });
    expect(open.zones).toMatchObject({ 'hand@0': ['5H', '9C'], 'hand@1': ['JS'], discard: ['4C', '7H'] });
    expect(open.zones.aside).toEqual([]);
    expect(open.zones.stock?.slice(0, 3)).toEqual(['2C', '3C', '5C']);
    const fixed = s.deal({ hands: [['5H'], ['JS']], discard: ['4C'], stock: ['QD', '3S'] } as never, 2, options);
    if (typeof fixed === 'string') throw new Error(fixed);
    expect(fixed.layout).toEqual({ hands: [1, 1], discard: 1, stock: 2 });
    expect(fixed.zones.stock).toEqual(['QD', '3S']);
    expect(fixed.zones.aside).toHaveLength(49);
    expect(fixed.zones.aside?.[0]).toBe('2C');
  });

  test('steps become actions naming handles; bad steps and unknown cards are refused with a message', async () => {
    const s = await scenario();
    const handles: Record<string, number> = { JS: 4, '5H': 9 };
    const state = {} as PestenState;
    const act = (spec: unknown) => s.action(spec as never, state, (card) => handles[card] ?? null);
    expect(act({ type: 'play', card: 'JS', wish: 'H', announce: true })).toEqual({
      ok: true,
      value: { type: 'play', handle: 4, card: 'JS', wish: 'H', announce: true },
    });
    expect(act({ type: 'play', card: '5H' })).toStrictEqual({
      ok: true,
      value: { type: 'play', handle: 9, card: '5H' },
    });
    expect(act({ type: 'play', card: '5H', announce: false })).toStrictEqual({
      ok: true,
      value: { type: 'play', handle: 9, card: '5H', announce: false },
    });
    expect(act({ type: 'draw' })).toEqual({ ok: true, value: { type: 'draw' } });
    expect(act({ type: 'end-turn' })).toEqual({ ok: true, value: { type: 'end-turn' } });
    expect(act({ type: 'wish', suit: 'C' })).toEqual({ ok: true, value: { type: 'wish', suit: 'C' } });
    expect(act({ type: 'give', card: 'JS' })).toEqual({ ok: true, value: { type: 'give', handle: 4 } });
    const missing = act({ type: 'give', card: 'QQ' });
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error).toMatch(/QQ/);
    const bad = act({ type: 'wish', suit: 'X' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^bad step: .+/);
    expect(act({ type: 'fly' }).ok).toBe(false);
  });
});
