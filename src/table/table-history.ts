/**
 * A page without a seat follows the table's hands from the first:
 * a newcomer who wants a free seat, a watcher, a player who left to watch.
 * Each hand it did not play is followed by the seatless follower the watcher
 * uses (table-watchers.ts): its events are fetched from the seats (an older
 * hand is answered from storage, table-catch-up.ts), its set-up is the one
 * every seat's `ready` signed and that chains from the hands before, under
 * the options the roster records for that hand (history-setup.ts,
 * options-history.ts), every event is verified and the audit run, and its
 * outcome is stored like a seat's (table-hand-records.ts). So when the page
 * has followed every hand started, it derives the next hand's set-up (dealer,
 * carried scores) itself from its own records, and only then does it ask the
 * creator for a seat (`mayJoin`; the lobby holds the join back until then).
 *
 * A history that does not hold up is refused for good, naming whom it can: a
 * followed hand halts on an event (a forged or equivocated one: the seat that
 * signed it) and no seat of that hand reported the same fault, or the readies
 * commit to a set-up that does not follow from the hands before. A history
 * that stops coming (a seat withholds events) is not a proof of anything —
 * it may be a hand still being played — so the page says which seats it waits
 * for and does not sit until it has them. A hand called off before every
 * seat agreed (no set-up all its seats signed, no card dealt) is stepped
 * over once a later hand's seats all signed the set-up that follows such a
 * hand (history-setup.ts `calledOffUntil`).
 */
import type { Json } from '../engine/index.js';
import type { Mesh } from '../net/mesh.js';
import type { EnvelopeOf } from '../net/envelope.js';
import type { HandSession } from './hand-session.js';
import { faultReports } from './hand/fault-report.js';
import { nextSetup, type HandRecord, type HandSetup } from './hand/setup.js';
import { calledOffUntil, setupFromReadies, type SetupSearch } from './history-setup.js';
import type { TableNow } from './table-now.js';
import type { TableStore } from './table-outbox.js';

/** Table clock ticks (seconds) without progress before a history is called incomplete (or a halt without a seat's report refused). */
export const HISTORY_PATIENCE_TICKS = 15;

export interface TableHistoryHost {
  readonly mesh: Mesh;
  readonly store: TableStore;
  /** The lobby, whether this page holds a seat (without building the view), the hand this page is at (-1: none started) and its session of it. */
  readonly now: Pick<TableNow, 'lobby' | 'seated' | 'handNo' | 'current'>;
  /** The options hand `handNo` is played under, by the creator's roster (lobby.ts `optionsOf`: options-history.ts). */
  readonly optionsOf: (handNo: number) => Json;
  /** Some of these seat keys are played on this page (its person, or a bot it hosts). */
  readonly playsAny: (keys: readonly string[]) => boolean;
  /** The events held for a hand not started yet. */
  readonly early: (hand: number) => readonly EnvelopeOf<'table-event'>[];
  readonly startHand: (hand: number) => void;
  /** The lobby sends its held-back join (if the person asked for a seat). */
  readonly askForSeat: () => void;
  readonly onLog: (line: string, level?: 'info' | 'warn' | 'error') => void;
}

export class TableHistory {
  /** A hand whose set-up waits for its seats' readies (fetched), or null. */
  pending: number | null = null;
  private problemValue: string | null = null;
  private lastSearch: SetupSearch | null = null;
  /** Progress watch: the hand, the events held, ticks since either changed. */
  private stuck = { hand: -2, held: -1, ticks: 0 };
  private askedAfter = -2;

  constructor(private readonly host: TableHistoryHost) {}

  /** Why this page refuses the table's history (and will not sit), or null. */
  get problem(): string | null {
    return this.problemValue;
  }

