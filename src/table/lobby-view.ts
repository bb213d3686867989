/**
 * What a screen shows of a table's lobby: the seats of the roster as view
 * data (`LobbyView`, `SeatView`), built from the roster alone plus what this
 * peer knows locally (its key, the bots it hosts, each link's state). A bot's
 * seat is told from the roster: its peer id is not the one its key derives
 * (F11), it is its host's. The lobby (lobby.ts) keeps the roster; this file
 * only reads it.
 */
import { keyHex } from '../net/envelope.js';
import type { Roster, SeatMember, TableConfig } from '../net/messages.js';
import type { Reachability } from '../net/mesh-types.js';
import { tableFingerprint, type Fingerprint } from './fingerprint.js';
import { peerIdFor } from './table-id.js';

export interface SeatView {
  readonly seat: number;
  readonly member: SeatMember | null;
  readonly keyHex: string | null;
  /** For a bot: the connection state of the browser that hosts it (the bot has no link of its own). */
  readonly reachability: Reachability | null;
  readonly isMe: boolean;
  /**
   * A bot's seat: who hosts it (seat and name; `isMe` when this browser does),
   * else null. Told from the roster alone: a seat whose peer id is not the one
   * its key derives (F11) is a bot the creator seated behind its host's link.
   */
  readonly bot: { readonly hostSeat: number | null; readonly hostName: string; readonly hostIsMe: boolean } | null;
}

export interface LobbyView {
  readonly table: string;
  readonly config: TableConfig | null;
  readonly rosterVersion: number;
  readonly seats: readonly SeatView[];
  readonly mySeat: number | null;
  readonly isCreator: boolean;
  readonly fingerprint: Fingerprint | null;
  /** Shown while no roster has arrived: the creator may be offline. */
  readonly waitingForCreator: boolean;
  /** Hands started at this table (seats are fixed once it is above 0). */
  readonly handsStarted: number;
  /** Why the creator's roster was refused (its game or options are not valid), if it was. */
  readonly configProblem: string | null;
  /** A hand is being played: its set-up fixes the seats until it ends. */
  readonly handRunning: boolean;
}

/** What this peer knows that the roster does not say: who it is, the bots it hosts, its links. */
export interface LobbyViewContext {
  readonly table: string;
  readonly selfKey: string;
  readonly selfPeerId: string;
  /** Keys of the bots this browser hosts. */
  readonly botKeys: readonly string[];
  readonly reachability: (key: string) => Reachability;
}

/** The lobby's state the roster alone does not give (the lobby works it out). */
export type LobbyViewState = Pick<LobbyView, 'mySeat' | 'isCreator' | 'configProblem' | 'handRunning'>;

/**
 * The fingerprint of a roster, kept per roster object: a view is built for
 * nearly every incoming event, rosters are replaced (never edited) when a
 * seat changes, and hashing the keys each time was ~1.5 % of a hand's CPU.
 */
const fingerprints = new WeakMap<Roster, { readonly table: string; readonly fingerprint: Fingerprint }>();
function rosterFingerprint(table: string, roster: Roster): Fingerprint {
  const kept = fingerprints.get(roster);
  if (kept && kept.table === table) return kept.fingerprint;
  const fingerprint = tableFingerprint(
    table,
    roster.seats.map((m) => m?.key ?? null),
  );
  fingerprints.set(roster, { table, fingerprint });
  return fingerprint;
}

/** Seat keys and names kept per roster object (a roster is replaced, never changed in place): asked for per event. */
const keysOf = new WeakMap<Roster, readonly (string | null)[]>();
const namesOf = new WeakMap<Roster, readonly string[]>();
const NO_SEATS: readonly never[] = [];

/** Each seat's key (hex), or null for a free seat: what `lobbyView` gives, without building the whole view. */
export function seatKeysOf(roster: Roster | undefined): readonly (string | null)[] {
  if (!roster) return NO_SEATS;
  let keys = keysOf.get(roster);
  if (!keys) keysOf.set(roster, (keys = roster.seats.map((m) => (m ? keyHex(m.key) : null))));
  return keys;
}

/** Each seat's name as the table shows it ("Seat N" for a free seat or an empty name), without building the view. */
export function seatNamesOf(roster: Roster | undefined): readonly string[] {
  if (!roster) return NO_SEATS;
  let names = namesOf.get(roster);
  if (!names) namesOf.set(roster, (names = roster.seats.map((m, seat) => m?.name || `Seat ${seat + 1}`)));
  return names;
}

/** The lobby as a screen shows it, from the roster (undefined while none has arrived). */
export function lobbyView(roster: Roster | undefined, context: LobbyViewContext, state: LobbyViewState): LobbyView {
  const members = roster?.seats ?? [];
  const seats: SeatView[] = members.map((member, seat) => {
    const hex = member ? keyHex(member.key) : null;
    const bot = member && hex ? botHost(context, member, hex, members) : null;
    const hostKey = bot && bot.hostSeat !== null ? keyHex(members[bot.hostSeat]!.key) : null;
    return {
      seat,
      member,
      keyHex: hex,
      reachability: hex
        ? context.botKeys.includes(hex) || bot?.hostIsMe
          ? 'self'
          : context.reachability(hostKey ?? hex)
        : null,
      isMe: hex === context.selfKey,
      bot,
    };
  });
  return {
    table: context.table,
    config: roster?.config ?? null,
    rosterVersion: roster?.version ?? 0,
    seats,
    mySeat: state.mySeat,
    isCreator: state.isCreator,
    fingerprint: roster ? rosterFingerprint(context.table, roster) : null,
    waitingForCreator: !roster,
    handsStarted: roster?.hands ?? 0,
    configProblem: state.configProblem,
    handRunning: state.handRunning,
  };
}

/** Who hosts the seat `member` if it is a bot (its peer id is another seat's), else null. */
function botHost(
  context: LobbyViewContext,
  member: SeatMember,
  hex: string,
  members: readonly (SeatMember | null)[],
): SeatView['bot'] {
  if (member.peerId === peerIdFor(context.table, hex) && !context.botKeys.includes(hex)) return null;
  const hostSeat = members.findIndex(
    (m) => m !== null && m.peerId === member.peerId && m.peerId === peerIdFor(context.table, keyHex(m.key)),
  );
  const host = hostSeat >= 0 ? members[hostSeat]! : null;
  return {
    hostSeat: hostSeat >= 0 ? hostSeat : null,
    hostName: host ? host.name || `Seat ${hostSeat + 1}` : 'another player',
    hostIsMe: member.peerId === context.selfPeerId,
  };
}
