/**
 * Scenario-file support for School Blackjack (test mode only). Cards may be
 * written as the seed writes them ("9h", "Js", "10d") or as card ids ("9H").
 * The deal is per seat plus the piles:
 *   "deal": { "seats": [ { "hand": ["9h", "9c", "4c"] }, { "hand": [...] } ],
 *             "pile": ["5d"],             // bottom first, top last; optional (default empty)
 *             "deck": ["7s", "Kd"] }      // next drawn first; optional
 * Without "deck" the rest of the 52 cards is the deck (in deck order); with
 * it, the cards left over are set aside (out of play). Steps, one per action:
 *   { "seat": 0, "type": "play", "card": "As", "suit": "h" }  // suit: aces only, default the ace's own
 *   { "seat": 0, "type": "end" }
 *   { "seat": 1, "type": "draw" }
 */
import * as v from 'valibot';
import { cardHandles, SUITS, type CardId, type ScenarioSupport, type Suit } from '../../engine/index.js';
import type { BlackjackBoard } from './board.js';
import type { BlackjackOptions } from './options.js';
import { deck } from './setup.js';
import { summarize, type BlackjackView } from './views.js';
import { err, ok } from '../../result.js';

/** "9h" → "9H", "js" → "JS", "10D" stays; anything else is returned as is (and then fails as a card). */
export function cardId(written: string): CardId {
  const match = /^(10|[2-9jqkaJQKA])([cdhsCDHS])$/.exec(written.trim());
  return match ? `${(match[1] ?? '').toUpperCase()}${(match[2] ?? '').toUpperCase()}` : written;
}

const cards = v.array(v.string());
const dealSchema = v.strictObject({
  seats: v.array(v.strictObject({ hand: cards })),
  pile: v.optional(cards),
  deck: v.optional(cards),
});

const stepSchema = v.variant('type', [
  v.object({ type: v.literal('play'), card: v.string(), suit: v.optional(v.string()) }),
  v.object({ type: v.literal('end') }),
  v.object({ type: v.literal('draw') }),
]);

export const scenario: ScenarioSupport<BlackjackBoard, BlackjackOptions, BlackjackView> = {
  deal(spec, players) {
    const parsed = v.safeParse(dealSchema, spec);
    if (!parsed.success) return `bad deal: ${parsed.issues[0]?.message ?? 'invalid'}`;
    const deal = parsed.output;
    if (deal.seats.length !== players) return `the deal has ${deal.seats.length} seats, the scenario ${players}`;
    const zones: Record<string, CardId[]> = {};
    deal.seats.forEach((s, seat) => {
      zones[`hand@${seat}`] = s.hand.map(cardId);
    });
    zones.pile = (deal.pile ?? []).map(cardId);
    const all = [...Object.values(zones).flat(), ...(deal.deck ?? []).map(cardId)];
    const twice = all.find((card, i) => all.indexOf(card) !== i);
    if (twice !== undefined) return `"${twice}" is dealt twice`;
    const listed = new Set(all);
    const rest = deck().filter((card) => !listed.has(card));
    zones.deck = deal.deck ? deal.deck.map(cardId) : rest;
    zones.aside = deal.deck ? rest : [];
    const layout = {
      hands: deal.seats.map((s) => s.hand.length),
      pile: zones.pile.length,
      deck: zones.deck.length,
      aside: zones.aside.length,
    };
    return { layout, zones };
  },
  action(spec, _state, handleOf) {
    const parsed = v.safeParse(stepSchema, spec);
    if (!parsed.success) return err(`bad step: ${parsed.issues[0]?.message ?? 'invalid'}`);
    const step = parsed.output;
    if (step.type !== 'play') return ok({ type: step.type });
    const { handle, missingCards } = cardHandles(handleOf);
    const card = cardId(step.card);
    const h = handle(card);
    const missing = missingCards();
    if (missing) return err(missing);
    const named = step.suit?.toUpperCase() ?? (card.startsWith('A') ? card.slice(1) : undefined);
    if (named !== undefined && !(SUITS as readonly string[]).includes(named)) return err(`bad suit "${step.suit}"`);
    return ok(
      named === undefined ? { type: 'play', handle: h, card } : { type: 'play', handle: h, card, suit: named as Suit },
    );
  },
  summarize,
};
