/**
 * School Blackjack ("Blackjack (school rules)"), docs/rules/school-blackjack.md: the game
 * module the registry lists. The rules live in game.ts (and the files it
 * assembles); this adds to meta.ts (name, blurb, seats, timing, the label
 * of its one option) the heuristic bot and the log lines. The log lines of a turn's
 * consequences (who owes, who is skipped, an uncapped end, a reshuffle, the
 * win) are read from the state the table passes in (describe.ts), so the
 * module's `describe` is the state-aware one. Helpers other parts of the
 * code and the tests use are re-exported below.
 */
import { schoolBlackjackMeta } from './meta.js';
import { defineGameModule, type GameModule } from '../module.js';
import type { BlackjackAction } from './actions.js';
import type { BlackjackBoard } from './board.js';
import { describeAction, describeInput } from './describe.js';
import { schoolBlackjack } from './game.js';
import type { BlackjackOptions } from './options.js';
import type { BlackjackError } from './rules.js';
import type { BlackjackView } from './views.js';
import { cardZones } from './summary.js';
import { rulesText } from './rules-text.js';
import { blackjackProbe } from './hints.js';

const assembled = defineGameModule({
  meta: schoolBlackjackMeta,
  rules: schoolBlackjack,
  loadBot: () => import('./bot.js').then((bot) => bot.schoolBlackjackHeuristic),
  describe: (action, who, know) => describeAction(action, who, know, null),
  cardZones,
  rulesText,
  cardProbe: blackjackProbe,
});

export const schoolBlackjackModule: GameModule<
  'school-blackjack',
  BlackjackBoard,
  BlackjackAction,
  BlackjackOptions,
  BlackjackError,
  BlackjackView
> = {
  ...assembled,
  describe: (input, names, state) => describeInput(schoolBlackjack, input, names, state),
};

export { schoolBlackjack } from './game.js';
export type SchoolBlackjack = typeof schoolBlackjack;
export type { BlackjackAction } from './actions.js';
export type {
  BlackjackBoard,
  BlackjackState,
  Direction,
  DrawReason,
  LastTurn,
  Phase,
  TurnStep,
  SuitedCard,
} from './board.js';
export { POWER_RANKS, isPower, pickupValue, seatAfter, suited } from './board.js';
export type { BlackjackOptions } from './options.js';
export type { BlackjackError } from './rules.js';
export { currentPosition, describePosition } from './rules.js';
export {
  afterCard,
  anythingGoes,
  endDraws,
  matchesTop,
  playRefusal,
  suitToMatch,
  type PlayRefusal,
  type Position,
} from './grammar.js';
export type { BlackjackView, ViewCard } from './views.js';
