/**
 * The actions of Stress (shedding) as plain data, their runtime validation,
 * and the hand cards each one reveals. A play names each card's handle and
 * its identity (the table checks the identity against the keys the player
 * publishes with the move); a blind play names only the face-down handle,
 * whose identity nobody knows until the table reveals it.
 */
import * as v from 'valibot';
import type { CardClaim, CardId, Handle } from '../../engine/index.js';

export type StressAction =
  /** Swap phase: exchanges applied in order (any number, repeats allowed), then "ready". `card` is the hand card going face-up. */
  | { type: 'ready'; swaps: Array<{ hand: Handle; card: CardId; faceUp: Handle }> }
  /** One or more cards of one rank from the current source (hand or face-up). */
  | { type: 'play'; cards: Array<{ handle: Handle; card: CardId }> }
  /** One face-down card, unseen. */
  | { type: 'blind'; handle: Handle }
  /** Take the whole game stack into the hand; the turn ends. */
  | { type: 'pickup' };

const handle = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));
const card = v.pipe(v.string(), v.maxLength(16));

const actionSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('ready'),
    swaps: v.pipe(v.array(v.strictObject({ hand: handle, card, faceUp: handle })), v.maxLength(256)),
  }),
  v.strictObject({
    type: v.literal('play'),
    cards: v.pipe(v.array(v.strictObject({ handle, card })), v.minLength(1), v.maxLength(128)),
  }),
  v.strictObject({ type: v.literal('blind'), handle }),
  v.strictObject({ type: v.literal('pickup') }),
]);

export function parseAction(raw: unknown): StressAction | null {
  const parsed = v.safeParse(actionSchema, raw);
  return parsed.success ? parsed.output : null;
}

export function claimedCards(action: StressAction): CardClaim[] {
  switch (action.type) {
    case 'ready':
      return action.swaps.map((swap) => ({ handle: swap.hand, card: swap.card }));
    case 'play':
      return action.cards.map((c) => ({ handle: c.handle, card: c.card }));
    case 'blind':
    case 'pickup':
      return [];
  }
}
