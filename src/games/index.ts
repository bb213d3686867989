/**
 * The registry of games by id (RULES.md): what the table, the scenario
 * runner and tools look a game up in. Only `stress-shed` exists so far.
 */
import type { AnyGame } from '../engine/index.js';
import { stressShed } from './stress-shed/index.js';

export const games: Readonly<Record<string, AnyGame>> = {
  [stressShed.id]: stressShed,
};

export function gameById(id: string): AnyGame | null {
  return Object.hasOwn(games, id) ? (games[id] ?? null) : null;
}
