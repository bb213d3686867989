/**
 * Which remote seats are really gone, as opposed to thinking. A seat is gone
 * when the mesh has not heard from it — no message, no keep-alive on a direct
 * link, no fresh presence relayed by anyone (net/mesh.ts `reachability`
 * 'offline') — never because it is slow to move. This page's own seat and
 * the bots it hosts are never gone. Each change is logged once ("… has lost
 * the connection", "… is back"); the table session asks how long an owing
 * seat has been gone to offer, after a turn timer, to end the hand.
 */
import type { Reachability } from '../net/mesh-types.js';

export interface SeatLink {
  readonly seat: number;
  readonly name: string;
  /** Null: a free seat. */
  readonly reachability: Reachability | null;
}

/** A seat never heard since this page opened counts as gone only after this long (its links are still being made). */
export const FIRST_CONTACT_GRACE_MS = 10_000;

export class GoneSeats {
  /** Per seat, since when (ms) it has been gone. */
  private readonly since = new Map<number, number>();
  /** Seats heard from since this page opened. */
  private readonly heard = new Set<number>();
  private readonly openedMs: number;

  constructor(openedMs: number) {
    this.openedMs = openedMs;
  }

  /** Updates from the lobby's seat view; returns the log lines for what changed. */
  update(seats: readonly SeatLink[], nowMs: number): string[] {
    const lines: string[] = [];
    for (const seat of seats) {
      if (seat.reachability !== null && seat.reachability !== 'offline') this.heard.add(seat.seat);
      const gone =
        seat.reachability === 'offline' &&
        (this.heard.has(seat.seat) || nowMs - this.openedMs >= FIRST_CONTACT_GRACE_MS);
      const was = this.since.has(seat.seat);
      if (gone && !was) {
        this.since.set(seat.seat, nowMs);
        lines.push(
          `${seat.name} has lost the connection: nothing has come from their page for a few seconds (closed or offline)`,
        );
      } else if (!gone && was) {
        this.since.delete(seat.seat);
        if (seat.reachability !== null) lines.push(`${seat.name} is back`);
      }
    }
    return lines;
  }

  /** How long (ms) `seat` has been gone, or null if it is not. */
  goneFor(seat: number, nowMs: number): number | null {
    const since = this.since.get(seat);
    return since === undefined ? null : nowMs - since;
  }

  isGone(seat: number): boolean {
    return this.since.has(seat);
  }

  /** The seats gone now, in seat order. */
  seats(): number[] {
    return [...this.since.keys()].sort((a, b) => a - b);
  }
}

/** A seat that has been silent this many turn timers while connected may be given up on (without calling it a lost connection). */
export const SLOW_TURN_TIMERS = 4;

export interface Stall {
  /** Remote seats that owe something: the gone ones if any are gone, else every owing one. */
  readonly seats: number[];
  readonly what: string;
  readonly forMs: number;
  /** True: their links are silent (a lost connection); false: connected, only slow. */
  readonly gone: boolean;
  /** The turn timer has run out: the others may end the hand (without a result, or naming a seat that owes a disclosure). */
  readonly canEnd: boolean;
}

/**
 * Who to name for owing remote seats: the gone ones among them; else every
 * gone remote seat, which holds the hand up though it owes no move: an event
 * takes effect on a page only once every seat has shown it holds it
 * (hand/event-pool.ts), so a connected seat that owes may itself be waiting
 * for a gone one's word; else (nobody gone) every owing seat. Without
 * `holdUp` (End hand would name the owing seat: an owed disclosure or
 * reveal), only owing seats are named, so the banner names whom End hand names.
 */
export function blamedOf(
  owing: readonly number[],
  gone: GoneSeats,
  isLocal: (seat: number) => boolean,
  holdUp = true,
): number[] {
  const goneOwing = owing.filter((seat) => gone.isGone(seat));
  if (goneOwing.length > 0) return goneOwing;
  const goneRemote = holdUp && owing.length > 0 ? gone.seats().filter((seat) => !isLocal(seat)) : [];
  return goneRemote.length > 0 ? goneRemote : [...owing];
}

/** What a gone seat that owes no move holds up (after "the hand waits for them"). */
export const HOLDS_UP = 'to show they hold the latest moves';

/**
 * What the hand waits for that deserves a word: owing remote seats that are
 * gone, or gone seats that hold up owing ones (`blamedOf`), at once, with the
 * timer running; or connected ones that have been silent for
 * SLOW_TURN_TIMERS turn timers. Thinking for less is not a stall.
 */
export function stallOf(
  waiting: { seats: readonly number[]; what: string } | null,
  isLocal: (seat: number) => boolean,
  gone: GoneSeats,
  nowMs: number,
  idleMs: number,
  turnMs: number,
  holdUp = true,
): Stall | null {
  const owing = (waiting?.seats ?? []).filter((seat) => !isLocal(seat));
  if (!waiting || owing.length === 0) return null;
  const seats = blamedOf(owing, gone, isLocal, holdUp);
  if (seats.some((seat) => gone.isGone(seat))) {
    const forMs = Math.min(idleMs, ...seats.map((seat) => gone.goneFor(seat, nowMs) ?? 0));
    const what = seats.some((seat) => owing.includes(seat)) ? waiting.what : HOLDS_UP;
    return { seats, what, forMs, gone: true, canEnd: forMs >= turnMs };
  }
  if (idleMs >= SLOW_TURN_TIMERS * turnMs)
    return { seats, what: waiting.what, forMs: idleMs, gone: false, canEnd: true };
  return null;
}
