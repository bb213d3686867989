/**
 * School Blackjack ("Blackjack (school rules)"), docs/rules/school-blackjack.md, as a game of
 * the engine: the rules object assembled from this folder (options, setup,
 * actions, grammar, rules, legal actions, views) and bound to the generic
 * engine by `defineGame` (its scenario-file support, test-only, is
 * scenario.ts: src/games/scenarios.ts). Not casino blackjack: a Switch /
 * Crazy Eights relative. Play starts clockwise, which is descending seat
 * order (see board.ts); every rule choice the written rules leave open is listed in
 * rules.ts (and docs/rules/school-blackjack.md §5). The game module (index.ts) wraps it with what the app needs.
 */
import { defineGame } from '../../engine/index.js';
import { claimedCards, parseAction, type BlackjackAction } from './actions.js';
import type { BlackjackBoard } from './board.js';
import { legalActions } from './legal-actions.js';
import { defaultOptions, parseOptions, type BlackjackOptions } from './options.js';
import { act, afterCrypto, awaits, type BlackjackError } from './rules.js';
import { deck, setup } from './setup.js';
import { outcome, view, zones, type BlackjackView } from './views.js';

export const schoolBlackjack = defineGame<
  BlackjackBoard,
  BlackjackAction,
  BlackjackOptions,
  BlackjackError,
  BlackjackView
>({
  id: 'school-blackjack',
  displayName: 'Blackjack (school rules)',
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
