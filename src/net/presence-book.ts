/**
 * What each peer last said in its flooded, signed `presence`: when it was
 * heard of, its peer id and the peer ids it links to directly. Presence can
 * arrive out of order (an old copy by a longer path), so only a newer `seq`
 * replaces what is kept. Everything here is read "fresh": a word older than
 * `freshMs` says nothing. The mesh asks it who is reachable through others,
 * who has no link to this peer, and whether two peers link to each other
 * (so the relay need not pass a message between them).
 */
import type { BodyOf } from './messages.js';

interface Heard {
  readonly atMs: number;
  readonly seq: number;
  readonly peerId: string;
  readonly links: readonly string[];
}

export class PresenceBook {
  /** key hex → its latest presence */
  private readonly byKey = new Map<string, Heard>();

  constructor(private readonly freshMs: number) {}

  /** Keeps `body` as `author`'s word if it is newer than what is kept; true if it was. */
  note(author: string, seq: number, body: Pick<BodyOf<'presence'>, 'peerId' | 'links'>, nowMs: number): boolean {
    if (seq <= (this.byKey.get(author)?.seq ?? -1)) return false;
    this.byKey.set(author, { atMs: nowMs, seq, peerId: body.peerId, links: body.links });
    return true;
  }

  /** What `key` said, if it said it recently enough to count. */
  fresh(key: string | undefined, nowMs: number): Heard | undefined {
    const heard = key === undefined ? undefined : this.byKey.get(key);
    return heard && nowMs - heard.atMs < this.freshMs ? heard : undefined;
  }

  /**
   * What is fresh now, in words that change exactly when a reading here can:
   * each fresh author with its peer id and links. A peer that repeats itself
   * every few seconds changes nothing; one that falls silent does, once its
   * word is no longer fresh.
   */
  freshWords(nowMs: number): string {
    const words: string[] = [];
    for (const [key, heard] of this.byKey)
      if (nowMs - heard.atMs < this.freshMs) words.push(`${key} ${heard.peerId} ${heard.links.join(',')}`);
    return words.sort().join(';');
  }

  /** Peer ids of peers heard of recently (other than `selfKey`) that have no link in `linked`. */
  unlinked(selfKey: string, linked: ReadonlyMap<string, unknown>, nowMs: number): string[] {
    const out: string[] = [];
    for (const key of this.byKey.keys()) {
      const heard = key === selfKey ? undefined : this.fresh(key, nowMs);
      if (heard && !linked.has(heard.peerId)) out.push(heard.peerId);
    }
    return out;
  }

  /** Both `author` and the peer at `remote` (key `remoteKey`) said, recently, that they link to each other. */
  linkedToEachOther(author: string, remote: string, remoteKey: string | undefined, nowMs: number): boolean {
    const authorSays = this.fresh(author, nowMs);
    const remoteSays = this.fresh(remoteKey, nowMs);
    return (
      !!authorSays && !!remoteSays && authorSays.links.includes(remote) && remoteSays.links.includes(authorSays.peerId)
    );
  }
}
