/**
 * The follower of one hand: takes the hand's signed events in any order,
 * applies them in the order the protocol and the engine await (never by
 * arrival) — the ready round, each packet's cascade in seat order, the
 * engine's crypto requests in id order, moves as the engine awaits them
 * (simultaneous choices once all are in, in seat order), real-time rounds,
 * then the disclosure round and the audit — and verifies every step, key
 * share and move on the way. It holds no secret: it is what a spectator or an
 * offline verifier runs, and a seat runs one too, with a seat agent
 * (seat-agent.ts) on top that adds that seat's secrets and events.
 *
 * Every event carries its author's state hash at `at` engine steps; a
 * different hash halts with `desync` blaming the author, and an event made
 * at a step that cannot exist yet (beyond the step that consumes it) halts
 * with `future-step`. Anything invalid halts with a typed code naming the
 * author; any exception while an event is being taken in blames its author.
 * Taking an event in and its step check are intake.ts, abandons are judged
 * in abandons.ts, the halt and the audit at once are kept in stops.ts, the
 * play phase (crypto requests, moves, real-time rounds) is play.ts,
 * deadlines by the table's clock are deadlines.ts, and the options and
 * hooks a follower is made with are follower-options.ts.
 */
import { systemRandom, type RandomSource } from '../../../crypto/index.js';
import { stateHash, type AnyGame, type AnyState, type Input, type SetupArgs } from '../../engine/index.js';
import { keyHex, type EnvelopeOf } from '../../net/envelope.js';
import type { TableEvent } from '../transcript.js';
import { abandonRuling, abandonView } from './abandons.js';
import type { AuditedCards, HandAudit } from './audit.js';
import { AuditAsk } from './audit-elsewhere.js';
import {
  unprovedFault,
  finishCascade,
  isLocked,
  startDeal,
  startReshuffle,
  stepType,
  takeStep,
  type Cascade,
} from './cascade.js';
import { DealProofAsk } from './deal-proofs.js';
import { earlyVerdict, type AuditCause } from './early-audit.js';
import { EventPool, LIMITS, type PoolLimits } from './event-pool.js';
import type { Equivocation } from './equivocation.js';
import { seatName, type Halt, type HaltCode } from './halt.js';
import { PacketBook } from './packets.js';
import { HandPlay, type PlayPowers, type PrivateRequest } from './play.js';
import type { Bounce, Ordered } from './real-time.js';
import { HandDeadlines, stalledOwing } from './deadlines.js';
import { ReportDesk } from './faults.js';
import { intake, stepFault, type IntakeTerms } from './intake.js';
import { setupHash, termsHash, type HandSetup } from './setup.js';
import { openHand } from './setup-checks.js';
import { HandStops } from './stops.js';
import { waitingOf, type Waiting } from './waiting.js';
import type { AppliedInput, FollowerHooks, FollowerOptions, HandPhase } from './follower-options.js';

export type { PrivateRequest, Waiting };

export type { AppliedInput, FollowerHooks, FollowerOptions, HandPhase } from './follower-options.js';

