/**
 * Runtime validation of the input envelope the reducer accepts from the
 * table: a player's action (its body is validated by the game) or a system
 * input completing a crypto request. Anything else is `malformed-input`.
 */
import * as v from 'valibot';
import type { Input } from './types.js';

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0x7fffffff));
const handleKey = v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]{0,8})$/));
const cardText = v.pipe(v.string(), v.maxLength(16));

const inputSchema = v.variant('kind', [
  v.strictObject({
    kind: v.literal('act'),
    seat: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
    action: v.unknown(),
  }),
  v.strictObject({ kind: v.literal('revealed'), request: count, cards: v.record(handleKey, cardText) }),
  v.strictObject({ kind: v.literal('delivered'), request: count }),
  v.strictObject({ kind: v.literal('reshuffled'), request: count }),
]);

export function parseInput(raw: unknown): Input | null {
  const result = v.safeParse(inputSchema, raw);
  return result.success ? (result.output as Input) : null;
}
