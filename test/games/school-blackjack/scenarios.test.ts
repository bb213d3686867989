/**
 * Every scenario file under test/scenarios/school-blackjack/ is run through
 * the engine's scenario runner (fixed deal, real reducer, audit at the end)
 * with the game imported directly (test/games/scenarios.test.ts runs them
 * again through the registry), and must meet its own `expect`. Also checks that each scenario RULES.md §5 lists
 * (the seed's ten examples and the rest) has a file that says so, and that
 * the runner notices an unmet expectation in one of them (so these can fail).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, runScenario, type ScenarioFile } from '../../../src/engine/index.js';
import { schoolBlackjack } from '../../../src/games/school-blackjack/index.js';

const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'school-blackjack');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();

function load(name: string): ScenarioFile {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, name), 'utf8')));
  if (typeof parsed === 'string') throw new Error(`${name}: ${parsed}`);
  return parsed;
}

describe('school-blackjack scenario files', () => {
  test.each(files)('%s', (name) => {
    const scenario = load(name);
    expect(scenario.game).toBe('school-blackjack');
    const run = runScenario(schoolBlackjack, scenario);
    expect(run.failures, run.log.join('\n')).toEqual([]);
    expect(run.ok).toBe(true);
  });
});

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
