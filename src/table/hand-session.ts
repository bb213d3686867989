/**
 * One hand at a table, on one peer: a follower (hand/follower.ts) that
 * verifies and applies the hand's signed events, and — when this peer plays
 * a seat — a seat agent (hand/seat-agent.ts) that adds the seat's secrets and
 * makes its events. This class is the surface the table (table-session.ts)
 * and the browser store read: phase, halt, audit, waiting, legal actions,
 * act, abandon, the events held (for fetch), the seat's private view and,
 * for a hand whose moves are told (the table's log, a replay), each applied
 * input with its states.
 * Without a seat it is a spectator: it follows and verifies, and holds no
 * secret.
 *
 * The session never sends by itself: `publish` hands a signed envelope to the
 * caller, which persists it (with the secrets it depends on) before it goes
 * out. A reloaded page feeds back every stored event and secret and the hand
 * replays to where it was, without producing anything twice.
 */
import { systemRandom, type RandomSource } from '../../crypto/index.js';
import type { AnyGame, AnyState, Input, PrivateView } from '../engine/index.js';
import type { EnvelopeOf } from '../net/envelope.js';
import type { AuditedCards, HandAudit } from './hand/audit.js';
import type { DealProofCheck, DealProofJob } from './hand/deal-proofs.js';
import type { AuditCheck, AuditJob } from './hand/audit-elsewhere.js';
import type { PoolLimits } from './hand/event-pool.js';
import {
  HandFollower,
  type AppliedInput,
  type FollowerOptions,
  type HandPhase,
  type Waiting,
} from './hand/follower.js';
import type { Halt } from './hand/halt.js';
import type { Bounce } from './hand/real-time.js';
import { SeatAgent, type HandSecrets, type SeatIO } from './hand/seat-agent.js';
import { StepsElsewhere, type StepMaker } from './hand/steps-elsewhere.js';
import type { HandSetup } from './hand/setup.js';
import type { MoveRefusal } from './hand/move-refusal.js';
import { err, type Result } from '../result.js';

export type { AppliedInput, HandAudit, HandPhase, Halt, Bounce, HandSecrets, Waiting, HandSetup };
export type { HaltCode } from './hand/halt.js';

export interface HandConfig {
  readonly setup: HandSetup;
  readonly game: AnyGame;
  /** The seat this peer plays, or null to follow only (a spectator, a verifier). */
  readonly mySeat: number | null;
  /** The name the seat plays under, signed in its ready (transcripts show it as the seat's own word). */
  readonly name?: string;
  readonly rng?: RandomSource;
  readonly discloseDeadlineMs?: number;
  readonly revealDeadlineMs?: number;
  /** Per-author limits on a hand's events and bytes (default event-pool.ts LIMITS; tests lower them). */
  readonly limits?: PoolLimits;
  /** A live hand: events take effect only once every other seat has shown it holds them (event-pool.ts); absent: at once. */
  readonly confirmation?: FollowerOptions['confirmation'];
  /** The offline verifier only: cascade steps whose proofs it has checked on another thread (follower.ts). */
  readonly presumeProofs?: FollowerOptions['presumeProofs'];
  /**
   * Checks a locked cascade's proofs (the deal's, each reshuffle's) on another thread (hand/deal-proofs.ts; the
   * browser's worker): the hand waits for its answer, and checks them on this thread unless every step held there.
   * Absent: checked here at once.
   */
  readonly dealProofs?: DealProofCheck;
  /** Makes this seat's cascade steps on another thread (hand/steps-elsewhere.ts; the browser's worker); absent: here, at once. */
  readonly stepMaker?: StepMaker;
  /**
   * Runs the end-of-hand audit's card part on another thread (hand/audit-elsewhere.ts; the browser's worker): the
   * hand waits for its answer, and audits on this thread unless it came with every packet's cards. Absent: here.
   */
  readonly audits?: AuditCheck;
  /** The offline verifier only: public key shares it has checked on another thread (follower.ts). */
  readonly presumeKey?: FollowerOptions['presumeKey'];
  /** A hand whose moves are told (the table's log, a replay): each applied input is kept with the states around it until `takeApplied` (default: none kept). */
  readonly narrated?: boolean;
}

export interface HandIO extends Partial<SeatIO> {
  /** Something changed (state, phase, a halt): re-render. */
  changed(): void;
}

export class HandSession {
  readonly config: HandConfig;
  readonly follower: HandFollower;
  readonly agent: SeatAgent | null;
  private readonly io: HandIO;
  private pumping = false;
  private pumpAgain = false;
  private disposed = false;

