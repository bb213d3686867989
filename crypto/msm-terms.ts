/**
 * A verification equation Σ s_i·P_i = 0 built term by term, so that several
 * proofs' equations can be checked as one multi-scalar multiplication (the
 * small-exponent batch test of Bellare, Garay & Rabin, EUROCRYPT '98, §3.1:
 * each proof's sub-equations enter with random weights of the verifier).
 * A point added twice (the same object: a generator, or a deck one step
 * outputs and the next takes in) is one term whose scalar is the sum, so the
 * merged equation pays for it once. Scalars are public and reduced mod ℓ
 * when the sum is taken.
 */
import { type MsmTable, type Point, BUCKET_MSM_FROM, msm } from './group.js';

/** A point's MSM table, or how to get it: a sum of many terms takes the bucket method and reads none, so none is built. */
export type TableOf = MsmTable | (() => MsmTable);

export class MsmTerms {
  private readonly at = new Map<Point, number>();
  private readonly points: Point[] = [];
  private readonly scalars: bigint[] = [];
  private readonly tables: (TableOf | undefined)[] = [];

  /** Adds s·P; `table` is P's own MSM table, if it has one (or gets it, when a small sum needs it). */
  add(point: Point, scalar: bigint, table?: TableOf): void {
    const i = this.at.get(point);
    if (i === undefined) {
      this.at.set(point, this.points.length);
      this.points.push(point);
      this.scalars.push(scalar);
      this.tables.push(table);
      return;
    }
    this.scalars[i]! += scalar;
    this.tables[i] ??= table;
  }

  /** How many distinct points the equation has. */
  get size(): number {
    return this.points.length;
  }

  /** Whether Σ s_i·P_i is the identity. */
  isZero(): boolean {
    if (this.points.length >= BUCKET_MSM_FROM) return msm(this.points, this.scalars).is0();
    const tables = this.tables.map((t) => (typeof t === 'function' ? t() : t));
    return msm(this.points, this.scalars, tables).is0();
  }
}
