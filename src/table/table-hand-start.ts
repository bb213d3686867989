/**
 * Starting a table's hands (table-session.ts): which hand a page opens at
 * (the latest started, or the one before when its terms changed while the
 * page was away), and setting a hand up from storage only — its set-up
 * (table-history.ts), its stored events and secrets, one session per seat
 * this page plays (its person's, the bots it hosts) or a watcher's session
 * when it plays none — then taking in the events that came early for it and
 * starting it. It owns the table's phase (table-phase.ts), the current hand's
 * local sessions and its game; the table session reads them from here.
 */
import type { AnyGame } from '../engine/index.js';
import { gameById } from '../games/index.js';
import { keyHex, type EnvelopeOf, type Signer } from '../net/envelope.js';
import type { Mesh } from '../net/mesh.js';
import type { EarlyEvents } from './early-events.js';
import { loadHandModule } from './hand-loader.js';
import type { Lobby } from './lobby.js';
import { rosterTerms } from './next-terms.js';
import { setupChanges } from './setup-change.js';
import type { HostedBots } from './table-bots.js';
import type { TableEcho } from './table-echo.js';
import type { HandRecords } from './table-hand-records.js';
import type { TableHistory } from './table-history.js';
import { errorText, type TableOutbox, type TableStore } from './table-outbox.js';
import { begin, choose, chosen, fail, handOf, noRules, SEATING, settle, type TablePhase } from './table-phase.js';
import type { Seated, TableSessionOptions } from './table-session-types.js';
import { WATCHING_SEAT } from './table-watchers.js';

/** What a hand's start reads and writes: the table session's parts, and how its local seats sign, send and change. */
export interface HandStartHost {
  readonly lobby: Lobby;
  readonly store: TableStore;
  readonly mesh: Mesh;
  /** This person's signer (the bots' come from `bots`). */
  readonly signer: Signer;
  readonly bots: HostedBots;
  readonly history: TableHistory;
  readonly records: HandRecords;
  readonly outbox: TableOutbox;
  readonly echo: TableEcho;
  /** Events for hands not started here yet, by hand (the table session keeps them; a started hand takes and drops its own and older ones). */
  readonly early: Map<number, EarlyEvents>;
  readonly options: TableSessionOptions;
  /** A hand's set-up begins: its idle time and its log start afresh. */
  readonly newHand: () => void;
  readonly signAs: (signer: Signer, body: EnvelopeOf<'table-event'>['body']) => EnvelopeOf<'table-event'>;
  readonly publish: (envelope: EnvelopeOf<'table-event'>) => void;
  /** A local session of the hand changed. */
  readonly changed: () => void;
}

export class HandStarter {
  /** Seating, choosing the first hand, starting a hand, or at one (table-phase.ts): the one place the table's phase is kept. */
  private phaseValue: TablePhase = SEATING;
  /** The current hand, per local seat (this person, and bots hosted here; a watcher's under WATCHING_SEAT). */
  private handsValue = new Map<number, Seated>();
  private gameValue: AnyGame | null = null;
  private first: Promise<void> = Promise.resolve();

  constructor(private readonly host: HandStartHost) {}

  get phase(): TablePhase {
    return this.phaseValue;
  }

  get hands(): ReadonlyMap<number, Seated> {
    return this.handsValue;
  }

  get game(): AnyGame | null {
    return this.gameValue;
  }

  /** The hand the table is at or starting (-1: none yet). */
  get handNo(): number {
    return handOf(this.phaseValue);
  }

  /** Settles once the first hand the page opened at has its sessions (or could not start). */
  get firstStarted(): Promise<void> {
    return this.first;
  }

  /** This person's session of the current hand, else the first local one (a bot's, or a watcher's). */
  current(): Seated | undefined {
    const seat = this.host.lobby.mySeat();
    return (seat !== null ? this.handsValue.get(seat) : undefined) ?? this.handsValue.values().next().value;
  }

  /** Starts the first hand once the table can (its config is known and, for a seated page, every seat is taken). */
  async maybeStart(): Promise<void> {
    const view = this.host.lobby.view();
    if (this.handNo >= 0 || !view.config) return;
    // A seated page picks its first hand once every seat is taken, once (table-phase.ts `choose`).
    const choosing = view.seats.every((s) => s.member) ? choose(this.phaseValue) : null;
    // A page without a seat follows the table's hands from the first (table-history.ts).
    if (view.mySeat === null && view.handsStarted > 0) this.first = this.start(0);
    else if (choosing) {
      this.phaseValue = choosing;
      this.first = this.firstHand(view.handsStarted).then((hand) => {
        this.phaseValue = chosen(this.phaseValue);
        return this.start(hand);
      });
    }
    await this.first;
  }

  /**
   * The hand a (re)opened seated page starts at: the latest the roster says was started — unless this page never
   * started it and its terms differ from the last hand this page has (they changed while it was away, before its
   * person agreed): then that last hand, whose summary shows the change and waits for Rematch (table-catch-up.ts).
   */
  private async firstHand(started: number): Promise<number> {
    const latest = Math.max(0, started - 1);
    if (latest === 0 || (await this.host.store.loadHandRecord(this.host.lobby.table, latest))) return latest;
    const last = await this.host.store.loadHandRecord(this.host.lobby.table, latest - 1);
    const roster = this.host.lobby.newestRoster;
    if (!last || !roster) return latest;
    const changed = setupChanges({ ...last.setup, names: [] }, rosterTerms(roster), '').length > 0;
    return changed ? latest - 1 : latest;
  }

