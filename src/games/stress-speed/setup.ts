/**
 * Setting up a hand of Stress (speed): the deck (one 52-card deck) and the
 * deal. Handles are positions in the shuffled encrypted deck, so a fixed
 * assignment is as random as the shuffle: handles 0–25 are seat 0's pile and
 * 26–51 seat 1's, first dealt first, known to nobody. Each seat at once deals
 * the first four cards of its pile into its row, and the table is asked to
 * turn all eight face-up (one reveal-all); `afterCrypto` then covers
 * duplicates and deals the centre cards. Scenario mode may pass a `layout`:
 * either other pile sizes with empty rows and stacks (the same opening), or a
 * position (cards per row slot, pile sizes, centre stack sizes; a slot may be
 * empty only while its owner's pile is) whose row and stack cards are turned
 * face-up at once before play; cards a layout leaves out lie aside, face-up,
 * out of play.
 */
import * as v from 'valibot';
import { requestRevealAll, standardDeck, type CardId, type Core, type Handle } from '../../engine/index.js';
import { PILE_SIZE, ROW_SLOTS, type SpeedBoard } from './board.js';
import type { SpeedOptions } from './options.js';

export function deck(_options: SpeedOptions): CardId[] {
  return standardDeck();
}

/** How many cards go where at the start of a hand. */
export interface Layout {
  /** Per seat: cards in each row slot (bottom to top), and the pile. */
  seats: Array<{ row: number[]; pile: number }>;
  /** Cards in each centre stack. */
  stacks: number[];
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(52));
const layoutSchema = v.strictObject({
  seats: v.pipe(
    v.array(v.strictObject({ row: v.pipe(v.array(count), v.length(ROW_SLOTS)), pile: count })),
    v.length(2),
  ),
  stacks: v.pipe(v.array(count), v.length(2)),
});

/** An opening: empty rows and stacks, so the setup deals from the piles. */
export function isOpening(layout: Layout): boolean {
  return layout.stacks.every((n) => n === 0) && layout.seats.every((s) => s.row.every((n) => n === 0));
}

function standardLayout(): Layout {
  const seat = { row: Array.from({ length: ROW_SLOTS }, () => 0), pile: PILE_SIZE };
  return { seats: [seat, { ...seat, row: [...seat.row] }], stacks: [0, 0] };
}

function parseLayout(raw: unknown, deckSize: number): Layout | null {
  const parsed = v.safeParse(layoutSchema, raw);
  if (!parsed.success) return null;
  const layout = parsed.output;
  const used =
    layout.seats.reduce((sum, s) => sum + s.pile + s.row.reduce((a, b) => a + b, 0), 0) +
    layout.stacks.reduce((a, b) => a + b, 0);
  if (used > deckSize) return null;
  // An opening needs four row cards and a centre card per seat; a position needs a row card per seat
  // (an empty row without a pile has already won) and no empty slot beside a pile (it would have been refilled).
  if (isOpening(layout)) return layout.seats.every((s) => s.pile > ROW_SLOTS) ? layout : null;
  return layout.seats.every((s) => s.row.some((n) => n > 0) && (s.pile === 0 || s.row.every((n) => n > 0)))
    ? layout
    : null;
}

export function setup(core: Core<SpeedOptions>, rawLayout: unknown): SpeedBoard | null {
  const size = core.deck.length;
  const layout = rawLayout === null ? standardLayout() : parseLayout(rawLayout, size);
  if (layout === null || core.players !== 2) return null;
  let next = 0;
  const take = (n: number): Handle[] => Array.from({ length: n }, () => next++);
  const seats = layout.seats.map((s) => {
    const row = s.row.map((n) => take(n));
    return { row, pile: take(s.pile) };
  });
  const stacks = layout.stacks.map((n) => take(n));
  const aside = take(size - next);
  const board: SpeedBoard = {
    phase: 'turn',
    seats,
    stacks,
    aside,
    stalemate: null,
    stalemates: 0,
    lastStress: null,
    stresses: 0,
    winner: null,
    blocked: false,
  };
  if (isOpening(layout)) {
    // Each seat deals the first four cards of its pile into its row, face-up.
    for (const mine of seats) mine.row = mine.row.map(() => mine.pile.splice(0, 1));
    board.phase = 'deal';
    requestRevealAll(core, [...seats.flatMap((s) => s.row.flat()), ...aside]);
  } else {
    requestRevealAll(core, [...seats.flatMap((s) => s.row.flat()), ...stacks.flat(), ...aside]);
  }
  return board;
}
