/**
 * What a hand follower (follower.ts) is made with and reports through: its
 * options (limits, deadlines, what the caller has checked elsewhere), the
 * hooks a seat agent sets, the phases a hand goes through, and an applied
 * input kept for a hand whose moves are told.
 */
import type { RandomSource, Step as CryptoStep } from '../../../crypto/index.js';
import type { AnyGame, AnyState, Input } from '../../engine/index.js';
import type { TableEvent } from '../transcript.js';
import type { AuditJob } from './audit-elsewhere.js';
import type { DealProofJob } from './deal-proofs.js';
import type { Confirmation, PoolLimits, StepType } from './event-pool.js';
import type { Halt } from './halt.js';
import type { PrivateRequest } from './play.js';
import type { HandSetup } from './setup.js';

export type HandPhase = 'ready' | 'dealing' | 'play' | 'disclose' | 'done' | 'halted';

export interface FollowerOptions {
  readonly setup: HandSetup;
  readonly game: AnyGame;
  /** Randomness for batch verification of proofs (never secret). */
  readonly rng?: RandomSource;
  /** How long, by the table's clock (`tick`), seats may take to disclose once play is over; default 60 s. */
  readonly discloseDeadlineMs?: number;
  /** How long, by the table's clock, seats may take to reveal once every commit of a real-time round is in; default 30 s. */
  readonly revealDeadlineMs?: number;
  /** Per-author limits on the hand's events and bytes (default `LIMITS`). */
  readonly limits?: PoolLimits;
  /** A live hand: events take effect only once every other seat has shown it holds them (event-pool.ts); default: at once (an offline verifier). */
  readonly confirmation?: Confirmation;
  /** True for a cascade step whose proofs the caller has checked elsewhere and confirms before it trusts the result (cascade.ts `presumeStep`); default: none, every proof is checked here. */
  readonly presumeProofs?: (packet: number, event: TableEvent) => boolean;
  /**
   * Asks for a cascade's proofs (the deal's, a reshuffle's) to be checked on another thread (deal-proofs.ts): once
   * the packet is locked the follower waits, and opens no card of it, until `dealProofsAnswered` says what came back.
   * Default: none, the follower checks them itself at once.
   */
  readonly askDealProofs?: (job: DealProofJob) => void;
  /**
   * Asks for the audit's card part to be run on another thread (audit-elsewhere.ts): once every seat has disclosed
   * the follower waits, and gives no verdict, until `auditAnswered` says what came back. Default: none, the follower
   * audits the hand itself at once.
   */
  readonly askAudit?: (job: AuditJob) => void;
  /** True for a public key share whose check against its commitment the caller has done elsewhere and confirms before it trusts the result (packets.ts `presumeKey`); default: none. */
  readonly presumeKey?: (packet: number, layer: number, position: number, key: bigint) => boolean;
  /** Keep each input applied, with the states right before and after it, until `takeApplied` hands them over (a hand whose moves are told); default: none kept. */
  readonly keepApplied?: boolean;
}

/** An input the follower applied, with the state right before and right after it. */
export type AppliedInput = { readonly input: Input; readonly before: AnyState; readonly after: AnyState };

export interface FollowerHooks {
  /** A reveal-to or forward whose shares are all in: a seat agent opens those sealed to it (a halt to refuse them). */
  delivered?: (request: PrivateRequest, events: readonly TableEvent<'keys'>[]) => Halt | null;
  /** Called once when the hand stops. */
  halted?: (halt: Halt) => void;
  /** A cascade step this page's seat agent made itself, these very bytes, in this page's memory (seat-agent.ts): the step as made, else undefined. */
  madeHere?: (packet: number, event: TableEvent<StepType>) => CryptoStep | undefined;
}
