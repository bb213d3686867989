/**
 * The fault report a halting seat sends and the reports a hand holds, as the
 * table reads them (faults.ts judges them): in a module of their own, without
 * the crypto, so the table's code that records and shows hands loads before
 * the hand protocol does (hand-loader.ts).
 */
import { hexToBytes } from '@noble/hashes/utils.js';
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

/** The data of the fault event a halting seat sends (with its evidence, when the verdict has some). */
export function faultData(halt: Halt): EventData<'fault'> {
  return { code: halt.code, seat: halt.seat, detail: halt.detail.slice(0, 300), evidence: halt.evidence ?? null };
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

/** The state hash bytes an event made now carries. */
export function hashBytes(hashes: readonly string[]): { at: number; hash: Uint8Array } {
  const at = Math.max(0, hashes.length - 1);
  return { at, hash: hashes.length ? hexToBytes(hashes[at]!.slice(0, 64)) : new Uint8Array(32) };
}
