/**
 * A table's chat: short lines and quick reactions, carried as signed `chat`
 * envelopes (src/net/messages.ts) that the mesh floods like the other
 * table-level kinds. Chat is no part of any hand: it never enters a hand's
 * transcript, event pool, storage or state hash.
 *
 * Every page judges each chat it is given before the mesh passes it on
 * (`admit`, called from the lobby's `authorize`):
 * - who may chat: a key seated in the roster, or, only where the creator's
 *   signed table config says `watchersChat`, a key without a seat;
 * - how fast: a token bucket per sending key (`RECEIVED_RATE`); a chat over
 *   it is dropped and counted, and nothing else that key sends is touched.
 * A refused chat is not relayed, so a flood stops at the first honest page.
 * This page's own chat is held to a stricter bucket (`SENT_RATE`) before it
 * is signed, and the person is told why and how long to wait; links delay
 * and bunch messages, so receivers allow a few more at once than a sender
 * lets itself send.
 *
 * The body names no sender: a line is shown under the name this page's
 * roster gives the signing key at the moment it arrives (the app layer names
 * a watcher as the watcher list does).
 */
import * as v from 'valibot';
import { keyHex, type EnvelopeOf } from '../net/envelope.js';
import { chatSchema, type ChatBody, type Reaction } from '../net/messages.js';

export interface Rate {
  /** Messages that may come at once. */
  readonly burst: number;
  /** One more may come every this many ms. */
  readonly everyMs: number;
}
/** What this page lets its own person send. */
export const SENT_RATE: Rate = { burst: 5, everyMs: 2000 };
/** What every page takes from one key: the same pace, a few more at once (links bunch messages). */
export const RECEIVED_RATE: Rate = { burst: 8, everyMs: 2000 };
/** Lines kept (oldest forgotten first). */
export const CHAT_KEEP = 200;
/** Keys whose buckets are kept; above this the full ones are forgotten (a full bucket is the same as none). */
const BUCKETS_KEPT = 256;

/** Token buckets per key: `take` spends one if there is one. */
export class RateLimit {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();
  constructor(private readonly rate: Rate) {}

  private filled(key: string, nowMs: number): { tokens: number; atMs: number } {
    const bucket = this.buckets.get(key) ?? { tokens: this.rate.burst, atMs: nowMs };
    const gained = Math.max(0, nowMs - bucket.atMs) / this.rate.everyMs;
    return { tokens: Math.min(this.rate.burst, bucket.tokens + gained), atMs: nowMs };
  }

  /** Spends one message of `key`'s allowance; false (and nothing spent) when it has none left. */
  take(key: string, nowMs: number): boolean {
    const bucket = this.filled(key, nowMs);
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return false;
    }
    bucket.tokens -= 1;
    if (!this.buckets.has(key) && this.buckets.size >= BUCKETS_KEPT) this.forgetFull(nowMs);
    this.buckets.set(key, bucket);
    return true;
  }

  /** How long `key` must wait before its next message (0: it may send now). */
  waitMs(key: string, nowMs: number): number {
    const bucket = this.filled(key, nowMs);
    return bucket.tokens >= 1 ? 0 : Math.ceil((1 - bucket.tokens) * this.rate.everyMs);
  }

  private forgetFull(nowMs: number): void {
    for (const key of [...this.buckets.keys()])
      if (this.filled(key, nowMs).tokens >= this.rate.burst) this.buckets.delete(key);
  }
}

export interface ChatEntry {
  /** Counts up from 1 in the order lines were taken (this page's own included). */
  readonly id: number;
  readonly atMs: number;
  /** The signing key (hex). */
  readonly key: string;
  /** The sender's seat and its roster name when the line arrived; null seat: a watcher's line. */
  readonly seat: number | null;
  readonly seatName: string | null;
  readonly mine: boolean;
  readonly body: ChatBody;
}

