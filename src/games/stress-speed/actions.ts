/**
 * The actions of Stress (speed) as plain data and their runtime validation.
 * Both name what their author saw, so that an action overtaken by another
 * one is recognised as a lost race: a play names the row card and the
 * centre top it goes on (`onTop`), a stress call names both centre tops.
 * Row and centre cards are public, so no action reveals a hidden card: the
 * table attaches no keys (`claimedCards` is always empty).
 */
import * as v from 'valibot';
import type { CardClaim, Handle } from '../../engine/index.js';
import { ROW_SLOTS } from './board.js';

export type SpeedAction =
  /** Move the top card of row slot `slot` (handle `handle`) onto centre stack `stack`, whose top the author saw as `onTop`. */
  | { type: 'play'; slot: number; handle: Handle; stack: 0 | 1; onTop: Handle }
  /** "Stress!": both centre tops show one rank; `tops` are the tops of stacks 0 and 1 as the author saw them. */
  | { type: 'stress'; tops: [Handle, Handle] };

const handle = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));

const actionSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('play'),
    slot: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(ROW_SLOTS - 1)),
    handle,
    stack: v.picklist([0, 1] as const),
    onTop: handle,
  }),
  v.strictObject({ type: v.literal('stress'), tops: v.strictTuple([handle, handle]) }),
]);

export function parseAction(raw: unknown): SpeedAction | null {
  const parsed = v.safeParse(actionSchema, raw);
  return parsed.success ? parsed.output : null;
}

/** Row and centre cards are public: no action reveals a hand card. */
export function claimedCards(_action: SpeedAction): CardClaim[] {
  return [];
}
