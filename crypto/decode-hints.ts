/**
 * Decode hints: what the author of a step sends beside each point so that a
 * receiver decodes it without an exponentiation (codec.ts, version 2; the
 * check is group.ts `decodePoint` with edwards.ts `decodeRistrettoHinted`).
 * The hint of an element is the inverse square root r = 1/√(v·u2²) of its
 * RFC 9496 §4.3.1 decoding. The author holds the element already, so it
 * finds r from its coordinates with one inversion shared by a whole deck
 * (Montgomery's trick) instead of one square root per element. Also the
 * hint section of a step (codec.ts): read after the body, written from the
 * decks, and remembered per deck so a step re-encoded costs nothing.
 */
import { type Reader, type Writer } from './bytes.js';
import { Point, decodePoint, leToBigint } from './group.js';
import type { Deck } from './packet.js';
import { type Ext, P, SQRT_M1, decodeTerms, rd, toExt } from './edwards.js';

/** The version of a step message that carries decode hints (codec.ts). */
export const HINTED = 2;

/**
 * A step's points as they are read: raw first, decoded once the whole body
 * (and in version 2 its decode hints, which follow it) has been read.
 */
export class StepPoints {
  private readonly raw: { bytes: Uint8Array; field: string; single: boolean }[] = [];
  private count = 0;
  constructor(
    private readonly r: Reader,
    private readonly what: string,
  ) {}

  /** `n` points of `field`; index i of the result is the deck, decoded by `decode`. */
  deck(n: number, field: string): number {
    this.raw.push({ bytes: this.r.raw(32 * n, field), field, single: false });
    this.count += n;
    return this.raw.length - 1;
  }
  point(field: string): number {
    this.raw.push({ bytes: this.r.raw(32, field), field, single: true });
    this.count += 1;
    return this.raw.length - 1;
  }

  /** Reads the hints (version 2), checks the end, and decodes every deck in order. */
  decode(version: number): Deck[] {
    const hints = version === HINTED ? this.r.raw(32 * this.count, 'decode hints') : null;
    this.r.end();
    let at = 0;
    return this.raw.map(({ bytes, field, single }) => {
      const n = bytes.length / 32;
      const points = new Array<Point>(n);
      for (let i = 0; i < n; i++, at++) {
        const name = single ? `${this.what}: ${field}` : `${this.what}: ${field}[${i}]`;
        const hint = hints?.subarray(32 * at, 32 * at + 32);
        points[i] = decodePoint(bytes.subarray(32 * i, 32 * i + 32), name, hint);
      }
      const deck = { points, bytes };
      if (hints) HINTS.set(bytes, hints.slice(32 * (at - n), 32 * at));
      return deck;
    });
  }
}

/** Decode hints of decks already hinted (made here, or received with hints): a step re-encoded costs nothing. */
const HINTS = new WeakMap<Uint8Array, Uint8Array>();

/** Appends the decode hints of `decks`, in order (version 2's tail). */
export function writeHints(w: Writer, decks: readonly Deck[]): Writer {
  for (const deck of decks) {
    let hints = HINTS.get(deck.bytes);
    if (!hints) HINTS.set(deck.bytes, (hints = decodeHintsOf(deck.points, deck.bytes)));
    w.raw(hints);
  }
  return w;
}

/**
 * The decode hints of elements the caller holds, with one shared inversion
 * instead of an exponentiation per element: `points[i]` is any Edwards
 * representative of the element whose canonical encoding is `s[i]`. DECODE
 * returns a representative of the same class, P + T for a 4-torsion T, whose
 * x is ±x_P or ±√−1·y_P (RFC 9496 §4.2: the class of (x, y) holds (−x, −y)
 * and (√−1·y, √−1·x)); its root is x / (2·s·u2) up to sign, so each
 * candidate is tried against v·u2²·r² = 1. The non-negative root, or null
 * where neither fits (s = 0, or a point that does not match its encoding).
 */
export function decodeHints(points: readonly Ext[], s: readonly bigint[]): (bigint | null)[] {
  const n = points.length;
  const dens = new Array<bigint>(n);
  const terms = new Array<ReturnType<typeof decodeTerms>>(n);
  for (let i = 0; i < n; i++) {
    terms[i] = decodeTerms(s[i]!);
    // 1/(Z·2s·u2) gives both 1/Z (for the affine x, y) and 1/(2s·u2).
    dens[i] = rd(rd(points[i]![2] * 2n * s[i]!) * terms[i]!.u2);
  }
  const invs = Point.Fp.invertBatch(dens); // Montgomery's trick: one inversion for the deck, 0 stays 0
  return points.map(([X, Y], i) => {
    const inv = invs[i]!;
    if (inv === 0n) return null;
    const vv = terms[i]!.vv;
    for (const cand of [X, rd(SQRT_M1 * Y)]) {
      // x/(Z·2s·u2) with x = X/Z·Z: the candidate's X over Z·2s·u2, times Z/Z.
      let r = rd(cand * inv);
      if (rd(vv * rd(r * r)) === 1n) {
        if (r & 1n) r = P - r;
        return r;
      }
    }
    return null;
  });
}

/**
 * The decode hints of `points` (32 bytes each, in order) whose encodings are
 * `bytes`: what a message's author sends so that each receiver decodes its
 * elements without an exponentiation each (`decodeHints`).
 */
export function decodeHintsOf(points: readonly Point[], bytes: Uint8Array): Uint8Array {
  const n = points.length;
  if (bytes.length !== 32 * n) throw new RangeError(`decode hints: ${n} points but ${bytes.length} bytes`);
  const s = Array.from({ length: n }, (_, i) => leToBigint(bytes.subarray(32 * i, 32 * i + 32)));
  const roots = decodeHints(points.map(toExt), s);
  const out = new Uint8Array(32 * n);
  roots.forEach((r, i) => {
    if (r === null) throw new RangeError(`decode hints: point ${i} does not match its encoding`);
    out.set(Point.Fp.toBytes(r), 32 * i);
  });
  return out;
}
