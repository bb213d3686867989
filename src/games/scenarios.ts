/**
 * Every game's scenario-file support (its scenario.ts: how a file's deal and
 * readable steps become a layout and actions), and the runner bound to it:
 * for the tests, the scripts and the scenario runner. Test-only code, like
 * ./all.ts: no page imports this file, so no game's chunk carries it
 * (test/layers.test.ts).
 */
import { runScenario as runWith, type AfterAudit, type AnyGame, type AnyScenarioSupport } from '../engine/index.js';
import type { ScenarioFile, ScenarioRun } from '../engine/index.js';
import { stressShedMeta } from './stress-shed/meta.js';
import { stressSpeedMeta } from './stress-speed/meta.js';
import { pestenMeta } from './pesten/meta.js';
import { fightingCardsMeta } from './fighting-cards/meta.js';
import { schoolBlackjackMeta } from './school-blackjack/meta.js';
import { scenario as stressShed } from './stress-shed/scenario.js';
import { scenario as stressSpeed } from './stress-speed/scenario.js';
import { scenario as pesten } from './pesten/scenario.js';
import { scenario as fightingCards } from './fighting-cards/scenario.js';
import { scenario as schoolBlackjack } from './school-blackjack/scenario.js';

const supports = new Map<string, AnyScenarioSupport>([
  [stressShedMeta.id, stressShed],
  [stressSpeedMeta.id, stressSpeed],
  [pestenMeta.id, pesten],
  [fightingCardsMeta.id, fightingCards],
  [schoolBlackjackMeta.id, schoolBlackjack],
]);

/** The scenario-file support of game `id`, or null for a game without one. */
export function scenarioSupport(id: string): AnyScenarioSupport | null {
  return supports.get(id) ?? null;
}

/** Plays `file` through `game` (any version of a game's rules) with that game's scenario support (engine `runScenario`). */
export function runScenario(game: AnyGame, file: ScenarioFile, afterAudit?: AfterAudit): ScenarioRun {
  return runWith(game, scenarioSupport(game.id), file, afterAudit);
}
