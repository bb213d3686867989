/**
 * The actions of Pesten as plain data, their runtime validation, and the hand
 * cards each one reveals. A play names the card's handle and its identity
 * (the table checks the identity against the keys the player publishes with
 * the move), plus the suit a J wishes and the "Pesten" announcement. A pass
 * on a 10 names only a handle of the author's hand: the card stays private
 * and travels to the clockwise neighbour by a `forward` request.
 */
import * as v from 'valibot';
import { SUITS, type CardClaim, type CardId, type Handle, type Suit } from '../../engine/index.js';

export type PestenAction =
  /** One card from the hand; `wish` exactly when it is a J; `announce`: "Pesten!" (only with the second-to-last card). */
  | { type: 'play'; handle: Handle; card: CardId; wish?: Suit; announce?: boolean }
  /** Draw one card (or the owed sum); always allowed on the seat's turn. */
  | { type: 'draw' }
  /** With `drawThenPlay`, after a draw: keep the drawn card and end the turn. */
  | { type: 'end-turn' }
  /** The dealer's wish when the start card is a J. */
  | { type: 'wish'; suit: Suit }
  /** Pass round after a 10: the hand card this seat passes to its clockwise neighbour. */
  | { type: 'give'; handle: Handle };

const handle = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));
const card = v.pipe(v.string(), v.maxLength(16));
const suit = v.picklist(SUITS);

const actionSchema = v.variant('type', [
  v.strictObject({ type: v.literal('play'), handle, card, wish: v.optional(suit), announce: v.optional(v.boolean()) }),
  v.strictObject({ type: v.literal('draw') }),
  v.strictObject({ type: v.literal('end-turn') }),
  v.strictObject({ type: v.literal('wish'), suit }),
  v.strictObject({ type: v.literal('give'), handle }),
]);

export function parseAction(raw: unknown): PestenAction | null {
  const parsed = v.safeParse(actionSchema, raw);
  return parsed.success ? (parsed.output as PestenAction) : null;
}

export function claimedCards(action: PestenAction): CardClaim[] {
  return action.type === 'play' ? [{ handle: action.handle, card: action.card }] : [];
}
