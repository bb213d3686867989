/**
 * How a hand stops and what it blames, as data: every halt and every unclean
 * audit carries a typed code (what went wrong), the seat it blames (null only
 * for an abandon or a fault of this peer's own code), and a human-readable
 * detail. Pieces of the hand return `Result<T, Halt>` instead of throwing, and
 * tests match codes, never the wording of `detail`. The one place that knows
 * which engine errors are lost races (real time) is `isRaceError`.
 */
import type { AnyGame } from '../../engine/index.js';
import { type Err, err } from '../../result.js';
import type { FaultEvidence } from '../transcript.js';

export type HaltCode =
  /** An event whose data does not fit its type's schema, or that could not be taken in. */
  | 'bad-event'
  /** A ready that commits to another set-up than ours. */
  | 'bad-setup'
  /** A seal key that cannot be used (e.g. a low-order X25519 point). */
  | 'bad-seal-key'
  /** A cascade step (shuffle, lock, re-layer) that fails its proof or does not decode. */
  | 'bad-step'
  /** A key share that fails its commitment, names cards not asked for, or does not decode. */
  | 'wrong-key'
  /** Key shares that leave out an entry the request needs. */
  | 'missing-key'
  /** Sealed key shares that do not open for their recipient. */
  | 'unsealable'
  /** Two different signed events for one slot. */
  | 'equivocation'
  /** A real-time reveal that does not match its commit. */
  | 'reveal-mismatch'
  /** Not a move of this game. */
  | 'not-a-move'
  /** A move the rules refuse. */
  | 'illegal-move'
  /** A move that claims a card its keys do not open to. */
  | 'false-claim'
  /** A card handle that does not exist. */
  | 'unknown-handle'
  /** A state hash that differs from ours: its author computed another state. */
  | 'desync'
  /** An event made at an engine step that cannot exist yet. */
  | 'future-step'
  /** Opened cards that are no card of the hand (the crypto layer names the seat). */
  | 'crypto-fault'
  /** A disclosure that does not match what the seat committed to, or that never came. */
  | 'bad-disclosure'
  | 'no-disclosure'
  /** The rules audit with every card open found a false claim or an illegal move. */
  | 'rules-fault'
  /** A seat ended the hand without a result. */
  | 'abandoned'
  /** More events or bytes in one hand than any honest seat sends (event-pool.ts LIMITS). */
  | 'flood'
  /** A real-time reveal that never came by the table's deadline. */
  | 'no-reveal'
  /** A signed fault report whose evidence does not check out, or that names no seat and carries none (hand/faults.ts). */
  | 'false-report'
  /** A bug of this peer (no event was being taken in). */
  | 'internal';

/** Every halt code, for checks that must cover them all (test/adversarial/halt-codes.test.ts). */
export const HALT_CODES = [
  'bad-event',
  'bad-setup',
  'bad-seal-key',
  'bad-step',
  'wrong-key',
  'missing-key',
  'unsealable',
  'equivocation',
  'reveal-mismatch',
  'not-a-move',
  'illegal-move',
  'false-claim',
  'unknown-handle',
  'desync',
  'future-step',
  'crypto-fault',
  'bad-disclosure',
  'no-disclosure',
  'rules-fault',
  'abandoned',
  'flood',
  'no-reveal',
  'false-report',
  'internal',
] as const satisfies readonly HaltCode[];
/** Compile-time: HALT_CODES lists every HaltCode. */
const everyCodeListed: [Exclude<HaltCode, (typeof HALT_CODES)[number]>] extends [never] ? true : never = true;
void everyCodeListed;

export interface Halt {
  readonly code: HaltCode;
  /**
   * The seat to blame; null only for `abandoned` (nobody is at fault) and
   * `internal` (this peer's own failure, or an audit at once that found every
   * secret in order). Any other fault found with no seat goes to the audit at
   * once (early-audit.ts), which names one.
   */
  readonly seat: number | null;
  readonly detail: string;
  /** What lets every other peer check this verdict (sent in the fault report; hand/faults.ts). */
  readonly evidence?: FaultEvidence;
}

/** The failed side of a `Result<T, Halt>`: a halt with its code, blamed seat and detail. */
export const fail = (code: HaltCode, seat: number | null, detail: string): Err<Halt> => err({ code, seat, detail });

/** Engine errors that, in a real-time await, mean "lost a race" (shown as bounced, blamed on nobody). */
export function isRaceError(game: AnyGame, error: string): boolean {
  return game.raceErrors.includes(error);
}

export function seatName(seat: number): string {
  return `seat ${seat + 1}`;
}

/**
 * A crypto/ fault reason in the table's words: crypto/ numbers seats from 0
 * ("seat 1", and subscripts such as S_1, K_1,6, s_1 — the seat index of the
 * paper's notation), while every halt and verdict names seats from 1
 * (`seatName`). Rewrites both, so one sentence never mixes the two ("seat 2
 * is to blame — shuffle argument of seat 1"); card positions and packets
 * keep their numbers.
 */
export function cryptoWords(reason: string): string {
  return reason
    .replace(/\bseat (\d+)/g, (_, n: string) => seatName(Number(n)))
    .replace(/\b([SKTst])_(\d+)/g, (_, letter: string, n: string) => `${letter}_${Number(n) + 1}`);
}
