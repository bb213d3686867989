/**
 * The lobby of one table: who sits where, before and between hands. The
 * table's creator (whose key prefix is part of the table id) keeps the signed,
 * versioned roster; every other peer accepts a roster only from that key and
 * only if it is newer. Seats are not secret and not worth cheating for; what
 * matters is that every screen shows the same seats, and the fingerprint lets
 * friends check that by voice. A seated peer that reloads (same identity)
 * asks again and gets the same seat; a seat given back with "leave" is free
 * (once the hand being played, if any, has ended). Between hands a free seat
 * goes to a newcomer (who first follows every hand played, so it derives the
 * next set-up itself: its table holds the join back until then, `mayJoin`,
 * table-history.ts) or to a bot the creator hosts; an abandoned seat to a bot.
 *
 * The lobby also tells the mesh whom to link to (every seated peer: a full
 * mesh; while unseated, also the introducers the table link names, through
 * whom a join reaches a creator we cannot link to: introducers.ts) and whom
 * to admit (`authorize`): anything but hello/join/presence (KINDS_WITHOUT_SEAT) from a key
 * that holds no seat is rejected as "from an unknown seat" (a watcher's
 * `fetch` for a hand's public events is admitted; and while this page holds no
 * seat it takes table events from anyone: the seats of a past hand may have
 * left, and its seatless follower checks each event against that hand's set-up; a
 * `chat` is judged by the table's chat, `admitChat`: table-chat.ts).
 *
 * The table's config (game, seats, options) is checked against the game
 * registry (`checkTableConfig`): a creator cannot open a table with options
 * its game does not take, and a joiner refuses such a roster and says why
 * (and one whose options of earlier hands do not fit: options-history.ts).
 * What a screen shows of the seats is built from the roster in lobby-view.ts.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { keyHex, type Envelope, type EnvelopeOf } from '../net/envelope.js';
import { KINDS_WITHOUT_SEAT, type Roster, type SeatMember, type TableConfig } from '../net/messages.js';
import { checkTableConfig } from '../games/index.js';
import type { Mesh } from '../net/mesh.js';
import { lobbyView, type LobbyView } from './lobby-view.js';
import { parseTableId, peerIdFor } from './table-id.js';
import { introducerPeerIds, parseIntroducers } from './introducers.js';
import { earlierOptionsProblem, optionsOfHand, withOptions } from './options-history.js';

export type { LobbyView, SeatView } from './lobby-view.js';

/** Where a peer keeps its copy of the roster between reloads. */
export interface RosterStore {
  loadRoster(table: string): Promise<Roster | undefined>;
  saveRoster(table: string, roster: Roster): Promise<void>;
}

/** Why a table config cannot be played as given, or null when the registry accepts it. */
export function tableConfigProblem(config: TableConfig): string | null {
  return checkTableConfig(config.game, config.seats, config.options);
}

