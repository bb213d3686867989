/**
 * The one boundary between the project's own curve arithmetic and
 * @noble/curves' private representation of a ristretto255 element. noble keeps
 * an element as an edwards25519 representative in the protected field `ep`, a
 * point in extended coordinates (X:Y:Z:T) with x = X/Z, y = Y/Z and
 * T·Z = X·Y (Hisil–Wong–Carter–Dawson, ASIACRYPT 2008, §3.1); any
 * representative of the class stands for the element (RFC 9496 §4.2). The
 * arithmetic of edwards.ts, edwards-secret.ts and group.ts's batch encoding
 * reads that representative here (`edwardsOf`) and wraps results back with
 * noble's public constructors (`ristrettoOf`). Nothing else in the project
 * reads a private field of noble.
 *
 * The representation is noble's to change. `nobleInternalsProblem` checks the
 * shape and known vectors (RFC 8032 §5.1 base point, RFC 9496 Appendix A.1
 * multiples) and says what changed; this module runs it once when it loads and
 * throws `NobleInternalsError` if it fails, so a changed noble stops every
 * crypto entry point with that message instead of computing wrong points.
 * test/crypto/noble-internals.test.ts is the canary; bench/noble.ts (`npm run
 * bench -- noble`) measures what this boundary buys against noble's public API.
 */
import { ed25519, ristretto255 } from '@noble/curves/ed25519.js';

type RPoint = InstanceType<typeof ristretto255.Point>;

/** The @noble/curves version this boundary was checked and benchmarked at (package.json pins it exactly). */
export const NOBLE_CURVES_PINNED = '2.4.0';

/** Extended coordinates [X, Y, Z, T] of an edwards25519 representative, each in [0, p). */
export type EdwardsXYZT = readonly [bigint, bigint, bigint, bigint];

/** Thrown when noble's private representation no longer is what this module reads. */
export class NobleInternalsError extends Error {
  override readonly name = 'NobleInternalsError';
}

const P = 2n ** 255n - 19n;
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
/** The edwards25519 base point B (RFC 8032 §5.1). */
const BX = 15112221349535400772501151409588531511454012693041857206046113283949847762202n;
const BY = 46316835694926478169428394003475163141307993866256225615783033603165251855960n;
/** Encodings of 2·B and 3·B (RFC 9496 Appendix A.1). */
const TWO_B = '6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919';
const THREE_B = '94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259';

const FIX = `Pin @noble/curves to ${NOBLE_CURVES_PINNED} or adapt crypto/noble-internals.ts (and run \`npm run bench -- noble\`).`;

interface Coords {
  readonly X: unknown;
  readonly Y: unknown;
  readonly Z: unknown;
  readonly T: unknown;
}

const mod = (x: bigint): bigint => ((x % P) + P) % P;
const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/**
 * What is wrong with one element's private representative, or null if `ep`
 * holds X, Y, Z, T bigints in [0, p) of a point of edwards25519 in extended
 * coordinates. `what` names the element in the sentence.
 */
export function representativeProblem(p: unknown, what: string): string | null {
  if (typeof p !== 'object' || p === null) return `${what} is not an object`;
  if (!('ep' in p)) return `${what} has no field \`ep\` (noble no longer keeps the Edwards representative there)`;
  const ep = (p as { ep: unknown }).ep;
  if (typeof ep !== 'object' || ep === null) return `${what}.ep is ${ep === null ? 'null' : typeof ep}, not a point`;
  for (const k of ['X', 'Y', 'Z', 'T'] as const) {
    const v = (ep as Partial<Coords>)[k];
    if (typeof v !== 'bigint') return `${what}.ep.${k} is ${typeof v}, not a bigint (extended coordinates changed)`;
    if (v < 0n || v >= P) return `${what}.ep.${k} is outside [0, p) (coordinates are no longer reduced mod p)`;
  }
  const { X, Y, Z, T } = ep as { X: bigint; Y: bigint; Z: bigint; T: bigint };
  if (Z === 0n) return `${what}.ep.Z is 0`;
  if (mod(T * Z) !== mod(X * Y)) return `${what}.ep is not extended coordinates: T·Z ≠ X·Y`;
  // −X² + Y² = Z² + d·T² (projective form of −x² + y² = 1 + d·x²·y², RFC 8032 §5.1).
  if (mod(Y * Y - X * X) !== mod(Z * Z + D * T * T)) return `${what}.ep is not a point of edwards25519`;
  return null;
}

