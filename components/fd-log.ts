/**
 * The table log: what happened, newest at the bottom, with warnings (such as
 * a rejected message and why) marked. It follows the newest line unless the
 * person has scrolled up to read, with no script: its scroller is a
 * reversed flex column, whose scroll position counts from the bottom, and
 * the browser's scroll anchoring keeps a line being read in place. A new
 * line reads no layout, and a line is drawn once (lines are keyed, and each
 * line's time is formatted once).
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
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

@customElement('fd-log')
export class FdLog extends LitElement {
  @property({ attribute: false }) entries: readonly LogEntry[] = [];

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

  override render() {
    return html`<div class="scroller" id="log" role="log" aria-label="Table log" tabindex="0">
      <ol>
        ${repeat(
          this.entries,
          (e) => e.id,
          (e) => html`<li class=${e.level} data-level=${e.level}><time>${timeOf(e)}</time>${e.text}</li>`,
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
