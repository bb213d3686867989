/**
 * Pesten, docs/rules/pesten.md: the game module the registry lists. The rules live in
 * game.ts (and the files it assembles); this adds to meta.ts (name,
 * blurb, seats, timing, the table options' labels and form controls; the
 * schema and defaults are options.ts) the heuristic bot and the log lines;
 * the registry loads it when a table of the game opens.
 * Its log lines say more than one action alone can ("Bob draws 4 (owed)",
 * "Cleo is skipped", "the stock is reshuffled"), so the module's `describe`
 * is wrapped by describe.ts's `describePestenInput`, which also reads the
 * states around the input. Hands played under rules version 1 (which kept
 * the last move in the board) replay by rules-v1.ts. Helpers other parts of
 * the code and the tests use are re-exported.
 */
import { pestenMeta } from './meta.js';
import { defineGameModule } from '../module.js';
import type { PestenState } from './board.js';
import { describeAction, describePestenInput, describePestenPrivate } from './describe.js';
import { pesten } from './game.js';
import { pestenV1 } from './rules-v1.js';
import { cardZones } from './summary.js';
import { rulesText } from './rules-text.js';
import { pestenProbe } from './hints.js';

const assembled = defineGameModule({
  meta: pestenMeta,
  rules: pesten,
  loadBot: () => import('./bot.js').then((bot) => bot.pestenHeuristic),
  describe: describeAction,
  cardZones,
  rulesText,
  describePrivate: describePestenPrivate,
  cardProbe: pestenProbe,
});

export const pestenModule: typeof assembled = {
  ...assembled,
  describe: (input, names, state, before) =>
    describePestenInput(assembled.describe, input, names, state as PestenState | null, before as PestenState | null),
  // Version 2 keeps no record of the last move in the board (rules-v1.ts says what version 1 was).
  rulesVersion: 2,
  olderRules: [
    {
      version: 1,
      change:
        'version 2 stopped keeping what the last move did (for the log’s words) in the board, which changed every state hash',
      rules: pestenV1,
    },
  ],
};

export { pesten } from './game.js';
export type Pesten = typeof pesten;
export type { PestenAction } from './actions.js';
export type { PestenBoard, PestenState, Phase, Direction, PendingDraw } from './board.js';
export type { LastEvent } from './last-event.js';
export {
  HAND_SIZE,
  clockwiseOf,
  seatAfter,
  flip,
  isSpecial,
  isDrawCard,
  matches,
  owedFor,
  rankOf,
  suitOf,
  topHandle,
} from './board.js';
export type { PestenOptions } from './options.js';
export type { PestenError } from './rules.js';
export { passingSeats } from './rules.js';
export { parseCarry } from './setup.js';
export type { PestenView, SeatView, ViewCard } from './views.js';
