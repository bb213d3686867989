/**
 * Independent generators for the shuffle argument (shuffle-proof.ts): the
 * chain base H and the commitment generators H_0..H_{n−1} of the generalized
 * Pedersen commitment to the permutation matrix (Terelius & Wikström,
 * AFRICACRYPT 2010, §3; Haenni, Locher, Koenig & Dubuis, FC 2017 workshops,
 * Alg. 8.3 "GetGenerators"). Each is hash_to_ristretto255 (RFC 9380 §6.8.1
 * and Appendix B, expand_message_xmd with SHA-512) of a framed label and index
 * under a Fairdeck DST (RFC 9380 §3.1), so nobody — in particular no peer —
 * knows a discrete-log relation among G, H and the H_j. They depend on nothing
 * of the table, so they are derived once per process and cached: the list
 * grows to the largest n asked for (n ≤ MAX_PACKET), each n's prefix is kept,
 * H gets a fixed-base table for the prover's secret multiplications, and
 * every generator (and G) a width-7 table for the verifier's MSM. The halves
 * H_j/2 are the prover's alone (`shuffleGeneratorHalves`), made on its first
 * call, so a verifier (`npm run verify`) never pays the 52 multiplications.
 */
import { aint, utf8 } from './bytes.js';
import { Transcript } from './fiat-shamir.js';
import {
  type FixedBase,
  type MsmTable,
  type Point,
  G,
  HALF,
  encodePoint,
  fixedBase,
  hashToGroup,
  msmTable,
} from './group.js';
import { MAX_PACKET } from './packet.js';

export const GENERATOR_DST = 'fairdeck-v1-shuffle-generators_ristretto255_XMD:SHA-512_R255MAP_RO_';

/** The generators of one size n. */
export interface ShuffleGenerators {
  /** H_0..H_{n−1}. */
  readonly H: readonly Point[];
  /** Width-7 MSM tables of the H_j, for the verifier. */
  readonly Htables: readonly MsmTable[];
}

/** Width of the cached MSM tables of fixed generators (32 odd multiples each). */
const FIXED_W = 7;

function generator(label: string, index: number): Point {
  const msg = new Transcript('shuffle-generator').bytes(utf8(label)).u32(index).digest();
  return hashToGroup(msg, GENERATOR_DST);
}

const points: Point[] = [];
const halves: Point[] = [];
const tables: MsmTable[] = [];
const bySize = new Map<number, ShuffleGenerators>();
const halvesBySize = new Map<number, readonly Point[]>();
let chain: { point: Point; bytes: Uint8Array; msm: MsmTable; table?: FixedBase } | undefined;
let gTable: MsmTable | undefined;

/** H_0..H_{n−1} and their MSM tables for 1 ≤ n ≤ MAX_PACKET. */
export function shuffleGenerators(n: number): ShuffleGenerators {
  aint(n, 'shuffle generators: n', 1, MAX_PACKET);
  const cached = bySize.get(n);
  if (cached) return cached;
  while (points.length < n) {
    const p = generator('commitment', points.length);
    points.push(p);
    tables.push(msmTable(p, FIXED_W));
  }
  const gens = Object.freeze({
    H: Object.freeze(points.slice(0, n)),
    Htables: Object.freeze(tables.slice(0, n)),
  });
  bySize.set(n, gens);
  return gens;
}

/** H_j/2 for j < n (the prover's), so that a commitment r·G + H_j is published as the double of (r/2)·G + H_j/2. */
export function shuffleGeneratorHalves(n: number): readonly Point[] {
  const cached = halvesBySize.get(n);
  if (cached) return cached;
  const { H } = shuffleGenerators(n);
  while (halves.length < n) halves.push(H[halves.length]!.multiplyUnsafe(HALF));
  const list = Object.freeze(halves.slice(0, n));
  halvesBySize.set(n, list);
  return list;
}

function chainBase(): { point: Point; bytes: Uint8Array; msm: MsmTable; table?: FixedBase } {
  if (!chain) {
    const point = generator('chain', 0);
    chain = { point, bytes: encodePoint(point), msm: msmTable(point, FIXED_W) };
  }
  return chain;
}

/** Width-7 MSM tables of H and of G, for the verifier. */
export function fixedMsmTables(): { H: MsmTable; G: MsmTable } {
  gTable ??= msmTable(G, FIXED_W);
  return { H: chainBase().msm, G: gTable };
}

/** The chain base H (ĉ_0 = H). */
export function chainGenerator(): Point {
  return chainBase().point;
}

/** The fixed-base table of H, built on first use (the prover multiplies H by secret scalars 2n times). */
export function chainTable(): FixedBase {
  const c = chainBase();
  c.table ??= fixedBase(c.point);
  return c.table;
}
