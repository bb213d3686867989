/**
 * Every scenario file under test/scenarios/<game>/ is a test: it is run by
 * the same runner as `npm run scenario` (fixed deal, real reducer, audit at
 * the end) and must meet its own `expect`. Also checks that every scenario
 * RULES.md §1 lists has a file, and that the runner does notice an unmet
 * expectation (so these tests can fail).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';
import { afterAuditOf, gameById } from '../../src/games/index.js';

const root = join(import.meta.dirname, '..', 'scenarios');
const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.json'))
  .sort();

function load(name: string): ScenarioFile {
  const parsed = parseScenario(JSON.parse(readFileSync(join(root, name), 'utf8')));
  if (typeof parsed === 'string') throw new Error(`${name}: ${parsed}`);
  return parsed;
}

describe('scenario files', () => {
  test.each(files)('%s', (name) => {
    const scenario = load(name);
    const game = gameById(scenario.game);
    expect(game, `game ${scenario.game}`).not.toBeNull();
    if (!game) return;
    const run = runScenario(game, scenario, afterAuditOf(scenario.game));
    expect(run.failures, run.log.join('\n')).toEqual([]);
    expect(run.ok).toBe(true);
  });
});

/** RULES.md §1 "Scenarios (at least)", each with the file that covers it. */
const rulesScenarios: Array<[string, string]> = [
  ['3 on K then 4 illegal / A legal', 'three-on-king.json'],
  ['4 on empty', 'four-on-empty-stack.json'],
  ['4 on [3,3]', 'four-on-threes.json'],
  ['on 9: 8 legal, 9 and 10 illegal, 2 and 3 legal', 'on-nine.json'],
  ['on [9,3]: 5 legal, J illegal', 'nine-under-three.json'],
  ['two 8s with 4 players skip two', 'two-eights-four-players.json'],
  ['one 8 with 2 players gives the same player another turn', 'one-eight-two-players.json'],
  ['10 on 7 burns and the same player draws up then leads', 'ten-burns.json'],
  ['no legal play → pick up, next leads anything, picker does not draw', 'no-legal-play-picks-up.json'],
  ['draw stack with 1 card after a 3-card play → draws 1', 'draw-stack-runs-out.json'],
  ['5+5 legal together, 5+6 never', 'one-rank-per-play.json'],
  ['blind K on [K] legal', 'blind-king-on-king.json'],
  ['blind 5 on [K] → 5 onto stack, stack picked up, face-down count −1', 'blind-five-on-king.json'],
  ['last card a blind 2 → out and wins', 'blind-two-wins.json'],
  ['swaps only before the first play', 'swaps-only-before-first-play.json'],
  ['two 8s with 2 players → the opponent plays', 'two-eights-two-players.json'],
  ['a start card 10 burns nothing', 'start-card-has-no-effect.json'],
  ['a position repeated a third time → hand over, no loser', 'repetition-ends-hand.json'],
];

describe('RULES.md §1 scenarios each have a file', () => {
  test.each(rulesScenarios)('%s → %s', (_rule, file) => {
    expect(files).toContain(join('stress-shed', file));
    expect(load(join('stress-shed', file)).rules ?? '').toContain('RULES.md §1');
  });
});

describe('the runner reports unmet expectations', () => {
  const base = load(join('stress-shed', 'three-on-king.json'));
  const game = gameById('stress-shed');
  test.each<[string, Partial<ScenarioFile>, RegExp]>([
    ['a wrong final state', { expect: { state: { turn: 0 } } }, /state\.turn/],
    [
      'an unexpected refusal',
      { actions: [...base.actions.slice(0, 3), { seat: 0, type: 'play', cards: ['4D'] }] },
      /refused: illegal-play/,
    ],
    [
      'a refusal that does not happen',
      { actions: [...base.actions.slice(0, 3), { seat: 0, type: 'play', cards: ['AS'], rejects: 'illegal-play' }] },
      /expected refusal/,
    ],
    ['a wrong audit verdict', { expect: { audit: { verdict: 'fault' } } }, /audit\.verdict/],
    ['a card not in the deal', { actions: [{ seat: 0, type: 'play', cards: ['ZZ'] }] }, /no such card/],
  ])('%s', (_what, change, message) => {
    if (!game) throw new Error('stress-shed missing');
    const run = runScenario(game, { ...base, ...change });
    expect(run.ok).toBe(false);
    expect(run.failures.join('\n')).toMatch(message);
  });
});
