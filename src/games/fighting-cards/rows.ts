/**
 * The score table's rows of a Fighting Cards match, kept outside the state:
 * the rules carry only the deals counted and the totals from deal to deal, and
 * each counted deal's outcome gives its row (views.ts `outcome`: `row`), which
 * the table keeps with the hand's stored result. `withMatchRows` puts the rows
 * of the match's earlier deals (src/app/scores.ts `matchRows`, from those
 * stored results) before the view's own row, so the score table reads as if
 * the state held them all: the same rows after a reload, and for a watcher
 * who followed the match. Stored rows are not trusted: one that is not a row
 * (`rowSchema`, which rules-v2.ts also checks a version-2 carry with) is left
 * out, and only deals 1 to the deals carried in are taken (the latest row of
 * each number: an earlier match at the same table may have left its own).
 */
import * as v from 'valibot';
import { SUITS, type Json } from '../../engine/index.js';
import { MAX_BID, MIN_BID, PLAYERS, type DealRow } from './board.js';
import type { FightingView } from './views.js';

const total = v.pipe(v.number(), v.integer(), v.minValue(-1e9), v.maxValue(1e9));
const seat = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(PLAYERS - 1));

export const rowSchema = v.strictObject({
  deal: v.pipe(v.number(), v.integer(), v.minValue(1)),
  dealer: seat,
  declarer: seat,
  bid: v.pipe(v.number(), v.integer(), v.minValue(MIN_BID), v.maxValue(MAX_BID)),
  handGame: v.boolean(),
  trump: v.nullable(v.picklist(SUITS)),
  points: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120)),
  made: v.boolean(),
  renege: v.nullable(seat),
  scores: v.pipe(v.array(total), v.length(PLAYERS)),
});

/** A copy of `raw` if it is a score table row, else null. */
export function parseRow(raw: unknown): DealRow | null {
  const parsed = v.safeParse(rowSchema, raw);
  return parsed.success ? { ...parsed.output, scores: [...parsed.output.scores] } : null;
}

/**
 * `view` with the rows of the deals before this one put before its own: `rows` are the stored rows of the match's
 * earlier hands, oldest first. The deals wanted are 1 to those carried into this deal (`played`, less this deal
 * once it is counted); a deal with no row among `rows` is left out.
 */
export function withMatchRows(view: FightingView, rows: readonly Json[]): FightingView {
  const own = view.match.history;
  const carried = Math.min(view.match.played, ...own.map((row) => row.deal - 1));
  const byDeal = new Map<number, DealRow>();
  for (const raw of rows) {
    const row = parseRow(raw);
    if (row && row.deal <= carried) byDeal.set(row.deal, row);
  }
  const earlier = [...byDeal.keys()].sort((a, b) => a - b).map((deal) => byDeal.get(deal)!);
  return { ...view, match: { ...view.match, history: [...earlier, ...own.filter((row) => row.deal > carried)] } };
}
