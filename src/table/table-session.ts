/**
 * A table on one peer: the lobby (who sits where) and the hands played at it.
 * It routes verified envelopes from the mesh to the lobby or to the hand they
 * belong to (table-router.ts; table events: table-intake.ts), starts a hand when every seat is
 * taken and the next one when a player asks for a rematch (table-hand-start.ts,
 * which keeps the table's phase: table-phase.ts), persists every event and
 * secret before it is sent (through table-outbox.ts), answers peers that fetch
 * events they missed (table-catch-up.ts), runs bots on seats the creator gave
 * to one (table-bots.ts), stores each hand's outcome and sends a halted seat's
 * fault report (table-hand-records.ts), tells the log (table-log.ts), and lets
 * table-catch-up.ts follow the table to its current hand and tell gone seats
 * from slow ones. The browser store and the `npm run simulate` harness both
 * drive a table through this class.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { heuristicBot } from '../bots/index.js';
import { keyHex, type Envelope, type Signer } from '../net/envelope.js';
import type { Mesh } from '../net/mesh.js';
import type { EarlyEvents } from './early-events.js';
import { faultReports } from './hand/fault-report.js';
import { Lobby } from './lobby.js';
import { NextTerms } from './next-terms.js';
import { HostedBots } from './table-bots.js';
import { TableCatchUp } from './table-catch-up.js';
import { TableChat } from './table-chat.js';
import { TableEcho } from './table-echo.js';
import { TableHistory } from './table-history.js';
import { HandRecords } from './table-hand-records.js';
import { TableLog } from './table-log.js';
import { TableOutbox, type TableStore } from './table-outbox.js';
import { WATCHING_SEAT, Watchers, type Watcher } from './table-watchers.js';
import { HandStarter } from './table-hand-start.js';
import { EventIntake } from './table-intake.js';
import { isStarting, stageOf, type TableStage } from './table-phase.js';
import { TablePublisher } from './table-publish.js';
import { HandProgress } from './hand-progress.js';
import { EnvelopeRouter } from './table-router.js';
import { tableNowOf, type TableNow } from './table-now.js';
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
  private readonly mesh: Mesh;
  private readonly signer: Signer;
  private readonly store: TableStore;
  private readonly options: TableSessionOptions;
  private readonly bots: HostedBots;
  /** The table's phase, the current hand's local sessions and its game; which hand to start, and starting it (table-hand-start.ts). */
  private readonly starter: HandStarter;
  /** Each hand's outcome in storage (a next hand's set-up is read after it is written), and a halted seat's fault report (table-hand-records.ts). */
  private readonly records: HandRecords;
  /** Events for the next hand (or the one being started), bounded per author like a hand's pool. */
  private readonly early = new Map<number, EarlyEvents>();
  /** The current hand's idle clock (hand-progress.ts). */
  private readonly progress = new HandProgress(Date.now());
  /** Which hand the other seats are at, whether this (re)opened page follows them, and who is gone (table-catch-up.ts). */
  private readonly rejoin: TableCatchUp;
  /** Which seats have shown they hold an event; signed echoes and fetching again (table-echo.ts). */
  private readonly echo: TableEcho;
  /** Where a table event goes: the current hand, kept early for a later or starting one, dropped or refused (table-intake.ts). */
  private readonly intake: EventIntake;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly log: TableLog;
  private closed = false;
  private readonly outbox: TableOutbox;
  /** Signs, stores, then sends this page's events (table-publish.ts). */
  private readonly publisher: TablePublisher;
  private readonly watchers = new Watchers();
  /** Where each envelope from the mesh goes; they wait there until `open` has restored the table (table-router.ts). */
  private readonly router = new EnvelopeRouter({
    tableEvent: (envelope, via) => this.intake.receive(envelope, via),
    echo: (envelope) => this.echo.receive(envelope, Date.now()),
    chat: (envelope) => this.chat.receive(envelope),
    fetch: (envelope, via) => {
      this.rejoin.noteShown(envelope.from, envelope.body.hand, true);
      this.rejoin.answerFetch(envelope, via);
    },
    lobby: (envelope, via) => this.lobbyMessage(envelope, via),
  });
  /** An unseated page follows the table's hands from the first before it may sit (table-history.ts). */
  readonly history: TableHistory;
  /** The table's chat: no part of any hand (table-chat.ts). */
  readonly chat: TableChat;
  /** What the next hand changes, shown and logged; an agreement a change outdates before the deal is withdrawn (next-terms.ts). */
  private readonly nextTerms: NextTerms;

  /** What the table's parts read of it (table-now.ts): read when used, so the parts below may be built in any order. */
  private readonly now: TableNow = tableNowOf(() => ({
    lobby: this.lobby,
    starter: this.starter,
    history: this.history,
    closed: this.closed,
  }));

  constructor(options: TableSessionOptions) {
    this.options = options;
    this.mesh = options.mesh;
    this.signer = options.signer;
    this.store = options.store;
    // No noise: a free seat's bot plays its game's heuristic (stress-shed's endless-hands rule ends loops).
    this.bots = new HostedBots({
      bot: options.bot ?? heuristicBot(),
      now: this.now,
      autoplay: options.autoplay,
      delayMs: options.botDelayMs,
      jitterMs: options.botJitterMs,
      blocked: (session) => this.rejoin.movesBlocked(session),
      moved: () => this.rejoin.settle(),
    });
    // prettier-ignore
    this.rejoin = new TableCatchUp({
      mesh: options.mesh, now: this.now, isBot: (key) => this.bots.signerFor(key) !== undefined,
      storedEvents: (hand) => this.outbox.storedEvents(hand), startHand: (hand) => void this.starter.start(hand), onLog: options.onLog,
      // Only seats and the first few fresh watchers get an answer to a fetch (table-watchers.ts).
      fetchRefusal: (key) => this.watchers.fetchRefusal(key, this.seatedKeys(), keyHex(this.signer.publicKey), Date.now()),
      nextChanges: () => this.nextTerms.changes(), rosterHeard: () => this.lobby.isCreator || this.lobby.signedRoster !== null,
    }, Date.now());
    this.echo = new TableEcho({
      mesh: options.mesh,
      now: this.now,
    });
    options.mesh.onHolds((sigs, via) => this.echo.holds(sigs, via));
    this.outbox = new TableOutbox({
      store: options.store,
      now: this.now,
      retryMs: options.saveRetryMs,
      onLog: options.onLog,
      failed: (seat, hand, detail) => {
        // Only the hand whose write failed stops: after a rematch `hands` holds the next hand's sessions.
        if (hand === this.handNo) this.hands.get(seat)?.session.follower.fault(detail);
        options.onChange();
      },
    });
    // prettier-ignore
    this.publisher = new TablePublisher({
      mesh: options.mesh, signer: options.signer, outbox: this.outbox, now: this.now,
    });
    const { publisher } = this;
    // prettier-ignore
    this.records = new HandRecords({
      store: options.store, now: this.now,
      signAs: (signer, body) => publisher.signAs(signer, body), publish: (envelope) => publisher.publish(envelope),
    });
    this.log = new TableLog({
      onLog: options.onLog,
      now: this.now,
    });
    this.chat = new TableChat({
      send: (body) => this.mesh.send('chat', body),
      selfKey: keyHex(options.signer.publicKey),
      seatOf: (key) => {
        const seat = this.lobby.seatKeys().indexOf(key);
        return seat >= 0 ? seat : null;
      },
      seatName: (seat) => this.lobby.names()[seat] ?? `Seat ${seat + 1}`,
      watchersMayChat: () => this.lobby.view().config?.watchersChat === true,
      changed: () => options.onChange(),
    });
    this.nextTerms = new NextTerms({
      now: this.now,
      onLog: options.onLog,
    });
    this.lobby = new Lobby({
      mesh: options.mesh,
      store: options.store,
      name: options.name,
      onChange: () => {
        void this.starter.maybeStart();
        this.nextTerms.check();
        options.onChange();
      },
      onLog: (line) => options.onLog(line),
      botKeys: () => this.bots.keys(),
      runningSeats: () => this.runningSeats(),
      mayJoin: () => this.history.mayJoin(),
      admitChat: (envelope) => this.chat.admit(envelope),
    });
    // prettier-ignore
    this.history = new TableHistory({
      mesh: options.mesh, store: options.store, now: this.now, optionsOf: (hand) => this.lobby.optionsOf(hand),
      playsAny: (keys) => keys.some((key) => key === keyHex(this.signer.publicKey) || this.bots.signerFor(key) !== undefined),
      early: (hand) => this.early.get(hand)?.events ?? [], startHand: (hand) => void this.starter.start(hand), askForSeat: () => this.lobby.askAgain(), onLog: options.onLog,
    });
    // prettier-ignore
    this.intake = new EventIntake({
      early: this.early, now: this.now, history: () => this.history, echo: () => this.echo,
      noteShown: (from, hand) => this.rejoin.noteShown(from, hand, false), refuse: (envelope, why, outsider) => this.log.refuse(envelope, why, outsider),
      saveReceived: (envelope, bytes) => this.outbox.saveReceived(envelope, bytes), startHand: (hand) => void this.starter.start(hand),
      changed: () => options.onChange(), onLog: options.onLog,
    });
    // prettier-ignore
    this.starter = new HandStarter({
      now: this.now, store: options.store, mesh: options.mesh, signer: options.signer, options, early: this.early,
      botSigner: (key) => this.bots.signerFor(key), recordSaved: () => this.records.saved,
      setupFor: (hand) => this.history.setupFor(hand), storedEvents: (hand) => this.outbox.storedEvents(hand),
      copyWord: (envelope, via, seatKeys) => this.echo.copyWord(envelope, via, seatKeys),
      // A new hand's idle time counts from its start, not from the previous hand's last event.
      newHand: (hand) => {
        this.progress.restart(Date.now());
        this.log.newHand();
        this.lobby.markHandStarted(hand + 1);
      },
      loadResults: (hand) => void this.records.loadResults(hand).then((found) => found && options.onChange()),
      keepSecrets: (seat, hand, key, secrets) => this.outbox.keepSecrets(seat, hand, key, secrets),
      signAs: (signer, body) => publisher.signAs(signer, body), publish: (envelope) => publisher.publish(envelope),
      echoTaken: (envelopes, seatKeys) => {
        this.echo.echoAll(envelopes, seatKeys);
        this.echo.started(Date.now());
      },
      changed: () => this.onHandChanged(),
    });
  }

  async open(config?: Parameters<Lobby['open']>[0]): Promise<void> {
    for (const secretKey of await this.store.loadBots(this.lobby.table)) this.bots.adopt(secretKey);
    await this.lobby.open(config);
    // A page new to this table (it created it, or opened its link for the first time) cannot be behind in a hand of
    // it: it plays live from the start. Only a page that stored the table before waits to hear which hand it is at.
    if (!this.lobby.restored) this.rejoin.settle();
    this.router.open();
    this.timer = setInterval(() => this.watch(), 1000);
    await this.starter.maybeStart();
    // The lobby's change notice may have started the hand already: open resolves once it has its sessions.
    await this.starter.firstStarted;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.bots.stop();
    for (const { session } of this.hands.values()) session.dispose();
  }

  /** Routes a verified envelope from the mesh (kept until `open` has restored the table: table-router.ts). */
  receive(envelope: Envelope, via: string): void {
    this.router.receive(envelope, via);
  }

  /** A lobby message (hello, roster, seat claims, goodbyes): who is here, and a (re)connected peer's missed events. */
  private lobbyMessage(envelope: Envelope, via: string): void {
    this.watchers.observe(envelope, Date.now());
    this.lobby.receive(envelope);
    if (envelope.kind === 'hello') this.echo.linkOpened(via);
    if (envelope.kind === 'hello' && this.handNo >= 0) {
      // A (re)connected peer may have missed events; so may we.
      this.mesh.send('fetch', { hand: this.handNo, have: this.starter.current()?.session.have() ?? {} });
    }
  }

  get current(): HandSummary | null {
    const mine = this.starter.current();
    if (!mine) return null;
    return {
      handNo: this.handNo,
      session: mine.session,
      names: this.names(),
      mySeat: this.now.playingSeat,
      stalled: this.stallOf(mine.session, Date.now()),
      localSeats: [...this.hands.keys()],
      goneSeats: this.rejoin.goneSeats(),
      reports: faultReports(mine.session.follower).filter((r) => r.reporter !== this.lobby.mySeat()),
    };
  }

  /** This person's move in the current hand: made, or why not (a typed code; the UI words it: src/app/move-words.ts). */
  act(action: unknown): Result<void, MoveRefusal> {
    const seat = this.lobby.mySeat();
    const mine = seat === null ? undefined : this.hands.get(seat);
    if (!mine || mine.bot) return err({ code: 'not-playing' });
    if (this.rejoin.movesBlocked(mine.session)) return err({ code: 'catching-up' });
    const made = mine.session.act(action);
    if (made.ok) this.rejoin.settle();
    return made;
  }

  /** Starts the next hand at this table (every seat must agree by starting it too). */
  rematch(): void {
    const current = this.starter.current()?.session;
    // While the next hand is being set up there is no current hand yet: a second Rematch (a double click) must not start
    // the hand after it too.
    if (
      isStarting(this.starter.phase) ||
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
    this.rejoin.settle();
    void this.starter.start(this.handNo + 1);
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
    this.rejoin.endHand(this.names(), () => this.onHandChanged());
  }

  /** Creator only, between hands: a bot, hosted by this browser, takes a free seat (or, with `replace`, a gone player's) from the next hand on. */
  async addBot(seat: number, replace = false): Promise<void> {
    if (!this.lobby.isCreator || this.runningSeats()) return;
    const secretKey = ed25519.utils.randomSecretKey();
    await this.store.saveBot(this.lobby.table, secretKey);
    const signer = this.bots.adopt(secretKey);
    this.lobby.seatBot(signer.publicKey, seat, replace);
  }

  /** This player leaves: a running hand ends without a result (only this page holds its keys); the seat is freed for the next hand. */
  leave(): void {
    const seat = this.lobby.mySeat();
    if (seat === null) return;
    if (this.runningSeats()) this.abandon(`${this.names()[seat] ?? `seat ${seat + 1}`} left the table`);
    this.lobby.leave();
  }

  /** While a hand runs its seats are those of its agreed set-up (hand/setup.ts); no roster may move them. */
  private runningSeats(): readonly string[] | null {
    const session = this.starter.current()?.session;
    if (!session || session.phase === 'done' || session.phase === 'halted') return null;
    return session.config.setup.seatKeys;
  }

  private names(): string[] {
    return [...this.lobby.names()];
  }

  private get hands(): ReadonlyMap<number, Seated> {
    return this.starter.hands;
  }

  /** Who the current hand waits on past the turn timer, measured on its idle clock. */
  private stallOf(session: HandSession, nowMs: number) {
    return this.rejoin.stall(session, nowMs, this.progress.idleMs(nowMs), this.options.stallMs ?? DEFAULT_STALL_MS);
  }

  /** The keys (hex) the roster seats. */
  private seatedKeys(): Set<string> {
    return new Set(this.lobby.seatKeys().filter((key) => key !== null));
  }

  /** The hand this page is at or starting (-1: none yet). */
  private get handNo(): number {
    return this.starter.handNo;
  }

  /** Where the table is: seating, choosing its first hand, starting, awaiting a set-up, playing or between hands (table-phase.ts). */
  get stage(): TableStage {
    return stageOf(this.starter.phase, this.history.pending, this.starter.current()?.session.phase);
  }

  /** This page plays no seat of the current hand: it follows it as a watcher. */
  get isWatching(): boolean {
    return this.hands.has(WATCHING_SEAT);
  }

  /** Peers linked to this table that hold no seat, by name (the lobby's spectator list). */
  watcherList(): Watcher[] {
    return this.watchers.list(this.seatedKeys(), keyHex(this.signer.publicKey), Date.now());
  }

  /** Finished hands' results at this table, oldest first, as stored (the score strip: src/app/scores.ts). */
  handResults(): { handNo: number; result: HandResult }[] {
    return this.records.results();
  }

  /**
   * What the next hand changes against the one this page is at (an option, the game, the seat count, who sits
   * where), in words: shown before and at the Rematch choice. Empty when the terms are the same.
   */
  get nextChanges(): string[] {
    return this.lobby.mySeat() === null ? [] : this.nextTerms.changes();
  }

  /** Someone has started hand N+1 and waits for us. */
  get rematchOffered(): boolean {
    return this.early.has(this.handNo + 1) || this.rejoin.laterHandShown();
  }

  private onHandChanged(): void {
    const mine = this.starter.current();
    if (mine) this.progress.saw(mine.session.follower.pool.events().length, Date.now());
    for (const [seat, local] of this.hands) this.records.reportFault(seat, local);
    if (mine) this.log.follow(mine.session);
    if (mine) this.records.keepOutcome(mine.session);
    this.bots.schedule();
    this.rejoin.follow();
    this.history.afterChange();
    // A roster held back while the hand ran is taken once it has ended; a change of terms is shown (next-terms.ts).
    this.lobby.adoptHeld();
    this.nextTerms.check();
    this.options.onChange();
  }

  private watch(): void {
    const now = Date.now();
    const handNow = this.options.handClock?.() ?? now;
    for (const { session } of this.hands.values()) session.tick(handNow);
    this.rejoin.tick(now);
    const current = this.starter.current();
    if (current)
      this.rejoin.followAbandon(current.session, this.stallOf(current.session, now), this.names(), () =>
        this.onHandChanged(),
      );
    const waitingOn = this.starter.current()?.session.waiting()?.seats ?? [];
    this.echo.tick(
      handNow,
      waitingOn.some((seat) => !this.hands.has(seat)),
    );
    this.history.tick();
    this.lobby.freeLeftSeats();
    this.lobby.adoptHeld();
    this.bots.schedule();
    const mine = this.starter.current();
    if (mine?.session.waiting()?.seats.length) this.options.onChange();
  }
}