  /** Starts hand `handNo` if the phase allows it (table-phase.ts `begin`); a failed start is said and undone. */
  async start(handNo: number): Promise<void> {
    const view = this.host.lobby.view();
    if (!view.config) return;
    // Not a hand at or before this one (unless its set-up is the one awaited), nor the one being started (table-phase.ts).
    const starting = begin(this.phaseValue, handNo, this.host.history.pending);
    if (!starting) return;
    const game = gameById(view.config.game);
    if (!game) {
      this.host.options.onLog(`${view.config.game} cannot be played yet: its rules are not built`, 'warn');
      this.phaseValue = noRules(this.phaseValue, handNo);
      return;
    }
    // A start that fails (a store that cannot be read) gives the table back as it was: the same hand can be started again.
    const before = { handNo: this.handNo, hands: this.handsValue, game: this.gameValue };
    this.phaseValue = starting;
    this.gameValue = game;
    try {
      await this.setUpHand(handNo, game);
    } catch (error) {
      // (Unless a later hand has begun starting meanwhile: that one is left alone.)
      if (this.handNo === handNo) {
        for (const { session } of this.handsValue.values()) session.dispose();
        ({ hands: this.handsValue, game: this.gameValue } = before);
      }
      this.phaseValue = fail(this.phaseValue, handNo, before.handNo);
      this.host.options.onLog(`hand ${handNo + 1} could not start: ${errorText(error)}`, 'error');
    } finally {
      this.phaseValue = settle(this.phaseValue);
    }
  }

  /** Hand `handNo`'s sessions, from its stored set-up, events and secrets, started (the phase is `starting` meanwhile). */
  private async setUpHand(handNo: number, game: AnyGame): Promise<void> {
    this.handsValue = new Map();
    this.host.newHand();
    this.host.lobby.markHandStarted(handNo + 1);
    // The set-up comes from storage only: this hand's own record, or one derived from the previous hand's stored outcome
    // (with the roster's seats when this page plays one, else the seats whose readies sign it: table-history.ts).
    // The hand protocol loads with the first hand (hand-loader.ts); meanwhile envelopes wait in `early`.
    const [{ HandSession, watchingHand }] = await Promise.all([loadHandModule(), this.host.records.saved]);
    // Earlier hands' results for the score strip, from storage (a reloaded page shows the same strip).
    void this.host.records.loadResults(handNo).then((found) => found && this.host.options.onChange());
    const setup = await this.host.history.setupFor(handNo);
    if (!setup) return;
    const seatKeys = setup.seatKeys;
    const stored = await this.host.outbox.storedEvents(handNo);
    const local: [number, Signer, boolean][] = [];
    seatKeys.forEach((key, seat) => {
      if (key === keyHex(this.host.signer.publicKey)) local.push([seat, this.host.signer, false]);
      const bot = this.host.bots.signerFor(key);
      if (bot) local.push([seat, bot, true]);
    });
    // The session the table's log tells (`current()`: this person's, else the first) keeps its states for the narrator.
    const mine = this.host.lobby.mySeat();
    const told = local.some(([seat]) => seat === mine) ? mine : local[0]?.[0];
    for (const [seat, signer, bot] of local) {
      const restored = await this.host.store.loadHandSecrets(this.host.lobby.table, handNo, keyHex(signer.publicKey));
      // The name it plays under, as the roster has it: signed in its ready.
      const name = this.host.lobby.view().seats.find((s) => s.keyHex === keyHex(signer.publicKey))?.member?.name;
      const session = new HandSession(
        {
          setup,
          mySeat: seat,
          game,
          confirmation: { localSeats: local.map(([s]) => s) },
          ...(seat === told ? { narrated: true } : {}),
          ...(this.host.options.limits ? { limits: this.host.options.limits } : {}),
          ...(name ? { name } : {}),
          ...(this.host.options.rng ? { rng: this.host.options.rng } : {}),
        },
        {
          sign: (body) => this.host.signAs(signer, body),
          keepSecrets: (secrets) => this.host.outbox.keepSecrets(seat, handNo, keyHex(signer.publicKey), secrets),
          publish: (envelope) => this.host.publish(envelope),
          changed: () => this.host.changed(),
        },
        restored,
      );
      this.handsValue.set(seat, { session, signer, bot });
    }
    // No seat of this hand is played here: follow it as a watcher (it fetches the events so far below).
    if (local.length === 0)
      this.handsValue.set(WATCHING_SEAT, {
        // Taken as it comes: a watcher may follow a hand whose seat has left (a newcomer's), whose word never comes.
        session: watchingHand(setup, game, () => this.host.changed(), false),
        signer: this.host.signer,
        bot: false,
      });
    const early = this.host.early.get(handNo);
    for (const { session } of this.handsValue.values()) {
      session.preload(stored);
      if (early)
        session.preload(early.events, (envelope) =>
          early.cameOver(envelope).flatMap((via) => this.host.echo.copyWord(envelope, via, seatKeys)),
        );
    }
    for (const hand of this.host.early.keys()) if (hand <= handNo) this.host.early.delete(hand);
    this.phaseValue = settle(this.phaseValue);
    // What we stored may not all have gone out before a reload: send ours again (peers drop copies).
    const localKeys = new Set(local.map(([, signer]) => keyHex(signer.publicKey)));
    for (const envelope of stored) if (localKeys.has(keyHex(envelope.from))) this.host.mesh.broadcast(envelope);
    if (this.handsValue.size > 0)
      this.host.options.onLog(`hand ${handNo + 1} of ${game.displayName} begins: shuffling`);
    // A page some peer cannot hear directly gives its word for what it took in before the hand was started here.
    this.host.echo.echoAll([...stored, ...(early?.events ?? [])], seatKeys);
    this.host.echo.started(Date.now());
    for (const { session } of this.handsValue.values()) session.start();
    this.host.mesh.send('fetch', { hand: handNo, have: this.current()?.session.have() ?? {} });
  }
}
