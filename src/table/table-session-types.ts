/**
 * The shapes a table session (table-session.ts) is built from and shows: its
 * options (the mesh, the signer, the store, timers and test hooks) and the
 * current hand as the UI reads it (`HandSummary`: the hand's session, names,
 * who stalls or is gone, this page's own seats, fault reports).
 */
import type { PoolLimits } from './hand/event-pool.js';
import type { DealProofCheck } from './hand/deal-proofs.js';
import type { StepMaker } from './hand/steps-elsewhere.js';
import type { AuditCheck } from './hand/audit-elsewhere.js';
import type { RandomSource } from '../../crypto/index.js';
import type { Bot } from '../bots/index.js';
import type { Signer } from '../net/envelope.js';
import type { Mesh } from '../net/mesh.js';
import type { Stall } from './gone-seats.js';
import type { FaultReport } from './hand/faults.js';
import type { HandSecrets, HandSession } from './hand-session.js';
import type { TableStore } from './table-outbox.js';

export interface TableSessionOptions {
  readonly mesh: Mesh;
  readonly signer: Signer;
  readonly store: TableStore;
  readonly name: string;
  readonly onChange: () => void;
  readonly onLog: (line: string, level?: 'info' | 'warn' | 'error') => void;
  readonly rng?: RandomSource;
  /** The turn timer (ms): how long an owing seat whose links are silent is waited for before the hand may be ended. */
  readonly stallMs?: number;
  /** Per-author limits on a hand's events and bytes (default hand/event-pool.ts LIMITS; tests scale them down). */
  readonly limits?: PoolLimits;
  /** Where this page's seats have their hands' deal proofs checked (hand-session.ts `dealProofs`); absent: on this thread. */
  readonly dealProofs?: DealProofCheck;
  /** Where this page's seats make their cascade steps (hand-session.ts `stepMaker`); absent: on this thread. */
  readonly stepMaker?: StepMaker;
  /** Where this page's seats run the card part of their hands' audits (hand-session.ts `audits`); absent: on this thread. */
  readonly audits?: AuditCheck;
  readonly bot?: Bot;
  /** Bot think time (ms), so a person can follow; 0 in simulations. */
  readonly botDelayMs?: number;
  /** Extra random think time per bot move (ms), so bots in a real-time game act on their own clocks. */
  readonly botJitterMs?: number;
  /** Let the bot play this peer's own seat too (simulations). */
  readonly autoplay?: boolean;
  /** First wait before retrying a failed save of our own event (ms; doubles each try). */
  readonly saveRetryMs?: number;
  /**
   * The clock (ms) the page's once-a-second tick gives its hands' deadlines (Date.now unless given). A judge that
   * drives the deadlines with a simulated clock (cheat-run.ts) gives it here, so one hand never sees two clocks.
   */
  readonly handClock?: () => number;
  /**
   * Told each time a seat of this page keeps its secrets of hand `hand`, as it keeps them, before they are stored
   * (the outbox stores them with the event made next). Simulations follow what a page could compute with.
   */
  readonly secretsKept?: (hand: number, secrets: HandSecrets) => void;
}

/** A hand this page plays a seat of (its own, or a bot's it hosts; a watcher's seatless hand under WATCHING_SEAT). */
export interface Seated {
  readonly session: HandSession;
  readonly signer: Signer;
  readonly bot: boolean;
}

export interface HandSummary {
  readonly handNo: number;
  readonly session: HandSession;
  readonly names: string[];
  readonly mySeat: number | null;
  /** Owing remote seats that are gone (or, after several turn timers, only slow): gone-seats.ts. Never this page's seats. */
  readonly stalled: Stall | null;
  /** The seats this page plays (its own and the bots it hosts): never named as waited for. */
  readonly localSeats: number[];
  /** Seats whose links are silent now (gone), whether or not the hand waits for them. */
  readonly goneSeats: number[];
  /** Verdicts other peers sent (fault events), checked against ours. */
  readonly reports: FaultReport[];
  /**
   * This (re)opened page makes no move yet: no other seat has said which hand the table is at (catch-up.ts). The UI
   * offers no move meanwhile and says why; the table's change notice comes when it lifts.
   */
  readonly catchingUp: boolean;
}
