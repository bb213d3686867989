/**
 * Faults: the result of catching a cheat or a broken message. Every fault
 * names the seat to blame (or `null` when only the end-of-hand audit can tell,
 * e.g. a revealed point that is not a card) and a human-readable reason. This
 * module implements no paper; it is the attribution ("identifiable abort",
 * cf. Ishai, Ostrovsky & Zikas, CRYPTO 2014, §1) that the protocol requires
 * (docs/PROTOCOL.md §10): any cheat must be caught and its author named.
 */
import type { StepKind } from './packet.js';
import { type Err, err } from './result.js';

export type FaultCode =
  /** The message names another table, hand, packet, step or seat. */
  | 'context'
  /** A step from a seat whose turn it is not, or for a packet in another phase. */
  | 'turn'
  /** Wrong number of cards or entries. */
  | 'size'
  /** Two equal points in a packet. */
  | 'duplicate'
  /** A zero-knowledge proof does not verify. */
  | 'proof'
  /** A revealed key does not match its commitment K_ic. */
  | 'key'
  /** Stripping every layer did not give a card of this hand (blame needs the audit). */
  | 'not-a-card'
  /** Audit: a step's output is not what the disclosed secrets give. */
  | 'recompute'
  /** Audit: a disclosed secret does not match its public commitment. */
  | 'secret'
  /** Audit: a step or a secret is missing. */
  | 'missing'
  /** Audit: a disclosed permutation is not a permutation. */
  | 'permutation'
  /** Audit: two positions of the hand hold the same card. */
  | 'card';

export interface Fault {
  /** The seat to blame, or null if only the audit can tell. */
  readonly seat: number | null;
  readonly code: FaultCode;
  readonly reason: string;
  readonly packet?: number;
  readonly step?: StepKind | 'keys' | 'secrets';
  readonly position?: number;
}

/** A crypto check's refusal, the failed side of a `Result<T, Fault>`, holding a frozen copy of the fault. */
export function fault(f: Fault): Err<Fault> {
  return err(Object.freeze({ ...f }));
}
