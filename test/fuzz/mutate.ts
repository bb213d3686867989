/**
 * Mutations of real encoded messages for the fuzz tests: bit flips, byte
 * inserts and deletes, truncation, and splices with another message (of
 * another kind), as a fast-check arbitrary. Seeds are fixed by the callers.
 */
import { runs } from '../helpers/depth.js';
import fc from 'fast-check';

export type Mutation =
  | { op: 'flip'; at: number; bit: number }
  | { op: 'insert'; at: number; byte: number }
  | { op: 'delete'; at: number }
  | { op: 'truncate'; at: number }
  | { op: 'splice'; at: number; other: number; from: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), bit: fc.nat(7) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), byte: fc.nat(255) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('splice' as const), at: fc.nat(), other: fc.nat(), from: fc.nat() }),
);

/** One to four mutations in a row. */
export const mutations = fc.array(mutation, { minLength: 1, maxLength: 4 });

export function mutate(bytes: Uint8Array, ms: readonly Mutation[], others: readonly Uint8Array[]): Uint8Array {
  let out = bytes;
  for (const m of ms) {
    const at = out.length === 0 ? 0 : m.at % (out.length + 1);
    switch (m.op) {
      case 'flip': {
        if (out.length === 0) break;
        out = out.slice();
        out[at % out.length]! ^= 1 << m.bit;
        break;
      }
      case 'insert':
        out = join(out.subarray(0, at), Uint8Array.of(m.byte), out.subarray(at));
        break;
      case 'delete':
        if (out.length > 0) out = join(out.subarray(0, at % out.length), out.subarray((at % out.length) + 1));
        break;
      case 'truncate':
        out = out.slice(0, at);
        break;
      case 'splice': {
        const other = others[m.other % others.length]!;
        const from = other.length === 0 ? 0 : m.from % other.length;
        out = join(out.subarray(0, at), other.subarray(from));
        break;
      }
    }
  }
  return out;
}

function join(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Runs per message kind: 10,000 in the deep suite, a sample of them in `npm test`. */
export const RUNS = runs(50, 10_000);
