/**
 * A table on one peer: the lobby (who sits where) and the hands played at it,
 * as the browser store and the `npm run simulate` harness drive it. Its parts
 * (table-parts.ts: the starter, the intake, the outbox, the catch-up, the
 * bots…) are wired there; this class holds what the table does with them:
 * it routes verified envelopes from the mesh (table-router.ts), opens and
 * closes the table, reacts when the lobby or a hand changes, acts for its
 * person (a move, Rematch, End hand, Leave, a bot for a seat) and ticks each
 * second (the hands' deadlines, catch-up, echo, history, the lobby's seats).
 *
 * A seat that leaves between hands: its page asks the creator (`leave`; in a
 * running hand this page's seats abandon it first), whose lobby frees the
 * seat in a new roster (lobby.ts `unseat`). On every page that roster is a
 * lobby change: the next hand's terms show the new seating (next-terms.ts)
 * and Rematch says the seat is free until someone, or a bot the creator adds
 * (`addBot`, `replace` for a gone player's seat), takes it; the next hand
 * starts once every seat has agreed to it. A seat left during a hand is freed
 * once that hand ends (`watch`: `freeLeftSeats`, `adoptHeld`).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { keyHex, type Envelope } from '../net/envelope.js';
import { faultReports } from './hand/fault-report.js';
import type { Lobby } from './lobby.js';
import type { TableChat } from './table-chat.js';
import type { TableHistory } from './table-history.js';
import { WATCHING_SEAT, type Watcher } from './table-watchers.js';
import { isStarting, stageOf, type TableStage } from './table-phase.js';
import { EnvelopeRouter } from './table-router.js';
import { tableNowOf, type TableNow } from './table-now.js';
import { TableParts } from './table-parts.js';
import type { HandSession } from './hand-session.js';
import type { HandSummary, Seated, TableSessionOptions } from './table-session-types.js';
import type { HandResult } from './hand/setup.js';
import type { MoveRefusal } from './hand/move-refusal.js';
import { err, type Result } from '../result.js';

export type { TableStore } from './table-outbox.js';
export type { HandSummary, TableSessionOptions } from './table-session-types.js';

const DEFAULT_STALL_MS = 30_000;

export class TableSession {
  readonly lobby: Lobby;
  /** An unseated page follows the table's hands from the first before it may sit (table-history.ts). */
  readonly history: TableHistory;
  /** The table's chat: no part of any hand (table-chat.ts). */
  readonly chat: TableChat;
  private readonly options: TableSessionOptions;
  /** The table's parts, wired to each other (table-parts.ts); this class holds what the table does with them. */
  private readonly parts: TableParts;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** What the clock last announced of a waiting hand: who has stalled, and which seats are gone (watch). */
  private waitShown = '';
  /** The watchers the clock last saw (watch). */
  private watchersShown = '[]';
  private closed = false;
  /** What the table's parts read of it (table-now.ts): read when used, so the parts may be built in any order. */
  private readonly now: TableNow = tableNowOf(() => ({
    lobby: this.lobby,
    starter: this.parts.starter,
    history: this.history,
    closed: this.closed,
  }));
  /** Where each envelope from the mesh goes; they wait there until `open` has restored the table (table-router.ts). */
  private readonly router = new EnvelopeRouter({
    tableEvent: (envelope, via) => this.parts.intake.receive(envelope, via),
    echo: (envelope) => this.parts.echo.receive(envelope, Date.now()),
    chat: (envelope) => this.chat.receive(envelope),
    fetch: (envelope, via) => {
      const held = this.movesHeld();
      this.parts.rejoin.noteShown(envelope.from, envelope.body.hand, true);
      this.catchUpLifted(held);
      this.parts.rejoin.answerFetch(envelope, via);
    },
    lobby: (envelope, via) => this.lobbyMessage(envelope, via),
  });

  constructor(options: TableSessionOptions) {
    this.options = options;
    this.parts = new TableParts(options, this.now, {
      // A roster that seats or frees someone may complete the table (its first hand starts) or change the next hand's terms.
      lobbyChanged: () => {
        void this.parts.starter.maybeStart();
        this.parts.nextTerms.check();
        options.onChange();
      },
      handChanged: () => this.onHandChanged(),
    });
    ({ lobby: this.lobby, history: this.history, chat: this.chat } = this.parts);
  }

  async open(config?: Parameters<Lobby['open']>[0]): Promise<void> {
    for (const secretKey of await this.options.store.loadBots(this.lobby.table)) this.parts.bots.adopt(secretKey);
    await this.lobby.open(config);
    // A page new to this table (it created it, or opened its link for the first time) cannot be behind in a hand of
    // it: it plays live from the start. Only a page that stored the table before waits to hear which hand it is at.
    if (!this.lobby.restored) this.parts.rejoin.settle();
    this.router.open();
    this.timer = setInterval(() => this.watch(), 1000);
    await this.parts.starter.maybeStart();
    // The lobby's change notice may have started the hand already: open resolves once it has its sessions.
    await this.parts.starter.firstStarted;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.parts.bots.stop();
    for (const { session } of this.hands.values()) session.dispose();
  }

  /** Routes a verified envelope from the mesh (kept until `open` has restored the table: table-router.ts). */
  receive(envelope: Envelope, via: string): void {
    this.router.receive(envelope, via);
  }

  /** A lobby message (hello, roster, seat claims, goodbyes): who is here, and a (re)connected peer's missed events. */
  private lobbyMessage(envelope: Envelope, via: string): void {
    // The lobby announces what changes it; a presence changes only the watchers' list, when it brings someone new.
    if (this.parts.watchers.observe(envelope, Date.now())) this.options.onChange();
    this.lobby.receive(envelope);
    if (envelope.kind === 'hello') this.parts.echo.linkOpened(via);
    if (envelope.kind === 'hello' && this.handNo >= 0) {
      // A (re)connected peer may have missed events; so may we.
      this.options.mesh.send('fetch', { hand: this.handNo, have: this.parts.starter.current()?.session.have() ?? {} });
    }
  }

  get current(): HandSummary | null {
    const mine = this.parts.starter.current();
    if (!mine) return null;
    const catchingUp = this.parts.rejoin.movesBlocked(mine.session);
    return {
      handNo: this.handNo,
      session: mine.session,
      names: this.names(),
      mySeat: this.now.playingSeat,
      stalled: this.stallOf(mine.session, Date.now()),
      localSeats: [...this.hands.keys()],
      goneSeats: this.parts.rejoin.goneSeats(),
      reports: faultReports(mine.session.follower).filter((r) => r.reporter !== this.lobby.mySeat()),
      catchingUp,
    };
  }

  /** This person's move in the current hand: made, or why not (a typed code; the UI words it: src/app/move-words.ts). */
  act(action: unknown): Result<void, MoveRefusal> {
    const seat = this.lobby.mySeat();
    const mine = seat === null ? undefined : this.hands.get(seat);
    if (!mine || mine.bot) return err({ code: 'not-playing' });
    if (this.parts.rejoin.movesBlocked(mine.session)) return err({ code: 'catching-up' });
    const made = mine.session.act(action);
    if (made.ok) this.parts.rejoin.settle();
    return made;
  }

  /** Starts the next hand at this table (every seat must agree by starting it too). */
  rematch(): void {
    const current = this.parts.starter.current()?.session;
    // While the next hand is being set up there is no current hand yet: a second Rematch (a double click) must not start
    // the hand after it too.
    if (
      isStarting(this.parts.starter.phase) ||
      (current && current.phase !== 'done' && current.phase !== 'halted') ||
      this.lobby.mySeat() === null
    )
      return;
    const free = this.lobby.view().seats.find((s) => !s.member);
    if (free)
      return this.options.onLog(
        `seat ${free.seat + 1} is free: the next hand starts when someone (or a bot) takes it`,
        'warn',
      );
    this.parts.rejoin.settle();
    void this.parts.starter.start(this.handNo + 1);
  }

  abandon(reason: string): void {
    for (const { session } of this.hands.values()) session.abandon(reason);
  }

  /**
   * "End hand": a player stops waiting. A disclosure or a real-time reveal
   * that is owed names its seat (an abandon cannot end those); anything else
   * ends the hand without a result, naming who stalled.
   */
  endHand(): void {
    this.parts.rejoin.endHand(this.names(), () => this.onHandChanged());
  }

  /** Creator only, between hands: a bot, hosted by this browser, takes a free seat (or, with `replace`, a gone player's) from the next hand on. */
  async addBot(seat: number, replace = false): Promise<void> {
    if (!this.lobby.isCreator || this.now.runningSeats) return;
    const secretKey = ed25519.utils.randomSecretKey();
    await this.options.store.saveBot(this.lobby.table, secretKey);
    const signer = this.parts.bots.adopt(secretKey);
    this.lobby.seatBot(signer.publicKey, seat, replace);
  }

  /** This player leaves: a running hand ends without a result (only this page holds its keys); the seat is freed for the next hand. */
  leave(): void {
    const seat = this.lobby.mySeat();
    if (seat === null) return;
    if (this.now.runningSeats) this.abandon(`${this.names()[seat] ?? `seat ${seat + 1}`} left the table`);
    this.lobby.leave();
  }

  private names(): string[] {
    return [...this.lobby.names()];
  }

  private get hands(): ReadonlyMap<number, Seated> {
    return this.parts.starter.hands;
  }

  /** Who the current hand waits on past the turn timer, measured on its idle clock. */
  private stallOf(session: HandSession, nowMs: number) {
    return this.parts.rejoin.stall(
      session,
      nowMs,
      this.parts.progress.idleMs(nowMs),
      this.options.stallMs ?? DEFAULT_STALL_MS,
    );
  }

  /** The hand this page is at or starting (-1: none yet). */
  private get handNo(): number {
    return this.parts.starter.handNo;
  }

  /** Where the table is: seating, choosing its first hand, starting, awaiting a set-up, playing or between hands (table-phase.ts). */
  get stage(): TableStage {
    return stageOf(this.parts.starter.phase, this.history.pending, this.parts.starter.current()?.session.phase);
  }

  /** This page plays no seat of the current hand: it follows it as a watcher. */
  get isWatching(): boolean {
    return this.hands.has(WATCHING_SEAT);
  }

  /** Peers linked to this table that hold no seat, by name (the lobby's spectator list). */
  watcherList(): Watcher[] {
    return this.parts.watchers.list(this.parts.seatedKeys(), keyHex(this.options.signer.publicKey), Date.now());
  }

  /** Finished hands' results at this table, oldest first, as stored (the score strip: src/app/scores.ts). */
  handResults(): { handNo: number; result: HandResult }[] {
    return this.parts.records.results();
  }

  /**
   * What the next hand changes against the one this page is at (an option, the game, the seat count, who sits
   * where), in words: shown before and at the Rematch choice. Empty when the terms are the same.
   */
  get nextChanges(): string[] {
    return this.lobby.mySeat() === null ? [] : this.parts.nextTerms.changes();
  }

  /** Someone has started hand N+1 and waits for us. */
  get rematchOffered(): boolean {
    return this.parts.early.has(this.handNo + 1) || this.parts.rejoin.laterHandShown();
  }

  private onHandChanged(): void {
    const mine = this.parts.starter.current();
    if (mine) this.parts.progress.saw(mine.session.follower.pool.events().length, Date.now());
    for (const [seat, local] of this.hands) this.parts.records.reportFault(seat, local);
    if (mine) this.parts.log.follow(mine.session);
    if (mine) this.parts.records.keepOutcome(mine.session);
    this.parts.bots.schedule();
    this.parts.rejoin.follow();
    this.history.afterChange();
    // A roster held back while the hand ran is taken once it has ended; a change of terms is shown (next-terms.ts).
    this.lobby.adoptHeld();
    this.parts.nextTerms.check();
    this.options.onChange();
  }

  /**
   * Moves held back while this (re)opened page caught up are open now (a seat's fetch said where the table is, or the
   * wait ran out): the page shows them, and the bots it hosts move, at once rather than at the next event. `wasHeld`:
   * whether they were held before what just happened (the fetch, the clock's tick).
   */
  private catchUpLifted(wasHeld: boolean): void {
    if (!wasHeld || this.movesHeld()) return;
    this.parts.bots.schedule();
    this.options.onChange();
  }

  /** This (re)opened page holds its moves back now, until a seat says which hand the table is at (catch-up.ts). */
  private movesHeld(): boolean {
    const mine = this.parts.starter.current();
    return !!mine && this.parts.rejoin.movesBlocked(mine.session);
  }

  private watch(): void {
    const held = this.movesHeld();
    const now = Date.now();
    const handNow = this.options.handClock?.() ?? now;
    for (const { session } of this.hands.values()) session.tick(handNow);
    this.parts.rejoin.tick(now);
    const current = this.parts.starter.current();
    if (current)
      this.parts.rejoin.followAbandon(current.session, this.stallOf(current.session, now), this.names(), () =>
        this.onHandChanged(),
      );
    const waitingOn = this.parts.starter.current()?.session.waiting()?.seats ?? [];
    this.parts.echo.tick(
      handNow,
      waitingOn.some((seat) => !this.hands.has(seat)),
    );
    this.catchUpLifted(held);
    this.history.tick();
    this.lobby.freeLeftSeats();
    this.lobby.adoptHeld();
    this.parts.bots.schedule();
    // Time alone changes what a waiting hand shows only once a seat has stalled (its seconds count) or gone:
    // announced then, not every second of every turn (each change rebuilds the page's whole view). Time also
    // ends a watcher that fell silent: its name leaves the list.
    const mine = this.parts.starter.current();
    const waitShown = mine?.session.waiting()?.seats.length
      ? JSON.stringify([this.stallOf(mine.session, now), this.parts.rejoin.goneSeats()])
      : '';
    const watchersShown = JSON.stringify(this.watcherList());
    if (waitShown === this.waitShown && watchersShown === this.watchersShown) return;
    const announce = waitShown !== '' || watchersShown !== this.watchersShown;
    this.waitShown = waitShown;
    this.watchersShown = watchersShown;
    if (announce) this.options.onChange();
  }
}
