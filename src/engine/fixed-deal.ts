/**
 * Test mode only: a table without crypto. Every card is known up front (a
 * "fixed deal": handle → card) and the pending crypto requests are completed
 * from it, exactly as an honest crypto layer would report them. Used by the
 * scenario runner, bots' self-play and tests; a live table never uses it.
 * Also builds the private view an honest table would give each seat (what
 * the ledger says it was shown) and random deals from a caller's PRNG.
 */
import type { AnyGame, AnyState, CardId, Handle, OpenCards, PrivateView, Seat, SystemInput } from './types.js';

/** Chooses the order of a reshuffled packet: returns the old handles in their new order. */
export type Permuter = (handles: readonly Handle[]) => Handle[];

const keepOrder: Permuter = (handles) => [...handles];

/** The system input that completes the oldest pending request, and the deal extended by any reshuffle. */
export function completeOldest(
  state: AnyState,
  open: OpenCards,
  permute: Permuter = keepOrder,
): { input: SystemInput; open: OpenCards } | null {
  const request = state.requests[0];
  if (!request) return null;
  switch (request.kind) {
    case 'reveal-all': {
      const cards: Record<string, CardId> = {};
      for (const handle of request.handles) cards[String(handle)] = open[handle] ?? '';
      return { input: { kind: 'revealed', request: request.id, cards }, open };
    }
    case 'reveal-to':
    case 'forward':
      return { input: { kind: 'delivered', request: request.id }, open };
    case 'reshuffle': {
      const order = permute(request.handles);
      const extended: OpenCards = { ...open };
      request.into.forEach((handle, i) => {
        const from = order[i];
        if (from !== undefined && open[from] !== undefined) extended[handle] = open[from];
      });
      return { input: { kind: 'reshuffled', request: request.id }, open: extended };
    }
  }
}

export type Settled =
  | { ok: true; state: AnyState; inputs: SystemInput[]; open: OpenCards }
  | { ok: false; error: string; input: SystemInput };

/** Complete crypto requests until none is pending (rules may chain new ones). */
export function settle(game: AnyGame, state: AnyState, open: OpenCards, permute: Permuter = keepOrder): Settled {
  const inputs: SystemInput[] = [];
  let current = state;
  let deal = open;
  for (
    let next = completeOldest(current, deal, permute);
    next !== null;
    next = completeOldest(current, deal, permute)
  ) {
    const result = game.reduce(current, next.input);
    if (!result.ok) return { ok: false, error: result.error, input: next.input };
    current = result.value;
    deal = next.open;
    inputs.push(next.input);
  }
  return { ok: true, state: current, inputs, open: deal };
}

/** What an honest table lets `seat` know privately: every live handle it was shown. */
export function privateViewOf(state: AnyState, open: OpenCards, seat: Seat): PrivateView {
  const known: Record<Handle, CardId> = {};
  state.cards.forEach((info, handle) => {
    const card = open[handle];
    if (!info.gone && card !== undefined && info.seen.includes(seat)) known[handle] = card;
  });
  return { known };
}

/** A uniformly shuffled deal of `deck` from the caller's PRNG (a function returning [0, 1)). */
export function shuffledDeal(deck: readonly CardId[], random: () => number): OpenCards {
  const cards = [...deck];
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = cards[i];
    const b = cards[j];
    if (a === undefined || b === undefined) continue;
    cards[i] = b;
    cards[j] = a;
  }
  const open: OpenCards = {};
  cards.forEach((card, handle) => {
    open[handle] = card;
  });
  return open;
}

/**
 * A deal from the cards each zone should hold (scenario files): zone order is
 * the game's `zones()` order of handles. Returns an error text if a zone's
 * card count does not match or the cards are not exactly the deck.
 */
export function dealFromZones(game: AnyGame, state: AnyState, zoneCards: Record<string, CardId[]>): OpenCards | string {
  const zones = game.zones(state) as Record<string, Handle[]>;
  const open: OpenCards = {};
  for (const [zone, cards] of Object.entries(zoneCards)) {
    const handles = zones[zone];
    if (!handles) return `no zone "${zone}"`;
    if (handles.length !== cards.length)
      return `zone "${zone}" has ${handles.length} places, the deal gives ${cards.length} cards`;
    handles.forEach((handle, i) => {
      open[handle] = cards[i] ?? '';
    });
  }
  for (const [zone, handles] of Object.entries(zones)) {
    if (handles.length > 0 && !(zone in zoneCards)) return `the deal says nothing about zone "${zone}"`;
  }
  const dealt = Object.values(open).sort();
  const deck = [...state.deck].sort();
  const deckSet = new Set(deck);
  const stranger = dealt.find((card) => !deckSet.has(card));
  if (stranger !== undefined) return `"${stranger}" is not a card of this deck`;
  const twice = dealt.find((card, i) => dealt[i + 1] === card);
  if (twice !== undefined) return `"${twice}" is dealt twice`;
  if (dealt.length !== deck.length) return `the deal has ${dealt.length} cards, the deck ${deck.length}`;
  return open;
}
