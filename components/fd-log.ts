/**
 * The table log: what happened, newest at the bottom, with warnings (such as
 * a rejected message and why) marked. It follows the newest line unless the
 * person has scrolled up to read.
 */
import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LogEntry } from '../src/app/store.js';
import { theme } from './theme.js';

@customElement('fd-log')
export class FdLog extends LitElement {
  @property({ attribute: false }) entries: readonly LogEntry[] = [];

  static override styles = [
    theme,
    css`
      :host {
        display: block;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0.5rem;
        max-height: 14rem;
        overflow-y: auto;
        font-size: 0.85rem;
        background: rgba(0, 0, 0, 0.25);
        border-radius: var(--fd-radius);
        color: var(--fd-ink);
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

  private followNewest = true;

  protected override willUpdate(_changed: PropertyValues<this>) {
    const list = this.renderRoot?.querySelector?.('ol');
    this.followNewest = !list || list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  }

  protected override updated() {
    const list = this.renderRoot.querySelector('ol');
    if (list && this.followNewest) list.scrollTop = list.scrollHeight;
  }

  override render() {
    return html`<ol id="log" aria-live="polite" aria-label="Table log" tabindex="0">
      ${this.entries.map(
        (e) =>
          html`<li class=${e.level} data-level=${e.level}>
            <time>${new Date(e.at).toLocaleTimeString()}</time>${e.text}
          </li>`,
      )}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-log': FdLog;
  }
}