  /**
   * Hand `handNo`'s set-up: stored, or derived from the roster when this
   * page plays a seat of it, or else found from its seats' readies (null
   * while they are not all in: they are fetched, and `pending` says so).
   */
  async setupFor(handNo: number): Promise<HandSetup | null> {
    const view = this.host.now.lobby;
    if (!view.config) return null;
    this.pending = null;
    const stored = await this.host.store.loadHandRecord(view.table, handNo);
    if (stored) return stored.setup;
    const previous = handNo > 0 ? await this.host.store.loadHandRecord(view.table, handNo - 1) : undefined;
    // Under the options the roster records for this hand, which may not be today's (options-history.ts).
    const base = { table: view.table, game: view.config.game };
    const rosterKeys = view.seats.map((s) => s.keyHex);
    let setup: HandSetup;
    if (rosterKeys.every((k) => k !== null) && this.host.playsAny(rosterKeys as string[])) {
      const options = this.host.optionsOf(handNo);
      setup = nextSetup({ ...base, options, seatKeys: rosterKeys as string[] }, handNo, previous);
    } else {
      const search = setupFromReadies(
        { ...base, optionsOf: this.host.optionsOf, seats: view.config.seats },
        handNo,
        previous,
        this.host.early(handNo),
        rosterKeys,
      );
      this.lastSearch = search;
      if (search.kind === 'mismatch') this.refuse(search.detail);
      if (search.kind === 'waiting' && (await this.stepOver(handNo, previous))) return null;
      if (search.kind !== 'found') {
        this.pending = handNo;
        this.fetchFrom(handNo);
        return null;
      }
      setup = search.setup;
    }
    await this.host.store.saveHandRecord(view.table, handNo, { setup, outcome: null });
    return setup;
  }

  /**
   * Hand `handNo` has no set-up every seat signed: if the hands after it show it was called off before every seat
   * agreed (history-setup.ts `calledOffUntil`), records it (and any called off after it) as ended without a result and
   * moves on to the first hand every seat agreed to. True if it did.
   */
  private async stepOver(handNo: number, previous: HandRecord | undefined): Promise<boolean> {
    const view = this.host.now.lobby;
    if (!view.config || view.handsStarted <= handNo + 1) return false;
    const base = {
      table: view.table,
      game: view.config.game,
      optionsOf: this.host.optionsOf,
      seats: view.config.seats,
    };
    const hint = view.seats.map((s) => s.keyHex);
    const over = calledOffUntil(base, handNo, previous, view.handsStarted, (hand) => this.host.early(hand), hint);
    if (!over) return false;
    for (const record of over.skipped) await this.host.store.saveHandRecord(view.table, record.setup.handNo, record);
    const numbers = over.skipped.map((r) => r.setup.handNo + 1).join(', ');
    this.host.onLog(
      `hand ${numbers} was called off before every seat agreed to it (no card was dealt): following hand ${over.hand + 1}`,
    );
    // Once this hand's start has unwound (the table session starts one hand at a time).
    setTimeout(() => this.host.startHand(over.hand), 0);
    return true;
  }

  /** Asks the seats for hand `handNo`'s events, and for every later hand's (its readies may show it was called off). */
  private fetchFrom(handNo: number): void {
    const started = this.host.now.lobby.handsStarted;
    for (let hand = handNo; hand === handNo || hand < started; hand++) this.host.mesh.send('fetch', { hand, have: {} });
  }

  /** A ready came for `hand`: it may complete the pending hand's set-up, or show that hand was called off. */
  readyMatters(hand: number): boolean {
    return this.pending !== null && hand >= this.pending;
  }

  /** This page may ask for a seat: it holds one, or it has followed every hand started to an outcome it accepts. */
  mayJoin(): boolean {
    const view = this.host.now.lobby;
    if (view.mySeat !== null || view.handsStarted === 0) return true;
    return (
      this.problemValue === null &&
      this.host.now.handNo === view.handsStarted - 1 &&
      this.accepted(this.host.now.current)
    );
  }

  /** After any change of the hand: an unseated page moves on to the next hand of the history, or, caught up, sends its join. */
  afterChange(): void {
    // Cheap checks first: a seated page comes here after every event it takes in.
    if (this.problemValue || this.pending !== null || this.host.now.seated) return;
    const view = this.host.now.lobby;
    if (view.mySeat !== null) return;
    const handNo = this.host.now.handNo;
    if (this.refuseLateEquivocation()) return;
    if (handNo < 0 || !this.accepted(this.host.now.current)) return;
    if (handNo < view.handsStarted - 1) return this.host.startHand(handNo + 1);
    if (this.askedAfter === handNo) return;
    this.askedAfter = handNo;
    this.host.askForSeat();
  }

