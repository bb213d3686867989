/**
 * Fighting Cards as its rules were in rules version 1 (docs/TRANSCRIPT.md
 * "Rules versions"), kept so transcripts of hands played then still verify.
 * Version 1 carried the match as `{ played, totals }` on the board and to
 * the next deal (null for a new match; refused when the shape is wrong or
 * the match is already complete). Version 2 added the score table's rows to
 * it (rules-v2.ts); version 3 took them out again, so today's board, carry,
 * play, scoring and audit are version 1's, and every state hash is the same.
 * What differs is only outside the state: version 3 gives each deal's row
 * with its outcome (which no hash covers), and its set-up also refuses a
 * carry with points before any deal was counted, which version 1 took.
 * Version 1 is today's rules with its own set-up.
 */
import * as v from 'valibot';
import { defineGame, type AuditReport, type Core, type Json, type Outcome } from '../../engine/index.js';
import type { FightingAction } from './actions.js';
import { PLAYERS, type FightingBoard, type FightingState } from './board.js';
import { fightingCardsSpec } from './game.js';
import type { FightingOptions } from './options.js';
import type { FightingError } from './rules.js';
import { setup } from './setup.js';
import { outcomeAfterAudit, type FightingView } from './views.js';

const total = v.pipe(v.number(), v.integer(), v.minValue(-1e9), v.maxValue(1e9));
const carrySchemaV1 = v.strictObject({
  played: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totals: v.pipe(v.array(total), v.length(PLAYERS)),
});

function setupV1(core: Core<FightingOptions>, layout: unknown, carry: Json | null): FightingBoard | null {
  let match = { played: 0, totals: [0, 0, 0] };
  if (carry !== null) {
    const parsed = v.safeParse(carrySchemaV1, carry);
    if (!parsed.success || parsed.output.played >= core.options.deals) return null;
    match = { played: parsed.output.played, totals: [...parsed.output.totals] };
  }
  const board = setup(core, layout, null);
  return board && { ...board, match };
}

export const fightingCardsV1 = defineGame<FightingBoard, FightingAction, FightingOptions, FightingError, FightingView>({
  ...fightingCardsSpec,
  setup: setupV1,
});

/** `outcomeAfterAudit` of version 1 (index.ts `scoreAfterAudit`): today's. */
export function outcomeAfterAuditV1(state: FightingState, report: AuditReport): Outcome | null {
  return outcomeAfterAudit(state, report);
}
