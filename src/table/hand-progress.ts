/**
 * A hand's idle clock: when it last made progress, which is any new event
 * taken into its pool (a deal has many before the first engine step). The
 * stall check measures a hand's idle time from here (table-catch-up.ts).
 */
export class HandProgress {
  private held = -1;

  constructor(private atMs: number) {}

  /** A new hand: its idle time counts from its start, not from the last event of the hand before. */
  restart(nowMs: number): void {
    this.held = -1;
    this.atMs = nowMs;
  }

  /** The current hand holds `held` events now: a change is progress. */
  saw(held: number, nowMs: number): void {
    if (held === this.held) return;
    this.held = held;
    this.atMs = nowMs;
  }

  idleMs(nowMs: number): number {
    return nowMs - this.atMs;
  }
}
