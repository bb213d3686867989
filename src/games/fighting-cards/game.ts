/**
 * Fighting Cards, docs/rules/fighting-cards.md, as a game of the engine: the rules object
 * assembled from this folder (options, setup, actions, rules, scoring, legal
 * actions, views) and bound to the generic engine by `defineGame` (its
 * scenario-file support, test-only, is scenario.ts: src/games/scenarios.ts). Exactly three players. The game module (index.ts) wraps it
 * with what the app needs besides.
 */
import { defineGame } from '../../engine/index.js';
import { claimedCards, parseAction, type FightingAction } from './actions.js';
import type { FightingBoard } from './board.js';
import { legalActions } from './legal-actions.js';
import { defaultOptions, parseOptions, type FightingOptions } from './options.js';
import { act, afterCrypto, awaits, type FightingError } from './rules.js';
import { deck, setup } from './setup.js';
import { outcome, view, zones, type FightingView } from './views.js';

/** The parts `defineGame` binds (rules-v1.ts and rules-v2.ts reuse them with the match carried as it was in versions 1 and 2). */
export const fightingCardsSpec = {
  id: 'fighting-cards',
  displayName: 'Fighting Cards',
  minPlayers: 3,
  maxPlayers: 3,
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
};

export const fightingCards = defineGame<FightingBoard, FightingAction, FightingOptions, FightingError, FightingView>(
  fightingCardsSpec,
);
