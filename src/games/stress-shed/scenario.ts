/**
 * Scenario-file support for Stress (shedding) (test mode only). The deal is
 * written per seat plus the piles:
 *   "deal": { "seats": [ { "hand": [...], "faceUp": [...], "faceDown": [...] }, ... ],
 *             "stack": ["9H", "3C"],        // bottom first, top last
 *             "draw": ["5C", "6D"] }        // next drawn first; optional
 * Lists may be shorter or longer than four (an endgame position). Without
 * "draw" the rest of the deck is the draw stack (deck order); with it, the
 * cards left over go to the cemetery. Steps name cards, not handles:
 *   { "seat": 0, "type": "ready", "swaps": [["AS", "4C"]] }   // hand card, face-up card
 *   { "seat": 1, "type": "play", "cards": ["5H", "5D"] }
 *   { "seat": 1, "type": "blind", "card": "KS" }               // the face-down card to turn
 *   { "seat": 2, "type": "pickup" }
 */
import * as v from 'valibot';
import { cardHandles, type CardId, type ScenarioSupport } from '../../engine/index.js';
import type { StressBoard } from './board.js';
import type { StressOptions } from './options.js';
import { deck } from './setup.js';
import { summarize, type StressView } from './views.js';
import { err, ok } from '../../result.js';

const cards = v.array(v.string());
const dealSchema = v.strictObject({
  seats: v.array(v.strictObject({ hand: cards, faceUp: cards, faceDown: cards })),
  stack: cards,
  draw: v.optional(cards),
});

const stepSchema = v.variant('type', [
  v.object({ type: v.literal('ready'), swaps: v.optional(v.array(v.strictTuple([v.string(), v.string()]))) }),
  v.object({ type: v.literal('play'), cards: v.array(v.string()) }),
  v.object({ type: v.literal('blind'), card: v.string() }),
  v.object({ type: v.literal('pickup') }),
]);

export const scenario: ScenarioSupport<StressBoard, StressOptions, StressView> = {
  deal(spec, players, options) {
    const parsed = v.safeParse(dealSchema, spec);
    if (!parsed.success) return `bad deal: ${parsed.issues[0]?.message ?? 'invalid'}`;
    const deal = parsed.output;
    if (deal.seats.length !== players) return `the deal has ${deal.seats.length} seats, the scenario ${players}`;
    const zones: Record<string, CardId[]> = {};
    deal.seats.forEach((s, seat) => {
      zones[`hand@${seat}`] = s.hand;
      zones[`faceUp@${seat}`] = s.faceUp;
      zones[`faceDown@${seat}`] = s.faceDown;
    });
    zones.stack = deal.stack;
    const all = [...Object.values(zones).flat(), ...(deal.draw ?? [])];
    const listed = new Set(all);
    const twice = all.find((card, i) => all.indexOf(card) !== i);
    if (twice !== undefined) return `"${twice}" is dealt twice`;
    const rest = deck(options).filter((card) => !listed.has(card));
    zones.draw = deal.draw ?? rest;
    zones.cemetery = deal.draw ? rest : [];
    const layout = {
      seats: deal.seats.map((s) => ({ hand: s.hand.length, faceUp: s.faceUp.length, faceDown: s.faceDown.length })),
      stack: deal.stack.length,
      draw: zones.draw.length,
    };
    return { layout, zones };
  },
  action(spec, _state, handleOf) {
    const parsed = v.safeParse(stepSchema, spec);
    if (!parsed.success) return err(`bad step: ${parsed.issues[0]?.message ?? 'invalid'}`);
    const step = parsed.output;
    const { handle, missingCards } = cardHandles(handleOf);
    let action: unknown;
    switch (step.type) {
      case 'ready':
        action = {
          type: 'ready',
          swaps: (step.swaps ?? []).map(([h, f]) => ({ hand: handle(h), card: h, faceUp: handle(f) })),
        };
        break;
      case 'play':
        action = { type: 'play', cards: step.cards.map((card) => ({ handle: handle(card), card })) };
        break;
      case 'blind':
        action = { type: 'blind', handle: handle(step.card) };
        break;
      case 'pickup':
        action = { type: 'pickup' };
        break;
    }
    const missing = missingCards();
    return missing ? err(missing) : ok(action);
  },
  summarize,
};
