/**
 * How much one author may send in one hand (event-pool.ts enforces it), in a
 * module of its own: the table holds events for a hand not started yet under
 * the same limits (early-events.ts) before the hand protocol has loaded
 * (hand-loader.ts).
 */

/**
 * What one author may send in one hand. The largest honest hand measured (a
 * 6-seat stress-shed hand of 1765 steps, random bots: at most 426 events and
 * 293 KB from one author, 2002 events and 1.4 MB in all) stays far below
 * (×47 events, ×28 bytes); a seat over either limit is flooding and is blamed.
 */
export interface PoolLimits {
  readonly eventsPerAuthor: number;
  readonly bytesPerAuthor: number;
}

export const LIMITS: PoolLimits = {
  eventsPerAuthor: 20_000,
  bytesPerAuthor: 8 * 1024 * 1024,
};
