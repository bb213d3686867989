/**
 * The page's two lazily loaded stacks (ARCHITECTURE.md §2): the table's code
 * (table-stack.ts), imported when the first table opens, and the hands' view
 * and transcript (hand-stack.ts), imported right after it while the lobby is
 * shown, and then the page's hand-crypto worker is started (table-stack.ts
 * `warmHandWorker`). A failed table import is said with its remedy; a failed hand-stack
 * import is logged and tried again the next time it is asked for. The hand
 * stack also makes and saves the match's transcript (the verdict panel's
 * download).
 */
import type { TableSession } from '../table/table-session.js';
import type { BrowserStore } from './persistence.js';
import type { LogLevel } from './store-types.js';

type TableStack = typeof import('./table-stack.js');
type HandStack = typeof import('./hand-stack.js');

export interface StacksOut {
  readonly log: (level: LogLevel, text: string) => void;
  /** The table cannot open: say why (the store's problem line). */
  readonly fail: (problem: string) => void;
  readonly changed: () => void;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class Stacks {
  /** The table's code, once imported. */
  table: TableStack | undefined;
  /** The hands' view and transcript, once imported. */
  hand: HandStack | undefined;
  private handLoad: Promise<HandStack> | undefined;

  constructor(private readonly out: StacksOut) {}

  /** The table's code, imported on the first table opened; undefined (and the failure shown) when it cannot be loaded. */
  async loadTable(): Promise<TableStack | undefined> {
    try {
      const table = (this.table ??= await import('./table-stack.js'));
      // The hands' view and the transcript load next, while the lobby is shown: in by the time a hand is dealt. Then
      // the hand-crypto worker starts; one that cannot start now starts with its first job, or the page does that work.
      this.loadHand().then(
        () => table.warmHandWorker().catch(() => {}),
        (error: unknown) =>
          this.out.log(
            'error',
            `the hand's view could not be loaded (${describeError(error)}): reconnect, then reload the page`,
          ),
      );
      return table;
    } catch (error) {
      this.out.fail(
        `the table could not be loaded (${describeError(error)}): this page is offline, or the server it came from cannot be reached, and has no saved copy of it; reconnect, then reload the page`,
      );
      return undefined;
    }
  }

  /** The hands' view and the transcript (hand-stack.ts), imported once; a failed import is tried again next time. */
  loadHand(): Promise<HandStack> {
    this.handLoad ??= import('./hand-stack.js').then(
      (loaded) => {
        this.hand = loaded;
        this.out.changed();
        return loaded;
      },
      (error: unknown) => {
        this.handLoad = undefined;
        throw error;
      },
    );
    return this.handLoad;
  }
  /**
   * Saves the whole match at `table` (every hand `storage` holds of it) as a transcript file (docs/TRANSCRIPT.md) and
   * logs its name with how to check it; logs that there is none when no hand was stored (or no table opened) yet.
   */
  async saveTranscript(table: TableSession | undefined, storage: BrowserStore | undefined): Promise<void> {
    const made = this.table ? await (await this.loadHand()).matchTranscript(table, storage) : null;
    if (!made) {
      this.out.log('warn', 'no hand to save yet');
      return;
    }
    this.hand?.saveJsonFile(made.name, made.text);
    this.out.log('info', `transcript saved as ${made.name}: check it with npm run verify -- ${made.name}`);
  }
}
