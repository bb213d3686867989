/**
 * The replay viewer's side of the app store (store.ts): a transcript file
 * opened at #/replay, verified in the page and then shown step by step
 * (replay.ts). The verifier and every game's rules are loaded when a file
 * is opened, never before: the first page carries neither.
 */
import { gameMetas, loadGame } from '../games/index.js';
import type * as ReplayModule from './replay.js';
import type { ReplayView } from './replay.js';

export class ReplayViewer {
  private replay: ReplayModule.Replay | undefined;

  /** The transcript opened, as the viewer shows it (null: none). */
  get view(): ReplayView | null {
    return this.replay?.view ?? null;
  }

  /**
   * Opens `text` in the viewer, whose module `load` imports (with every game's rules beside it). Null once open;
   * the problem to show when the viewer could not be loaded.
   */
  async open(text: string, load: () => Promise<typeof ReplayModule>): Promise<string | null> {
    let replay: typeof ReplayModule;
    try {
      [replay] = await Promise.all([load(), ...gameMetas.map((meta) => loadGame(meta.id))]);
    } catch (error) {
      return `the transcript verifier could not be loaded (${error instanceof Error ? error.message : String(error)}): this page is offline, or its server cannot be reached, and has no saved copy of it; reconnect, then open the file again`;
    }
    this.replay = new replay.Replay(text);
    return null;
  }

  stepBy(delta: number): void {
    this.replay?.stepBy(delta);
  }

  showHand(index: number): void {
    this.replay?.showHand(index);
  }
}
