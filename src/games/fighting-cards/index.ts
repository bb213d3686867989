/**
 * Fighting Cards, docs/rules/fighting-cards.md: the game module the registry lists. The rules
 * live in game.ts (and the files it assembles); this adds to meta.ts
 * (name, blurb, seats, timing, the label of the `deals` option; the schema
 * and default are options.ts) the heuristic bot, the log lines (describe.ts:
 * its own `describe`, since a line such as "declares at 25" or "wins the
 * trick" reads the board), `scoreAfterAudit` and `viewAfterAudit`
 * (views.ts: the deal is scored by the earliest renege, which only the audit
 * can be sure of), `withMatchRows` (rows.ts: the score table's rows of
 * earlier deals, kept outside the state) and the older rules versions
 * transcripts were played under. Helpers other parts of the code
 * and the tests use are re-exported below.
 */
import type { GameModule } from '../module.js';
import { fightingCardsMeta } from './meta.js';
import { defineGameModule } from '../module.js';
import { describeAction, describeInput } from './describe.js';
import { fightingCards } from './game.js';
import { outcomeAfterAudit, viewAfterAudit } from './views.js';
import { cardZones } from './summary.js';
import { rulesText } from './rules-text.js';
import { fightingProbe } from './hints.js';
import { fightingCardsV1, outcomeAfterAuditV1 } from './rules-v1.js';
import { fightingCardsV2, outcomeAfterAuditV2 } from './rules-v2.js';
import { withMatchRows } from './rows.js';
import type { FightingState } from './board.js';

const assembled = defineGameModule({
  meta: fightingCardsMeta,
  rules: fightingCards,
  loadBot: () => import('./bot.js').then((bot) => bot.fightingCardsMove),
  describe: describeAction,
  scoreAfterAudit: outcomeAfterAudit,
  viewAfterAudit,
  hiddenClaims: true,
  cardZones,
  rulesText,
  cardProbe: fightingProbe,
});

type FightingModule =
  typeof assembled extends GameModule<'fighting-cards', infer B, infer A, infer O, infer E, infer V>
    ? GameModule<'fighting-cards', B, A, O, E, V>
    : never;

export const fightingCardsModule: FightingModule = {
  ...assembled,
  describe: describeInput,
  // The score table's rows of earlier deals, from the hands' stored results (rows.ts).
  withMatchRows,
  // Version 3 carries only what the rules read; each deal's row comes with its outcome (rules-v2.ts, rules-v1.ts).
  rulesVersion: 3,
  olderRules: [
    {
      version: 2,
      change:
        "version 3 took the score table's rows out of the match the board carries from deal to deal (each deal's outcome gives its row instead), which changed every state hash",
      rules: fightingCardsV2,
      scoreAfterAudit: (state, report) => outcomeAfterAuditV2(state as FightingState, report),
    },
    {
      version: 1,
      change:
        "version 2 added the score table's rows to the match the board carries from deal to deal, which changed every state hash",
      rules: fightingCardsV1,
      scoreAfterAudit: (state, report) => outcomeAfterAuditV1(state as FightingState, report),
    },
  ],
};

export { fightingCards } from './game.js';
export type FightingCards = typeof fightingCards;
export type { FightingAction } from './actions.js';
export type { FightingBoard, FightingState, Phase, Call, Trick, DealResult, DealRow, MatchCarry } from './board.js';
export { withMatchRows } from './rows.js';
export {
  nextSeat,
  suitOf,
  strengthOf,
  pointsOf,
  winningIndex,
  highBid,
  HAND_SIZE,
  MIN_BID,
  MAX_BID,
  TRICKS,
} from './board.js';
export type { FightingOptions } from './options.js';
export type { FightingError } from './rules.js';
export { band, contractScore, scoreDeal, rankByTotals } from './scoring.js';
export { playableHandles, SUIT_ORDER } from './legal-actions.js';
export type { FightingView, FightingSeatView, ViewCard } from './views.js';
export { outcomeAfterAudit, resultAfterAudit, viewAfterAudit } from './views.js';
export { describeAction, describeInput, resultText, SUIT_SYMBOL } from './describe.js';
