/**
 * Where the mesh sends a message, so that two peers that cannot link directly
 * still hear each other through any third. A message for one key goes
 * straight to it if linked, except a table event, which goes to everyone
 * whatever its `to` says: it is the hand's public record. Anything else is
 * flooded to every link but the one it came from and the author's own. A
 * message that came straight from its author is not passed to a peer the
 * author also links to (it sent it there itself), by both sides' fresh
 * presence, which each peer also sends the moment its links change, ahead of
 * anything else on the same ordered links. If that link turns out to have
 * been dead already, `owed` hands the message back for that peer after all,
 * until the dead link would have been declared dead and said so. A message
 * that came over a relay goes on to everyone else.
 *
 * It decides and keeps the skipped messages; it sends nothing itself.
 */
import { keyHex, type Envelope, type EnvelopeOf } from './envelope.js';
import type { Kind } from './messages.js';
import type { PresenceBook } from './presence-book.js';

const SKIPPED_LIMIT = 1024;

/** The mesh's open links: peer id → the remote's key, once its signed `hello` proved it. */
export type LinkKeys = ReadonlyMap<string, { readonly key?: string }>;

/** Tests that play a hostile relay: false keeps a message from one link. */
export type RelayFilter = (envelope: Envelope, remote: string) => boolean;

export interface RelayTiming {
  readonly linkDeadAfterMs: number;
  readonly presenceMs: number;
}

/** A flooded message not passed on to some links because its author reaches them itself. */
interface Skipped {
  readonly atMs: number;
  readonly author: string;
  readonly bytes: Uint8Array;
  readonly remotes: Set<string>;
}

export class Relay {
  private skipped: Skipped[] = [];

  constructor(
    private readonly presence: PresenceBook,
    private readonly timing: RelayTiming,
  ) {}

  /**
   * The links to send `bytes` (the encoding of `envelope`) on now. `cameFrom`
   * is the link it arrived on, undefined for this peer's own. `filter` (tests)
   * withholds a message passed on from some links.
   */
  route(
    bytes: Uint8Array,
    envelope: EnvelopeOf<Kind>,
    cameFrom: string | undefined,
    links: LinkKeys,
    selfKey: string,
    nowMs: number,
    filter?: RelayFilter,
  ): string[] {
    if (envelope.to && envelope.kind !== 'table-event') {
      const target = keyHex(envelope.to);
      if (target === selfKey) return [];
      for (const [remote, info] of links) if (info.key === target) return [remote];
    }
    const author = keyHex(envelope.from);
    const fromAuthor = cameFrom !== undefined && links.get(cameFrom)?.key === author;
    const send: string[] = [];
    const skipped = new Set<string>();
    for (const [remote, info] of links) {
      if (remote === cameFrom || info.key === author) continue;
      if (cameFrom !== undefined && filter && !filter(envelope as Envelope, remote)) continue;
      if (fromAuthor && this.presence.linkedToEachOther(author, remote, info.key, nowMs)) skipped.add(remote);
      else send.push(remote);
    }
    if (skipped.size > 0) {
      this.skipped.push({ atMs: nowMs, author, bytes, remotes: skipped });
      if (this.skipped.length > SKIPPED_LIMIT) this.skipped.shift();
    }
    return send;
  }

  /**
   * Skipped messages now owed to peers that (by newer presence) no longer link
   * to their author, as [link, bytes] to send; each is owed once, and to a
   * peer no longer linked to this one it is simply forgotten.
   */
  owed(links: LinkKeys, nowMs: number): [string, Uint8Array][] {
    const out: [string, Uint8Array][] = [];
    for (const record of this.skipped) {
      for (const remote of record.remotes) {
        if (this.presence.linkedToEachOther(record.author, remote, links.get(remote)?.key, nowMs)) continue;
        record.remotes.delete(remote);
        if (links.has(remote)) out.push([remote, record.bytes]);
      }
    }
    this.skipped = this.skipped.filter((record) => record.remotes.size > 0);
    return out;
  }

  /** Forgets skipped messages older than a dead link takes to be declared dead and said so. */
  expire(nowMs: number): void {
    const keepMs = this.timing.linkDeadAfterMs + 2 * this.timing.presenceMs;
    this.skipped = this.skipped.filter((record) => nowMs - record.atMs < keepMs);
  }
}
