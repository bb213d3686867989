/**
 * Stress (shedding), docs/rules/stress-shed.md, as a game of the engine: the rules object
 * assembled from this folder (options, setup, actions, rules, legal actions,
 * views) and bound to the generic engine by `defineGame` (its scenario-file
 * support, test-only, is scenario.ts: src/games/scenarios.ts).
 * The game module (index.ts) wraps it with what the app needs besides.
 */
import { defineGame } from '../../engine/index.js';
import { claimedCards, parseAction, type StressAction } from './actions.js';
import type { StressBoard } from './board.js';
import { legalActions } from './legal-actions.js';
import { defaultOptions, parseOptions, type StressOptions } from './options.js';
import { act, afterCrypto, awaits, type StressError } from './rules.js';
import { deck, setup } from './setup.js';
import { outcome, view, zones, type StressView } from './views.js';

export const stressShed = defineGame<StressBoard, StressAction, StressOptions, StressError, StressView>({
  id: 'stress-shed',
  displayName: 'Stress (shedding)',
  minPlayers: 2,
  maxPlayers: 6,
  defaultOptions,
  // Turn-based: every refused move is a fault.
  raceErrors: [],
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
