/**
 * Fighting Cards as its rules were in rules version 2 (docs/TRANSCRIPT.md
 * "Rules versions"), kept so transcripts of hands played then still verify.
 * Version 2 carried the score table's rows in the match: the board's
 * `match` and the carry to the next deal were `{ played, totals, history }`,
 * `history` holding a row per counted deal (rows.ts `rowSchema`). Version 3
 * keeps only `{ played, totals }` there and gives each deal's row with its
 * outcome instead, which changed every state hash of every deal. Version 2
 * is today's rules with the rows put back: setup takes the version-2 carry
 * (null for a new match; refused when the shape is wrong, the match is
 * already complete, or the rows are not deals 1..played adding up to the
 * totals) and the board holds its rows; the outcome carries them with this
 * deal's row after them; the view shows them before this deal's row. Play,
 * scoring and the audit never read the rows, so nothing else differs.
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
import { PLAYERS, type DealRow, type FightingBoard, type FightingState, type MatchCarry } from './board.js';
import { fightingCardsSpec } from './game.js';
import type { FightingOptions } from './options.js';
import { rowSchema, withMatchRows } from './rows.js';
import type { FightingError } from './rules.js';
import { setup } from './setup.js';
import { outcome, outcomeAfterAudit, view, type FightingView } from './views.js';

/** The match as version 2 carried it. */
export interface MatchV2 extends MatchCarry {
  /** The counted deals so far, oldest first (`played` rows). */
  history: DealRow[];
}

const total = v.pipe(v.number(), v.integer(), v.minValue(-1e9), v.maxValue(1e9));
const carrySchemaV2 = v.strictObject({
  played: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totals: v.pipe(v.array(total), v.length(PLAYERS)),
  history: v.array(rowSchema),
});

/** The match a version-2 carry brings in: a new one for null, null when it does not fit. */
export function parseCarryV2(raw: Json | null, options: FightingOptions): MatchV2 | null {
  if (raw === null) return { played: 0, totals: [0, 0, 0], history: [] };
  const parsed = v.safeParse(carrySchemaV2, raw);
  if (!parsed.success) return null;
  const { played, totals, history } = parsed.output;
  if (played >= options.deals || history.length !== played || history.some((row, i) => row.deal !== i + 1)) return null;
  const summed = totals.map((_, s) => history.reduce((sum, row) => sum + row.scores[s]!, 0));
  if (summed.some((sum, s) => sum !== totals[s])) return null;
  return { played, totals: [...totals], history: history.map((row) => ({ ...row, scores: [...row.scores] })) };
}

function setupV2(core: Core<FightingOptions>, layout: unknown, carry: Json | null): FightingBoard | null {
  const match = parseCarryV2(carry, core.options);
  const board = match && setup(core, layout, null);
  // The board holds the version-2 match: its state hash is the one the seats signed then.
  return board && { ...board, match };
}

/** The rows the version-2 board carries in. */
function rowsOf(state: FightingState): DealRow[] {
  return (state.board.match as MatchV2).history ?? [];
}

/** Version 2's carry: the match with the rows carried in and this deal's. */
function carryV2(state: FightingState, result: Outcome | null): Outcome | null {
  if (result?.carry === null || result?.carry === undefined) return result;
  const { played, totals } = result.carry as unknown as MatchCarry;
  const history = [...rowsOf(state), ...(result.row ? [result.row as unknown as DealRow] : [])];
  return { ...result, carry: { played, totals, history } as unknown as Json };
}

export const fightingCardsV2 = defineGame<FightingBoard, FightingAction, FightingOptions, FightingError, FightingView>({
  ...fightingCardsSpec,
  setup: setupV2,
  outcome: (state: FightingState) => carryV2(state, outcome(state)),
  view: (state: FightingState, viewer: Seat | null, privateView: PrivateView) =>
    withMatchRows(view(state, viewer, privateView), rowsOf(state) as unknown as Json[]),
});

/** `outcomeAfterAudit` of version 2 (index.ts `scoreAfterAudit`). */
export function outcomeAfterAuditV2(state: FightingState, report: AuditReport): Outcome | null {
  return carryV2(state, outcomeAfterAudit(state, report));
}
