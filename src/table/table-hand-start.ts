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
import type { HandSecrets } from './hand-session.js';
import type { HandSetup } from './hand/setup.js';
import { rosterTerms } from './next-terms.js';
import { setupChanges } from './setup-change.js';
import { errorText, type TableStore } from './table-outbox.js';
import type { TableNow } from './table-now.js';
import { begin, choose, chosen, fail, handOf, noRules, SEATING, settle, type TablePhase } from './table-phase.js';
import type { Seated, TableSessionOptions } from './table-session-types.js';
import { WATCHING_SEAT } from './table-watchers.js';

/**
 * What a hand's start reads (the table's port, storage, what the other parts hold) and the callbacks its decisions go
 * out through. Every member is a value or a function called when used: the starter may be built before the parts the
 * callbacks reach (table-parts.ts).
 */
export interface HandStartHost {
  /** The table's id, the lobby (its config, seats, hands started), this person's seat, the newest roster, and the hand whose set-up waits for its seats' readies. */
  readonly now: Pick<TableNow, 'table' | 'lobby' | 'mySeat' | 'roster' | 'awaitedSetup'>;
  /** The hands' records (which hand a reopened page starts at) and a seat's stored secrets. */
  readonly store: Pick<TableStore, 'loadHandRecord' | 'loadHandSecrets'>;
  /** Sends this page's stored events again and asks the links for what they hold of the hand started. */
  readonly mesh: Pick<Mesh, 'broadcast' | 'send'>;
  /** This person's signer (a hosted bot's comes from `botSigner`). */
  readonly signer: Signer;
  /** The rules' limits and randomness for a hand's sessions (tests), and the log. */
  readonly options: Pick<TableSessionOptions, 'limits' | 'rng' | 'onLog' | 'dealProofs' | 'stepMaker' | 'audits'>;
  /** Events for hands not started here yet, by hand (the intake keeps them: table-intake.ts); a started hand takes its own and drops older ones. */
  readonly early: Map<number, EarlyEvents>;
  /** The signer of a bot this page hosts, by its key (hex), else undefined (table-bots.ts). */
  readonly botSigner: (key: string) => Signer | undefined;
  /** Settles once the last hand's outcome is stored: a set-up derives from it (table-hand-records.ts). */
  readonly recordSaved: () => Promise<unknown>;
  /** Hand `handNo`'s agreed set-up from storage, or null while its seats' readies are awaited (table-history.ts). */
  readonly setupFor: (handNo: number) => Promise<HandSetup | null>;
  /** The events of hand `handNo` stored here (table-outbox.ts). */
  readonly storedEvents: (handNo: number) => Promise<EnvelopeOf<'table-event'>[]>;
  /** The seats whose word a copy that came early is, by the links it came over (table-echo.ts `copyWord`). */
  readonly copyWord: (
    envelope: EnvelopeOf<'table-event'>,
    via: string | undefined,
    seatKeys: readonly string[],
  ) => number[];
  /** Hand `handNo`'s set-up begins: its idle time and its log start afresh, and the roster counts it started. */
  readonly newHand: (handNo: number) => void;
  /** Earlier hands' results before `handNo`, for the score strip, from storage (table-hand-records.ts). */
  readonly loadResults: (handNo: number) => void;
  /** Persists a seat's secrets of a hand before anything that depends on them is sent (table-outbox.ts). */
  readonly keepSecrets: (seat: number, handNo: number, seatKey: string, secrets: HandSecrets) => void;
  readonly signAs: (signer: Signer, body: EnvelopeOf<'table-event'>['body']) => EnvelopeOf<'table-event'>;
  readonly publish: (envelope: EnvelopeOf<'table-event'>) => void;
  /** The hand starts here: this page gives its word for the events it took in before (table-echo.ts `echoAll`, `started`). */
  readonly echoTaken: (envelopes: readonly EnvelopeOf<'table-event'>[], seatKeys: readonly string[]) => void;
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
    const seat = this.host.now.mySeat;
    return (seat !== null ? this.handsValue.get(seat) : undefined) ?? this.handsValue.values().next().value;
  }

  /** Starts the first hand once the table can (its config is known and, for a seated page, every seat is taken). */
  async maybeStart(): Promise<void> {
    const view = this.host.now.lobby;
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
    if (latest === 0 || (await this.host.store.loadHandRecord(this.host.now.table, latest))) return latest;
    const last = await this.host.store.loadHandRecord(this.host.now.table, latest - 1);
    const roster = this.host.now.roster;
    if (!last || !roster) return latest;
    const changed = setupChanges({ ...last.setup, names: [] }, rosterTerms(roster), '').length > 0;
    return changed ? latest - 1 : latest;
  }

  /** Starts hand `handNo` if the phase allows it (table-phase.ts `begin`); a failed start is said and undone. */
  async start(handNo: number): Promise<void> {
    const view = this.host.now.lobby;
    if (!view.config) return;
    // Not a hand at or before this one (unless its set-up is the one awaited), nor the one being started (table-phase.ts).
    const starting = begin(this.phaseValue, handNo, this.host.now.awaitedSetup);
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
    this.host.newHand(handNo);
    // The set-up comes from storage only: this hand's own record, or one derived from the previous hand's stored outcome
    // (with the roster's seats when this page plays one, else the seats whose readies sign it: table-history.ts).
    // The hand protocol loads with the first hand (hand-loader.ts); meanwhile envelopes wait in `early`.
    const [{ HandSession, watchingHand }] = await Promise.all([loadHandModule(), this.host.recordSaved()]);
    // Earlier hands' results for the score strip, from storage (a reloaded page shows the same strip).
    this.host.loadResults(handNo);
    const setup = await this.host.setupFor(handNo);
    if (!setup) return;
    const seatKeys = setup.seatKeys;
    const stored = await this.host.storedEvents(handNo);
    const local: [number, Signer, boolean][] = [];
    seatKeys.forEach((key, seat) => {
      if (key === keyHex(this.host.signer.publicKey)) local.push([seat, this.host.signer, false]);
      const bot = this.host.botSigner(key);
      if (bot) local.push([seat, bot, true]);
    });
    // The session the table's log tells (`current()`: this person's, else the first) keeps its states for the narrator.
    const mine = this.host.now.mySeat;
    const told = local.some(([seat]) => seat === mine) ? mine : local[0]?.[0];
    for (const [seat, signer, bot] of local) {
      const restored = await this.host.store.loadHandSecrets(this.host.now.table, handNo, keyHex(signer.publicKey));
      // The name it plays under, as the roster has it: signed in its ready.
      const name = this.host.now.lobby.seats.find((s) => s.keyHex === keyHex(signer.publicKey))?.member?.name;
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
          ...(this.host.options.dealProofs ? { dealProofs: this.host.options.dealProofs } : {}),
          ...(this.host.options.stepMaker ? { stepMaker: this.host.options.stepMaker } : {}),
          ...(this.host.options.audits ? { audits: this.host.options.audits } : {}),
        },
        {
          sign: (body) => this.host.signAs(signer, body),
          keepSecrets: (secrets) => this.host.keepSecrets(seat, handNo, keyHex(signer.publicKey), secrets),
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
          early.cameOver(envelope).flatMap((via) => this.host.copyWord(envelope, via, seatKeys)),
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
    this.host.echoTaken([...stored, ...(early?.events ?? [])], seatKeys);
    for (const { session } of this.handsValue.values()) session.start();
    this.host.mesh.send('fetch', { hand: handNo, have: this.current()?.session.have() ?? {} });
  }
}
