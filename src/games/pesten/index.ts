/**
 * Pesten, RULES.md §3, as a game of the engine: the rules object assembled
 * from this folder (options, setup, actions, rules, legal actions, views,
 * scenario support) and bound to the generic engine by `defineGame`; plus
 * its bot. Seats play clockwise = descending seat order (board.ts).
 */
import { defineGame } from '../../engine/index.js';
import { claimedCards, parseAction, type PestenAction } from './actions.js';
import type { PestenBoard } from './board.js';
import { legalActions } from './legal-actions.js';
import { defaultOptions, parseOptions, type PestenOptions } from './options.js';
import { act, afterCrypto, awaits, type PestenError } from './rules.js';
import { scenario } from './scenario.js';
import { deck, setup } from './setup.js';
import { outcome, view, zones, type PestenView } from './views.js';

export const pesten = defineGame<PestenBoard, PestenAction, PestenOptions, PestenError, PestenView>({
  id: 'pesten',
  displayName: 'Pesten',
  minPlayers: 2,
  maxPlayers: 8,
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

export type Pesten = typeof pesten;
export type { PestenAction } from './actions.js';
export type { PestenBoard, PestenState, Phase, Direction, PendingDraw, LastEvent } from './board.js';
export { HAND_SIZE, clockwiseOf, seatAfter, flip, isSpecial, isDrawCard, matches, owedFor, rankOf, suitOf, topHandle } from './board.js';
export type { PestenOptions } from './options.js';
export type { PestenError } from './rules.js';
export { passingSeats } from './rules.js';
export { parseCarry } from './setup.js';
export type { PestenView, SeatView, ViewCard } from './views.js';
export { pestenBot, pestenHeuristic } from './bot.js';