  /** The table's clock: fetches again what is missing, and after HISTORY_PATIENCE_TICKS refuses a halt no seat reported. */
  tick(): void {
    const view = this.host.now.lobby;
    if (this.problemValue || view.mySeat !== null) return;
    const session = this.host.now.current;
    const hand = this.pending ?? this.host.now.handNo;
    const held = this.pending !== null ? this.host.early(hand).length : (session?.follower.pool.events().length ?? -1);
    if (this.stuck.hand !== hand || this.stuck.held !== held) this.stuck = { hand, held, ticks: 0 };
    else this.stuck.ticks++;
    if (hand < 0 || this.stuck.ticks === 0 || this.stuck.ticks % 5 !== 0) return;
    if (this.pending !== null) this.fetchFrom(this.pending);
    else this.host.mesh.send('fetch', { hand, have: session?.have() ?? {} });
    const halt = session?.halt;
    if (this.pending === null && halt && !this.accepted(session) && this.stuck.ticks >= HISTORY_PATIENCE_TICKS) {
      const seat = halt.seat === null ? 'nobody' : this.seatName(session!, halt.seat);
      this.refuse(
        `hand ${hand + 1}, as the seats' events show it, does not hold up: ${seat} — ${halt.detail} (${halt.code}), and no seat of that hand reported it`,
      );
    }
    this.afterChange();
  }

  /** What an unseated page shows about the table's history: checking it, waiting for seats, or why it refuses it. Null when there is nothing to say. */
  status(): string | null {
    const view = this.host.now.lobby;
    if (this.problemValue) return `You cannot sit at this table: ${this.problemValue}`;
    if (view.mySeat !== null || view.handsStarted === 0 || this.mayJoin()) return null;
    const hand = this.pending ?? Math.max(0, this.host.now.handNo);
    const checking = `Checking the hands played so far (hand ${hand + 1} of ${view.handsStarted}) before you can sit`;
    if (this.stuck.ticks < HISTORY_PATIENCE_TICKS) return checking;
    if (this.pending !== null) {
      const readies = this.lastSearch?.kind === 'waiting' ? this.lastSearch.readies : 0;
      return `${checking}: hand ${hand + 1} is incomplete — ${readies} of ${view.config?.seats ?? '?'} seats' set-ups have come`;
    }
    const session = this.host.now.current;
    const owing = session?.waiting()?.seats.map((s) => this.seatName(session, s)) ?? [];
    return `${checking}: hand ${hand + 1} is incomplete or still being played — waiting for ${owing.join(', ') || 'its events'}`;
  }

  /**
   * A followed hand shown two versions of one of its events after it checked
   * out (hand/follower.ts `lateEquivocation`): its author provably said two
   * things, so the history is refused, naming it, as when the other version
   * comes first — unless this page has asked for its seat already (that
   * request is not taken back). True if refused.
   */
  private refuseLateEquivocation(): boolean {
    const session = this.host.now.current;
    const proof = session?.follower.lateEquivocation;
    if (!session || !proof) return false;
    this.refuse(
      `hand ${session.config.setup.handNo + 1}, as the seats' events show it, does not hold up: ${this.seatName(session, proof.seat)} — sent two different ${proof.first.body.type} events for one purpose (equivocation), and no seat of that hand reported it`,
    );
    return true;
  }

  /** A followed hand's outcome this page accepts: played out, ended without a result, or halted as a seat of it reported. */
  private accepted(session: HandSession | undefined): boolean {
    if (!session) return false;
    if (session.phase === 'done') return session.auditResult !== null;
    const halt = session.halt;
    if (session.phase !== 'halted' || !halt) return false;
    return halt.code === 'abandoned' || faultReports(session.follower).some((r) => r.agrees);
  }

  private seatName(session: HandSession, seat: number): string {
    const key = session.config.setup.seatKeys[seat];
    const member = this.host.now.lobby.seats.find((s) => s.keyHex === key)?.member;
    return member?.name ? `${member.name} (seat ${seat + 1})` : `seat ${seat + 1} (key ${key?.slice(0, 8) ?? '?'}…)`;
  }

  private refuse(problem: string): void {
    if (this.problemValue) return;
    this.problemValue = problem;
    this.host.onLog(`refused the table's history: ${problem}`, 'error');
  }
}