export class HandFollower {
  readonly setup: HandSetup;
  readonly game: AnyGame;
  readonly players: number;
  readonly args: SetupArgs;
  readonly setupDigest: Uint8Array;
  /** The hash of this hand's terms (game, options, seat keys), which every seat's ready signs beside `setupDigest`. */
  readonly termsDigest: Uint8Array;
  readonly pool: EventPool;
  readonly book: PacketBook;
  readonly inputs: Input[] = [];
  readonly hashes: string[] = [];
  hooks: FollowerHooks = {};
  private readonly rng: RandomSource;
  private readonly initial: AnyState;
  private stateValue: AnyState | null = null;
  private phaseValue: HandPhase = 'ready';
  private abandonWaitingValue: number | null = null;
  private auditValue: HandAudit | null = null;
  private sealKeysValue: Uint8Array[] = [];
  private cascadeValue: Cascade | null = null;
  /** The play phase: crypto requests, moves and real-time rounds as the engine awaits them (play.ts). */
  private readonly play: HandPlay;
  /** The disclosure and reveal deadlines, by the table's clock (deadlines.ts). */
  private readonly deadlines: HandDeadlines;
  /** The seat whose event is being taken in (blamed for any exception). */
  private author: number | null = null;
  /** The hand's halt, its early audit's cause and the proofs of equivocation (stops.ts). */
  private readonly stops = new HandStops();
  private readonly limits: PoolLimits;
  /** What an event taken in is checked against (intake.ts). */
  private readonly terms: IntakeTerms;
  /** Other seats' fault reports, judged by their evidence (faults.ts). */
  private readonly reports: ReportDesk;
  private readonly presumeProofs: FollowerOptions['presumeProofs'];
  /** The deal's proofs checked on another thread (deal-proofs.ts): not asked, asked, or what came back. */
  private readonly dealProofs: DealProofAsk;
  /** The audit's card part run on another thread (audit-elsewhere.ts): the locked cascades kept for it, and its answer. */
  private readonly audits: AuditAsk;
  /** The inputs applied and not handed over yet, with their states (null: none are kept). */
  private readonly applied: AppliedInput[] | null;

  constructor(options: FollowerOptions) {
    this.presumeProofs = options.presumeProofs;
    this.dealProofs = new DealProofAsk(options.askDealProofs);
    this.audits = new AuditAsk(options.askAudit);
    this.applied = options.keepApplied ? [] : null;
    this.setup = options.setup;
    this.game = options.game;
    this.players = options.setup.seatKeys.length;
    this.rng = options.rng ?? systemRandom;
    this.reports = new ReportDesk(this.rng);
    this.deadlines = new HandDeadlines(options.discloseDeadlineMs, options.revealDeadlineMs);
    const { args, initial, deckSize } = openHand(options.setup, options.game);
    this.args = args;
    this.initial = initial;
    this.setupDigest = setupHash(options.setup);
    this.termsDigest = termsHash(options.setup);
    this.book = new PacketBook(options.setup.table, options.setup.handNo, this.players, deckSize);
    if (options.presumeKey) this.book.presumeKey = options.presumeKey;
    this.limits = options.limits ?? LIMITS;
    this.pool = new EventPool(this.players, this.limits, options.confirmation ?? null);
    const digests = { setup: this.setupDigest, terms: this.termsDigest };
    this.terms = { handNo: options.setup.handNo, limits: this.limits, digests };
    this.play = new HandPlay(this, this.setupDigest);
  }

  get phase(): HandPhase {
    return this.phaseValue;
  }
  /**
   * The seat of an abandon held that waits for this page to reach the step it
   * is dated at, or null. Its author's own events took effect on its page at
   * once; while a seat whose word they need is gone, this page may never
   * reach that step, so the table follows such an abandon with one of its own
   * once its player could end the hand (table-catch-up.ts).
   */
  get abandonWaiting(): number | null {
    return this.stops.halt ? null : this.abandonWaitingValue;
  }

