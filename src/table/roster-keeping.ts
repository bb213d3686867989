/**
 * The table creator's keeping of the roster (lobby.ts stores, signs and sends what this gives): each change to who
 * sits where, to the table's options or to its count of hands started, as a pure step from the roster held to the
 * next version, or to nothing (or why not) when it changes nothing. While a hand runs its agreed set-up fixes the
 * seats: no step moves one then (a player's leave then waits for the hand's end: lobby.ts `freeLeftSeats`), though a
 * seated player may still rename.
 */
import { keyHex } from '../net/envelope.js';
import type { Roster, SeatMember, TableConfig } from '../net/messages.js';
import { withOptions } from './options-history.js';
import { tableConfigProblem } from './roster-checks.js';

/** The next roster to publish, and the log line that says what changed (null when the log need not say). */
export interface RosterStep {
  readonly next: Roster;
  readonly log: string | null;
}

/** The first roster of a new table, with its creator in seat 1, or why `config` cannot be played. */
export function firstRoster(config: TableConfig, creator: SeatMember): Roster | string {
  const problem = tableConfigProblem(config);
  if (problem) return problem;
  const seats: (SeatMember | null)[] = Array.from({ length: config.seats }, () => null);
  seats[0] = creator;
  return { version: 1, config, seats, hands: 0 };
}

/**
 * Seats `member` (key `author`), who asked for seat `wanted` (or any): a seated member keeps its seat (its name and
 * link updated); a newcomer takes the seat it asked for if free, else the first free one. Null when nothing changes
 * (the creator sends the roster again as it is): a newcomer while a hand runs, at a full table, or at a table where
 * play has started when its join names no seat (it names one once it has followed every hand played, so it derives
 * the next set-up itself: table-history.ts).
 */
export function withJoiner(
  roster: Roster,
  author: string,
  member: SeatMember,
  wanted: number | null,
  handRunning: boolean,
): RosterStep | null {
  const seats = [...roster.seats];
  let target = seats.findIndex((m) => m !== null && keyHex(m.key) === author);
  let log: string | null = null;
  if (target < 0) {
    if (handRunning || (roster.hands > 0 && wanted === null)) return null;
    const free = (i: number) => i >= 0 && i < seats.length && seats[i] === null;
    target = wanted !== null && free(wanted) ? wanted : seats.findIndex((m) => m === null);
    if (target < 0) return null;
    log = `${member.name || 'someone'} sat down in seat ${target + 1}`;
  }
  const before = seats[target];
  if (before && before.name === member.name && before.peerId === member.peerId) return null;
  seats[target] = member;
  return { next: { ...roster, version: roster.version + 1, seats }, log };
}

/** Frees the seat of `author`, who gave it back between hands; null when it holds none or holds seat 1 (the creator's). */
export function withoutLeaver(roster: Roster, author: string): RosterStep | null {
  const index = roster.seats.findIndex((m) => m !== null && keyHex(m.key) === author);
  if (index <= 0) return null;
  const seats = [...roster.seats];
  const log = `${seats[index]?.name || 'someone'} left seat ${index + 1}`;
  seats[index] = null;
  return { next: { ...roster, version: roster.version + 1, seats }, log };
}

/**
 * Between hands, the bot `bot` (hosted behind the creator's link) takes seat `seat`: a free one, or with `replace`
 * the seat of a player who is gone. Null when it may not: seat 1, a seat beyond the table, a taken seat without
 * `replace`, or while a hand runs.
 */
export function withBot(
  roster: Roster,
  bot: Omit<SeatMember, 'name'>,
  seat: number,
  replace: boolean,
  handRunning: boolean,
): RosterStep | null {
  const taken = roster.seats[seat];
  if (seat <= 0 || seat >= roster.seats.length || (taken && !replace) || handRunning) return null;
  const seats = [...roster.seats];
  seats[seat] = { ...bot, name: `Bot ${seat + 1}` };
  const log = taken
    ? `a bot takes ${taken.name || `seat ${seat + 1}`}'s seat ${seat + 1} from the next hand on`
    : `a bot sat down in seat ${seat + 1}`;
  return { next: { ...roster, version: roster.version + 1, seats }, log };
}

/**
 * Between hands, the table's options from the next hand on (the options of the hands played so far stay in the
 * roster: a newcomer checks those hands under them, options-history.ts), or why not.
 */
export function withNewOptions(roster: Roster, options: TableConfig['options'], handRunning: boolean): Roster | string {
  if (handRunning) return 'the options change between hands: this hand is being played';
  const problem = tableConfigProblem({ ...roster.config, options });
  if (problem) return problem;
  const changed = withOptions(roster, options);
  return typeof changed === 'string' ? changed : { ...changed, version: roster.version + 1 };
}

/** The roster once hand `count - 1` has started, or null when it already counts that many hands. */
export function withHandsStarted(roster: Roster, count: number): Roster | null {
  return roster.hands >= count ? null : { ...roster, version: roster.version + 1, hands: count };
}
