/**
 * Watching a table: who is watching, and the seatless hand a
 * watcher follows. A watcher is a peer that holds no seat but is linked to
 * the table (its hello or presence reached us recently); the lobby lists
 * them so the players know who is looking on. A page that plays no seat of
 * the current hand follows it with a seatless HandSession (hand-session.ts
 * `watchingHand`). Only the first few fresh
 * watchers, in the order first heard, are admitted: their fetches are
 * answered (table-catch-up.ts); more keys without a seat get nothing.
 */
import { FETCH_LIMITS } from './fetch-budget.js';
import { keyHex, type Envelope } from '../net/envelope.js';

/** The key under which a watcher's seatless hand is kept among a table's local hands (no seat has it). */
export const WATCHING_SEAT = -1;

/** A peer heard within this long (hello or presence) is still watching. */
const WATCHER_FRESH_MS = 20_000;
/** Above this many keys heard, the stale ones are forgotten. */
const FORGET_ABOVE = 256;

export interface Watcher {
  readonly keyHex: string;
  readonly name: string;
}

/** Peers heard at the table, by key: the ones without a seat are its watchers. */
export class Watchers {
  private readonly heard = new Map<string, { name: string; atMs: number }>();

  /**
   * Notes the author of a hello or presence (the kinds every linked peer sends). True when the list may show
   * something new: a key not heard before, or heard under another name, or no longer fresh until now; a peer that
   * repeats itself every few seconds changes nothing.
   */
  observe(envelope: Envelope, nowMs: number): boolean {
    if (envelope.kind !== 'hello' && envelope.kind !== 'presence') return false;
    const key = keyHex(envelope.from);
    const known = this.heard.get(key);
    if (known) {
      const news = known.name !== envelope.body.name || nowMs - known.atMs > WATCHER_FRESH_MS;
      Object.assign(known, { name: envelope.body.name, atMs: nowMs });
      return news;
    }
    // Keys not heard for a while are forgotten, so a stream of fresh keys cannot grow the map without end.
    if (this.heard.size >= FORGET_ABOVE)
      for (const [k, w] of this.heard) if (nowMs - w.atMs > WATCHER_FRESH_MS) this.heard.delete(k);
    this.heard.set(key, { name: envelope.body.name, atMs: nowMs });
    return true;
  }

  /**
   * The key (hex) is one of the first `limit` fresh watchers in the order first heard (and still heard since):
   * a watcher admitted to fetch. A key that falls silent gives its place to the next.
   */
  admitted(key: string, seatedKeys: ReadonlySet<string>, selfKey: string, nowMs: number, limit: number): boolean {
    let place = 0;
    for (const [k, { atMs }] of this.heard) {
      if (seatedKeys.has(k) || k === selfKey || nowMs - atMs > WATCHER_FRESH_MS) continue;
      if (k === key) return true;
      if (++place >= limit) return false;
    }
    return false;
  }

  /** Why a key gets no answer to its fetch, or null: it holds a seat, or it is an admitted watcher. */
  fetchRefusal(key: string, seatedKeys: ReadonlySet<string>, selfKey: string, nowMs: number): string | null {
    if (seatedKeys.has(key) || this.admitted(key, seatedKeys, selfKey, nowMs, FETCH_LIMITS.watchers)) return null;
    return `it holds no seat and is not one of the ${FETCH_LIMITS.watchers} watchers this table answers (a watcher's page says hello first)`;
  }

  /** Fresh peers that hold no seat (and are not this page), by name. */
  list(seatedKeys: ReadonlySet<string>, selfKey: string, nowMs: number): Watcher[] {
    const out: Watcher[] = [];
    for (const [key, { name, atMs }] of this.heard) {
      if (seatedKeys.has(key) || key === selfKey || nowMs - atMs > WATCHER_FRESH_MS) continue;
      out.push({ keyHex: key, name });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name) || a.keyHex.localeCompare(b.keyHex));
  }
}
