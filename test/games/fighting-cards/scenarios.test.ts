/**
 * Every scenario file under test/scenarios/fighting-cards/ runs through the
 * engine's scenario runner (fixed deal, real reducer, audit at the end) and
 * must meet its own `expect`; every scenario RULES.md §4 lists has a file
 * that says so. The game is run directly, not looked up in the registry
 * (it is not registered yet). Also checks that the runner notices an unmet
 * expectation in one of these files, so the files can fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, runScenario, type ScenarioFile } from '../../../src/engine/index.js';
import { fightingCards } from '../../../src/games/fighting-cards/index.js';

const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'fighting-cards');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();

function load(name: string): ScenarioFile {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, name), 'utf8')));
  if (typeof parsed === 'string') throw new Error(`${name}: ${parsed}`);
  return parsed;
}

describe('fighting-cards scenario files', () => {
  test.each(files)('%s', (name) => {
    const scenario = load(name);
    expect(scenario.game).toBe('fighting-cards');
    const run = runScenario(fightingCards, scenario);
    expect(run.failures, run.log.join('\n')).toEqual([]);
    expect(run.ok).toBe(true);
  });
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
