/**
 * Fighting Cards as its rules were in rules version 1 (docs/TRANSCRIPT.md
 * "Rules versions"), kept so transcripts of hands played then still verify.
 * Version 2 added the score table's rows to the match the board carries
 * (`board.match.history`, and `history` in the carry to the next deal);
 * that changed every state hash of every deal, so an old transcript replayed
 * by today's rules disagrees with what its seats signed at step 0. Version 1
 * is today's rules with the match as it was then: `{ played, totals }` on
 * the board and in the carry (null for a new match; refused when the shape
 * is wrong or the match is already complete). Play, scoring and the audit
 * never read the rows, so nothing else differs; outcomes and views are
 * today's, computed on the board with no rows, and the carry leaves the rows
 * out.
 */
import * as v from 'valibot';
import {
  defineGame,
  type AuditReport,
  type Core,
  type Json,
  type Outcome,
  type PrivateView,
  type Seat,
} from '../../engine/index.js';
import type { FightingAction } from './actions.js';
import { PLAYERS, type FightingBoard, type FightingState, type MatchCarry } from './board.js';
import { fightingCardsSpec } from './game.js';
import type { FightingOptions } from './options.js';
import type { FightingError } from './rules.js';
import { setup } from './setup.js';
import { outcome, outcomeAfterAudit, view, type FightingView } from './views.js';

/** The match as version 1 carried it. */
interface MatchV1 {
  played: number;
  totals: number[];
}

const total = v.pipe(v.number(), v.integer(), v.minValue(-1e9), v.maxValue(1e9));
const carrySchemaV1 = v.strictObject({
  played: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totals: v.pipe(v.array(total), v.length(PLAYERS)),
});

function setupV1(core: Core<FightingOptions>, layout: unknown, carry: Json | null): FightingBoard | null {
  let match: MatchV1 = { played: 0, totals: [0, 0, 0] };
  if (carry !== null) {
    const parsed = v.safeParse(carrySchemaV1, carry);
    if (!parsed.success || parsed.output.played >= core.options.deals) return null;
    match = { played: parsed.output.played, totals: [...parsed.output.totals] };
  }
  const board = setup(core, layout, null);
  // The board holds the version-1 match: its state hash is the one the seats signed then.
  return board && { ...board, match: match as MatchCarry };
}

/** The state as today's views read it: the same match with no score table rows. */
function withoutRows(state: FightingState): FightingState {
  return { ...state, board: { ...state.board, match: { ...state.board.match, history: [] } } };
}

/** Version 1's carry: the match with no rows. */
function carryV1(result: Outcome | null): Outcome | null {
  if (result?.carry === null || result?.carry === undefined) return result;
  const { played, totals } = result.carry as unknown as MatchV1;
  return { ...result, carry: { played, totals } };
}

export const fightingCardsV1 = defineGame<FightingBoard, FightingAction, FightingOptions, FightingError, FightingView>({
  ...fightingCardsSpec,
  setup: setupV1,
  outcome: (state: FightingState) => carryV1(outcome(withoutRows(state))),
  view: (state: FightingState, viewer: Seat | null, privateView: PrivateView) =>
    view(withoutRows(state), viewer, privateView),
});

/** `outcomeAfterAudit` of version 1 (index.ts `scoreAfterAudit`). */
export function outcomeAfterAuditV1(state: FightingState, report: AuditReport): Outcome | null {
  return carryV1(outcomeAfterAudit(withoutRows(state), report));
}