  get halt(): Halt | null {
    return this.stops.halt;
  }
  get audit(): HandAudit | null {
    return this.auditValue;
  }
  /** The proof that halted the hand `equivocation`, and one met after it was played out (stops.ts). */
  get equivocation(): Equivocation | null {
    return this.stops.equivocation;
  }
  get lateEquivocation(): Equivocation | null {
    return this.stops.lateEquivocation;
  }
  /** Why the hand is being audited before its end (null: it is not). */
  get auditCause(): AuditCause | null {
    return this.stops.auditCause;
  }
  get state(): AnyState | null {
    return this.stateValue;
  }
  get hash(): string | null {
    return this.hashes.at(-1) ?? null;
  }
  get sealKeys(): readonly Uint8Array[] {
    return this.sealKeysValue;
  }
  get cascade(): Cascade | null {
    return this.cascadeValue;
  }
  /** In play, cards are being opened (a cascade, or a request the engine awaits): no seat may move meanwhile. */
  get cardsInFlight(): boolean {
    const s = this.stateValue;
    return (
      this.phaseValue === 'play' && s !== null && (this.cascadeValue !== null || this.game.awaits(s).kind === 'crypto')
    );
  }
  /** Real-time moves that lost their race (shown as bounced, blamed on nobody). */
  get bounces(): readonly Bounce[] {
    return this.play.bounces;
  }
  /** The real-time round now open, and whether moves of a closed round are still being applied. */
  get round(): number {
    return this.play.round;
  }
  get orderedPending(): number {
    return this.play.orderedPending;
  }
  get realTimeStarted(): boolean {
    return this.play.realTimeStarted;
  }
  /** How many of `seat`'s acts have been taken (the index of its next one). */
  actsTaken(seat: number): number {
    return this.play.actsTakenBy(seat);
  }
  /** The next act of `seat` not yet taken. */
  pendingAct(seat: number): TableEvent<'act'> | undefined {
    return this.play.pendingAct(seat);
  }
  /** Every act of `seat` taken in and not yet applied, oldest first (a choice waiting for the other seats'). */
  pendingActs(seat: number): TableEvent<'act'>[] {
    return this.play.pendingActs(seat);
  }
  /** Every act of `seat` this peer holds and has not taken yet, whether or not it may take effect. */
  heldActs(seat: number): TableEvent<'act'>[] {
    return this.play.heldActs(seat);
  }
  /** The agreed real-time moves of a closed round not yet applied (waiting for crypto), in order. */
  get orderedMoves(): readonly Ordered[] {
    return this.play.orderedMoves;
  }
  /** The reveal-to or forward request `id`, once its shares were delivered here (what a sealed fault report names). */
  deliveredRequest(id: number): PrivateRequest | undefined {
    return this.play.deliveredRequest(id);
  }
  /** The inputs applied since the last call, oldest first, each with the states around it; handed over once, then dropped here. */
  takeApplied(): AppliedInput[] {
    return this.applied?.splice(0) ?? [];
  }
  seatOf(envelope: EnvelopeOf<'table-event'>): number {
    return this.setup.seatKeys.indexOf(keyHex(envelope.from));
  }

  // ------------------------------------------------------------ taking events in

  /**
   * A verified envelope: true if it is new to the pool (then `run` may
   * progress). `seenBy`: the seats whose page showed it holds this event
   * (its author's page, when it came over that link); a copy of an event held only adds them. `size`:
   * its encoded length, if the caller has it.
   */
  take(envelope: EnvelopeOf<'table-event'>, seenBy: readonly number[] = [], size?: number): boolean {
    const taken = intake(envelope, this.seatOf(envelope), seenBy, size, this.pool, this.terms);
    if (taken.kind === 'halt') return this.end(taken.halt);
    if (taken.kind !== 'equivocation') return taken.kind === 'new';
    this.stops.equivocated(taken.proof, this.phaseValue === 'done');
    return this.phaseValue !== 'done' && this.blame('equivocation', taken.proof.seat, taken.detail);
  }

  /** Applies what the pool allows; false when nothing progressed. Never throws. */
  run(): boolean {
    let progressed = false;
    try {
      while (!this.stops.halt && this.advance()) progressed = true;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (this.author !== null) this.blame('bad-event', this.author, `an event that could not be taken in: ${detail}`);
      else this.stop({ code: 'internal', seat: null, detail: `internal error: ${detail}` });
    } finally {
      this.author = null;
    }
    return progressed;
  }

  /** The table's clock: a seat that has not revealed a real-time round, or disclosed once play is over, by the deadline is named. */
  tick(now: number): void {
    if (this.stops.halt) return;
    const overdue = this.deadlines.tick(now, this);
    if (overdue) this.blame(overdue.code, overdue.seat, overdue.detail);
  }

