/**
 * A table on one peer: the lobby (who sits where) and the hands played at it.
 * It routes verified envelopes from the mesh to the lobby or to the hand they
 * belong to, starts a hand when every seat is taken (and the next one when a
 * player asks for a rematch), persists every event and secret before it is
 * sent, answers peers that fetch events they missed, runs bots on seats the
 * creator gave to one, and notices a stalled seat. The browser store and the
 * `npm run simulate` harness both drive a table through this class.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import type { RandomSource } from '../../crypto/index.js';
import type { AnyGame, AnyState, Input, Json } from '../engine/index.js';
import { describeInput as describeGameInput, gameById, handOutcome } from '../games/index.js';
import { heuristicBot, type Bot } from '../bots/index.js';
import { decodeEnvelope, encodeEnvelope, keyHex, signEnvelope, type Envelope, type EnvelopeOf, type Signer } from '../net/envelope.js';
import type { Mesh } from '../net/mesh.js';
import { HandSession, type HandSecrets } from './hand-session.js';
import { LIMITS } from './hand/event-pool.js';
import { EarlyEvents } from './early-events.js';
import { faultData, faultReports, type FaultReport } from './hand/faults.js';
import { hashBytes } from './hand/seat-agent.js';
import { nextSetup, outcomeOf, type HandRecord } from './hand/setup.js';
import { Lobby, type RosterStore } from './lobby.js';
import { CatchUp } from './catch-up.js';
import { GoneSeats, stallOf, type Stall } from './gone-seats.js';

/** Where a table keeps its hands between reloads (IndexedDB in the browser, memory in tests). */
export interface TableStore extends RosterStore {
  loadHandEvents(table: string, hand: number): Promise<Uint8Array[]>;
  saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array): Promise<void>;
  loadHandSecrets(table: string, hand: number, seatKey: string): Promise<HandSecrets | undefined>;
  /** A hand's agreed set-up, and its outcome once finished (hand/setup.ts). */
  loadHandRecord(table: string, hand: number): Promise<HandRecord | undefined>;
  saveHandRecord(table: string, hand: number, record: HandRecord): Promise<void>;
  saveHandSecrets(table: string, hand: number, seatKey: string, secrets: HandSecrets): Promise<void>;
  loadBots(table: string): Promise<Uint8Array[]>;
  saveBot(table: string, secretKey: Uint8Array): Promise<void>;
}

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
  readonly bot?: Bot;
  /** Bot think time (ms), so a person can follow; 0 in simulations. */
  readonly botDelayMs?: number;
  /** Extra random think time per bot move (ms), so bots in a real-time game act on their own clocks. */
  readonly botJitterMs?: number;
  /** Let the bot play this peer's own seat too (simulations). */
  readonly autoplay?: boolean;
  /** First wait before retrying a failed save of our own event (ms; doubles each try). */
  readonly saveRetryMs?: number;
  /** Adversarial tests only: rewrite what this peer sends (null: drop it; a list: send several). */
  readonly tamperPublish?: (envelope: EnvelopeOf<'table-event'>) => EnvelopeOf<'table-event'> | EnvelopeOf<'table-event'>[] | null;
}

interface Seated {
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
}

const DEFAULT_STALL_MS = 30_000;
/** A failed save of our own event is tried this many times, waiting base·2^k between tries. */
const SAVE_ATTEMPTS = 5;
const DEFAULT_SAVE_RETRY_MS = 250;

