/**
 * Every scenario RULES.md §2 lists for Stress (speed) has a scenario file
 * under test/scenarios/stress-speed/ that says so; test/games/scenarios.test.ts
 * runs every file there (one test per file) through the runner. Also: each
 * step a file expects to be refused is refused by the rules with that code,
 * and the code is one of the game's `raceErrors` (a bounce, blamed on nobody)
 * exactly when the move becomes legal if it is ordered before one of the
 * moves that landed ahead of it; every other refusal is illegal in any order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, runScenario, type ScenarioFile } from '../../../src/engine/index.js';
import { stressSpeed } from '../../../src/games/stress-speed/index.js';

const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'stress-speed');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();

function load(name: string): ScenarioFile {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, name), 'utf8')));
  if (typeof parsed === 'string') throw new Error(`${name}: ${parsed}`);
  return parsed;
}

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
