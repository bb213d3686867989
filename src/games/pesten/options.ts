/**
 * Options of Pesten, docs/rules/pesten.md §1, with their defaults: `targetPoints` (2: the
 * match ends when a player has that many round wins; 1–20 accepted) and
 * `drawThenPlay` (false: a normal draw ends the turn; true: after a normal
 * draw the player may play the drawn card, and only that card, or end the
 * turn). Anything else is refused, so a peer cannot slip in a setting the
 * others do not know.
 */
import * as v from 'valibot';
import type { Json } from '../../engine/index.js';

export interface PestenOptions {
  targetPoints: number;
  drawThenPlay: boolean;
}

export const defaultOptions: Record<string, Json> = {
  targetPoints: 2,
  drawThenPlay: false,
};

const rawOptions = v.strictObject({
  targetPoints: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20))),
  drawThenPlay: v.optional(v.boolean()),
});

export function parseOptions(raw: unknown, _players: number): PestenOptions | null {
  const parsed = v.safeParse(rawOptions, raw ?? {});
  if (!parsed.success) return null;
  const { targetPoints = 2, drawThenPlay = false } = parsed.output;
  return { targetPoints, drawThenPlay };
}
