/**
 * Whether the table a link points to answers: a joiner that has heard no
 * roster from the table's creator UNSERVED_AFTER_MS after opening the table
 * is told why instead of waiting for ever — nobody is serving it (the
 * creator's page may be closed), or, when its dials to the creator showed
 * more, that the table needs a relay (TURN) server or that the relay refused
 * or could not be reached (link-status.ts) — with Retry and Home. When the
 * table's server says at once that nobody is registered at the table
 * (src/net/table-peers.ts), the store says so without waiting (`now`).
 */

/** How long a joiner waits for the table's creator before saying that nobody is serving the table. */
const UNSERVED_AFTER_MS = 12_000;

export class UnservedWatch {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private fired = false;

  /** `onUnserved` runs once per watch, when the wait has run out and the table is still waiting for its creator. */
  constructor(private readonly onUnserved: () => void) {}

  /** Starts (or restarts) the wait; `stillWaiting` says, when it runs out, whether no roster has come yet. */
  start(stillWaiting: () => boolean): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!stillWaiting()) return;
      this.fired = true;
      this.onUnserved();
    }, UNSERVED_AFTER_MS);
  }

  /** Says at once that nobody serves the table (its server has nobody registered there): `onUnserved` runs now. */
  now(): void {
    if (this.fired) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.fired = true;
    this.onUnserved();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.fired = false;
  }

  /** The wait ran out with no roster from the creator. */
  get unserved(): boolean {
    return this.fired;
  }
}
