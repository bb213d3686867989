/**
 * The checks a page of a table makes of what reaches it (lobby.ts keeps the state they are made on): whom the mesh
 * admits (`admit`), and whether a joiner takes a signed roster from the creator (`rosterProblem`, `holdIfMovesSeats`).
 *
 * Admission: a roster only from a key with the creator's prefix (and once the creator's key is known, only from it);
 * hello/join/presence (KINDS_WITHOUT_SEAT) and a watcher's `fetch` for a hand's public events from anyone; anything
 * else from a key that holds no seat is rejected as "from an unknown seat", except that while this page holds no seat
 * it takes table events from anyone: the seats of a past hand may have left, and its seatless follower checks each
 * event against that hand's set-up. (A `chat` is judged by the table's chat, table-chat.ts `admit`, not here.)
 *
 * A roster is taken only if it is newer than the one held, its config is one the game registry accepts
 * (`checkTableConfig`) with options of earlier hands that fit (options-history.ts), and, while a hand runs, it keeps
 * that hand's seats (its agreed set-up fixes them; the lobby holds such a roster back until the hand ends).
 */
import { keyHex, type Envelope, type EnvelopeOf } from '../net/envelope.js';
import { KINDS_WITHOUT_SEAT, type Roster, type TableConfig } from '../net/messages.js';
import { checkTableConfig } from '../games/index.js';
import { earlierOptionsProblem } from './options-history.js';

/** Why a table config cannot be played as given, or null when the registry accepts it. */
export function tableConfigProblem(config: TableConfig): string | null {
  return checkTableConfig(config.game, config.seats, config.options);
}

/** What a page knows when it judges who sent an envelope. */
export interface Seating {
  /** The key prefix (hex) the table id names as its creator's. */
  readonly creatorPrefix: string;
  /** The creator's full key (hex), once this page knows it. */
  readonly creatorKey: string | undefined;
  /** Each seat's key (hex) in the roster held, or null for a free seat. */
  readonly seatKeys: readonly (string | null)[];
  /** Whether this page holds a seat. */
  readonly seated: boolean;
}

/** Null when the mesh may relay and deliver `envelope` (other than a chat), else why it is rejected. */
export function admit(envelope: Envelope, seating: Seating): string | null {
  const author = keyHex(envelope.from);
  if (envelope.kind === 'roster') {
    const creator = author.startsWith(seating.creatorPrefix) && (!seating.creatorKey || seating.creatorKey === author);
    return creator ? null : 'roster not signed by the table creator';
  }
  if (KINDS_WITHOUT_SEAT.has(envelope.kind)) return null;
  // A watcher (no seat) may ask for a hand's events so far: they are the ones every link already carries.
  if (envelope.kind === 'fetch') return null;
  if (author === seating.creatorKey) return null;
  // Unseated, this page follows hands whose seats may have left since; its seatless follower checks each event.
  if (envelope.kind === 'table-event' && !seating.seated) return null;
  return seating.seatKeys.includes(author) ? null : `${envelope.kind} from an unknown seat (${author.slice(0, 8)}…)`;
}

/** A roster as its creator signed it, and the signer's key (hex). */
export interface SignedRoster {
  readonly author: string;
  readonly envelope: EnvelopeOf<'roster'>;
}

/** What a joiner keeps of the rosters it refused because they moved the running hand's seats. */
export interface Holding {
  /** The newest version refused so (-1: none): each is logged once. */
  readonly refusedVersion: number;
  /** The newest such roster, taken once the hand has ended (lobby.ts `adoptHeld`). */
  readonly held: SignedRoster | null;
}

export const NOTHING_HELD: Holding = { refusedVersion: -1, held: null };

/** Why a joiner refuses `roster` whatever else it holds (its config, or its options of earlier hands, cannot be played). */
export function rosterProblem(roster: Roster): string | null {
  return tableConfigProblem(roster.config) ?? earlierOptionsProblem(roster);
}

/**
 * Whether a joiner takes `signed` (newer than its roster, and playable) now, given the seat keys of the hand being
 * played (`running`, from its agreed set-up; null between hands): not if it moves them (held back if it is the newest
 * such roster, and `log` says so the first time for its version). Gives what the joiner holds back after it: a roster
 * taken drops any held roster it is as new as.
 */
export function holdIfMovesSeats(
  signed: SignedRoster,
  holding: Holding,
  running: readonly string[] | null,
): { readonly take: boolean; readonly holding: Holding; readonly log: string | null } {
  const roster = signed.envelope.body;
  const seat = running && movedSeat(roster, running);
  const { held, refusedVersion } = holding;
  if (!seat) {
    const kept = held && held.envelope.body.version > roster.version ? held : null;
    return { take: true, holding: { refusedVersion, held: kept }, log: null };
  }
  const log =
    roster.version > refusedVersion
      ? `refused the table's seating (version ${roster.version}): it moves ${seat} while a hand is being played (taken once the hand ends)`
      : null;
  const newest = !held || roster.version > held.envelope.body.version ? signed : held;
  return { take: false, holding: { refusedVersion: Math.max(refusedVersion, roster.version), held: newest }, log };
}

/** The first seat ("seat N") whose key in `roster` differs from the running hand's, or null when it keeps them all. */
function movedSeat(roster: Roster, running: readonly string[]): string | null {
  for (let seat = 0; seat < Math.max(running.length, roster.seats.length); seat++) {
    const member = roster.seats[seat];
    if ((member ? keyHex(member.key) : null) !== (running[seat] ?? null)) return `seat ${seat + 1}`;
  }
  return null;
}
