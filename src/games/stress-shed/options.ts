/**
 * Options of Stress (shedding), docs/rules/stress-shed.md §1, with their defaults (the
 * labels the lobby shows are the module's form fields, index.ts): `voluntaryPickup` (false: pick up only with no
 * legal play; the audit checks the claim), `fourOfAKindBurns` (false),
 * `stopAtFirstWinner` (false), `decks` ('auto': one 52-card deck for 2–4
 * players, two for 5–6; one deck cannot serve 5–6 players, so `decks: 1` is
 * refused there) and `endlessHandsEnd` (true: a hand whose position occurs a
 * third time, or that makes no progress for 100 turns per player still in,
 * ends with no loser; see endless.ts).
 */
import * as v from 'valibot';
import type { Json } from '../../engine/index.js';

export interface StressOptions {
  voluntaryPickup: boolean;
  fourOfAKindBurns: boolean;
  stopAtFirstWinner: boolean;
  decks: 1 | 2;
  endlessHandsEnd: boolean;
}

export const defaultOptions: Record<string, Json> = {
  voluntaryPickup: false,
  fourOfAKindBurns: false,
  stopAtFirstWinner: false,
  decks: 'auto',
  endlessHandsEnd: true,
};

const rawOptions = v.strictObject({
  voluntaryPickup: v.optional(v.boolean()),
  fourOfAKindBurns: v.optional(v.boolean()),
  stopAtFirstWinner: v.optional(v.boolean()),
  decks: v.optional(v.picklist(['auto', 1, 2] as const)),
  endlessHandsEnd: v.optional(v.boolean()),
});

export function parseOptions(raw: unknown, players: number): StressOptions | null {
  const parsed = v.safeParse(rawOptions, raw ?? {});
  if (!parsed.success) return null;
  const {
    voluntaryPickup = false,
    fourOfAKindBurns = false,
    stopAtFirstWinner = false,
    decks = 'auto',
    endlessHandsEnd = true,
  } = parsed.output;
  const deckCount = decks === 'auto' ? (players <= 4 ? 1 : 2) : decks;
  if (deckCount === 1 && players > 4) return null;
  return { voluntaryPickup, fourOfAKindBurns, stopAtFirstWinner, decks: deckCount, endlessHandsEnd };
}
