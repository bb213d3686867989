/**
 * The table chat as the page shows it: each line under the name this page
 * gives its signing key (the roster's seat name, or a watcher's name as the
 * watcher list gives it, marked as watching: never a name a message claims),
 * the reactions in words, whether this page may chat and why not, the last
 * refusal of its own message, and how many lines came while the chat was
 * folded (`unread`). The lines themselves are src/table/table-chat.ts's.
 */
import type { ChatEntry } from '../table/table-chat.js';
import type { Reaction } from '../net/messages.js';

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

/** What the store knows of the chat between views: the newest line seen unfolded, the last refusal. */
export class ChatState {
  private seenId = 0;
  notice: string | null = null;

  /** A new table: nothing seen there yet. */
  reset(): void {
    this.seenId = 0;
    this.notice = null;
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
    return {
      lines: entries.map((e) => ({
        id: e.id,
        who: nameOf(e, watcherName),
        mine: e.mine,
        text: e.body.type === 'text' ? e.body.text : null,
        reaction: e.body.type === 'reaction' ? { id: e.body.reaction, ...REACTION_WORDS[e.body.reaction] } : null,
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