  constructor(config: HandConfig, io: HandIO, restored?: HandSecrets) {
    this.config = config;
    this.io = io;
    const rng = config.rng ?? systemRandom;
    this.follower = new HandFollower({
      setup: config.setup,
      game: config.game,
      rng,
      ...(config.discloseDeadlineMs !== undefined ? { discloseDeadlineMs: config.discloseDeadlineMs } : {}),
      ...(config.revealDeadlineMs !== undefined ? { revealDeadlineMs: config.revealDeadlineMs } : {}),
      ...(config.limits ? { limits: config.limits } : {}),
      ...(config.confirmation ? { confirmation: config.confirmation } : {}),
      ...(config.presumeProofs ? { presumeProofs: config.presumeProofs } : {}),
      ...(config.presumeKey ? { presumeKey: config.presumeKey } : {}),
      ...(config.narrated ? { keepApplied: true } : {}),
      ...(config.dealProofs ? { askDealProofs: (job: DealProofJob) => this.checkDeal(config.dealProofs!, job) } : {}),
      ...(config.audits ? { askAudit: (job: AuditJob) => this.checkAudit(config.audits!, job) } : {}),
    });
    if (config.mySeat === null) {
      this.agent = null;
    } else {
      const { sign, keepSecrets, publish } = io;
      if (!sign || !keepSecrets || !publish)
        throw new TypeError('HandSession: a seat needs sign, keepSecrets and publish');
      this.agent = new SeatAgent(
        this.follower,
        config.mySeat,
        { sign, keepSecrets, publish },
        rng,
        restored,
        config.name,
        new StepsElsewhere(config.stepMaker, () => this.pump()),
      );
    }
  }

  get players(): number {
    return this.follower.players;
  }
  get phase(): HandPhase {
    return this.follower.phase;
  }
  get halt(): Halt | null {
    return this.follower.halt;
  }
  get auditResult(): HandAudit | null {
    return this.follower.audit;
  }
  get engineState(): AnyState | null {
    return this.follower.state;
  }
  /** The state this seat's table shows: the agreed one, with this seat's real-time moves not yet played on it (seat-agent.ts). */
  get shownState(): AnyState | null {
    return this.agent ? this.agent.shownState : this.follower.state;
  }
  get step(): number {
    return this.follower.inputs.length;
  }
  get hash(): string | null {
    return this.follower.hash;
  }
  get privateView(): PrivateView {
    return this.agent?.privateView ?? { known: {} };
  }
  /** Real-time moves that lost their race, oldest first. */
  get bounces(): readonly Bounce[] {
    return this.follower.bounces;
  }
  /** Real-time moves of this seat not yet ordered (queued or committed). */
  get pendingMoves(): number {
    return this.agent?.pendingMoves ?? 0;
  }
  /** The inputs applied so far (moves and crypto completions), for the game log. */
  loggedInputs(): readonly Input[] {
    return this.follower.inputs;
  }
  /** A narrated hand's inputs applied since the last call, each with the states right before and after it (hand-narrator.ts); handed over once. */
  takeApplied(): AppliedInput[] {
    return this.follower.takeApplied();
  }
  /** Every event this peer holds, for fetch answers and persistence. */
  events(): EnvelopeOf<'table-event'>[] {
    return this.follower.pool.envelopes();
  }
  /** Per author (hex key), how many of its events this peer holds in order. */
  have(): Record<string, number> {
    const out: Record<string, number> = {};
    this.config.setup.seatKeys.forEach((key, seat) => (out[key] = this.follower.pool.heldInOrder(seat)));
    return out;
  }
  waiting(): Waiting | null {
    return this.follower.waiting();
  }
  legalActions(): unknown[] {
    return this.agent?.legalActions() ?? [];
  }
  /** In play, cards are being opened (a draw, a played card shown to every seat): every seat's moves wait for them. */
  cardsInFlight(): boolean {
    return this.follower.cardsInFlight;
  }

  /** Starts the hand (publishes this seat's ready) and processes what is known. */
  start(): void {
    this.pump();
  }

  /**
   * Events stored before a reload: taken in without acting on any, so
   * nothing of ours is made again before all of it is back. Stored events
   * count as shown by every seat (this page took them in before); `seenBy`
   * says otherwise (events kept for a hand not started yet: the author's page's seats, if it sent them itself).
   */
  preload(
    envelopes: readonly EnvelopeOf<'table-event'>[],
    seenBy: (envelope: EnvelopeOf<'table-event'>) => readonly number[] = () => [...Array(this.players).keys()],
  ): void {
    for (const envelope of envelopes) this.follower.take(envelope, seenBy(envelope));
  }