/**
 * Null if noble's ristretto255 elements are what `edwardsOf` and `ristrettoOf`
 * assume; otherwise a sentence saying what changed: the shape of `ep`, the
 * base point's representative (RFC 8032 §5.1), or the round trip through the
 * public constructors on the RFC 9496 Appendix A.1 multiples 2·B and 3·B.
 */
export function nobleInternalsProblem(): string | null {
  const base = ristretto255.Point.BASE;
  const shape = representativeProblem(base, 'ristretto255.Point.BASE');
  if (shape) return shape;
  const b = (base as unknown as { ep: { X: bigint; Y: bigint; Z: bigint } }).ep;
  const zi = mod(b.Z) === 1n ? 1n : ed25519.Point.Fp.inv(b.Z);
  if (mod(b.X * zi) !== BX || mod(b.Y * zi) !== BY)
    return 'ristretto255.Point.BASE.ep is not the edwards25519 base point of RFC 8032 §5.1';
  const computed = ristretto255.Point.fromBytes(hexBytes(TWO_B));
  const decodedShape = representativeProblem(computed, 'a decoded element');
  if (decodedShape) return decodedShape;
  const e = edwardsOf(base);
  let wrapped: RPoint;
  try {
    wrapped = ristrettoOf(e);
  } catch (err) {
    return `the public constructors no longer accept an Edwards representative: ${(err as Error).message}`;
  }
  if (hex(wrapped.toBytes()) !== hex(base.toBytes()))
    return 'wrapping the base point’s own representative gives another element';
  // 3·B from the representative of 2·B and of B by the complete addition (HWCD 2008 §3.1, a = −1), wrapped back.
  const [X1, Y1, Z1, T1] = edwardsOf(computed);
  const [X2, Y2, Z2, T2] = e;
  const A = mod((Y1 - X1) * (Y2 - X2));
  const B = mod((Y1 + X1) * (Y2 + X2));
  const C = mod(2n * D * T1 * T2);
  const Dz = mod(2n * Z1 * Z2);
  const [E, F, G, H] = [B - A, Dz - C, Dz + C, B + A];
  const sum = ristrettoOf([mod(E * F), mod(G * H), mod(F * G), mod(E * H)]);
  if (hex(sum.toBytes()) !== THREE_B)
    return 'B + 2·B computed on the representatives does not encode to 3·B (RFC 9496 Appendix A.1)';
  return null;
}

function hexBytes(h: string): Uint8Array {
  return Uint8Array.from({ length: h.length / 2 }, (_, i) => parseInt(h.slice(2 * i, 2 * i + 2), 16));
}

/** Throws NobleInternalsError naming what changed if `nobleInternalsProblem` finds anything. */
export function assertNobleInternals(): void {
  const problem = nobleInternalsProblem();
  if (problem)
    throw new NobleInternalsError(
      `@noble/curves changed the internals the project's curve arithmetic reads: ${problem}. ${FIX}`,
    );
}

/**
 * The Edwards representative [X, Y, Z, T] of a ristretto255 element (noble's
 * protected `ep`). Throws NobleInternalsError if the element carries none.
 */
export function edwardsOf(p: RPoint): EdwardsXYZT {
  const ep = (p as unknown as { ep?: { X: bigint; Y: bigint; Z: bigint; T: bigint } }).ep;
  if (ep === undefined || typeof ep.T !== 'bigint')
    throw new NobleInternalsError(
      `edwardsOf: ${representativeProblem(p, 'the element') ?? 'no representative'}. ${FIX}`,
    );
  return [ep.X, ep.Y, ep.Z, ep.T];
}

/** Wraps a representative (coordinates in [0, p)) as a ristretto255 element, with noble's public constructors. */
export function ristrettoOf(e: EdwardsXYZT): RPoint {
  return new ristretto255.Point(new ed25519.Point(e[0], e[1], e[2], e[3]));
}

assertNobleInternals();