export class TableSession {
  readonly lobby: Lobby;
  private readonly mesh: Mesh;
  private readonly signer: Signer;
  private readonly store: TableStore;
  private readonly options: TableSessionOptions;
  private readonly bots = new Map<string, Signer>();
  /** The current hand, per local seat (this person, and bots hosted here). */
  private hands = new Map<number, Seated>();
  private handNo = -1;
  private game: AnyGame | null = null;
  /** The last write of a hand record: a next hand's set-up is read only after it. */
  private recordSaved: Promise<unknown> = Promise.resolve();
  /** Events for the next hand (or the one being started), bounded per author like a hand's pool. */
  private readonly early = new Map<number, EarlyEvents>();
  /** Authors already logged as refused, per hand (one log line each, not one per event). */
  private readonly refusedLogged = new Set<string>();
  private lastProgress = Date.now();
  /** Which hand the other seats are at, and whether this (re)opened page follows them (catch-up.ts). */
  private readonly catchUp = new CatchUp();
  private readonly gone = new GoneSeats(Date.now());
  private lastStep = -1;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly bot: Bot;
  private loggedInputs = 0;
  private loggedBounces = 0;
  /** Between deciding to start a hand and having its sessions: events for it wait in `early`. */
  private startingHand = false;
  private closed = false;
  /** Persist-then-send queue: each send waits for everything stored before it. */
  private outbox: Promise<unknown> = Promise.resolve();
  /** The hand whose own events could not be stored (nothing more of it is sent). */
  private unstorable = -1;

  constructor(options: TableSessionOptions) {
    this.options = options;
    this.mesh = options.mesh;
    this.signer = options.signer;
    this.store = options.store;
    // No noise: a free seat's bot plays its game's heuristic (stress-shed's endless-hands rule ends loops).
    this.bot = options.bot ?? heuristicBot();
    this.lobby = new Lobby({
      mesh: options.mesh,
      store: options.store,
      name: options.name,
      onChange: () => {
        void this.maybeStartHand();
        options.onChange();
      },
      onLog: (line) => options.onLog(line),
      botKeys: () => [...this.bots.keys()],
      runningSeats: () => this.runningSeats(),
    });
  }

