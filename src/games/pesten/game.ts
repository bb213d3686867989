/**
 * Pesten, docs/rules/pesten.md, as a game of the engine: the rules object assembled
 * from this folder (options, setup, actions, rules, legal actions, views)
 * and bound to the generic engine by `defineGame` (its scenario-file
 * support, test-only, is scenario.ts: src/games/scenarios.ts). Seats
 * play clockwise = descending seat order (board.ts). The game module
 * (index.ts) wraps it with what the app needs besides.
 */
import { defineGame } from '../../engine/index.js';
import { claimedCards, parseAction, type PestenAction } from './actions.js';
import type { PestenBoard } from './board.js';
import { legalActions } from './legal-actions.js';
import { defaultOptions, parseOptions, type PestenOptions } from './options.js';
import { act, afterCrypto, awaits, type PestenError } from './rules.js';
import { deck, setup } from './setup.js';
import { outcome, view, zones, type PestenView } from './views.js';

/** The parts `defineGame` binds (rules-v1.ts reuses them with the board's `last` event of version 1). */
export const pestenSpec = {
  id: 'pesten',
  displayName: 'Pesten',
  minPlayers: 2,
  maxPlayers: 8,
  defaultOptions,
  // Turn-based (the 10's pass round is simultaneous choices, not a race): every refused move is a fault.
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
};

export const pesten = defineGame<PestenBoard, PestenAction, PestenOptions, PestenError, PestenView>(pestenSpec);
