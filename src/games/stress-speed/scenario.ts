/**
 * Scenario-file support for Stress (speed) (test mode only). The deal is
 * written per seat plus the centre stacks, in one of two forms:
 *   an opening — only piles; the setup deals the rows (covering duplicates)
 *   and the centre cards from them exactly as in a real hand:
 *     "deal": { "seats": [ { "pile": ["5C", "9D", ...] }, { "pile": [...] } ] }
 *   a position — rows (four slots, each bottom first; [] for an empty slot),
 *   piles and both centre stacks (bottom first); all row and stack cards are
 *   turned face-up before play:
 *     "deal": { "seats": [ { "row": [["4H"], ["9C", "5D"], [], ["KS"]], "pile": ["2C"] }, ... ],
 *               "stacks": [["9H"], ["8D", "9D"]] }
 * Piles list the next card dealt first. Cards the deal does not name lie
 * aside, out of play. Steps name cards, not handles:
 *   { "seat": 0, "type": "play", "card": "5H", "stack": 0 }                 // onto stack 0's current top
 *   { "seat": 1, "type": "play", "card": "3D", "stack": 0, "onTop": "4C" }  // as seen: may be stale
 *   { "seat": 1, "type": "stress" }                                          // naming the current tops
 *   { "seat": 0, "type": "stress", "tops": ["9H", "9D"] }                    // as seen: may be stale
 * A play's slot is the slot of the author's row the card lies in (or give
 * "slot" to name another).
 */
import * as v from 'valibot';
import { cardHandles, type CardId, type Handle, type ScenarioSupport } from '../../engine/index.js';
import { ROW_SLOTS, topOf, type SpeedBoard } from './board.js';
import type { SpeedOptions } from './options.js';
import { deck } from './setup.js';
import { summarize, type SpeedView } from './views.js';
import { err, ok } from '../../result.js';

const cards = v.array(v.string());
const dealSchema = v.strictObject({
  seats: v.pipe(
    v.array(v.strictObject({ row: v.optional(v.pipe(v.array(cards), v.length(ROW_SLOTS))), pile: cards })),
    v.length(2),
  ),
  stacks: v.optional(v.pipe(v.array(cards), v.length(2))),
});

const stepSchema = v.variant('type', [
  v.object({
    type: v.literal('play'),
    card: v.string(),
    stack: v.picklist([0, 1] as const),
    onTop: v.optional(v.string()),
    slot: v.optional(v.pipe(v.number(), v.integer())),
  }),
  v.object({ type: v.literal('stress'), tops: v.optional(v.strictTuple([v.string(), v.string()])) }),
]);

export const scenario: ScenarioSupport<SpeedBoard, SpeedOptions, SpeedView> = {
  deal(spec, players, options) {
    const parsed = v.safeParse(dealSchema, spec);
    if (!parsed.success) return `bad deal: ${parsed.issues[0]?.message ?? 'invalid'}`;
    const deal = parsed.output;
    if (deal.seats.length !== players) return `the deal has ${deal.seats.length} seats, the scenario ${players}`;
    const opening = deal.stacks === undefined && deal.seats.every((s) => s.row === undefined);
    if (!opening && (deal.stacks === undefined || deal.seats.some((s) => s.row === undefined))) {
      return 'a position gives every seat a row and both stacks; an opening gives piles only';
    }
    const zones: Record<string, CardId[]> = {};
    deal.seats.forEach((s, seat) => {
      // An opening's setup deals the first four pile cards into the row at once.
      const row = s.row ?? s.pile.slice(0, ROW_SLOTS).map((card) => [card]);
      row.forEach((slot, index) => {
        zones[`slot${index}@${seat}`] = slot;
      });
      zones[`pile@${seat}`] = s.row ? s.pile : s.pile.slice(ROW_SLOTS);
    });
    (deal.stacks ?? [[], []]).forEach((stack, s) => {
      zones[`stack@${s}`] = stack;
    });
    const all = Object.values(zones).flat();
    const twice = all.find((card, i) => all.indexOf(card) !== i);
    if (twice !== undefined) return `"${twice}" is dealt twice`;
    const listed = new Set(all);
    zones.aside = deck(options).filter((card) => !listed.has(card));
    const layout = {
      seats: deal.seats.map((s) => ({
        row: (s.row ?? Array.from({ length: ROW_SLOTS }, () => [])).map((slot) => slot.length),
        pile: s.pile.length,
      })),
      stacks: (deal.stacks ?? [[], []]).map((stack) => stack.length),
    };
    return { layout, zones };
  },
  action(spec, state, handleOf) {
    const parsed = v.safeParse(stepSchema, spec);
    if (!parsed.success) return err(`bad step: ${parsed.issues[0]?.message ?? 'invalid'}`);
    const step = parsed.output;
    const { handle, missingCards } = cardHandles(handleOf);
    const board = state.board;
    const currentTop = (stack: number): Handle | string =>
      topOf(board.stacks[stack] ?? []) ?? `centre stack ${stack} is empty: name the top seen`;
    let action: unknown;
    if (step.type === 'play') {
      const h = handle(step.card);
      const slot =
        step.slot ??
        board.seats.flatMap((mine) =>
          mine.row.flatMap((cardsInSlot, index) => (cardsInSlot.includes(h) ? [index] : [])),
        )[0] ??
        0;
      const onTop = step.onTop === undefined ? currentTop(step.stack) : handle(step.onTop);
      if (typeof onTop === 'string') return err(onTop);
      action = { type: 'play', slot, handle: h, stack: step.stack, onTop };
    } else {
      const tops = step.tops ? step.tops.map(handle) : [currentTop(0), currentTop(1)];
      const empty = tops.find((t) => typeof t === 'string');
      if (typeof empty === 'string') return err(empty);
      action = { type: 'stress', tops };
    }
    const missing = missingCards();
    return missing ? err(missing) : ok(action);
  },
  summarize,
};
