/**
 * Every scenario file under test/scenarios/pesten/ is a test: it runs through
 * the scenario runner (fixed deal, real reducer, audit at the end) with the
 * Pesten game imported directly (the registry in src/games/index.ts is not
 * this folder's business), and must meet its own `expect`. Also checks that
 * every scenario RULES.md §3 lists has a file that says so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, runScenario, type ScenarioFile } from '../../../src/engine/index.js';
import { pesten } from '../../../src/games/pesten/index.js';

const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'pesten');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();

function load(name: string): ScenarioFile {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, name), 'utf8')));
  if (typeof parsed === 'string') throw new Error(`${name}: ${parsed}`);
  return parsed;
}

describe('Pesten scenario files', () => {
  test.each(files)('%s', (name) => {
    const scenario = load(name);
    expect(scenario.game).toBe('pesten');
    const run = runScenario(pesten, scenario);
    expect(run.failures, run.log.join('\n')).toEqual([]);
    expect(run.ok).toBe(true);
  });
});

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
