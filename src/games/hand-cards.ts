/**
 * Where every card of a finished hand lies, per seat and zone, for the
 * end-of-hand summary (each module's `cardZones`: hands, face-up and
 * face-down cards, rows and piles, the skat, the stock); empty zones are
 * left out. The summary names the handles with the cards the audit opened.
 * Also the rules' outcome summary with seats named.
 */
import type { AnyState } from '../engine/index.js';
import { gameModule } from './index.js';
import type { CardZone } from './module.js';

export type { CardZone } from './module.js';

/** The non-empty zones of a hand's final state, as the game lists them (seats first, then the table's). */
export function handCards(gameId: string, state: AnyState): CardZone[] {
  const zones = gameModule(gameId)?.cardZones?.(state) ?? [];
  return zones.filter((z) => z.handles.length > 0);
}

/**
 * A game's outcome summary with seats named: the rules number seats from 0
 * ("seat 1 won; seat 0 deals next"); people read names ("Bob won; Ann deals
 * next"). A name missing from `names` reads "Seat n" counted from 1.
 */
export function namedSummary(summary: string, names: readonly string[]): string {
  const name = (n: string) => names[Number(n)] || `Seat ${Number(n) + 1}`;
  return summary.replace(/\bseats? (\d+(?:, \d+)*)/g, (_, list: string) => {
    const named = list.split(', ').map(name);
    return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  });
}
