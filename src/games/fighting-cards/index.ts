/**
 * Fighting Cards, RULES.md §4, as a game of the engine: the rules object
 * assembled from this folder (options, setup, actions, rules, scoring, legal
 * actions, views, scenario support) and bound to the generic engine by
 * `defineGame`; plus its bot. Exactly three players. Not registered in
 * src/games/index.ts yet (the lead does that).
 */
import { defineGame } from '../../engine/index.js';
import { claimedCards, parseAction, type FightingAction } from './actions.js';
import type { FightingBoard } from './board.js';
import { legalActions } from './legal-actions.js';
import { defaultOptions, parseOptions, type FightingOptions } from './options.js';
import { act, afterCrypto, awaits, type FightingError } from './rules.js';
import { scenario } from './scenario.js';
import { deck, setup } from './setup.js';
import { outcome, view, zones, type FightingView } from './views.js';

export const fightingCards = defineGame<FightingBoard, FightingAction, FightingOptions, FightingError, FightingView>({
  id: 'fighting-cards',
  displayName: 'Fighting Cards',
  minPlayers: 3,
  maxPlayers: 3,
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

export type FightingCards = typeof fightingCards;
export type { FightingAction } from './actions.js';
export type { FightingBoard, FightingState, Phase, Call, Trick, DealResult, MatchCarry } from './board.js';
export { nextSeat, suitOf, strengthOf, pointsOf, winningIndex, highBid, HAND_SIZE, MIN_BID, MAX_BID, TRICKS } from './board.js';
export type { FightingOptions } from './options.js';
export type { FightingError } from './rules.js';
export { band, contractScore, scoreDeal, rankByTotals } from './scoring.js';
export { playableHandles } from './legal-actions.js';
export type { FightingView, FightingSeatView, ViewCard } from './views.js';
export { outcomeAfterAudit } from './views.js';
export { fightingCardsBot, fightingCardsMove, bestTrump, estimateTricks, handEstimate, type FightingBot } from './bot.js';