  /**
   * A verified envelope from the mesh; true if it was new and taken in (so
   * worth storing). `seenBy`: the seats whose page showed it holds it by
   * sending it — its author's (table-echo.ts `copyWord`); a copy of an event
   * held counts for them too (event-pool.ts); `size`: its encoded length,
   * when the caller has it.
   */
  receive(envelope: EnvelopeOf<'table-event'>, seenBy: readonly number[] = [], size?: number): boolean {
    const confirmed = this.follower.pool.confirmedCount;
    if (this.follower.take(envelope, seenBy, size)) {
      this.pump();
      return true;
    }
    if (this.follower.pool.confirmedCount !== confirmed) {
      this.pump();
      return false;
    }
    if (this.follower.halt) this.io.changed();
    return false;
  }

  /** `seats` have shown (a signed echo) that they hold the event with signature `sig` (hex); false if this peer does not hold it. */
  confirm(sig: string, seats: readonly number[]): boolean {
    if (!this.follower.pool.bySignature(sig)) return false;
    if (this.follower.pool.confirm(sig, seats)) this.pump();
    return true;
  }

  /** This seat's move, from the UI or a bot: made, or why not (a typed code; the UI words it). */
  act(action: unknown): Result<void, MoveRefusal> {
    if (!this.agent) return err({ code: 'not-playing' });
    const made = this.agent.act(action);
    if (made.ok) this.pump();
    return made;
  }

  /** Ends the hand without a result (after a stall); refused once play is over. True if sent. */
  abandon(reason: string): boolean {
    if (!this.agent?.abandon(reason)) return false;
    this.pump();
    return true;
  }

  /** The table's clock (ms): names a seat that has not disclosed by the deadline. */
  tick(now: number): void {
    const before = this.follower.halt;
    this.follower.tick(now);
    if (!before && this.follower.halt) this.io.changed();
  }

  /** The page is going away (or the table closed): do nothing more. */
  dispose(): void {
    this.disposed = true;
    this.agent?.dispose();
  }

  /** Has the deal's proofs checked by `check`, and goes on once it answers (a failure to answer counts as "not held"). */
  private checkDeal(check: DealProofCheck, job: DealProofJob): void {
    const answered = (hold: boolean) => {
      if (this.disposed) return;
      this.follower.dealProofsAnswered(job.packet, hold);
      this.pump();
    };
    check(job).then(answered, () => answered(false));
  }

  /** Has the audit's card part run by `check`, and goes on once it answers (a failure to answer: audit here). */
  private checkAudit(check: AuditCheck, job: AuditJob): void {
    const answered = (cards: AuditedCards | null) => {
      if (this.disposed) return;
      this.follower.auditAnswered(cards);
      this.pump();
    };
    check(job).then(answered, () => answered(null));
  }

  private pump(): void {
    if (this.disposed) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        let guard = 0;
        for (;;) {
          this.follower.run();
          if (this.follower.halt || !this.produce()) break;
          if (++guard > 100_000) throw new Error('hand session made no progress');
        }
      } while (this.pumpAgain && !this.follower.halt);
    } finally {
      this.pumping = false;
    }
    this.io.changed();
  }

  private produce(): boolean {
    try {
      return this.agent?.produce() ?? false;
    } catch (error) {
      // Our own seat failed to make its event: a bug of this peer, named as such.
      const detail = error instanceof Error ? error.message : String(error);
      this.follower.fault(`this seat could not make its event: ${detail}`);
      return false;
    }
  }
}

/**
 * The seatless hand a watcher follows (mySeat null): no seat agent, no secrets,
 * nothing it could sign. It verifies every event and the audit like a seat, and
 * can open only what the rules show to everyone
 * (test/table/spectator-knowledge.test.ts). Followed live, like a seat's it lets an event take effect only
 * once every seat has shown it holds it (hand/event-pool.ts), so it reaches
 * the seats' verdict; a past hand (a newcomer's history, answered from the
 * seats' storage) is taken as it comes. It is the hand the table's log tells
 * (`narrated`: its follower keeps the states the narrator needs).
 */
export function watchingHand(setup: HandSetup, game: AnyGame, changed: () => void, live: boolean): HandSession {
  return new HandSession(
    { setup, game, mySeat: null, narrated: true, ...(live ? { confirmation: { localSeats: [] } } : {}) },
    { changed },
  );
}
