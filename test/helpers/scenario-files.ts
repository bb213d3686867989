/**
 * A game's scenario files (test/scenarios/<game>/*.json) for its tests: the
 * sorted names, each file parsed (a file that does not parse fails its test,
 * naming the file), and one test per file that runs it through the engine's
 * scenario runner with the game module given (not looked up in the
 * registry) and requires it to meet its own `expect`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, type AfterAudit, type AnyGame, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';

export interface ScenarioDir {
  /** The file names, sorted. */
  readonly files: readonly string[];
  /** The file `name`, parsed; throws naming the file and the parser's complaint. */
  load(name: string): ScenarioFile;
}

export function scenarioDir(game: string): ScenarioDir {
  const dir = join(import.meta.dirname, '..', 'scenarios', game);
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return {
    files,
    load(name) {
      const parsed = parseScenario(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      if (typeof parsed === 'string') throw new Error(`${name}: ${parsed}`);
      return parsed;
    },
  };
}

/**
 * Declares `title`: one test per scenario file of `module`'s game, each meeting its own `expect` (`afterAudit`: how
 * the game reads a hand once its audit is in, for files that expect `audited`). Returns the files.
 */
export function describeScenarioFiles(title: string, module: AnyGame, afterAudit?: AfterAudit): ScenarioDir {
  const scenarios = scenarioDir(module.id);
  describe(title, () => {
    test.each(scenarios.files)('%s', (name) => {
      const scenario = scenarios.load(name);
      expect(scenario.game).toBe(module.id);
      const run = runScenario(module, scenario, afterAudit);
      expect(run.failures, run.log.join('\n')).toEqual([]);
      expect(run.ok).toBe(true);
    });
  });
  return scenarios;
}
