/**
 * Scenario-file support for Fighting Cards (test mode only). The deal is the
 * whole deck, per seat plus the skat:
 *   "deal": { "seats": [ { "hand": [10 cards] }, { "hand": [...] }, { "hand": [...] } ],
 *             "skat": ["7D", "8D"] }
 * Steps name cards, not handles:
 *   { "seat": 1, "type": "bid", "bid": 26 }   { "seat": 2, "type": "pass" }
 *   { "seat": 1, "type": "hand" }             { "seat": 1, "type": "take" }
 *   { "seat": 1, "type": "discard", "cards": ["AH", "KH"] }
 *   { "seat": 1, "type": "trump", "suit": "S" }
 *   { "seat": 2, "type": "play", "card": "QH" }
 * (After a take the fixed-deal table reshuffles in order, so a card keeps
 * its name under its new handle.) The summary shows the auction, contract,
 * hands, skat, trick, last trick, tricks and points per seat, voids, renege,
 * result and match totals.
 */
import * as v from 'valibot';
import { cardHandles, type CardId, type ScenarioSupport } from '../../engine/index.js';
import { HAND_SIZE, SKAT_SIZE, type FightingBoard } from './board.js';
import type { FightingOptions } from './options.js';
import { summarize, type FightingView } from './views.js';
import { err, ok } from '../../result.js';

const cards = v.array(v.string());
const dealSchema = v.strictObject({
  seats: v.array(v.strictObject({ hand: cards })),
  skat: cards,
});

const stepSchema = v.variant('type', [
  v.object({ type: v.literal('bid'), bid: v.number() }),
  v.object({ type: v.literal('pass') }),
  v.object({ type: v.literal('hand') }),
  v.object({ type: v.literal('take') }),
  v.object({ type: v.literal('discard'), cards: v.strictTuple([v.string(), v.string()]) }),
  v.object({ type: v.literal('trump'), suit: v.string() }),
  v.object({ type: v.literal('play'), card: v.string() }),
]);

export const scenario: ScenarioSupport<FightingBoard, FightingOptions, FightingView> = {
  deal(spec, players) {
    const parsed = v.safeParse(dealSchema, spec);
    if (!parsed.success) return `bad deal: ${parsed.issues[0]?.message ?? 'invalid'}`;
    const deal = parsed.output;
    if (deal.seats.length !== players) return `the deal has ${deal.seats.length} seats, the scenario ${players}`;
    const short = deal.seats.findIndex((s) => s.hand.length !== HAND_SIZE);
    if (short >= 0) return `seat ${short} is dealt ${deal.seats[short]?.hand.length} cards, not ${HAND_SIZE}`;
    if (deal.skat.length !== SKAT_SIZE) return `the skat has ${deal.skat.length} cards, not ${SKAT_SIZE}`;
    const zones: Record<string, CardId[]> = {};
    deal.seats.forEach((s, seat) => {
      zones[`hand@${seat}`] = s.hand;
    });
    zones.skat = deal.skat;
    return { layout: null, zones };
  },
  action(spec, _state, handleOf) {
    const parsed = v.safeParse(stepSchema, spec);
    if (!parsed.success) return err(`bad step: ${parsed.issues[0]?.message ?? 'invalid'}`);
    const step = parsed.output;
    const { handle, missingCards } = cardHandles(handleOf);
    let action: unknown;
    switch (step.type) {
      case 'bid':
        action = { type: 'bid', bid: step.bid };
        break;
      case 'pass':
      case 'hand':
      case 'take':
        action = { type: step.type };
        break;
      case 'discard':
        action = { type: 'discard', handles: step.cards.map((card) => handle(card)) };
        break;
      case 'trump':
        action = { type: 'trump', suit: step.suit };
        break;
      case 'play':
        action = { type: 'play', handle: handle(step.card), card: step.card };
        break;
    }
    const missing = missingCards();
    return missing ? err(missing) : ok(action);
  },
  summarize,
};
