/**
 * The two unsigned frames the mesh sends on a link besides envelopes. Neither
 * can ever be an envelope (those are CBOR maps, whose first byte is never 0
 * or 1), and both count only on a link whose remote has proved its key with a
 * signed `hello` (WebRTC's DTLS keeps the link itself from being hijacked), so
 * neither needs a signature:
 * - the keep-alive, one zero byte: the link's peer is still there;
 * - `holds`, a tag byte then one or more 64-byte event signatures: the link's
 *   peer holds these table events (src/table/table-echo.ts), its word as a
 *   copy of each event sent over the same link would be, for the price of its
 *   signature.
 * This file only encodes and decodes them; the mesh decides when they count.
 */
import type { Result } from './envelope.js';

/** The keep-alive frame. */
export const KEEPALIVE = Uint8Array.of(0);
/** The first byte of a `holds` frame. */
export const HOLDS_TAG = 1;
/** At most this many signatures in one `holds` frame. */
export const MAX_HOLDS = 256;
const SIG_BYTES = 64;

export function isKeepAlive(bytes: Uint8Array): boolean {
  return bytes.length === KEEPALIVE.length && bytes[0] === KEEPALIVE[0];
}

export function isHoldsFrame(bytes: Uint8Array): boolean {
  return bytes.length > 0 && bytes[0] === HOLDS_TAG;
}

/** The frames that say "holds these": one per `MAX_HOLDS` signatures, none for none. */
export function encodeHolds(sigs: readonly Uint8Array[]): Uint8Array[] {
  const frames: Uint8Array[] = [];
  for (let i = 0; i < sigs.length; i += MAX_HOLDS) {
    const part = sigs.slice(i, i + MAX_HOLDS);
    const frame = new Uint8Array(1 + part.length * SIG_BYTES);
    frame[0] = HOLDS_TAG;
    part.forEach((sig, j) => frame.set(sig, 1 + j * SIG_BYTES));
    frames.push(frame);
  }
  return frames;
}

/** The signatures a `holds` frame names, or why its length is not 1 + 64 × (1 to `MAX_HOLDS`). */
export function decodeHolds(bytes: Uint8Array): Result<Uint8Array[]> {
  const count = (bytes.length - 1) / SIG_BYTES;
  if (!Number.isInteger(count) || count < 1 || count > MAX_HOLDS)
    return { ok: false, error: `holds frame of ${bytes.length} bytes: not 1 + 64 × (1 to ${MAX_HOLDS})` };
  const sigs: Uint8Array[] = [];
  for (let i = 0; i < count; i++) sigs.push(bytes.slice(1 + i * SIG_BYTES, 1 + (i + 1) * SIG_BYTES));
  return { ok: true, value: sigs };
}
