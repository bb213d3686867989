/**
 * Invariants every state of every game must satisfy, for tests and for a
 * cautious table: every live handle lies in exactly one zone, no retired or
 * unknown handle lies anywhere, public identities are real deck cards and
 * unique, and (when every card is known, as in scenario mode) the cards in
 * play are exactly the deck.
 */
import type { AnyGame, AnyState, OpenCards } from './types.js';

export function census(game: AnyGame, state: AnyState, open?: OpenCards): string[] {
  const problems: string[] = [];
  const zones = game.zones(state) as Record<string, number[]>;
  const where = new Map<number, string>();
  for (const [zone, handles] of Object.entries(zones)) {
    for (const handle of handles) {
      const info = state.cards[handle];
      if (!info) problems.push(`${zone}: unknown handle ${handle}`);
      else if (info.gone) problems.push(`${zone}: retired handle ${handle}`);
      const before = where.get(handle);
      if (before !== undefined) problems.push(`handle ${handle} is in ${before} and ${zone}`);
      where.set(handle, zone);
    }
  }
  const deck = new Set<string>(state.deck);
  const publicCards = new Map<string, number>();
  state.cards.forEach((info, handle) => {
    if (info.gone) return;
    if (!where.has(handle)) problems.push(`handle ${handle} is in no zone`);
    if (info.card !== null) {
      if (!deck.has(info.card)) problems.push(`handle ${handle} is public as ${info.card}, not a card of the deck`);
      const twin = publicCards.get(info.card);
      if (twin !== undefined) problems.push(`${info.card} is public under handles ${twin} and ${handle}`);
      publicCards.set(info.card, handle);
    }
  });
  if (open) {
    const inPlay = state.cards.flatMap((info, handle) => (info.gone ? [] : [open[handle] ?? `?${handle}`])).sort();
    const expected = [...state.deck].sort();
    if (inPlay.length !== expected.length || inPlay.some((card, i) => card !== expected[i])) {
      problems.push('the live cards are not exactly the deck');
    }
    state.cards.forEach((info, handle) => {
      if (info.card !== null && info.card !== open[handle])
        problems.push(`handle ${handle} is public as ${info.card} but is ${open[handle]}`);
    });
  }
  return problems;
}
