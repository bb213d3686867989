/**
 * The games a table can be created for, as the home screen lists them:
 * display name, seat range and a one-line description (RULES.md). The id is
 * for code and URLs; people see the name.
 */
import type { GameId } from '../net/messages.js';
import { gameById } from '../games/index.js';

export interface CatalogEntry {
  readonly id: GameId;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly blurb: string;
  /** Whether its rules are built (a table for the others can be seated, not played). */
  readonly playable: boolean;
}

const ENTRIES: readonly Omit<CatalogEntry, 'playable'>[] = [
  { id: 'stress-shed', name: 'Stress (shedding)', minPlayers: 2, maxPlayers: 6, blurb: 'Get rid of hand, face-up and blind cards; 2 and 3 go on anything, 10 burns.' },
  { id: 'stress-speed', name: 'Stress (speed)', minPlayers: 2, maxPlayers: 2, blurb: 'No turns: both play at once, one up or one down. Call "stress!" first.' },
  { id: 'pesten', name: 'Pesten', minPlayers: 2, maxPlayers: 8, blurb: 'Dutch Crazy Eights with jokers, wishes, pick-ups and passing cards.' },
  { id: 'fighting-cards', name: 'Fighting Cards', minPlayers: 3, maxPlayers: 3, blurb: 'Bid for the contract, take or leave the skat, name trumps, win tricks.' },
  { id: 'school-blackjack', name: 'Blackjack (school rules)', minPlayers: 2, maxPlayers: 6, blurb: 'Switch-style shedding with runs, caps, pick-ups and power cards.' },
];

export const CATALOG: readonly CatalogEntry[] = ENTRIES.map((entry) => ({ ...entry, playable: gameById(entry.id) !== null }));

export function catalogEntry(id: GameId): CatalogEntry {
  const entry = CATALOG.find((e) => e.id === id);
  if (!entry) throw new RangeError(`unknown game ${id}`);
  return entry;
}
