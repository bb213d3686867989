/**
 * The table log's narrator for one hand: turns each applied input into the
 * game's words (src/games/<id>/describe.ts) with the state right before and
 * right after that very input, so a line says every effect (a burn, a skip,
 * how many cards a draw took, a blind card turned, who went out or won) even
 * when the log is written several inputs after they were applied. It keeps
 * its own copy of the state by re-running the (deterministic, already
 * verified) reducer over the inputs from the hand's initial state; an input
 * the reducer refuses here (never for inputs the follower applied) ends the
 * narration with plain lines.
 */
import {
  publicKnowledge,
  type AnyGame,
  type AnyState,
  type Input,
  type Knowledge,
  type Seat,
  type SetupArgs,
} from '../engine/index.js';
import { describeInput, gameModule } from '../games/index.js';

/** The seat whose page writes the log and what it knows (its private view), for lines only it may read. */
export interface Viewer {
  readonly seat: Seat;
  readonly known: Readonly<Record<number, string>>;
}

export class HandNarrator {
  private state: AnyState | null;
  private told = 0;

  constructor(
    private readonly game: AnyGame,
    args: SetupArgs,
  ) {
    const made = game.setup(args);
    this.state = made.ok ? made.state : null;
  }

  /** How many inputs have been narrated. */
  get count(): number {
    return this.told;
  }

  /**
   * The lines of the inputs not narrated yet (`inputs` is the hand's whole
   * input list so far); '' lines are dropped. With a `viewer`, the game's
   * lines for that seat's eyes only follow (Pesten: the card passed on a 10).
   */
  narrate(inputs: readonly Input[], names: readonly string[], viewer: Viewer | null = null): string[] {
    const lines: string[] = [];
    const privately = viewer ? gameModule(this.game.id)?.describePrivate : undefined;
    for (const input of inputs.slice(this.told)) {
      const before = this.state;
      const next = before ? this.game.reduce(before, input) : null;
      const after = next?.ok ? next.state : null;
      this.state = after;
      const line = describeInput(this.game.id, input, names, after, before);
      if (line) lines.push(line);
      if (privately && viewer && before && after) {
        const open = publicKnowledge(after);
        const know: Knowledge = (handle) => viewer.known[handle] ?? open(handle);
        const secret = privately(input, viewer.seat, know, before, after, names);
        if (secret) lines.push(secret);
      }
    }
    this.told = inputs.length;
    return lines;
  }
}
