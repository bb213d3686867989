/**
 * How deeply a CBOR item nests, found without building it: a loop over the
 * item heads (RFC 8949 §3: major type, additional information, argument)
 * with a stack of how many items each open array, map or tag still holds.
 * The decoder (cborg) and the encoder that recomputes signing bytes both
 * recurse once per level, so a message nested a few thousand levels deep
 * would overflow the call stack — sooner on a cold process, whose
 * interpreted frames are larger. The envelope gate (envelope.ts) refuses
 * anything deeper than `MAX_NESTING` before either runs, so no input can
 * make them recurse more than that.
 */

/** The deepest nesting an envelope may have: honest ones reach about 7 (envelope, body, data, a move's fields). */
export const MAX_NESTING = 32;

/**
 * The first reason the bytes nest deeper than `max`, or null when they do
 * not (or when they are malformed in a way the decoder will name: a
 * reserved or indefinite head, a length beyond the bytes). Runs in time
 * linear in the number of heads and never recurses.
 */
export function nestingProblem(bytes: Uint8Array, max = MAX_NESTING): string | null {
  /** Per open container, the items it still holds. */
  const open: number[] = [];
  let at = 0;
  for (;;) {
    if (at >= bytes.length) return null;
    const head = bytes[at++]!;
    const major = head >> 5;
    const info = head & 31;
    let argument: number;
    if (info < 24) argument = info;
    else if (info <= 27) {
      const size = 1 << (info - 24);
      if (at + size > bytes.length) return null;
      argument = 0;
      for (let i = 0; i < size; i++) argument = argument * 256 + bytes[at + i]!;
      at += size;
    } else return null;
    let children = 0;
    if (major === 2 || major === 3) {
      if (argument > bytes.length - at) return null;
      at += argument;
    } else if (major === 4) children = argument;
    else if (major === 5) children = argument * 2;
    else if (major === 6) children = 1;
    if (children > bytes.length - at) return null;
    if (children > 0) {
      if (open.length + 1 > max) return `nested deeper than ${max} levels`;
      open.push(children);
      continue;
    }
    // A complete item: it fills one place in each container it completes.
    while (open.length > 0) {
      const left = open[open.length - 1]! - 1;
      if (left > 0) {
        open[open.length - 1] = left;
        break;
      }
      open.pop();
    }
    if (open.length === 0) return null;
  }
}
