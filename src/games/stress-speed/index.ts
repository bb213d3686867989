/**
 * Stress (speed), docs/rules/stress-speed.md: the game module the registry lists. The rules
 * live in game.ts (and the files it assembles); this adds to meta.ts
 * (name, blurb, seats, the empty option form, the timing: real time) the
 * heuristic bot and the log lines; the registry loads it when a table of the
 * game opens. Real time, so its race codes (`stale-top`, `stale-call`) bounce a move instead
 * of blaming its author. Helpers other parts of the code and the tests use
 * are re-exported below.
 */
import { stressSpeedMeta } from './meta.js';
import { defineGameModule } from '../module.js';
import { describeAction, speedEffects } from './describe.js';
import { stressSpeed } from './game.js';
import { cardZones } from './summary.js';
import { rulesText } from './rules-text.js';
import { speedProbe } from './hints.js';

export const stressSpeedModule = defineGameModule({
  meta: stressSpeedMeta,
  rules: stressSpeed,
  loadBot: () => import('./bot.js').then((bot) => bot.stressSpeedHeuristic),
  describe: describeAction,
  effects: speedEffects,
  cardZones,
  rulesText,
  cardProbe: speedProbe,
});

export { stressSpeed } from './game.js';
export type StressSpeed = typeof stressSpeed;
export type { SpeedAction } from './actions.js';
export type { SpeedBoard, SpeedState, SpeedSeat, Phase, Stalemate } from './board.js';
export {
  adjacent,
  sameRank,
  topOf,
  playsOf,
  stressTops,
  anyoneCanAct,
  cardsLeft,
  rowEmpty,
  ROW_SLOTS,
  PILE_SIZE,
} from './board.js';
export type { SpeedOptions } from './options.js';
export type { SpeedError } from './rules.js';
export type { SpeedView, SeatView, SlotView, StackView, ViewCard } from './views.js';