  /**
   * A player gave up waiting: when what is owed is a disclosure or a
   * real-time reveal (an abandon cannot end those), the first seat that owes
   * it is named now. False when an abandon is the way to end the hand.
   */
  endStalled(): boolean {
    const overdue = this.overdue();
    return overdue ? !this.blame(overdue.code, overdue.seat, overdue.detail) : false;
  }

  /** Whether End hand would name the seat the hand waits for (an owed disclosure or real-time reveal), not abandon. */
  get endNamesOwing(): boolean {
    return this.overdue() !== null;
  }

  private overdue() {
    if (this.stops.halt) return null;
    const owing = this.waiting()?.seats[0];
    return owing === undefined ? null : stalledOwing(this, owing);
  }

  /** This peer's own code failed (not an event of anyone's): stops the hand as an internal fault. */
  fault(detail: string): void {
    this.end({ code: 'internal', seat: null, detail });
  }

  // ------------------------------------------------------------ progress

  private advance(): boolean {
    this.author = null;
    this.abandonWaitingValue = null;
    if (this.phaseValue === 'done' || this.phaseValue === 'halted') return false;
    // Another seat's fault report acts only once its evidence checks out here (faults.ts); one that does not names its author.
    const report =
      !this.stops.auditCause && (this.phaseValue === 'dealing' || this.phaseValue === 'play')
        ? this.reports.next(this)
        : null;
    if (report) return this.stop(report.halt, report.reporter);
    const abandons =
      this.stops.auditCause || !this.pool.abandon() ? null : abandonRuling(abandonView(this, this.limits));
    this.abandonWaitingValue = abandons?.waiting ?? null;
    if (abandons?.kind === 'refused') this.end(abandons.halt);
    if (abandons?.kind === 'counts') {
      const { seat, data } = abandons.abandon;
      this.stop({
        code: 'abandoned',
        seat: null,
        detail: `${seatName(seat)} ended the hand without a result: ${data.reason}`,
      });
      return false;
    }
    if (this.stops.halt) return false;
    switch (this.phaseValue) {
      case 'ready':
        return this.advanceReady();
      case 'dealing':
        return this.advanceCascade();
      case 'play':
        return this.cascadeValue ? this.advanceCascade() : this.play.advance(this.powers());
      case 'disclose':
        return this.advanceDisclose();
    }
  }

  private advanceReady(): boolean {
    const readies = [...Array(this.players).keys()].map((seat) => this.pool.ready(seat));
    if (readies.some((r) => !r)) return false;
    this.sealKeysValue = readies.map((r) => r!.data.sealKey);
    this.stateValue = this.initial;
    this.hashes.push(stateHash(this.initial));
    this.cascadeValue = startDeal(this.book);
    this.phaseValue = 'dealing';
    return true;
  }

  private advanceCascade(): boolean {
    const cascade = this.cascadeValue!;
    if (cascade.state.phase === 'locked') {
      if (!this.dealProofs.mayOpen(cascade)) return false;
      const wrong = unprovedFault(cascade, this.rng);
      if (wrong) return this.stop(wrong);
      finishCascade(this.book, cascade);
      this.audits.locked(this.setup.table, this.book, cascade);
      this.cascadeValue = null;
      this.phaseValue = 'play';
      if (cascade.request)
        return this.play.apply({ kind: 'reshuffled', request: cascade.request.id }, null, this.powers());
      return true;
    }
    const event = this.pool.step(stepType(cascade.state), cascade.packet, cascade.state.next);
    if (!event || !this.crossCheck(event)) return false;
    // This page's own step is taken as made, and another seat's with its proofs left for the cascade's sum
    // (cascade.ts `takeStep`; `end` and `stop` check them first too).
    const made = this.hooks.madeHere?.(cascade.packet, event);
    const presumed = made !== undefined || !!this.presumeProofs?.(cascade.packet, event);
    const stepped = takeStep(cascade, event, this.book, presumed, made);
    if (!stepped.ok) return this.stop(stepped.error);
    if (!isLocked(cascade)) return true;
    if (this.dealProofs.askAbout(this.setup.table, this.book, cascade)) return true;
    const wrong = unprovedFault(cascade, this.rng);
    return !wrong || this.stop(wrong);
  }

