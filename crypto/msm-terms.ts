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
import { type MsmTable, type Point, msm } from './group.js';

export class MsmTerms {
  private readonly at = new Map<Point, number>();
  private readonly points: Point[] = [];
  private readonly scalars: bigint[] = [];
  private readonly tables: (MsmTable | undefined)[] = [];

  /** Adds s·P; `table` is P's own MSM table, if it has one. */
  add(point: Point, scalar: bigint, table?: MsmTable): void {
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
    return msm(this.points, this.scalars, this.tables).is0();
  }
}
