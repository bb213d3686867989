/**
 * Setting up a hand of School Blackjack: one 52-card deck, dealt out
 * completely. Handles are positions in the shuffled encrypted deck, so a
 * fixed assignment is as random as the shuffle: seat 0's hand is the first
 * block of handles, then seat 1's, and so on. With 52 cards not divisible by
 * the player count, the seats first in turn (clockwise from the dealer) get
 * one card more, as in dealing one card at a time starting left of the
 * dealer. Each hand is revealed to its owner (`reveal-to`); the deck and the
 * play pile start empty; the seat clockwise of the dealer plays first.
 * Scenario mode may pass a `layout` (hand sizes, a pile, a deck, cards set
 * aside); the pile and the cards aside are then revealed to everyone.
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
import { seatAfter, type BlackjackBoard } from './board.js';
import type { BlackjackOptions } from './options.js';

export function deck(): CardId[] {
  return standardDeck();
}

/** How many cards go where at the start of a hand (scenario mode). */
export interface Layout {
  hands: number[];
  pile: number;
  deck: number;
  aside: number;
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(52));
const layoutSchema = v.strictObject({ hands: v.array(count), pile: count, deck: count, aside: count });

function standardLayout(players: number, dealer: number, size: number): Layout {
  const hands = Array.from({ length: players }, () => Math.floor(size / players));
  for (let i = 0; i < size % players; i++) {
    const seat = seatAfter(players, dealer, 1 + i, 'clockwise');
    hands[seat] = (hands[seat] ?? 0) + 1;
  }
  return { hands, pile: 0, deck: 0, aside: 0 };
}

function parseLayout(raw: unknown, players: number, size: number): Layout | null {
  const parsed = v.safeParse(layoutSchema, raw);
  if (!parsed.success) return null;
  const layout = parsed.output;
  if (layout.hands.length !== players) return null;
  const used = layout.hands.reduce((sum, n) => sum + n, 0) + layout.pile + layout.deck + layout.aside;
  return used === size ? layout : null;
}

export function setup(core: Core<BlackjackOptions>, rawLayout: unknown): BlackjackBoard | null {
  const size = core.deck.length;
  const layout =
    rawLayout === null ? standardLayout(core.players, core.dealer, size) : parseLayout(rawLayout, core.players, size);
  if (layout === null) return null;
  let next = 0;
  const take = (n: number): Handle[] => Array.from({ length: n }, () => next++);
  const hands = layout.hands.map((n) => take(n));
  const pile = take(layout.pile);
  const deckHandles = take(layout.deck);
  const aside = take(layout.aside);
  hands.forEach((hand, seat) => requestRevealTo(core, seat, hand));
  requestRevealAll(core, [...pile, ...aside]);
  return {
    phase: 'play',
    hands,
    deck: deckHandles,
    pile,
    aside,
    turn: seatAfter(core.players, core.dealer, 1, 'clockwise'),
    direction: 'clockwise',
    step: 'start',
    run: 0,
    owed: 0,
    pickup: 0,
    skips: 0,
    played: [],
    namedSuit: null,
    drawing: null,
    reshuffles: 0,
    lastTurn: null,
    winner: null,
  };
}
