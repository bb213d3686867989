/**
 * Stress (shedding), RULES.md §1, as a game of the engine: the rules object
 * assembled from this folder (options, setup, actions, rules, the
 * endless-hands rule, legal actions, views, scenario support) and bound to the generic engine by `defineGame`.
 */
import { defineGame } from '../../engine/index.js';
import { claimedCards, parseAction, type StressAction } from './actions.js';
import type { StressBoard } from './board.js';
import { legalActions } from './legal-actions.js';
import { defaultOptions, parseOptions, type StressOptions } from './options.js';
import { act, afterCrypto, awaits, type StressError } from './rules.js';
import { scenario } from './scenario.js';
import { deck, setup } from './setup.js';
import { outcome, view, zones, type StressView } from './views.js';

export const stressShed = defineGame<StressBoard, StressAction, StressOptions, StressError, StressView>({
  id: 'stress-shed',
  displayName: 'Stress (shedding)',
  minPlayers: 2,
  maxPlayers: 6,
  defaultOptions,
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
  scenario,
});

export type StressShed = typeof stressShed;
export type { StressAction } from './actions.js';
export type { StressBoard, StressState, SeatCards, Source, Phase, EndlessEnd } from './board.js';
export { sourceOf, seatAfter, activeSeats, cardsLeft } from './board.js';
export type { StressOptions, OptionField } from './options.js';
export { optionFields } from './options.js';
export { positionHash, positionOf, QUIET_TURNS_PER_PLAYER, REPETITIONS } from './endless.js';
export type { StressError } from './rules.js';
export { canPlayOn, effectiveTop, isLegalCard, HAND_SIZE } from './rules.js';
export type { StressView, SeatView, ViewCard } from './views.js';
