/**
 * The score strip: one compact row of standings above the table, across the
 * table's hands (src/app/scores.ts derives it from the stored results): each
 * player's place, name and wins or points, the matches they have won, and,
 * when a match has just ended, its winner. It sits in the flow above the
 * table and never over it; on a narrow screen the row scrolls sideways
 * instead of wrapping, with a match's winner at its start. Properties in; it sends no events (nothing in it acts).
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ScoreStripView } from '../src/app/scores.js';
import { theme } from './theme.js';
import { trophyIcon } from './icons.js';

@customElement('fd-score-strip')
export class FdScoreStrip extends LitElement {
  @property({ attribute: false }) strip!: ScoreStripView;

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        margin: 0 0 0.6rem;
      }
      .strip {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        background: rgba(0, 0, 0, 0.28);
        border: 1px solid rgba(255, 255, 255, 0.08);
        border-radius: var(--fd-radius);
        padding: 0.3rem 0.5rem;
        overflow-x: auto;
        scrollbar-width: thin;
        white-space: nowrap;
      }
      h2 {
        margin: 0;
        font-size: 0.72rem;
        font-weight: 600;
        letter-spacing: 0.04em;
        text-transform: uppercase;
        color: var(--fd-muted);
        flex: none;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        gap: 0.35rem;
        flex: none;
      }
      li {
        display: inline-flex;
        align-items: baseline;
        gap: 0.35rem;
        padding: 0.15rem 0.55rem;
        border-radius: 1rem;
        background: rgba(255, 255, 255, 0.07);
        font-size: 0.85rem;
      }
      li.leads {
        background: rgba(242, 193, 78, 0.18);
        box-shadow: inset 0 0 0 1px var(--fd-accent);
      }
      .place {
        color: var(--fd-muted);
        font-size: 0.75rem;
        font-variant-numeric: tabular-nums;
      }
      .name {
        font-weight: 600;
        max-width: 9rem;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      .you {
        color: var(--fd-muted);
        font-weight: 400;
      }
      .value {
        font-variant-numeric: tabular-nums;
      }
      .matches {
        color: var(--fd-muted);
        font-size: 0.75rem;
      }
      .winner {
        margin: 0;
        flex: none;
        color: var(--fd-accent);
        font-weight: 700;
        font-size: 0.85rem;
      }
      @media (max-width: 600px) {
        .strip {
          padding: 0.25rem 0.4rem;
          gap: 0.4rem;
        }
        li {
          font-size: 0.78rem;
          padding: 0.1rem 0.45rem;
        }
        .name {
          max-width: 6rem;
        }
        h2 {
          font-size: 0.65rem;
        }
        /* A phone sees the winner first, not at the far end of the scrolling row. */
        .winner {
          order: -1;
          font-size: 0.78rem;
        }
      }
    `,
  ];

  override render() {
    const strip = this.strip;
    return html`<section
      class="strip"
      id="score-strip"
      data-kind=${strip.kind}
      aria-labelledby="score-title"
      tabindex="0"
    >
      <h2 id="score-title">${strip.title}</h2>
      <ol>
        ${strip.players.map(
          (p) =>
            html`<li class=${p.leads ? 'leads' : ''} data-key=${p.key} data-value=${p.value}>
              <span class="place" aria-label="place ${p.place}">${p.place}.</span>
              <span class="name">${p.name}</span>${p.you ? html`<span class="you"> (you)</span>` : null}
              <span class="value">${p.text}</span>
              ${p.matches ? html`<span class="matches">· ${p.matches}</span>` : null}
            </li>`,
        )}
      </ol>
      ${
        strip.matchWinner
          ? html`<p class="winner" id="match-winner" role="status">${trophyIcon()} ${strip.matchWinner}</p>`
          : null
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-score-strip': FdScoreStrip;
  }
}
