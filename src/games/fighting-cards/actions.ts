/**
 * The actions of Fighting Cards as plain data, their runtime validation, and
 * the hand cards each one reveals. Only a played card is revealed (it names
 * its handle and identity; the table checks the identity with the keys the
 * player publishes). The discard names two handles and no cards: after the
 * skat is taken the declarer's twelve cards have been reshuffled into fresh
 * handles that only the declarer was shown, so nobody else learns which
 * cards went. A bid is any integer 0–99 here so that an out-of-range bid is
 * refused by the rules with its own code (`bid-out-of-range`).
 */
import * as v from 'valibot';
import type { CardClaim, CardId, Handle, Suit } from '../../engine/index.js';

export type FightingAction =
  | { type: 'bid'; bid: number }
  | { type: 'pass' }
  /** Declarer: play without the skat (score doubled). */
  | { type: 'hand' }
  /** Declarer: take the skat (then discard two). */
  | { type: 'take' }
  /** Declarer, after a take: two of its twelve handles become the new skat. */
  | { type: 'discard'; handles: [Handle, Handle] }
  | { type: 'trump'; suit: Suit }
  | { type: 'play'; handle: Handle; card: CardId };

const handle = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));

const actionSchema = v.variant('type', [
  v.strictObject({ type: v.literal('bid'), bid: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)) }),
  v.strictObject({ type: v.literal('pass') }),
  v.strictObject({ type: v.literal('hand') }),
  v.strictObject({ type: v.literal('take') }),
  v.strictObject({ type: v.literal('discard'), handles: v.strictTuple([handle, handle]) }),
  v.strictObject({ type: v.literal('trump'), suit: v.picklist(['C', 'D', 'H', 'S'] as const) }),
  v.strictObject({ type: v.literal('play'), handle, card: v.pipe(v.string(), v.maxLength(16)) }),
]);

export function parseAction(raw: unknown): FightingAction | null {
  const parsed = v.safeParse(actionSchema, raw);
  return parsed.success ? parsed.output : null;
}

export function claimedCards(action: FightingAction): CardClaim[] {
  return action.type === 'play' ? [{ handle: action.handle, card: action.card }] : [];
}
