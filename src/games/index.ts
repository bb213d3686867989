/**
 * The registry of games by id (RULES.md): what the table, the scenario
 * runner and tools look a game up in. Built so far: `stress-shed` and
 * `stress-speed`.
 */
import type { AnyGame } from '../engine/index.js';
import { stressShed } from './stress-shed/index.js';
import { stressSpeed } from './stress-speed/index.js';

export const games: Readonly<Record<string, AnyGame>> = {
  [stressShed.id]: stressShed,
  [stressSpeed.id]: stressSpeed,
};

export function gameById(id: string): AnyGame | null {
  return Object.hasOwn(games, id) ? (games[id] ?? null) : null;
}
