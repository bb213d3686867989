/**
 * A move's outcome as the tests compare it: null when the move was made,
 * else the refusal's code, with the game's own error after a colon for a
 * rules refusal (`rules:not-your-turn`).
 */
import type { Result } from '../../src/result.js';
import type { MoveRefusal } from '../../src/table/hand/move-refusal.js';

export function refusal(made: Result<void, MoveRefusal>): string | null {
  if (made.ok) return null;
  return made.error.code === 'rules' ? `rules:${made.error.rule}` : made.error.code;
}
