/**
 * The table log's narrator for one hand: turns each applied input into the
 * game's words (src/games/<id>/describe.ts) with the state right before and
 * right after that very input, so a line says every effect (a burn, a skip,
 * how many cards a draw took, a blind card turned, who went out or won) even
 * when the log is written several inputs after they were applied. The states
 * are the follower's own (hand/follower.ts `takeApplied`: each input it
 * applied and verified, with the states around it, handed over once and
 * dropped there): the narrator keeps no state and never runs the rules.
 */
import { publicKnowledge, type Knowledge, type Seat } from '../engine/index.js';
import { describeInput, gameModule } from '../games/index.js';
import type { AppliedInput } from './hand/follower.js';

/** The seat whose page writes the log and what it knows (its private view), for lines only it may read. */
export interface Viewer {
  readonly seat: Seat;
  readonly known: Readonly<Record<number, string>>;
}

/**
 * The lines of `applied` (inputs of a hand of game `gameId`, oldest first, with their states); '' lines are
 * dropped. With a `viewer`, the game's lines for that seat's eyes only follow (Pesten: the card passed on a 10).
 */
export function narrate(
  gameId: string,
  applied: readonly AppliedInput[],
  names: readonly string[],
  viewer: Viewer | null = null,
): string[] {
  const lines: string[] = [];
  const privately = viewer ? gameModule(gameId)?.describePrivate : undefined;
  for (const { input, before, after } of applied) {
    const line = describeInput(gameId, input, names, after, before);
    if (line) lines.push(line);
    if (privately && viewer) {
      const open = publicKnowledge(after);
      const know: Knowledge = (handle) => viewer.known[handle] ?? open(handle);
      const secret = privately(input, viewer.seat, know, before, after, names);
      if (secret) lines.push(secret);
    }
  }
  return lines;
}
