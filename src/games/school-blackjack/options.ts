/**
 * Options of School Blackjack, docs/rules/school-blackjack.md §1, with their defaults:
 * `voluntaryDraw` (true: a player may draw instead of playing, as the seed's
 * Example 5 "ø" shows; false: draw only when no card in hand may be played,
 * a claim the end-of-hand audit checks with every card open). One 52-card
 * deck for 2–6 players; any other option is refused (`bad-options`).
 */
import * as v from 'valibot';
import type { Json } from '../../engine/index.js';

export interface BlackjackOptions {
  voluntaryDraw: boolean;
}

export const defaultOptions: Record<string, Json> = { voluntaryDraw: true };

const rawOptions = v.strictObject({ voluntaryDraw: v.optional(v.boolean()) });

export function parseOptions(raw: unknown): BlackjackOptions | null {
  const parsed = v.safeParse(rawOptions, raw ?? {});
  if (!parsed.success) return null;
  return { voluntaryDraw: parsed.output.voluntaryDraw ?? true };
}
