/**
 * Options of Fighting Cards, docs/rules/fighting-cards.md §1: `deals` (default 3, so each of the
 * three players deals once) — how many deals make a match; thrown-in deals
 * do not count. Always exactly three players (the engine refuses any other
 * count with `bad-player-count`). Any other option is refused, so a peer
 * cannot slip in a setting the others do not know.
 */
import * as v from 'valibot';
import type { Json } from '../../engine/index.js';

export interface FightingOptions {
  /** Deals in a match (1–30). */
  deals: number;
}

export const MAX_DEALS = 30;

export const defaultOptions: Record<string, Json> = { deals: 3 };

const rawOptions = v.strictObject({
  deals: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_DEALS))),
});

export function parseOptions(raw: unknown, _players: number): FightingOptions | null {
  const parsed = v.safeParse(rawOptions, raw ?? {});
  if (!parsed.success) return null;
  return { deals: parsed.output.deals ?? 3 };
}
