/**
 * Setting up a deal of Fighting Cards: the 32-card deck (7 8 9 10 J Q K A in
 * four suits) and the deal. Handles are positions in the shuffled encrypted
 * deck, so a fixed assignment is as random as the shuffle: seat 0 gets
 * handles 0–9, seat 1 10–19, seat 2 20–29, and 30–31 are the skat. Each hand
 * is revealed to its owner (`reveal-to`); the skat is shown to nobody. The
 * bidding starts with the seat after the dealer. The match so far comes in
 * as `carry` (`{ played, totals }`, null for a new match): only what the
 * rules read, so the score table's rows are not in it (rows.ts). A carry
 * that does not fit (another shape, such as a version-2 carry with rows, a
 * total out of range, a match already complete, or points before any deal
 * was counted) makes setup fail.
 */
import * as v from 'valibot';
import { requestRevealTo, standardDeck, type CardId, type Core, type Handle, type Json } from '../../engine/index.js';
import { HAND_SIZE, PLAYERS, SKAT_SIZE, nextSeat, type FightingBoard, type MatchCarry } from './board.js';
import type { FightingOptions } from './options.js';

export function deck(): CardId[] {
  return standardDeck({ ranks: ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] });
}

const total = v.pipe(v.number(), v.integer(), v.minValue(-1e9), v.maxValue(1e9));
const carrySchema = v.strictObject({
  played: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totals: v.pipe(v.array(total), v.length(PLAYERS)),
});

/** The match `raw` carries in: a new one for null, null when it does not fit. */
export function parseCarry(raw: Json | null, options: FightingOptions): MatchCarry | null {
  if (raw === null) return { played: 0, totals: [0, 0, 0] };
  const parsed = v.safeParse(carrySchema, raw);
  if (!parsed.success || parsed.output.played >= options.deals) return null;
  // Only a counted deal scores: a match with none has no points yet.
  if (parsed.output.played === 0 && parsed.output.totals.some((t) => t !== 0)) return null;
  return { played: parsed.output.played, totals: [...parsed.output.totals] };
}

export function setup(core: Core<FightingOptions>, layout: unknown, carry: Json | null): FightingBoard | null {
  // Every deal is a full deal: scenario files give all 32 cards, so no layout is needed.
  if (layout !== null) return null;
  const match = parseCarry(carry, core.options);
  if (match === null) return null;
  let next = 0;
  const take = (n: number): Handle[] => Array.from({ length: n }, () => next++);
  const hands = Array.from({ length: PLAYERS }, () => take(HAND_SIZE));
  const skat = take(SKAT_SIZE);
  hands.forEach((hand, seat) => requestRevealTo(core, seat, hand));
  return {
    phase: 'bidding',
    hands,
    skat,
    turn: nextSeat(core.dealer),
    auction: [],
    declarer: null,
    contract: null,
    handGame: null,
    trump: null,
    trick: [],
    tricks: [],
    voids: hands.map(() => []),
    renege: null,
    thrownIn: false,
    result: null,
    match,
  };
}
