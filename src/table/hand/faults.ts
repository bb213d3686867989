/**
 * Fault reports: a peer whose hand halts signs a `fault` event with its
 * verdict (code, seat, detail) and sends it, so every screen can show the
 * same verdict. A report halts nobody: each peer checks it against its own
 * verdict — the same code and seat means it agrees; a peer that has not
 * halted shows "seat X reports a fault by seat Y" and may end the hand.
 */
import type { EventData } from '../transcript.js';
import type { HandFollower } from './follower.js';
import type { Halt } from './halt.js';

export interface FaultReport {
  /** The seat whose peer sent the report. */
  readonly reporter: number;
  readonly code: string;
  /** The seat it blames (null: nobody, e.g. its own failure). */
  readonly seat: number | null;
  readonly detail: string;
  /** This peer reached the same verdict (code and seat) on its own. */
  readonly agrees: boolean;
}

/** The data of the fault event a halting seat sends. */
export function faultData(halt: Halt): EventData<'fault'> {
  return { code: halt.code, seat: halt.seat, detail: halt.detail.slice(0, 300) };
}

/** Every fault report held, checked against this peer's own halt. */
export function faultReports(f: HandFollower): FaultReport[] {
  const own = f.halt;
  return f.pool.faultReports().map((event) => ({
    reporter: event.seat,
    code: event.data.code,
    seat: event.data.seat,
    detail: event.data.detail,
    agrees: own !== null && own.code === event.data.code && own.seat === event.data.seat,
  }));
}
