/**
 * Setting up a round of Pesten: the deck (52 cards and two jokers) and the
 * deal. Handles are positions in the shuffled encrypted deck, so a fixed
 * assignment is as random as the shuffle: seat by seat five hand cards
 * (seat 0 first), then the start card, then the stock. The deal asks the
 * table to show each hand to its owner and to turn the start card face-up;
 * the start card's effect applies (in `afterCrypto`) once that is done.
 * Match points come in through `SetupArgs.carry` (`{ points: number[] }`,
 * one per seat; absent in a match's first round). Scenario mode may pass a
 * `layout` with other counts: hand sizes, a discard pile of several cards
 * (bottom first; its top acts as the start card) and a stock size; the cards
 * it leaves out lie aside, face up, out of play.
 */
import * as v from 'valibot';
import {
  requestRevealAll,
  requestRevealTo,
  standardDeck,
  type CardId,
  type Core,
  type Handle,
  type Json,
} from '../../engine/index.js';
import { HAND_SIZE, type PestenBoard } from './board.js';
import type { PestenOptions } from './options.js';

export function deck(_options: PestenOptions, _players?: number): CardId[] {
  return standardDeck({ jokers: 2 });
}

/** How many cards go where at the start of a round. */
export interface Layout {
  hands: number[];
  discard: number;
  stock: number;
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(54));
const layoutSchema = v.strictObject({ hands: v.array(count), discard: v.pipe(count, v.minValue(1)), stock: count });
const carrySchema = v.strictObject({
  points: v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000))),
});

function parseLayout(raw: unknown, players: number, deckSize: number): Layout | null {
  const parsed = v.safeParse(layoutSchema, raw);
  if (!parsed.success) return null;
  const layout = parsed.output;
  if (layout.hands.length !== players || layout.hands.some((n) => n === 0)) return null;
  const used = layout.hands.reduce((a, b) => a + b, 0) + layout.discard + layout.stock;
  return used <= deckSize ? layout : null;
}

/** The points carried into this round, or null if the carry is malformed. */
export function parseCarry(carry: Json | null, players: number): number[] | null {
  if (carry === null) return Array.from({ length: players }, () => 0);
  const parsed = v.safeParse(carrySchema, carry);
  return parsed.success && parsed.output.points.length === players ? parsed.output.points : null;
}

export function setup(core: Core<PestenOptions>, rawLayout: unknown, carry: Json | null): PestenBoard | null {
  const size = core.deck.length;
  const players = core.players;
  const standard: Layout = {
    hands: Array.from({ length: players }, () => HAND_SIZE),
    discard: 1,
    stock: size - HAND_SIZE * players - 1,
  };
  const layout = rawLayout === null ? standard : parseLayout(rawLayout, players, size);
  const points = parseCarry(carry, players);
  if (layout === null || points === null) return null;
  let next = 0;
  const take = (n: number): Handle[] => Array.from({ length: n }, () => next++);
  const hands = layout.hands.map((n) => take(n));
  const discard = take(layout.discard);
  const stock = take(layout.stock);
  const aside = take(size - next);
  hands.forEach((hand, seat) => requestRevealTo(core, seat, hand));
  requestRevealAll(core, [...discard, ...aside]);
  return {
    phase: 'deal',
    hands,
    stock,
    discard,
    aside,
    direction: 'clockwise',
    turn: core.dealer,
    wish: null,
    owed: 0,
    again: false,
    drawn: null,
    passes: hands.map(() => null),
    passFrom: null,
    pendingDraw: null,
    reshuffles: 0,
    points,
    winner: null,
  };
}
