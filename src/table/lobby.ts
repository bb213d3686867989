/**
 * The lobby of one table: who sits where, before and between hands. The table's creator (whose key prefix is part of
 * the table id) keeps the signed, versioned roster; every other peer accepts a roster only from that key and only if
 * it is newer. Seats are not secret and not worth cheating for; what matters is that every screen shows the same
 * seats, and the fingerprint lets friends check that by voice. A seated peer that reloads (same identity) asks again
 * and gets the same seat; a seat given back with "leave" is free (once the hand being played, if any, has ended).
 * Between hands a free seat goes to a newcomer (who first follows every hand played, so it derives the next set-up
 * itself: its table holds the join back until then, `mayJoin`, table-history.ts) or to a bot the creator hosts; an
 * abandoned seat to a bot. The lobby also tells the mesh whom to link to and whom to admit (`authorize`).
 *
 * The lobby holds the state and does the sending and storing; the rules are pure functions beside it: the creator's
 * changes to the roster in roster-keeping.ts; whom the mesh admits and which rosters a joiner takes (newer, a config
 * the game registry accepts, the running hand's seats kept) in roster-checks.ts; the seat a join names and the links
 * in joining.ts; the seats as a screen shows them in lobby-view.ts; what a lobby is given in lobby-types.ts.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { keyHex, type Envelope, type EnvelopeOf } from '../net/envelope.js';
import type { Roster, SeatMember, TableConfig } from '../net/messages.js';
import type { Mesh } from '../net/mesh.js';
import type { LobbyOptions, RosterStore } from './lobby-types.js';
import { lobbyView, seatKeysOf, seatNamesOf, type LobbyView } from './lobby-view.js';
import { parseTableId, peerIdFor } from './table-id.js';
import { introducerPeerIds, parseIntroducers } from './introducers.js';
import { optionsOfHand } from './options-history.js';
import { admit, holdIfMovesSeats, NOTHING_HELD, rosterProblem, type Holding } from './roster-checks.js';
import { firstRoster, withBot, withHandsStarted, withJoiner, withNewOptions, withoutLeaver } from './roster-keeping.js';
import type { RosterStep } from './roster-keeping.js';
import { joinSeat, peersToLink } from './joining.js';

export type { LobbyView, SeatView } from './lobby-view.js';
export { tableConfigProblem } from './roster-checks.js';
export type { LobbyOptions, RosterStore } from './lobby-types.js';

export class Lobby {
  readonly table: string;
  private readonly creatorPrefix: string;
  private readonly mesh: Mesh;
  private readonly store: RosterStore;
  private name: string;
  private roster: Roster | undefined;
  /** `open` found a roster stored here: this page sat at (or followed) this table before, and may be behind it. */
  private restoredValue = false;
  private creatorKey: string | undefined;
  private wantedSeat: number | null = null;
  private seekingSeat = false;
  /** See `askNameFirst`. */
  private nameFirst = false;
  private configProblem: string | null = null;
  private readonly onChange: () => void;
  private readonly onLog: (line: string) => void;
  private readonly botKeys: () => string[];
  private readonly runningSeats: () => readonly string[] | null;
  private readonly mayJoin: () => boolean;
  private readonly admitChat: (envelope: EnvelopeOf<'chat'>) => string | null;
  /** Rosters refused because they move the running hand's seats: the newest is adopted once that hand has ended (`adoptHeld`). */
  private holding: Holding = NOTHING_HELD;
  private signedRosterValue: EnvelopeOf<'roster'> | null = null;
  /** Creator only: players who asked to leave while a hand ran (key → their roster version). */
  private readonly leftDuringHand = new Map<string, number>();
  /** Peer ids to link to while unseated, besides the creator (introducers.ts). */
  private introducers: string[] = [];

  constructor(options: LobbyOptions) {
    const parsed = parseTableId(options.mesh.table);
    if (!parsed.ok) throw new TypeError(parsed.error);
    this.table = parsed.value.table;
    this.creatorPrefix = parsed.value.creatorPrefix;
    this.mesh = options.mesh;
    this.store = options.store;
    this.name = options.name;
    this.onChange = options.onChange;
    this.onLog = options.onLog;
    this.botKeys = options.botKeys ?? (() => []);
    this.runningSeats = options.runningSeats ?? (() => null);
    this.mayJoin = options.mayJoin ?? (() => true);
    this.admitChat = options.admitChat ?? (() => 'this page takes no chat');
    if (this.isCreator) this.creatorKey = this.mesh.selfKey;
    this.mesh.authorize((envelope) => this.authorize(envelope));
  }

  /** The table creator's key (hex), once this page knows it (its own, or the signer of a roster it took in). */
  get creator(): string | undefined {
    return this.creatorKey;
  }

  get isCreator(): boolean {
    return this.mesh.selfKey.startsWith(this.creatorPrefix);
  }

  /** Restores the saved roster; the creator makes the first one from `config` if there is none. */
  async open(config?: TableConfig): Promise<void> {
    this.roster = await this.store.loadRoster(this.table);
    this.restoredValue = this.roster !== undefined;
    if (!this.roster && this.isCreator) {
      if (!config) throw new Error('this table was created in another browser profile and its seating is gone here');
      const first = firstRoster(config, this.me());
      if (typeof first === 'string') throw new RangeError(`cannot create this table: ${first}`);
      await this.publish(first);
    }
    // Opening a table's link means wanting a seat at it (a reload keeps the old one).
    this.seekingSeat = !this.isCreator && !this.nameFirst;
    this.updateLinks();
    this.onChange();
  }

  /** Whether `open` found this table's roster stored (a reload, a reopened tab), not a table new to this page. */
  get restored(): boolean {
    return this.restoredValue;
  }

  /**
   * Before `open`: a joiner without a name does not ask for a seat on its own;
   * it waits for `sit` (after the person typed a name), so nobody is seated
   * as "Player 19af" without being asked.
   */
  askNameFirst(): void {
    this.nameFirst = true;
  }

  /**
   * Peers (key prefixes, as a link's `via` names them) to link to while this
   * peer holds no seat, so its join reaches the creator through them when the
   * creator cannot be reached directly (introducers.ts).
   */
  introduce(prefixes: readonly string[]): void {
    this.introducers = introducerPeerIds(this.table, parseIntroducers(prefixes.join(',')));
    this.updateLinks();
  }

  /** Asks for a seat (any free one, or `seat`). A peer already seated keeps its seat. */
  sit(seat: number | null = null): void {
    this.wantedSeat = seat;
    this.seekingSeat = true;
    if (this.isCreator) void this.seat(this.mesh.selfKey, this.me(), seat);
    else this.askCreator();
    this.onChange();
  }

  /** Sends the join held back while this peer could not sit yet (`mayJoin`), if it asked for a seat. */
  askAgain(): void {
    this.askCreator();
  }

  /** This page asked for a seat and has none yet. */
  get wantsSeat(): boolean {
    return this.seekingSeat && this.mySeat() === null;
  }

  /** Watches instead of sitting: stops asking the creator for a seat (a seated peer keeps its seat). */
  watch(): void {
    this.seekingSeat = false;
    this.onChange();
  }

  /** Gives this peer's seat back. */
  leave(): void {
    const seat = this.mySeat();
    if (seat === null || !this.roster) return;
    this.seekingSeat = false;
    if (this.isCreator) {
      this.onLog('the table creator keeps seat 1 while the table exists');
      return;
    }
    this.mesh.send('leave', { rosterVersion: this.roster.version });
  }

  rename(name: string): void {
    this.name = name;
    this.mesh.setName(name);
    if (this.mySeat() !== null) this.sit(this.mySeat());
  }

  /** The key (hex) sits at this table in the roster held now. */
  sits(key: string): boolean {
    return this.seatKeys().includes(key);
  }

  /** Each seat's key (hex), or null for a free seat: what `view` gives, without building the whole view (per event). */
  seatKeys(): readonly (string | null)[] {
    return seatKeysOf(this.roster);
  }

  /** Each seat's name as the table shows it ("Seat N" for a free seat or an empty name), without building the whole view. */
  names(): readonly string[] {
    return seatNamesOf(this.roster);
  }

  /** The options hand `handNo` is played under, by the roster held (options-history.ts). */
  optionsOf(handNo: number): TableConfig['options'] {
    return this.roster ? optionsOfHand(this.roster, handNo) : {};
  }

  /** How many hands the table has started (the roster's count), without building the whole view. */
  get handsStarted(): number {
    return this.roster?.hands ?? 0;
  }

  /** The newest roster held, as its creator signed it (null until one has come, or been made here, since this page opened). */
  get signedRoster(): EnvelopeOf<'roster'> | null {
    return this.signedRosterValue;
  }

  mySeat(): number | null {
    const index = this.roster?.seats.findIndex((m) => m !== null && keyHex(m.key) === this.mesh.selfKey) ?? -1;
    return index >= 0 ? index : null;
  }

  /** The lobby as a screen shows it (lobby-view.ts). */
  view(): LobbyView {
    // prettier-ignore
    return lobbyView(this.roster, {
      table: this.table, selfKey: this.mesh.selfKey, selfPeerId: this.mesh.peerId, botKeys: this.botKeys(),
      reachability: (key) => this.mesh.reachability(key),
    }, {
      mySeat: this.mySeat(), isCreator: this.isCreator, configProblem: this.configProblem, handRunning: this.runningSeats() !== null,
    });
  }

  /** Feeds a verified envelope from the mesh. */
  receive(envelope: Envelope): void {
    const author = keyHex(envelope.from);
    switch (envelope.kind) {
      case 'hello':
        // A (re)opened link: the creator re-sends the roster; a joiner (re)asks for its seat.
        if (this.isCreator && this.roster) this.signedRosterValue = this.mesh.send('roster', this.roster);
        else this.askCreator();
        break;
      case 'join': {
        const { name, peerId, seat } = envelope.body;
        if (this.isCreator) void this.seat(author, { key: envelope.from, name, peerId }, seat);
        break;
      }
      case 'leave':
        if (this.isCreator) void this.unseat(author, envelope.body.rosterVersion);
        break;
      case 'roster':
        this.adoptSigned(author, envelope);
        break;
      default:
        // A presence (every linked peer's, every few seconds) changes nothing kept here: who is linked is the mesh's,
        // which announces its own changes, and who watches is the table's (table-watchers.ts). Announcing it would
        // rebuild the page's view, and draw a frame, for nothing.
        return;
    }
    this.onChange();
  }

  private adoptSigned(author: string, envelope: EnvelopeOf<'roster'>): void {
    void this.adopt(author, envelope);
    // Kept as signed (a transcript carries it: its hand count shows a match cut short).
    // (The mesh admits a roster only from the creator's key: authorize.)
    if (this.roster?.version === envelope.body.version) this.signedRosterValue = envelope;
  }

  /**
   * Takes in the roster held back while a hand ran (it moved that hand's seats), once no hand runs: without this a
   * page that had agreed to a hand before the seats changed would keep the old seats until the creator sent its
   * roster again, and agree to old terms for every hand after.
   */
  adoptHeld(): void {
    const held = this.holding.held;
    if (!held || this.runningSeats()) return;
    this.holding = { ...this.holding, held: null };
    this.adoptSigned(held.author, held.envelope);
    this.onChange();
  }

  /** The newest roster this page has from the creator: one held back while a hand runs, else the one adopted. */
  get newestRoster(): Roster | undefined {
    return this.holding.held?.envelope.body ?? this.roster;
  }

  /** Sends a join if this peer wants a seat, naming the seat `joinSeat` gives (joining.ts), once it may. */
  private askCreator(): void {
    if (!this.seekingSeat || this.isCreator) return;
    const seat = joinSeat(this.roster, this.mySeat(), this.wantedSeat, this.mayJoin);
    if (seat !== undefined) this.mesh.send('join', { peerId: this.mesh.peerId, name: this.name, seat });
  }

  /** Whom the mesh admits (roster-checks.ts `admit`). */
  private authorize(envelope: Envelope): string | null {
    // Chat (a watcher's too, where the table allows it) is judged by the table's chat: table-chat.ts.
    if (envelope.kind === 'chat') return this.admitChat(envelope);
    return admit(envelope, {
      creatorPrefix: this.creatorPrefix,
      creatorKey: this.creatorKey,
      seatKeys: this.seatKeys(),
      seated: this.mySeat() !== null,
    });
  }

  private me(): SeatMember {
    return { key: hexToBytes(this.mesh.selfKey), name: this.name, peerId: this.mesh.peerId };
  }

  /** Creator only: seats `member`, keeping an existing seat (roster-keeping.ts `withJoiner`); else re-sends the roster. */
  private async seat(author: string, member: SeatMember, wanted: number | null): Promise<void> {
    const roster = this.roster;
    if (!roster) return;
    const step = withJoiner(roster, author, member, wanted, this.runningSeats() !== null);
    if (step) await this.publishStep(step);
    else this.mesh.send('roster', roster);
  }

  private async unseat(author: string, version: number): Promise<void> {
    const roster = this.roster;
    if (!roster || version > roster.version) return;
    if (this.runningSeats()) {
      // The hand's set-up fixes its seats: the seat is freed when the hand ends (`freeLeftSeats`).
      this.leftDuringHand.set(author, version);
      return;
    }
    const step = withoutLeaver(roster, author);
    if (step) await this.publishStep(step);
  }

  /** Creator only: seats that asked to leave while a hand ran are freed once it has ended. */
  freeLeftSeats(): void {
    if (!this.isCreator || this.runningSeats() || this.leftDuringHand.size === 0) return;
    const left = [...this.leftDuringHand];
    this.leftDuringHand.clear();
    for (const [author, version] of left) void this.unseat(author, version);
  }

  /**
   * Creator only, between hands: a bot this browser hosts takes a free seat,
   * or the seat of a player who is gone (`replace`); it plays from the next hand on.
   */
  seatBot(key: Uint8Array, seat: number, replace = false): void {
    if (!this.isCreator || !this.roster) return;
    const step = withBot(this.roster, { key, peerId: this.mesh.peerId }, seat, replace, this.runningSeats() !== null);
    if (step) void this.publishStep(step);
  }

  /**
   * Creator only, between hands: the table's options from the next hand on. Every page shows the change and no seat
   * plays under it before it has agreed (its ready signs the terms: next-terms.ts). Null when done, else why not.
   */
  changeOptions(options: TableConfig['options']): string | null {
    if (!this.isCreator || !this.roster) return 'only the table creator changes its options';
    const next = withNewOptions(this.roster, options, this.runningSeats() !== null);
    if (typeof next === 'string') return next;
    void this.publish(next);
    return null;
  }

  /** Records that hand `count - 1` has started: from now on the seats are fixed. */
  markHandStarted(count: number): void {
    const next = this.isCreator && this.roster ? withHandsStarted(this.roster, count) : null;
    if (next) void this.publish(next);
  }

  private async publishStep(step: RosterStep): Promise<void> {
    if (step.log) this.onLog(step.log);
    await this.publish(step.next);
  }

  private async publish(roster: Roster): Promise<void> {
    this.roster = roster;
    await this.store.saveRoster(this.table, roster);
    this.signedRosterValue = this.mesh.send('roster', roster);
    this.updateLinks();
    this.onChange();
  }

  /** Takes in a newer roster from the creator's key, or refuses it (roster-checks.ts). */
  private async adopt(author: string, envelope: EnvelopeOf<'roster'>): Promise<void> {
    if (this.isCreator) return;
    // The mesh admits a roster only from a key with the creator's prefix (`authorize`): that key is the creator's, even
    // when its roster is not newer than the one this page stored before a reload.
    this.creatorKey ??= author;
    const roster = envelope.body;
    if (this.roster && roster.version <= this.roster.version) return;
    const problem = rosterProblem(roster);
    if (problem !== this.configProblem) {
      this.configProblem = problem;
      if (problem) this.onLog(`refused the table's seating: ${problem}`);
      this.onChange();
    }
    if (problem) return;
    const { take, holding, log } = holdIfMovesSeats({ author, envelope }, this.holding, this.runningSeats());
    if (log) this.onLog(log);
    this.holding = holding;
    if (!take) return;
    const before = this.mySeat();
    this.creatorKey = author;
    this.roster = roster;
    await this.store.saveRoster(this.table, roster);
    const after = this.mySeat();
    if (before === null && after !== null) this.onLog(`you sit in seat ${after + 1}`);
    if (before !== null && after === null) this.onLog('you left your seat');
    // Now that the roster says where play is, a join held back (or sent without a seat) can name one.
    if (after === null) this.askCreator();
    this.updateLinks();
    this.onChange();
  }

  private updateLinks(): void {
    const creator = peerIdFor(this.table, this.creatorPrefix);
    this.mesh.want(peersToLink(creator, this.roster, this.mySeat() !== null, this.introducers));
  }
}
