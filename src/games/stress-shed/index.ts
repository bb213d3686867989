/**
 * Stress (shedding), docs/rules/stress-shed.md: the game module the registry lists. The
 * rules live in game.ts (and the files it assembles); this adds to
 * meta.ts (name, blurb, seats, timing, the table options' labels and form
 * controls; the schema and defaults are options.ts) the heuristic bot and the
 * log lines; the registry loads it when a table of the game opens. Helpers other parts of the code and the tests use are
 * re-exported below.
 */
import { stressShedMeta } from './meta.js';
import { defineGameModule } from '../module.js';
import { describeAction, stressEffects } from './describe.js';
import { stressShed } from './game.js';
import { cardZones } from './summary.js';
import { rulesText } from './rules-text.js';
import { stressProbe } from './hints.js';

export const stressShedModule = defineGameModule({
  meta: stressShedMeta,
  rules: stressShed,
  cardProbe: stressProbe,
  loadBot: () => import('./bot.js').then((bot) => bot.stressShedHeuristic),
  hiddenClaims: true,
  describe: describeAction,
  effects: stressEffects,
  cardZones,
  rulesText,
});

export { stressShed } from './game.js';
export type StressShed = typeof stressShed;
export type { StressAction } from './actions.js';
export type { StressBoard, StressState, SeatCards, Source, Phase, EndlessEnd } from './board.js';
export { sourceOf, seatAfter, activeSeats, cardsLeft } from './board.js';
export type { StressOptions } from './options.js';
export { positionHash, positionOf, QUIET_TURNS_PER_PLAYER, REPETITIONS } from './endless.js';
export type { StressError } from './rules.js';
export { canPlayOn, effectiveTop, isLegalCard, HAND_SIZE } from './rules.js';
export type { StressView, SeatView, ViewCard } from './views.js';