export interface LobbyOptions {
  readonly mesh: Mesh;
  readonly store: RosterStore;
  readonly name: string;
  /** Called whenever the view may have changed. */
  readonly onChange: () => void;
  /** Lines for the table's log (seat taken, left, …). */
  readonly onLog: (line: string) => void;
  /** Keys of the bots this browser hosts (they sit, but send through this peer). */
  readonly botKeys?: () => string[];
  /** The seat keys of the hand being played (from its agreed set-up), or null between hands: a roster may not change them. */
  readonly runningSeats?: () => readonly string[] | null;
  /** Whether this peer may send its join now (a newcomer first follows the hands played: table-history.ts). */
  readonly mayJoin?: () => boolean;
  /** Who may chat and how fast (table-chat.ts `admit`): null admits a chat, else why it is dropped. */
  readonly admitChat?: (envelope: EnvelopeOf<'chat'>) => string | null;
}

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
  private refusedVersion = -1;
  /** The newest roster refused because it moves the running hand's seats: adopted once that hand has ended (`adoptHeld`). */
  private held: { author: string; envelope: EnvelopeOf<'roster'> } | null = null;
  private signedRosterValue: EnvelopeOf<'roster'> | null = null;
  /** The seats' keys of one roster (a roster is replaced, never changed in place). */
  private keysOf: { roster: Roster | undefined; keys: (string | null)[] } | null = null;
  private namesOf: { roster: Roster | undefined; names: string[] } | null = null;
  /** Creator only: players who asked to leave while a hand ran (key → their roster version). */
  private readonly leftDuringHand = new Map<string, number>();
  /** Peer ids to link to while unseated, besides the creator (introducers.ts). */
  private introducers: string[] = [];

  constructor(options: LobbyOptions) {
    const parsed = parseTableId(options.mesh.table);
    if (!parsed.ok) throw new TypeError(parsed.error);
    this.table = parsed.table;
    this.creatorPrefix = parsed.creatorPrefix;
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

  private get creatorPeerId(): string {
    return peerIdFor(this.table, this.creatorPrefix);
  }

  /** Restores the saved roster; the creator makes the first one from `config` if there is none. */
  async open(config?: TableConfig): Promise<void> {
    this.roster = await this.store.loadRoster(this.table);
    this.restoredValue = this.roster !== undefined;
    if (!this.roster && this.isCreator) {
      if (!config) throw new Error('this table was created in another browser profile and its seating is gone here');
      const problem = tableConfigProblem(config);
      if (problem) throw new RangeError(`cannot create this table: ${problem}`);
      const seats: (SeatMember | null)[] = Array.from({ length: config.seats }, () => null);
      seats[0] = this.me();
      await this.publish({ version: 1, config, seats, hands: 0 });
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
    if (!this.keysOf || this.keysOf.roster !== this.roster)
      this.keysOf = {
        roster: this.roster,
        keys: (this.roster?.seats ?? []).map((m) => (m ? keyHex(m.key) : null)),
      };
    return this.keysOf.keys;
  }

  /** Each seat's name as the table shows it ("Seat N" for a free seat or an empty name), without building the whole view. */
  names(): readonly string[] {
    if (!this.namesOf || this.namesOf.roster !== this.roster)
      this.namesOf = {
        roster: this.roster,
        names: (this.roster?.seats ?? []).map((m, seat) => m?.name || `Seat ${seat + 1}`),
      };
    return this.namesOf.names;
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
      case 'join':
        if (this.isCreator) {
          const body = envelope.body;
          void this.seat(author, { key: envelope.from, name: body.name, peerId: body.peerId }, body.seat);
        }
        break;
      case 'leave':
        if (this.isCreator) void this.unseat(author, envelope.body.rosterVersion);
        break;
      case 'roster':
        this.adoptSigned(author, envelope);
        break;
      default:
        break;
    }
    this.onChange();
  }

  private adoptSigned(author: string, envelope: EnvelopeOf<'roster'>): void {
    void this.adopt(author, envelope.body, envelope);
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
    const held = this.held;
    if (!held || this.runningSeats()) return;
    this.held = null;
    this.adoptSigned(held.author, held.envelope);
    this.onChange();
  }

  /** The newest roster this page has from the creator: one held back while a hand runs, else the one adopted. */
  get newestRoster(): Roster | undefined {
    return this.held?.envelope.body ?? this.roster;
  }

  /**
   * Sends a join if this peer wants a seat. At a table where play has started
   * the creator seats a newcomer only in the free seat its join names, and a
   * newcomer names one only once it may (`mayJoin`: it has followed every hand
   * played); before any roster has come its join names none and only brings
   * the roster (the creator answers every join with it, through introducers too).
   */
  private askCreator(): void {
    if (!this.seekingSeat || this.isCreator) return;
    const started = (this.roster?.hands ?? 0) > 0;
    if (started && !this.mayJoin()) return;
    const free = this.roster?.seats.findIndex((m) => m === null) ?? -1;
    const seat = this.mySeat() ?? this.wantedSeat ?? (started && free >= 0 ? free : null);
    this.mesh.send('join', { peerId: this.mesh.peerId, name: this.name, seat });
  }

  private authorize(envelope: Envelope): string | null {
    const author = keyHex(envelope.from);
    if (envelope.kind === 'roster') {
      if (!author.startsWith(this.creatorPrefix) || (this.creatorKey && this.creatorKey !== author)) {
        return 'roster not signed by the table creator';
      }
      return null;
    }
    if (KINDS_WITHOUT_SEAT.has(envelope.kind)) return null;
    // Chat (a watcher's too, where the table allows it) is judged by the table's chat: table-chat.ts.
    if (envelope.kind === 'chat') return this.admitChat(envelope);
    // A watcher (no seat) may ask for a hand's events so far: they are the ones every link already carries.
    if (envelope.kind === 'fetch') return null;
    if (author === this.creatorKey) return null;
    // Unseated, this page follows hands whose seats may have left since; its seatless follower checks each event.
    if (envelope.kind === 'table-event' && this.mySeat() === null) return null;
    const seated = this.roster?.seats.some((m) => m !== null && keyHex(m.key) === author) ?? false;
    return seated ? null : `${envelope.kind} from an unknown seat (${author.slice(0, 8)}…)`;
  }

  private me(): SeatMember {
    return { key: hexToBytes(this.mesh.selfKey), name: this.name, peerId: this.mesh.peerId };
  }

  /** Creator only: seats `member`, keeping an existing seat; re-publishes the roster. */
  private async seat(author: string, member: SeatMember, wanted: number | null): Promise<void> {
    const roster = this.roster;
    if (!roster) return;
    const seats = [...roster.seats];
    const current = seats.findIndex((m) => m !== null && keyHex(m.key) === author);
    let target = current;
    // While a hand runs its set-up fixes the seats. Once play has started a newcomer takes, between hands, only the free
    // seat its join names: it names one once it has followed every hand played, so it derives the next set-up itself
    // (table-history.ts); a join naming none only gets the roster.
    if (target < 0 && (this.runningSeats() || (roster.hands > 0 && wanted === null))) {
      this.mesh.send('roster', roster);
      return;
    }
    if (target < 0) {
      const free = (i: number) => i >= 0 && i < seats.length && seats[i] === null;
      target = wanted !== null && free(wanted) ? wanted : seats.findIndex((m) => m === null);
      if (target < 0) {
        this.mesh.send('roster', roster);
        return;
      }
      this.onLog(`${member.name || 'someone'} sat down in seat ${target + 1}`);
    }
    const before = seats[target];
    seats[target] = member;
    const changed = !before || before.name !== member.name || before.peerId !== member.peerId;
    if (changed) await this.publish({ ...roster, version: roster.version + 1, seats });
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
    const index = roster.seats.findIndex((m) => m !== null && keyHex(m.key) === author);
    if (index <= 0) return;
    const seats = [...roster.seats];
    this.onLog(`${seats[index]?.name || 'someone'} left seat ${index + 1}`);
    seats[index] = null;
    await this.publish({ ...roster, version: roster.version + 1, seats });
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
    const roster = this.roster;
    const taken = roster?.seats[seat];
    if (
      !this.isCreator ||
      !roster ||
      seat <= 0 ||
      seat >= roster.seats.length ||
      (taken && !replace) ||
      this.runningSeats()
    )
      return;
    const seats = [...roster.seats];
    seats[seat] = { key, name: `Bot ${seat + 1}`, peerId: this.mesh.peerId };
    this.onLog(
      taken
        ? `a bot takes ${taken.name || `seat ${seat + 1}`}'s seat ${seat + 1} from the next hand on`
        : `a bot sat down in seat ${seat + 1}`,
    );
    void this.publish({ ...roster, version: roster.version + 1, seats });
  }

  /**
   * Creator only, between hands: the table's options from the next hand on. Every page shows the change and no seat
   * plays under it before it has agreed (its ready signs the terms: next-terms.ts). Null when done, else why not.
   */
  changeOptions(options: TableConfig['options']): string | null {
    const roster = this.roster;
    if (!this.isCreator || !roster) return 'only the table creator changes its options';
    if (this.runningSeats()) return 'the options change between hands: this hand is being played';
    const problem = tableConfigProblem({ ...roster.config, options });
    if (problem) return problem;
    // The options of the hands played so far stay in the roster: a newcomer checks those hands under them.
    const changed = withOptions(roster, options);
    if (typeof changed === 'string') return changed;
    void this.publish({ ...changed, version: roster.version + 1 });
    return null;
  }

  /** Records that hand `count - 1` has started: from now on the seats are fixed. */
  markHandStarted(count: number): void {
    const roster = this.roster;
    if (!this.isCreator || !roster || roster.hands >= count) return;
    void this.publish({ ...roster, version: roster.version + 1, hands: count });
  }

  private async publish(roster: Roster): Promise<void> {
    this.roster = roster;
    await this.store.saveRoster(this.table, roster);
    this.signedRosterValue = this.mesh.send('roster', roster);
    this.updateLinks();
    this.onChange();
  }

  private async adopt(author: string, roster: Roster, envelope?: EnvelopeOf<'roster'>): Promise<void> {
    if (this.isCreator) return;
    // The mesh admits a roster only from a key with the creator's prefix (`authorize`): that key is the creator's, even
    // when its roster is not newer than the one this page stored before a reload.
    this.creatorKey ??= author;
    if (this.roster && roster.version <= this.roster.version) return;
    const problem = tableConfigProblem(roster.config) ?? earlierOptionsProblem(roster);
    if (problem !== this.configProblem) {
      this.configProblem = problem;
      if (problem) this.onLog(`refused the table's seating: ${problem}`);
      this.onChange();
    }
    if (problem) return;
    const moved = this.movesRunningSeats(roster);
    if (moved !== null) {
      if (roster.version > this.refusedVersion)
        this.onLog(
          `refused the table's seating (version ${roster.version}): it moves ${moved} while a hand is being played (taken once the hand ends)`,
        );
      this.refusedVersion = Math.max(this.refusedVersion, roster.version);
      if (envelope && (!this.held || roster.version > this.held.envelope.body.version))
        this.held = { author, envelope };
      return;
    }
    if (this.held && this.held.envelope.body.version <= roster.version) this.held = null;
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

  /** A roster that changes who sits where while a hand runs names the first seat it moves; the hand's set-up fixes its seats. */
  private movesRunningSeats(roster: Roster): string | null {
    const running = this.runningSeats();
    if (!running) return null;
    for (let seat = 0; seat < Math.max(running.length, roster.seats.length); seat++) {
      const member = roster.seats[seat];
      if ((member ? keyHex(member.key) : null) !== (running[seat] ?? null)) return `seat ${seat + 1}`;
    }
    return null;
  }

  private updateLinks(): void {
    const peers = new Set<string>([this.creatorPeerId]);
    for (const member of this.roster?.seats ?? []) if (member) peers.add(member.peerId);
    // Unseated, also the introducers: through them a join reaches a creator we cannot link to.
    if (this.mySeat() === null) for (const id of this.introducers) peers.add(id);
    this.mesh.want(peers);
  }
}
