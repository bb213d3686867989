/**
 * Setting up a hand of Stress (shedding): the deck (one or two 52-card decks)
 * and the deal. Handles are positions in the shuffled encrypted deck, so a
 * fixed assignment is as random as the shuffle: seat by seat 4 face-down,
 * 4 face-up and 4 hand handles, then the start card of the game stack, then
 * the draw stack. The deal asks the table to reveal each hand to its owner
 * and the face-up cards and start card to everyone; face-down cards stay
 * unknown to all. Scenario mode may pass a `layout` with other counts (an
 * endgame position); the cards it leaves out go to the cemetery.
 */
import * as v from 'valibot';
import {
  requestRevealAll,
  requestRevealTo,
  standardDeck,
  type CardId,
  type Core,
  type Handle,
} from '../../engine/index.js';
import type { StressBoard } from './board.js';
import type { StressOptions } from './options.js';
import { HAND_SIZE } from './rules.js';

export function deck(options: StressOptions): CardId[] {
  return standardDeck({ copies: options.decks });
}

/** How many cards go where at the start of a hand. */
export interface Layout {
  seats: Array<{ hand: number; faceUp: number; faceDown: number }>;
  stack: number;
  draw: number;
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(104));
const layoutSchema = v.strictObject({
  seats: v.array(v.strictObject({ hand: count, faceUp: count, faceDown: count })),
  stack: count,
  draw: count,
});

function standardLayout(players: number, deckSize: number): Layout {
  const seat = { hand: HAND_SIZE, faceUp: HAND_SIZE, faceDown: HAND_SIZE };
  return {
    seats: Array.from({ length: players }, () => ({ ...seat })),
    stack: 1,
    draw: deckSize - 3 * HAND_SIZE * players - 1,
  };
}

function parseLayout(raw: unknown, players: number, deckSize: number): Layout | null {
  const parsed = v.safeParse(layoutSchema, raw);
  if (!parsed.success) return null;
  const layout = parsed.output;
  if (layout.seats.length !== players) return null;
  if (layout.seats.some((s) => s.hand + s.faceUp + s.faceDown === 0)) return null;
  const used = layout.seats.reduce((sum, s) => sum + s.hand + s.faceUp + s.faceDown, 0) + layout.stack + layout.draw;
  return used <= deckSize ? layout : null;
}

export function setup(core: Core<StressOptions>, rawLayout: unknown): StressBoard | null {
  const size = core.deck.length;
  const layout = rawLayout === null ? standardLayout(core.players, size) : parseLayout(rawLayout, core.players, size);
  if (layout === null) return null;
  let next = 0;
  const take = (n: number): Handle[] => Array.from({ length: n }, () => next++);
  const seats = layout.seats.map((s) => {
    const faceDown = take(s.faceDown);
    const faceUp = take(s.faceUp);
    const hand = take(s.hand);
    return { hand, faceUp, faceDown };
  });
  const stack = take(layout.stack);
  const draw = take(layout.draw);
  const cemetery = take(size - next);
  seats.forEach((s, seat) => requestRevealTo(core, seat, s.hand));
  requestRevealAll(core, [...seats.flatMap((s) => s.faceUp), ...stack, ...cemetery]);
  return {
    phase: 'swap',
    seats,
    ready: seats.map(() => null),
    draw,
    stack,
    cemetery,
    flipping: null,
    turn: (core.dealer + 1) % core.players,
    out: [],
    loser: null,
    positions: [],
    endless: null,
  };
}
