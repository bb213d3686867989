/**
 * Scenario-file support for Pesten (test mode only). The deal is written per
 * seat plus the piles:
 *   "deal": { "hands": [["5H", "9C"], ["JS", "2D", "KH"]],   // seat 0, seat 1, …
 *             "discard": ["4C", "7H"],                         // bottom first; the top acts as the start card
 *             "stock": ["QD", "3S"] }                          // drawn first first; optional
 * Hands may have any size above zero. Without "stock" the rest of the deck
 * is the stock (deck order); with it, the cards left over lie aside, face up,
 * out of play. Steps name cards, not handles:
 *   { "seat": 0, "type": "play", "card": "JS", "wish": "H" }
 *   { "seat": 1, "type": "play", "card": "5H", "announce": true }
 *   { "seat": 1, "type": "draw" }
 *   { "seat": 1, "type": "end-turn" }                 // drawThenPlay: keep the drawn card
 *   { "seat": 0, "type": "wish", "suit": "D" }        // the dealer, on a start J
 *   { "seat": 2, "type": "give", "card": "9S" }       // pass round after a 10
 * Seats play clockwise: descending seat numbers (see board.ts).
 */
import * as v from 'valibot';
import { cardHandles, SUITS, type CardId, type ScenarioSupport } from '../../engine/index.js';
import type { PestenBoard } from './board.js';
import type { PestenOptions } from './options.js';
import { deck } from './setup.js';
import { summarize, type PestenView } from './views.js';
import { err, ok } from '../../result.js';

const cards = v.array(v.string());
const dealSchema = v.strictObject({
  hands: v.array(cards),
  discard: cards,
  stock: v.optional(cards),
});

const stepSchema = v.variant('type', [
  v.object({
    type: v.literal('play'),
    card: v.string(),
    wish: v.optional(v.picklist(SUITS)),
    announce: v.optional(v.boolean()),
  }),
  v.object({ type: v.literal('draw') }),
  v.object({ type: v.literal('end-turn') }),
  v.object({ type: v.literal('wish'), suit: v.picklist(SUITS) }),
  v.object({ type: v.literal('give'), card: v.string() }),
]);

export const scenario: ScenarioSupport<PestenBoard, PestenOptions, PestenView> = {
  deal(spec, players, options) {
    const parsed = v.safeParse(dealSchema, spec);
    if (!parsed.success) return `bad deal: ${parsed.issues[0]?.message ?? 'invalid'}`;
    const deal = parsed.output;
    if (deal.hands.length !== players) return `the deal has ${deal.hands.length} hands, the scenario ${players} seats`;
    if (deal.discard.length === 0) return 'the discard pile needs a start card';
    const zones: Record<string, CardId[]> = {};
    deal.hands.forEach((hand, seat) => {
      zones[`hand@${seat}`] = hand;
    });
    zones.discard = deal.discard;
    const all = [...Object.values(zones).flat(), ...(deal.stock ?? [])];
    const twice = all.find((card, i) => all.indexOf(card) !== i);
    if (twice !== undefined) return `"${twice}" is dealt twice`;
    const listed = new Set(all);
    const rest = deck(options).filter((card) => !listed.has(card));
    zones.stock = deal.stock ?? rest;
    zones.aside = deal.stock ? rest : [];
    const layout = {
      hands: deal.hands.map((hand) => hand.length),
      discard: deal.discard.length,
      stock: zones.stock.length,
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
      case 'play':
        action = {
          type: 'play',
          handle: handle(step.card),
          card: step.card,
          ...(step.wish !== undefined ? { wish: step.wish } : {}),
          ...(step.announce !== undefined ? { announce: step.announce } : {}),
        };
        break;
      case 'draw':
      case 'end-turn':
        action = { type: step.type };
        break;
      case 'wish':
        action = { type: 'wish', suit: step.suit };
        break;
      case 'give':
        action = { type: 'give', handle: handle(step.card) };
        break;
    }
    const missing = missingCards();
    return missing ? err(missing) : ok(action);
  },
  summarize,
};
