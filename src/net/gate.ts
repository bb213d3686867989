/**
 * The checks a signed envelope must pass after its signature and before the
 * mesh takes it, other than admission (the table layer's): it is not a replay
 * of an author's old message, it came over the link it must come over, and a
 * `hello`, `presence` or `join` names the peer id its key owns. Each check
 * reads plain data and returns why it refuses, or null; the mesh logs the
 * reason and acts on it.
 */
import type { Envelope } from './envelope.js';
import { RELAYED_KINDS, REPLAY_CHECKED_KINDS } from './messages.js';
import { peerIdFor } from './peer-id.js';

/** How far back (in µs of the author's clock) a flooded message may arrive late. */
export const REORDER_WINDOW_US = 30_000_000;

/** The highest `seq` taken from each author: a replay-checked kind far older than it is a replay. */
export class ReplayWindow {
  private readonly highest = new Map<string, number>();

  note(author: string, seq: number): void {
    this.highest.set(author, Math.max(this.highest.get(author) ?? 0, seq));
  }

  refusal(envelope: Envelope, author: string): string | null {
    if (!REPLAY_CHECKED_KINDS.has(envelope.kind)) return null;
    if (envelope.seq + REORDER_WINDOW_US >= (this.highest.get(author) ?? 0)) return null;
    return `replayed: seq ${envelope.seq} is older than this author's recent messages`;
  }
}

/** Why an envelope may not come over this link, and whether the link must be dropped for it. */
export interface OriginRefusal {
  readonly reason: string;
  readonly dropLink: boolean;
}

/** The link an envelope came over: its peer id, whether it is open, and the key its `hello` bound to it. */
export interface ArrivalLink {
  readonly remote: string;
  readonly open: boolean;
  readonly key: string | undefined;
}

/**
 * A kind that is not relayed must come over its author's own link (bound by
 * its `hello`). A `hello`, `presence` or `join` must name the peer id derived
 * from its author's key at this table, and a `hello` must come over that very
 * link: a `hello` that fails either costs the link.
 */
export function originRefusal(
  envelope: Envelope,
  author: string,
  table: string,
  via: ArrivalLink,
): OriginRefusal | null {
  if (!RELAYED_KINDS.has(envelope.kind) && envelope.kind !== 'hello' && via.key !== author) {
    return { reason: `${envelope.kind} must come over the author's own link`, dropLink: false };
  }
  if (envelope.kind === 'hello' || envelope.kind === 'presence' || envelope.kind === 'join') {
    const owned = peerIdFor(table, author);
    if (envelope.body.peerId !== owned) {
      return {
        reason: `${envelope.kind} names peer id ${envelope.body.peerId}, but key ${author.slice(0, 16)}… owns ${owned}`,
        dropLink: envelope.kind === 'hello',
      };
    }
  }
  if (envelope.kind === 'hello' && (!via.open || via.remote !== envelope.body.peerId)) {
    return {
      reason: `hello from ${envelope.body.peerId} came over the link of ${via.remote}: not its own`,
      dropLink: true,
    };
  }
  return null;
}
