/**
 * Options of Stress (shedding), RULES.md §1, with their defaults and the
 * labels the lobby shows: `voluntaryPickup` (false: pick up only with no
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

/** One option as the lobby offers it: its key, a label, a one-line help text, and its raw values (the default first). */
export interface OptionField {
  key: string;
  label: string;
  help: string;
  /** The raw values it may take, the default first; each with the label of that choice. */
  choices: Array<{ value: Json; label: string }>;
}

/** Every option of the game, in the order the lobby shows them (RULES.md §1 "Options"). */
export const optionFields: readonly OptionField[] = [
  {
    key: 'voluntaryPickup',
    label: 'Pick up the stack at will',
    help: 'Off: a player picks up the game stack only when they cannot play (the end-of-hand audit checks the claim).',
    choices: [
      { value: false, label: 'Only with no legal play' },
      { value: true, label: 'Whenever the player likes' },
    ],
  },
  {
    key: 'fourOfAKindBurns',
    label: 'Four of a kind burns',
    help: 'On: four cards of one rank on top of the game stack burn it, like a 10.',
    choices: [
      { value: false, label: 'No' },
      { value: true, label: 'Yes' },
    ],
  },
  {
    key: 'stopAtFirstWinner',
    label: 'Stop at the first winner',
    help: 'On: the hand ends as soon as one player is out; nobody loses.',
    choices: [
      { value: false, label: 'Play on until one player is left' },
      { value: true, label: 'Stop when the first player is out' },
    ],
  },
  {
    key: 'decks',
    label: 'Decks',
    help: 'One 52-card deck serves 2–4 players; 5–6 players need two.',
    choices: [
      { value: 'auto', label: 'Automatic (1 for up to 4 players, 2 above)' },
      { value: 1, label: 'One deck' },
      { value: 2, label: 'Two decks' },
    ],
  },
  {
    key: 'endlessHandsEnd',
    label: 'End endless hands',
    help: 'On: a hand whose position occurs for the third time, or that makes no progress for 100 turns per player still in, ends with no loser.',
    choices: [
      { value: true, label: 'Yes' },
      { value: false, label: 'No' },
    ],
  },
];

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
  const { voluntaryPickup = false, fourOfAKindBurns = false, stopAtFirstWinner = false, decks = 'auto', endlessHandsEnd = true } = parsed.output;
  const deckCount = decks === 'auto' ? (players <= 4 ? 1 : 2) : decks;
  if (deckCount === 1 && players > 4) return null;
  return { voluntaryPickup, fourOfAKindBurns, stopAtFirstWinner, decks: deckCount, endlessHandsEnd };
}