  async open(config?: Parameters<Lobby['open']>[0]): Promise<void> {
    for (const secretKey of await this.store.loadBots(this.lobby.table)) this.adoptBot(secretKey);
    await this.lobby.open(config);
    this.timer = setInterval(() => this.watch(), 1000);
    await this.maybeStartHand();
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const timer of this.botTimers.values()) clearTimeout(timer);
    for (const { session } of this.hands.values()) session.dispose();
  }

  /** No move (this person's or a bot's) in a hand the table has left, nor by a (re)opened page before another seat has said which hand the table is at. */
  private movesBlocked(session: HandSession): boolean {
    return this.catchUp.blocksMoves(session.config.setup.seatKeys.filter((_, seat) => !this.hands.has(seat)));
  }

  /** Routes a verified envelope from the mesh. */
  receive(envelope: Envelope, via: string): void {
    if (envelope.kind === 'table-event') {
      this.receiveEvent(envelope);
      return;
    }
    if (envelope.kind === 'fetch') {
      this.noteShown(envelope.from, envelope.body.hand, true);
      this.answerFetch(envelope, via);
      return;
    }
    this.lobby.receive(envelope);
    if (envelope.kind === 'hello' && this.handNo >= 0) {
      // A (re)connected peer may have missed events; so may we.
      this.mesh.send('fetch', { hand: this.handNo, have: this.currentHand()?.session.have() ?? {} });
    }
  }

  get current(): HandSummary | null {
    const mine = this.currentHand();
    if (!mine) return null;
    const now = Date.now();
    const stallMs = this.options.stallMs ?? DEFAULT_STALL_MS;
    const localSeats = [...this.hands.keys()];
    return {
      handNo: this.handNo,
      session: mine.session,
      names: this.names(),
      mySeat: this.hands.has(this.lobby.mySeat() ?? -1) ? this.lobby.mySeat() : null,
      stalled: stallOf(mine.session.waiting(), (seat) => this.hands.has(seat), this.gone, now, now - this.lastProgress, stallMs),
      localSeats,
      goneSeats: this.lobby.view().seats.flatMap((s) => (this.gone.isGone(s.seat) ? [s.seat] : [])),
      reports: faultReports(mine.session.follower).filter((r) => r.reporter !== this.lobby.mySeat()),
    };
  }

  act(action: unknown): string | null {
    const seat = this.lobby.mySeat();
    const mine = seat === null ? undefined : this.hands.get(seat);
    if (!mine || mine.bot) return 'you are not playing this hand';
    if (this.movesBlocked(mine.session)) return 'this page is catching up with the table: a move waits until another seat has said which hand it is at';
    const error = mine.session.act(action);
    if (error === null) this.catchUp.settle();
    return error;
  }

  /** Starts the next hand at this table (every seat must agree by starting it too). */
  rematch(): void {
    const current = this.currentHand()?.session;
    if (current && current.phase !== 'done' && current.phase !== 'halted') return;
    const free = this.lobby.view().seats.find((s) => !s.member);
    if (free) {
      this.options.onLog(`seat ${free.seat + 1} is free: the next hand starts when someone (or a bot) takes it`, 'warn');
      return;
    }
    this.catchUp.settle();
    void this.startHand(this.handNo + 1);
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
    const names = this.names();
    for (const { session } of this.hands.values()) {
      if (session.follower.endStalled()) {
        this.onHandChanged();
        continue;
      }
      const stalled = session.waiting()?.seats.filter((s) => !this.hands.has(s)).map((s) => names[s] ?? `Seat ${s + 1}`) ?? [];
      session.abandon(stalled.length ? `nothing came from ${stalled.join(', ')} for too long` : 'a player ended the hand');
    }
  }

  /** Creator only, between hands: a bot, hosted by this browser, takes a free seat (or, with `replace`, a gone player's) from the next hand on. */
  async addBot(seat: number, replace = false): Promise<void> {
    if (!this.lobby.isCreator || this.runningSeats()) return;
    const secretKey = ed25519.utils.randomSecretKey();
    await this.store.saveBot(this.lobby.table, secretKey);
    const signer = this.adoptBot(secretKey);
    this.lobby.seatBot(signer.publicKey, seat, replace);
  }

  /**
   * This player leaves the table: a hand being played ends without a result
   * (its cards are locked with this page's keys, nobody can play them on),
   * and the seat is given back; a bot or a newcomer takes it at the next hand.
   */
  leave(): void {
    const seat = this.lobby.mySeat();
    if (seat === null) return;
    if (this.runningSeats()) this.abandon(`${this.names()[seat] ?? `seat ${seat + 1}`} left the table`);
    this.lobby.leave();
  }

  private adoptBot(secretKey: Uint8Array): Signer {
    const publicKey = ed25519.getPublicKey(secretKey);
    const signer: Signer = { publicKey, sign: (m) => ed25519.sign(m, secretKey) };
    this.bots.set(keyHex(publicKey), signer);
    return signer;
  }

  /** While a hand runs its seats are those of its agreed set-up (hand/setup.ts); no roster may move them. */
  private runningSeats(): readonly string[] | null {
    const session = this.currentHand()?.session;
    if (!session || session.phase === 'done' || session.phase === 'halted') return null;
    return session.config.setup.seatKeys;
  }

  private names(): string[] {
    return this.lobby.view().seats.map((s) => s.member?.name || `Seat ${s.seat + 1}`);
  }

  private currentHand(): Seated | undefined {
    const seat = this.lobby.mySeat();
    return (seat !== null ? this.hands.get(seat) : undefined) ?? this.hands.values().next().value;
  }

  private async maybeStartHand(): Promise<void> {
    const view = this.lobby.view();
    if (this.handNo >= 0 || !view.config || view.seats.some((s) => !s.member)) return;
    await this.startHand(Math.max(0, view.handsStarted - 1));
  }

  private async startHand(handNo: number): Promise<void> {
    const view = this.lobby.view();
    if (!view.config || handNo <= this.handNo) return;
    const game = gameById(view.config.game);
    if (!game) {
      this.options.onLog(`${view.config.game} cannot be played yet: its rules are not built`, 'warn');
      this.handNo = handNo;
      return;
    }
    const seatKeys = view.seats.map((s) => s.keyHex!);
    const table = this.lobby.table;
    this.handNo = handNo;
    this.startingHand = true;
    this.game = game;
    this.hands = new Map();
    this.loggedInputs = 0;
    this.loggedBounces = 0;
    this.lobby.markHandStarted(handNo + 1);
    // The set-up comes from storage only: this hand's own record, or one derived from the previous hand's stored outcome.
    await this.recordSaved;
    let record = await this.store.loadHandRecord(table, handNo);
    if (!record) {
      const previous = handNo > 0 ? await this.store.loadHandRecord(table, handNo - 1) : undefined;
      record = { setup: nextSetup({ table, game: game.id, options: view.config.options as Json, seatKeys }, handNo, previous), outcome: null };
      await this.store.saveHandRecord(table, handNo, record);
    }
    const setup = record.setup;
    const stored = (await this.store.loadHandEvents(this.lobby.table, handNo)).flatMap((bytes) => {
      const decoded = decodeStored(bytes, this.lobby.table);
      return decoded ? [decoded] : [];
    });
    const local: [number, Signer, boolean][] = [];
    seatKeys.forEach((key, seat) => {
      if (key === keyHex(this.signer.publicKey)) local.push([seat, this.signer, false]);
      const bot = this.bots.get(key);
      if (bot) local.push([seat, bot, true]);
    });
    for (const [seat, signer, bot] of local) {
      const restored = await this.store.loadHandSecrets(this.lobby.table, handNo, keyHex(signer.publicKey));
      const session = new HandSession(
        { setup, mySeat: seat, game, ...(this.options.rng ? { rng: this.options.rng } : {}) },
        {
          sign: (body) => this.signAs(signer, body),
          keepSecrets: (secrets) => {
            const write = () => this.store.saveHandSecrets(this.lobby.table, handNo, keyHex(signer.publicKey), secrets);
            // The first write starts at once (as the seat made the secrets); retries, and every send, wait in the outbox.
            const first = write();
            first.catch(() => {});
            this.outbox = this.outbox.then(() => this.persist(seat, 'its secrets', write, first));
          },
          publish: (envelope) => this.publish(envelope),
          changed: () => this.onHandChanged(),
        },
        restored,
      );
      this.hands.set(seat, { session, signer, bot });
    }
    for (const { session } of this.hands.values()) session.preload([...stored, ...(this.early.get(handNo)?.events ?? [])]);
    for (const hand of this.early.keys()) if (hand <= handNo) this.early.delete(hand);
    this.startingHand = false;
    // What we stored may not all have gone out before a reload: send ours again (peers drop copies).
    const localKeys = new Set(local.map(([, signer]) => keyHex(signer.publicKey)));
    for (const envelope of stored) if (localKeys.has(keyHex(envelope.from))) this.mesh.broadcast(envelope);
    if (this.hands.size > 0) this.options.onLog(`hand ${handNo + 1} of ${game.displayName} begins: shuffling`);
    for (const { session } of this.hands.values()) session.start();
    this.mesh.send('fetch', { hand: handNo, have: this.currentHand()?.session.have() ?? {} });
  }

  private signAs(signer: Signer, body: EnvelopeOf<'table-event'>['body']): EnvelopeOf<'table-event'> {
    if (signer === this.signer) return this.mesh.sign('table-event', body);
    return signEnvelope(signer, { kind: 'table-event', table: this.lobby.table, seq: this.mesh.nextSeq(), to: null, body });
  }

  private publish(envelope: EnvelopeOf<'table-event'>): void {
    if (this.closed) return;
    const bytes = encodeEnvelope(envelope);
    const key = `${keyHex(envelope.from)}:${envelope.body.n}`;
    const seat = this.currentHand()?.session.config.setup.seatKeys.indexOf(keyHex(envelope.from)) ?? -1;
    // Persist (the event and the secrets it depends on) before sending, in order:
    // a reload must never produce a second, different event for the same slot.
    this.outbox = this.outbox.then(async () => {
      const stored = await this.persist(seat, `its ${envelope.body.type} event`, () => this.store.saveHandEvent(this.lobby.table, envelope.body.hand, key, bytes));
      if (!stored || this.closed) return;
      const sent = this.options.tamperPublish ? this.options.tamperPublish(envelope) : envelope;
      for (const out of sent === null ? [] : Array.isArray(sent) ? sent : [sent]) this.mesh.broadcast(out);
      // Other local seats (bots hosted here) hear it at once.
      for (const [s, { session }] of this.hands) if (session.config.setup.seatKeys[s] !== keyHex(envelope.from)) session.receive(envelope);
    });
  }

  /**
   * One write of the outbox, retried with backoff (a full disk or a quota
   * may clear); if it still fails, the hand stops with this peer's own
   * failure named (nothing unsent is ever sent unstored). Never rejects, so
   * the outbox goes on for later writes.
   */
  private async persist(seat: number, what: string, write: () => Promise<void>, first?: Promise<void>): Promise<boolean> {
    const hand = this.handNo;
    if (this.unstorable === hand) return false; // an earlier write of this hand failed for good: send nothing after it
    const base = this.options.saveRetryMs ?? DEFAULT_SAVE_RETRY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await (attempt === 0 && first ? first : write());
        return true;
      } catch (error) {
        if (attempt + 1 >= SAVE_ATTEMPTS || this.closed) {
          this.unstorable = hand;
          const detail = `this browser could not store ${what} (${errorText(error)}), so it was not sent: free some storage and reload`;
          this.options.onLog(detail, 'error');
          this.hands.get(seat)?.session.follower.fault(detail);
          this.options.onChange();
          return false;
        }
        this.options.onLog(`storing ${what} failed (${errorText(error)}); trying again`, 'warn');
        await new Promise((resolve) => setTimeout(resolve, base * 2 ** attempt));
      }
    }
  }

  private receiveEvent(envelope: EnvelopeOf<'table-event'>): void {
    const hand = envelope.body.hand;
    this.noteShown(envelope.from, hand, false);
    const current = Math.max(this.handNo, this.lobby.view().handsStarted - 1);
    if (hand < this.handNo) return; // an older hand: over, dropped
    if (hand > current + 1) {
      this.refuse(envelope, `an event for hand ${hand + 1}, which cannot have started (this table is at hand ${current + 1})`);
      return;
    }
    if (hand > this.handNo || (hand === this.handNo && this.startingHand)) {
      // A peer started the next hand (a rematch) before us: keep it, offer to join.
      const early = this.early.get(hand) ?? new EarlyEvents();
      this.early.set(hand, early);
      const kept = early.add(envelope);
      if (kept === 'over-limit') this.refuse(envelope, `more than ${LIMITS.eventsPerAuthor} events or ${LIMITS.bytesPerAuthor} bytes for hand ${hand + 1}`);
      if (kept !== 'new') return;
      this.save(envelope);
      this.options.onChange();
      return;
    }
    let taken = false;
    for (const { session } of this.hands.values()) taken = session.receive(envelope) || taken;
    if (taken) this.save(envelope);
  }

  private save(envelope: EnvelopeOf<'table-event'>): void {
    const key = `${keyHex(envelope.from)}:${envelope.body.n}`;
    this.store.saveHandEvent(this.lobby.table, envelope.body.hand, key, encodeEnvelope(envelope)).catch((error: unknown) => {
      this.options.onLog(`could not store an event of hand ${envelope.body.hand + 1}: ${errorText(error)}`, 'warn');
    });
  }

  /** A refused event: logged once per author and hand (a flood must not flood the log too). */
  private refuse(envelope: EnvelopeOf<'table-event'>, why: string): void {
    const author = keyHex(envelope.from);
    const id = `${author}/${envelope.body.hand}`;
    if (this.refusedLogged.has(id)) return;
    this.refusedLogged.add(id);
    const seat = this.lobby.view().seats.find((s) => s.keyHex === author);
    this.options.onLog(`refused ${seat ? (seat.member?.name || `seat ${seat.seat + 1}`) : `${author.slice(0, 8)}…`}'s events: ${why}`, 'warn');
  }

  /** Someone has started hand N+1 and waits for us. */
  get rematchOffered(): boolean {
    return this.early.has(this.handNo + 1) || this.catchUp.latest() > this.handNo;
  }

  /** A remote seat of this table showed which hand it is at: a page that came back may follow it (catch-up.ts). */
  private noteShown(from: Uint8Array, hand: number, told: boolean): void {
    const key = keyHex(from);
    // Only a hand that can have started counts (the next one at most): a far-future number is refused, not followed.
    if (hand > Math.max(this.handNo, this.lobby.view().handsStarted - 1) + 1) return;
    if (this.lobby.view().seats.some((s) => s.keyHex === key && !this.bots.has(key) && !s.isMe)) this.catchUp.note(key, hand, told);
  }

  /** Follows the table to its next hand when this page's hand is over for the table (catch-up.ts). */
  private follow(): void {
    if (this.startingHand || this.closed || this.handNo < 0) return;
    const hand = this.currentHand()?.session;
    const over = !hand || hand.phase === 'done' || hand.phase === 'halted';
    const keys = hand?.config.setup.seatKeys ?? [];
    const owing = (hand?.waiting()?.seats ?? []).map((seat) => keys[seat] ?? '');
    const step = this.catchUp.decide({ handNo: this.handNo, over, owing });
    if (step === 'fetch') this.mesh.send('fetch', { hand: this.handNo, have: hand?.have() ?? {} });
    if (step !== 'follow') return;
    const next = this.handNo + 1;
    const left = [...this.hands.values()];
    this.options.onLog(`the table has moved on to hand ${next + 1}: joining it`);
    // Start the next hand first (it moves handNo at once), so the abandon's change notice cannot follow twice.
    void this.startHand(next);
    if (!over) for (const { session } of left) session.abandon(`the table moved on to hand ${next + 1} while this page was away`);
  }

  /** An older hand (a page catching up): answered from storage, every event of it. */
  private async answerOldFetch(hand: number, via: string): Promise<void> {
    for (const bytes of await this.store.loadHandEvents(this.lobby.table, hand)) {
      const event = decodeStored(bytes, this.lobby.table);
      if (event && !this.closed) this.mesh.resend(via, event);
    }
  }

  private answerFetch(envelope: EnvelopeOf<'fetch'>, via: string): void {
    if (envelope.body.hand >= 0 && envelope.body.hand < this.handNo) {
      void this.answerOldFetch(envelope.body.hand, via);
      return;
    }
    const mine = this.currentHand();
    if (!mine || envelope.body.hand !== this.handNo) return;
    const have = envelope.body.have;
    for (const event of mine.session.events()) {
      if (event.body.n >= (have[keyHex(event.from)] ?? 0)) this.mesh.resend(via, event);
    }
  }

  private onHandChanged(): void {
    const mine = this.currentHand();
    // Progress is any new event (a deal has many before the first engine step).
    const held = mine?.session.follower.pool.events().length ?? -1;
    if (mine && held !== this.lastStep) {
      this.lastStep = held;
      this.lastProgress = Date.now();
    }
    for (const [seat, local] of this.hands) this.reportFault(seat, local);
    if (mine) this.logNewInputs(mine.session);
    if (mine) this.logEnding(mine.session);
    if (mine) this.keepOutcome(mine.session);
    this.scheduleBots();
    this.follow();
    this.options.onChange();
  }

  private logNewInputs(session: HandSession): void {
    const names = this.names();
    const inputs = session.loggedInputs();
    for (const input of inputs.slice(this.loggedInputs)) {
      const line = describeInput(this.game, input, names, session.engineState);
      if (line) this.options.onLog(line);
    }
    this.loggedInputs = inputs.length;
    for (const bounce of session.bounces.slice(this.loggedBounces)) {
      this.options.onLog(`${names[bounce.seat] ?? `Seat ${bounce.seat + 1}`}'s move bounced: the other got there first`);
    }
    this.loggedBounces = session.bounces.length;
  }

  private endingLogged: HandSession | null = null;
  private logEnding(session: HandSession): void {
    if (this.endingLogged === session) return;
    const names = this.names();
    if (session.phase === 'done' && session.auditResult) {
      const audit = session.auditResult;
      this.options.onLog(
        audit.clean ? 'audit: clean — every shuffle, key and rule checked with all cards open' : `audit: FAULT — ${audit.seat !== null ? names[audit.seat] : 'unattributed'}: ${audit.detail}`,
        audit.clean ? 'info' : 'error',
      );
      this.endingLogged = session;
    } else if (session.halt) {
      this.options.onLog(`hand stopped: ${session.halt.seat !== null ? `${names[session.halt.seat]} — ` : ''}${session.halt.detail}`, 'error');
      this.endingLogged = session;
    }
  }

  /** A seat of ours whose hand halted signs and sends its verdict once (a `fault` event), so every screen shows it. */
  private readonly reported = new Set<HandSession>();
  private reportFault(seat: number, { session, signer }: Seated): void {
    const halt = session.halt;
    if (!halt || halt.code === 'abandoned' || this.reported.has(session) || this.closed) return;
    this.reported.add(session);
    const f = session.follower;
    const envelope = this.signAs(signer, { hand: f.setup.handNo, n: f.pool.nextSeq(seat), ...hashBytes(f.hashes), type: 'fault', data: faultData(halt) });
    if (f.take(envelope)) this.publish(envelope);
  }

  /** One clock per bot seat: in real time each bot acts on its own, after its own think time. */
  private readonly botTimers = new Map<number, ReturnType<typeof setTimeout>>();
  private scheduleBots(): void {
    for (const [seat, { session, bot }] of this.hands) {
      if (!(bot || this.options.autoplay) || this.botTimers.has(seat) || this.closed) continue;
      if (session.phase !== 'play' || !this.game || !session.engineState) continue;
      if (session.legalActions().length === 0 || session.pendingMoves > 0 || this.movesBlocked(session)) continue;
      const jitter = this.options.botJitterMs ? Math.random() * this.options.botJitterMs : 0;
      this.botTimers.set(
        seat,
        setTimeout(() => {
          this.botTimers.delete(seat);
          if (this.closed || !this.game || !session.engineState || session.legalActions().length === 0 || session.pendingMoves > 0) return;
          const action = this.bot(this.game, session.engineState, seat, session.privateView);
          // A move made by this page (a bot or autoplay) means it plays live from now on (catch-up.ts).
          if (action !== null && session.act(action) === null) this.catchUp.settle();
          this.scheduleBots();
        }, (this.options.botDelayMs ?? 600) + jitter),
      );
    }
  }

  /** A finished hand's outcome is stored with its set-up: the next hand's set-up derives from it. */
  private outcomeKept: HandSession | null = null;
  private keepOutcome(session: HandSession): void {
    if (this.outcomeKept === session || session.phase !== 'done' || !session.engineState || !session.hash) return;
    this.outcomeKept = session;
    const outcome = outcomeOf(handOutcome(session.config.game.id, session.engineState, session.auditResult?.rules ?? null), session.hash);
    const record: HandRecord = { setup: session.config.setup, outcome };
    this.recordSaved = this.recordSaved.then(() => this.store.saveHandRecord(this.lobby.table, session.config.setup.handNo, record));
  }

  private watch(): void {
    const now = Date.now();
    for (const { session } of this.hands.values()) session.tick(now);
    const view = this.lobby.view();
    const links = view.seats.map((s) => ({ seat: s.seat, name: s.member?.name || `Seat ${s.seat + 1}`, reachability: s.isMe ? null : s.reachability }));
    for (const line of this.gone.update(links, now)) this.options.onLog(line, 'warn');
    this.catchUp.tick();
    this.follow();
    this.lobby.freeLeftSeats();
    this.scheduleBots();
    const mine = this.currentHand();
    if (mine?.session.waiting()?.seats.length) this.options.onChange();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Stored events were verified when they arrived; they are verified again all the same. */
function decodeStored(bytes: Uint8Array, table: string): EnvelopeOf<'table-event'> | null {
  const decoded = decodeEnvelope(bytes, table);
  return decoded.ok && decoded.value.kind === 'table-event' ? decoded.value : null;
}

/** A log line for one input, in the words of its game (src/games/<id>/describe.ts). */
function describeInput(game: AnyGame | null, input: Input, names: string[], state: AnyState | null): string {
  return game ? describeGameInput(game.id, input, names, state) : '';
}
