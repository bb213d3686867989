/**
 * The check behind every game's "garbage input is refused" property: a
 * reducer's answer to a generated input is either a refusal with an error
 * code (never `internal-error`) or, when the generator happened to produce a
 * real move, a move the game itself lists as legal for the seat it names.
 * Returns whether the input was refused, so a property can also check that
 * it tested refusals at all.
 */
import { expect } from 'vitest';
import { privateViewOf, type AnyGame, type AnyState, type OpenCards } from '../../src/engine/index.js';

export function expectRefusedOrLegal(
  game: AnyGame,
  reached: AnyState,
  open: OpenCards,
  input: unknown,
  result: { ok: true } | { ok: false; error: unknown },
): boolean {
  if (!result.ok) {
    expect(typeof result.error).toBe('string');
    expect(result.error).not.toBe('internal-error');
    return true;
  }
  const act = input as { kind?: unknown; seat?: unknown; action?: unknown };
  expect(act.kind, 'only an act can be taken from garbage').toBe('act');
  const seat = act.seat as number;
  expect(game.legalActions(reached, seat, privateViewOf(reached, open, seat))).toContainEqual(act.action);
  return false;
}