  /** The other thread's answer on `packet`'s proofs (`askDealProofs`): every step holds (it opens), or not (checked here). */
  dealProofsAnswered(packet: number, hold: boolean): void {
    this.dealProofs.answered(packet, hold);
  }

  /** What the other thread found of the audit's card part (`askAudit`): every packet's cards, or null (audit here). */
  auditAnswered(cards: AuditedCards | null): void {
    this.audits.answered(cards);
  }

  /** `halt`, unless a step taken with its proofs unchecked does not verify: a hand never stops for a later cause with a bad step unnamed, nor goes to the audit with proofs unchecked. */
  private provedFirst(halt: Halt): Halt {
    return unprovedFault(this.cascadeValue, this.rng) ?? halt;
  }

  /** What the play phase may do to this follower, made per call so that the follower keeps no closures (a copy of it stays whole). */
  private powers(): PlayPowers {
    return {
      crossCheck: (event) => this.crossCheck(event),
      settled: () => void (this.author = null),
      stop: (halt) => this.stop(halt),
      record: (input, state) => this.record(input, state),
      reshuffle: (request) => void (this.cascadeValue = startReshuffle(this.book, request, this.stateValue!)),
      over: () => void (this.phaseValue = 'disclose'),
      roundOpened: () => this.deadlines.roundOpened(),
    };
  }

  /** An input the engine took: the new state, its input and its hash. */
  private record(input: Input, state: AnyState): void {
    this.applied?.push({ input, before: this.stateValue!, after: state });
    this.stateValue = state;
    this.inputs.push(input);
    this.hashes.push(stateHash(state));
  }

  private advanceDisclose(): boolean {
    const events = [...Array(this.players).keys()].map((seat) => this.pool.disclose(seat));
    if (events.some((e) => !e)) return false;
    const audit = this.audits.audit(this, events as TableEvent<'disclose'>[], this.rng, !this.stops.auditCause);
    if (!audit) return false;
    this.auditValue = audit;
    if (this.stops.auditCause) return this.end(earlyVerdict(this.auditValue, this.stops.auditCause));
    this.phaseValue = 'done';
    return true;
  }

  // ------------------------------------------------------------ checks and halts

  /** The author's hash at `at` must be ours, and `at` no later than now (the step that consumes the event). */
  private crossCheck(event: TableEvent): boolean {
    this.author = event.seat;
    const fault = stepFault(event, this.hashes);
    return fault ? this.end(fault) : true;
  }

  private blame(code: HaltCode, seat: number, detail: string): false {
    this.end({ code, seat, detail });
    return false;
  }

  /** Stops the hand, or sends it to the audit at once (true: it goes on, into the disclosure round; stops.ts). */
  private stop(halt: Halt, reporter: number | null = null): boolean {
    if (this.stops.halt) return false;
    const first = this.provedFirst(halt);
    if (first !== halt) return this.end(first);
    if (!this.stops.toAudit(halt, reporter, this.phaseValue === 'dealing' || this.phaseValue === 'play'))
      return this.end(halt);
    this.phaseValue = 'disclose';
    return true;
  }

  private end(cause: Halt): false {
    if (this.stops.halt) return false;
    const halt = this.provedFirst(cause);
    if (!this.stops.end(halt)) return false;
    this.phaseValue = 'halted';
    this.hooks.halted?.(halt);
    return false;
  }

  /** Who the hand waits for now, and for what (only seats that still owe something). */
  waiting(): Waiting | null {
    return waitingOf(this);
  }
}
