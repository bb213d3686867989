/**
 * The table log: what happened, newest at the bottom, with warnings (such as
 * a rejected message and why) marked. It follows the newest line unless the
 * person has scrolled up to read, with no script: its scroller is a
 * reversed flex column, whose scroll position counts from the bottom, and
 * the browser's scroll anchoring keeps a line being read in place. A new
 * line reads no layout, and a line is drawn once (lines are keyed, and each
 * line's time is formatted once). Lines are drawn in blocks by id, each
 * drawn again only when it changes: a new line costs its block, not the
 * hundreds of lines the log keeps.
 */
import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import type { LogEntry } from '../src/app/store.js';
import { theme } from './theme.js';

/** Each line's time as shown, formatted once (a log redraws often, and holds hundreds of lines). */
const times = new WeakMap<LogEntry, string>();
function timeOf(entry: LogEntry): string {
  let shown = times.get(entry);
  if (shown === undefined) times.set(entry, (shown = new Date(entry.at).toLocaleTimeString()));
  return shown;
}

/** Lines are drawn in blocks of this many (by id): a new line redraws its own block, not the whole log. */
const BLOCK = 32;

/** A block of consecutive lines: the same object while its lines stay the same. */
interface Block {
  readonly key: number;
  readonly lines: readonly LogEntry[];
}

/**
 * `entries` in blocks by id, keeping each block of `before` whose lines did not change. Lines are only added at the
 * end and dropped from the start, so a block is unchanged when its first and last lines and its length are.
 */
export function logBlocks(before: readonly Block[], entries: readonly LogEntry[]): Block[] {
  const old = new Map(before.map((block) => [block.key, block]));
  const blocks: Block[] = [];
  for (let i = 0; i < entries.length;) {
    const key = Math.floor(entries[i]!.id / BLOCK);
    let end = i + 1;
    while (end < entries.length && Math.floor(entries[end]!.id / BLOCK) === key) end++;
    const was = old.get(key);
    const same =
      was !== undefined &&
      was.lines.length === end - i &&
      was.lines[0] === entries[i] &&
      was.lines[was.lines.length - 1] === entries[end - 1];
    blocks.push(same ? was : { key, lines: entries.slice(i, end) });
    i = end;
  }
  return blocks;
}

@customElement('fd-log')
export class FdLog extends LitElement {
  @property({ attribute: false }) entries: readonly LogEntry[] = [];
  private blocks: readonly Block[] = [];

  static override styles = [
    theme,
    css`
      :host {
        display: block;
      }
      /* The list is the scroller's one item: reversed, the scroller starts (and stays) at its bottom. */
      .scroller {
        display: flex;
        flex-direction: column-reverse;
        max-height: 14rem;
        overflow-y: auto;
        font-size: 0.85rem;
        background: rgba(0, 0, 0, 0.25);
        border-radius: var(--fd-radius);
        color: var(--fd-ink);
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0.5rem;
      }
      li {
        padding: 0.15rem 0;
        overflow-wrap: anywhere;
      }
      li.warn {
        color: var(--fd-accent);
      }
      li.error {
        color: var(--fd-danger);
      }
      time {
        color: var(--fd-muted);
        margin-right: 0.4rem;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('entries')) this.blocks = logBlocks(this.blocks, this.entries);
  }

  override render() {
    return html`<div class="scroller" id="log" role="log" aria-label="Table log" tabindex="0">
      <ol>
        ${repeat(
          this.blocks,
          (block) => block.key,
          (block) =>
            guard([block.lines], () =>
              repeat(
                block.lines,
                (e) => e.id,
                (e) => html`<li class=${e.level} data-level=${e.level}><time>${timeOf(e)}</time>${e.text}</li>`,
              ),
            ),
        )}
      </ol>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-log': FdLog;
  }
}
