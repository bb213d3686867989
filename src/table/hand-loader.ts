/**
 * The one lazy boundary of a table: the hand protocol (hand-session.ts and
 * hand/: the seat agent, the follower, the audit) and the heavy crypto it runs
 * on (shuffle proofs, sealing, ciphers) load when a table sets up its first
 * hand, not when it opens, so a table link opened shows the lobby without
 * them (docs/ARCHITECTURE.md §2). Loaded once; every later hand reuses it.
 * Until it has loaded no hand has sessions, and envelopes for a hand wait
 * where they wait for a hand not started yet (early-events.ts).
 */
import type * as HandModule from './hand-session.js';

let loading: Promise<typeof HandModule> | undefined;

/** The hand module (`HandSession`, `watchingHand`), imported on the first call. */
export function loadHandModule(): Promise<typeof HandModule> {
  loading ??= import('./hand-session.js');
  return loading;
}
