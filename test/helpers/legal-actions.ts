/**
 * A property shared by the games' property tests: at a reached state, every
 * legal action of an awaited seat (at most `cap` of them, spread over the
 * list) is accepted by the reducer, and a seat that is not awaited has none.
 * Returns the problems found, in words, so that a property can report them
 * (`cap` Infinity: every legal action).
 */
import { privateViewOf, type OpenCards } from '../../src/engine/index.js';
import type { Game, State } from '../../src/engine/types.js';

export function legalActionsAccepted<B, A, O, E extends string, V>(
  game: Game<B, A, O, E, V>,
  state: State<B, O>,
  open: OpenCards,
  cap: number,
): string[] {
  const problems: string[] = [];
  const awaiting = game.awaits(state);
  const awaited = awaiting.kind === 'move' ? [awaiting.seat] : awaiting.kind === 'choices' ? awaiting.seats : [];
  for (let seat = 0; seat < state.players; seat++) {
    const actions = game.legalActions(state, seat, privateViewOf(state, open, seat));
    if (!awaited.includes(seat)) {
      if (actions.length > 0) problems.push(`seat ${seat} is not awaited but has ${actions.length} legal actions`);
      continue;
    }
    if (actions.length === 0) problems.push(`seat ${seat} is awaited but has no legal action`);
    const stride = Math.max(1, Math.ceil(actions.length / cap));
    for (let i = 0; i < actions.length; i += stride) {
      const result = game.reduce(state, { kind: 'act', seat, action: actions[i] });
      if (!result.ok)
        problems.push(`legal action ${JSON.stringify(actions[i])} of seat ${seat} refused: ${result.error}`);
    }
  }
  return problems;
}
