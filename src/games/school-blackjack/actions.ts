/**
 * The actions of School Blackjack as plain data, their runtime validation,
 * and the hand card each one reveals. A turn is built card by card: each
 * `play` puts one card from the hand on the play pile (naming its handle and
 * identity, which the table checks against the keys the player publishes,
 * and for an ace the suit it names); `end` finishes a turn in which cards
 * were played (drawing 1 if it was not capped); `draw` at the start of a
 * turn takes 1 card, or what the seat owes, instead of playing.
 */
import * as v from 'valibot';
import { SUITS, type CardClaim, type CardId, type Handle, type Suit } from '../../engine/index.js';

export type BlackjackAction =
  { type: 'play'; handle: Handle; card: CardId; suit?: Suit } | { type: 'end' } | { type: 'draw' };

const actionSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('play'),
    handle: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)),
    card: v.pipe(v.string(), v.maxLength(16)),
    suit: v.optional(v.picklist(SUITS)),
  }),
  v.strictObject({ type: v.literal('end') }),
  v.strictObject({ type: v.literal('draw') }),
]);

export function parseAction(raw: unknown): BlackjackAction | null {
  const parsed = v.safeParse(actionSchema, raw);
  return parsed.success ? (parsed.output as BlackjackAction) : null;
}

export function claimedCards(action: BlackjackAction): CardClaim[] {
  return action.type === 'play' ? [{ handle: action.handle, card: action.card }] : [];
}