export interface TableChatOptions {
  /** Signs and floods a chat body (the mesh's `send`). */
  readonly send: (body: ChatBody) => void;
  readonly selfKey: string;
  /** The key's seat in the roster now, or null. */
  readonly seatOf: (key: string) => number | null;
  /** The name the roster gives a seat. */
  readonly seatName: (seat: number) => string;
  /** The creator's table config lets pages without a seat chat. */
  readonly watchersMayChat: () => boolean;
  readonly nowMs?: () => number;
  /** Called when a line is added. */
  readonly changed?: () => void;
}

export const WATCHER_REFUSED = 'chat from a page without a seat: this table lets only its players chat';
export const OVER_RATE = `chat faster than ${RECEIVED_RATE.burst} at once, then one every ${RECEIVED_RATE.everyMs / 1000} s: dropped`;

export class TableChat {
  private readonly options: TableChatOptions;
  private readonly nowMs: () => number;
  private readonly received = new RateLimit(RECEIVED_RATE);
  private readonly sent = new RateLimit(SENT_RATE);
  private lines: ChatEntry[] = [];
  private nextId = 1;
  private droppedCount = 0;

  constructor(options: TableChatOptions) {
    this.options = options;
    this.nowMs = options.nowMs ?? (() => Date.now());
  }

  /** Lines taken so far, oldest first (at most CHAT_KEEP). */
  get entries(): readonly ChatEntry[] {
    return this.lines;
  }

  /** Chats from other pages dropped for going over the rate limit. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Why the key may not chat at this table now, or null. */
  refusal(key: string): string | null {
    if (this.options.seatOf(key) !== null || this.options.watchersMayChat()) return null;
    return WATCHER_REFUSED;
  }

  /**
   * The gate (the lobby's `authorize` calls it before the mesh relays or delivers): null admits the chat and
   * spends one of its author's allowance; otherwise the reason it is dropped.
   */
  admit(envelope: EnvelopeOf<'chat'>): string | null {
    const author = keyHex(envelope.from);
    const refused = this.refusal(author);
    if (refused) return refused;
    if (!this.received.take(author, this.nowMs())) {
      this.droppedCount++;
      return OVER_RATE;
    }
    return null;
  }

  /** Takes an admitted chat from another page. */
  receive(envelope: EnvelopeOf<'chat'>): void {
    this.add(keyHex(envelope.from), envelope.body);
  }

  /** Why this page cannot chat now (a watcher at a table that does not allow it), or null. */
  get closed(): string | null {
    return (
      this.refusal(this.options.selfKey) &&
      'Chat is for the players at this table: its creator has not let watchers chat.'
    );
  }

  /** Sends a line; null when sent, else why not in words for the person (nothing is sent then). */
  say(text: string): string | null {
    return this.send({ type: 'text', text: text.trim() });
  }

  /** Sends a quick reaction; null when sent, else why not. */
  react(reaction: Reaction): string | null {
    return this.send({ type: 'reaction', reaction });
  }

  private send(body: ChatBody): string | null {
    const closed = this.closed;
    if (closed) return closed;
    const parsed = v.safeParse(chatSchema, body);
    if (!parsed.success) return `Not sent: ${parsed.issues[0].message}.`;
    const now = this.nowMs();
    const self = this.options.selfKey;
    if (!this.sent.take(self, now)) {
      const seconds = Math.max(1, Math.ceil(this.sent.waitMs(self, now) / 1000));
      return `Not sent: wait ${seconds} s. Chat takes ${SENT_RATE.burst} messages at once, then one every ${SENT_RATE.everyMs / 1000} s.`;
    }
    this.options.send(parsed.output);
    this.add(self, parsed.output);
    return null;
  }

  private add(key: string, body: ChatBody): void {
    const seat = this.options.seatOf(key);
    this.lines = [
      ...this.lines.slice(-(CHAT_KEEP - 1)),
      {
        id: this.nextId++,
        atMs: this.nowMs(),
        key,
        seat,
        seatName: seat === null ? null : this.options.seatName(seat),
        mine: key === this.options.selfKey,
        body,
      },
    ];
    this.options.changed?.();
  }
}
