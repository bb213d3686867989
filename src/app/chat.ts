/**
 * The table chat as the page shows it: each line under the name this page
 * gives its signing key (the roster's seat name, or a watcher's name as the
 * watcher list gives it, marked as watching: never a name a message claims),
 * the reactions in words, whether this page may chat and why not, the last
 * refusal of its own message, and how many lines came while the chat was
 * folded (`unread`). The lines themselves are src/table/table-chat.ts's.
 *
 * A reload keeps the chat: the lines as shown are kept in the tab's
 * sessionStorage per table (`ChatState.reset(table)` brings them back, above
 * the lines of the new session). What comes back is read as untrusted input:
 * a line that does not read as one is dropped, never shown.
 */
import * as v from 'valibot';
import { CHAT_KEEP, type ChatEntry } from '../table/table-chat.js';
import { chatSchema, type Reaction } from '../net/messages.js';

/** Each reaction in words, and the emoji a page may draw beside them (never alone: components/glyphs.ts). */
export const REACTION_WORDS: Readonly<Record<Reaction, { readonly words: string; readonly emoji: string }>> = {
  nice: { words: 'nice one', emoji: '👍' },
  funny: { words: 'ha ha', emoji: '😂' },
  wow: { words: 'wow', emoji: '😮' },
  bravo: { words: 'well played', emoji: '👏' },
};

export interface ChatLine {
  readonly id: number;
  readonly who: string;
  readonly mine: boolean;
  /** A line of text, or null for a reaction. */
  readonly text: string | null;
  readonly reaction: { readonly id: Reaction; readonly words: string; readonly emoji: string } | null;
}

export interface ChatView {
  readonly lines: readonly ChatLine[];
  readonly hidden: boolean;
  /** Lines from others that came while the chat was folded. */
  readonly unread: number;
  /** Why this page may not chat (a watcher at a table that keeps chat for its players), or null. */
  readonly closed: string | null;
  /** Why this page's last message was not sent, until one is. */
  readonly notice: string | null;
}

/** A line as it was shown, kept across a reload. */
const keptLine = v.strictObject({
  who: v.pipe(v.string(), v.maxLength(200)),
  mine: v.boolean(),
  body: chatSchema,
});
const keptChat = v.object({ v: v.literal(1), lines: v.array(v.unknown()) });
type KeptLine = v.InferOutput<typeof keptLine>;

const keyFor = (table: string) => `fairdeck.chat.${table}`;

function defaultStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked: the chat is simply not kept
  }
}

/** What the store knows of the chat between views: the newest line seen unfolded, the last refusal, the kept lines. */
export class ChatState {
  private seenId = 0;
  notice: string | null = null;
  private table: string | null = null;
  /** Lines shown before this page's session began (a reload), oldest first. */
  private earlier: KeptLine[] = [];
  private savedId = 0;

  constructor(private readonly storage: Storage | null = defaultStorage()) {}

  /** A new table (or the same one after a reload): nothing seen there yet, and the lines kept for it come back. */
  reset(table?: string): void {
    this.seenId = 0;
    this.savedId = 0;
    this.notice = null;
    this.table = table ?? null;
    this.earlier = table ? this.load(table) : [];
  }

  private load(table: string): KeptLine[] {
    let raw: string | null;
    try {
      raw = this.storage?.getItem(keyFor(table)) ?? null;
    } catch {
      return [];
    }
    if (raw === null) return [];
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return [];
    }
    const parsed = v.safeParse(keptChat, json);
    if (!parsed.success) return [];
    const lines: KeptLine[] = [];
    for (const line of parsed.output.lines.slice(-CHAT_KEEP)) {
      const read = v.safeParse(keptLine, line);
      if (read.success) lines.push(read.output);
    }
    return lines;
  }

  private save(lines: readonly KeptLine[]): void {
    if (!this.storage || !this.table) return;
    try {
      this.storage.setItem(keyFor(this.table), JSON.stringify({ v: 1, lines: lines.slice(-CHAT_KEEP) }));
    } catch {
      // Full or blocked storage: the chat still works, it is just not kept.
    }
  }

  view(
    entries: readonly ChatEntry[],
    closed: string | null,
    hidden: boolean,
    watchers: readonly { readonly keyHex: string; readonly name: string }[],
  ): ChatView {
    const newest = entries.at(-1)?.id ?? 0;
    if (!hidden) this.seenId = newest;
    const watcherName = new Map(watchers.map((w) => [w.keyHex, w.name]));
    const live = entries.map((e) => ({ who: nameOf(e, watcherName), mine: e.mine, body: e.body }));
    const kept = this.earlier.slice(Math.max(0, this.earlier.length + live.length - CHAT_KEEP));
    if (newest > this.savedId) {
      this.savedId = newest;
      this.save([...kept, ...live]);
    }
    // Kept lines number below the live ones (which count up from 1), so every id stays unique.
    const shown = [
      ...kept.map((line, i) => ({ id: i - kept.length, line })),
      ...entries.map((e, i) => ({ id: e.id, line: live[i]! })),
    ];
    return {
      lines: shown.map(({ id, line }) => ({
        id,
        who: line.who,
        mine: line.mine,
        text: line.body.type === 'text' ? line.body.text : null,
        reaction:
          line.body.type === 'reaction' ? { id: line.body.reaction, ...REACTION_WORDS[line.body.reaction] } : null,
      })),
      hidden,
      unread: entries.filter((e) => e.id > this.seenId && !e.mine).length,
      closed,
      notice: this.notice,
    };
  }
}

function nameOf(entry: ChatEntry, watcherName: ReadonlyMap<string, string>): string {
  if (entry.mine) return 'You';
  if (entry.seatName !== null) return entry.seatName;
  const watcher = watcherName.get(entry.key);
  return watcher ? `${watcher} (watching)` : 'A watcher';
}
