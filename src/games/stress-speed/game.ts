/**
 * Stress (speed), docs/rules/stress-speed.md, as a game of the engine: the rules object
 * assembled from this folder (options, setup, actions, rules, legal actions,
 * views) and bound to the generic engine by `defineGame` (its scenario-file
 * support, test-only, is scenario.ts: src/games/scenarios.ts).
 * Two players, real time: `awaits` is `anytime` for both seats during play.
 * The game module (index.ts) wraps it with what the app needs besides.
 */
import { defineGame } from '../../engine/index.js';
import { claimedCards, parseAction, type SpeedAction } from './actions.js';
import type { SpeedBoard } from './board.js';
import { legalActions } from './legal-actions.js';
import { defaultOptions, parseOptions, type SpeedOptions } from './options.js';
import { act, afterCrypto, awaits, type SpeedError } from './rules.js';
import { deck, setup } from './setup.js';
import { outcome, view, zones, type SpeedView } from './views.js';

export const stressSpeed = defineGame<SpeedBoard, SpeedAction, SpeedOptions, SpeedError, SpeedView>({
  id: 'stress-speed',
  displayName: 'Stress (speed)',
  minPlayers: 2,
  maxPlayers: 2,
  defaultOptions,
  // The named top (or both tops of a call) changed before the move was applied: a lost race, not a cheat.
  raceErrors: ['stale-top', 'stale-call'],
  parseOptions,
  deck,
  setup,
  parseAction,
  claimedCards,
  act,
  afterCrypto,
  awaits,
  legalActions,
  zones,
  view,
  outcome,
});
