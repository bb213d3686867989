/**
 * The end of a hand, in a panel that stays in view (fixed to the window, so
 * it is not missed when the page is scrolled), in the order a player reads
 * it: who won, the verdict's one line (its checks folded), the places in
 * order with scores, the game's own account of the result, then, folded,
 * every card the audit opened (each player's remaining hand, face-up and
 * face-down cards, the skat or stock). Close and Rematch stay at its bottom.
 * On a desktop it sits in the column fd-app keeps free to the right of the
 * table (never over it); on a phone it lies over the bottom of the table
 * with the verdict at its top. Closed, it is a bar with the result, Show and
 * Rematch. It renders the store's `HandSummaryView` only
 * (src/app/hand-summary.ts builds it). A hand's summary takes the focus on
 * its heading when it first shows, unless the person is typing (the chat);
 * Close gives it to Show, and Show back to the heading, so the keyboard is
 * never left on the page's body.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { HandSummaryView, SummaryZone } from '../src/app/hand-summary.js';
import { count } from '../src/app/words.js';
import { RematchEvent } from './events.js';
import { theme } from './theme.js';
import { typingNow } from './keys.js';
import './fd-card.js';
import './fd-verdict.js';

@customElement('fd-hand-summary')
export class FdHandSummary extends LitElement {
  @property({ attribute: false }) summary!: HandSummaryView;
  @property({ attribute: false }) names: readonly string[] = [];
  /** Whether Rematch is offered (the hand finished; a halted hand offers a new one). */
  @property({ type: Boolean }) canRematch = false;
  @property({ type: Boolean }) rematchOffered = false;
  /** What the next hand changes (an option, who sits where), in words: shown at the Rematch choice, which agrees to it. */
  @property({ attribute: false }) changes: readonly string[] = [];
  /** The hand whose summary was closed (it opens again for the next hand). */
  @state() private closedHand: number | null = null;
  /** The hand whose summary has been shown: the next one takes the focus when it first shows. */
  private shownHand: number | null = null;
  /** What takes the focus once this update is drawn (Close or Show clicked): the panel's heading, or Show on the bar. */
  private focusTo: '#summary-title' | '#summary-open' | null = null;

  static override styles = [
    theme,
    css`
      :host {
        display: contents;
        --summary-width: 24rem;
      }
      .panel,
      .bar {
        position: fixed;
        z-index: 20;
        background: #0d3b27;
        border: 2px solid var(--fd-accent);
        border-radius: var(--fd-radius);
        box-shadow: 0 10px 30px rgba(0, 0, 0, 0.55);
        color: var(--fd-ink);
      }
      /* A phone or a narrow window: over the bottom of the table, the verdict at its top; Close leaves a bar. */
      .panel {
        right: 0.5rem;
        left: 0.5rem;
        bottom: 0.5rem;
        max-height: calc(100vh - 1rem);
        overflow-y: auto;
        padding: 0.7rem 0.8rem 0;
      }
      .bar {
        right: 0.5rem;
        left: 0.5rem;
        bottom: 0.5rem;
        padding: 0.4rem 0.6rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 0.8rem;
        align-items: center;
        justify-content: space-between;
      }
      /* A desktop: in the column fd-app keeps free beside the table, so nothing of the table is covered. */
      @media (min-width: 960px) {
        .panel,
        .bar {
          left: auto;
          right: 1rem;
          top: 1rem;
          bottom: auto;
          width: var(--summary-width);
        }
        .panel {
          max-height: calc(100vh - 2rem);
        }
      }
      .bar-actions {
        display: flex;
        gap: 0.5rem;
        margin-left: auto;
      }
      .ok {
        color: var(--fd-ok);
      }
      .bad {
        color: var(--fd-danger);
      }
      h2 {
        margin: 0 0 0.4rem;
        font-size: 1.15rem;
      }
      fd-verdict {
        margin-bottom: 0.5rem;
      }
      .places {
        list-style: none;
        margin: 0 0 0.4rem;
        padding: 0;
      }
      .places li {
        display: flex;
        gap: 0.6rem;
        align-items: baseline;
        margin: 0.15rem 0;
      }
      .detail {
        margin: 0 0 0.5rem;
        color: var(--fd-muted);
        font-size: 0.9rem;
      }
      details > summary {
        cursor: pointer;
        color: var(--fd-muted);
        font-size: 0.9rem;
      }
      .seat {
        margin: 0.5rem 0;
      }
      .place {
        font-weight: 700;
        color: var(--fd-accent);
        min-width: 1.6rem;
      }
      .zone {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        flex-wrap: wrap;
        margin: 0.2rem 0 0.2rem 1rem;
      }
      .zone-label {
        font-size: 0.8rem;
        color: var(--fd-muted);
        min-width: 5.5rem;
      }
      .cards {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem;
      }
      .none {
        font-size: 0.85rem;
        color: var(--fd-muted);
        margin: 0 0 0 1rem;
      }
      .changes {
        flex-basis: 100%;
        margin: 0;
        padding: 0.3rem 0;
        font-size: 0.9rem;
      }
      .changes ul {
        margin: 0.2rem 0 0;
        padding-left: 1.2rem;
      }
      /* Close and Rematch stay at the bottom of the panel however far it is scrolled. */
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem;
        justify-content: flex-end;
        position: sticky;
        bottom: 0;
        background: #0d3b27;
        padding: 0.5rem 0;
        margin-top: 0.4rem;
      }
    `,
  ];

  private zone(zone: SummaryZone) {
    return html`<div class="zone" data-zone=${zone.label}>
      <span class="zone-label">${zone.label}</span>
      <span class="cards"
        >${zone.cards.map((card) => html`<fd-card small .card=${card} data-card=${card ?? ''}></fd-card>`)}</span
      >
    </div>`;
  }

  /** The next hand's changes, right by the Rematch that agrees to them (nothing when the terms stay the same). */
  private changeList() {
    if (!this.canRematch || this.changes.length === 0) return null;
    return html`<div class="changes" id="summary-changes" role="status">
      <strong>The next hand changes</strong> — Rematch agrees to it; it starts once every seat has:
      <ul>
        ${this.changes.map((line) => html`<li>${line}</li>`)}
      </ul>
    </div>`;
  }

  protected override willUpdate(): void {
    const hand = this.summary?.handNo;
    if (hand === undefined || hand === this.shownHand) return;
    this.shownHand = hand;
    // In the frame after the one that draws it: the last move's own focus keeping (hand-focus.ts), a few microtasks
    // away, would otherwise take the focus back to the table. Not from someone typing (the chat).
    requestAnimationFrame(() => {
      if (!typingNow()) this.focusOn('#summary-title');
    });
  }

  protected override updated(): void {
    if (this.focusTo) this.focusOn(this.focusTo);
    this.focusTo = null;
  }

  /** Close: the bar replaces the panel, and its Show takes the focus. */
  private readonly close = () => {
    this.closedHand = this.summary.handNo;
    this.focusTo = '#summary-open';
  };

  /** Show: the panel again, its heading focused. */
  private readonly show = () => {
    this.closedHand = null;
    this.focusTo = '#summary-title';
  };

  private focusOn(selector: '#summary-title' | '#summary-open'): void {
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }

  private rematch() {
    return this.canRematch
      ? html`<button class="primary" id="summary-rematch" @click=${() => this.dispatchEvent(new RematchEvent())}>
          ${this.rematchOffered ? 'Join the rematch' : 'Rematch'}
        </button>`
      : null;
  }

  /** Closed: one bar with the result, the verdict's mark, Show and Rematch. */
  private bar(s: HandSummaryView) {
    const status = s.verdict?.status ?? null;
    return html`<section class="bar" id="summary-bar" aria-label="Hand summary" data-status=${status ?? ''}>
      <span class="bar-text"
        ><strong>Hand ${s.handNo + 1}: ${s.headline}</strong>${
          status === 'clean'
            ? html` <span class="ok">✔ clean</span>`
            : status === 'fault'
              ? html` <span class="bad">✘ fault</span>`
              : null
        }</span
      >
      ${this.changeList()}
      <span class="bar-actions">
        <button id="summary-open" @click=${this.show}>Show summary</button>${this.rematch()}
      </span>
    </section>`;
  }

  override render() {
    const s = this.summary;
    if (this.closedHand === s.handNo) return this.bar(s);
    const cards =
      s.seats.reduce((n, seat) => n + seat.zones.reduce((m, z) => m + z.cards.length, 0), 0) +
      s.table.reduce((n, z) => n + z.cards.length, 0);
    return html`<section class="panel" role="dialog" aria-labelledby="summary-title" id="hand-summary">
      <h2 id="summary-title" tabindex="-1">Hand ${s.handNo + 1}: ${s.headline}</h2>
      ${s.verdict ? html`<fd-verdict folded .verdict=${s.verdict} .names=${this.names}></fd-verdict>` : null}
      <ol class="places" id="summary-places" aria-label="Places">
        ${s.seats.map(
          (seat) =>
            html`<li data-seat=${seat.name} data-place=${seat.place ?? ''}>
              <span class="place">${seat.place !== null ? `${seat.place}.` : ''}</span><strong>${seat.name}</strong>
              ${seat.score !== null ? html`<span class="muted">${count(seat.score, 'point')}</span>` : null}
            </li>`,
        )}
      </ol>
      ${s.detail ? html`<p class="detail" id="summary-detail">${s.detail}</p>` : null}
      <details id="summary-cards">
        <summary>
          ${s.opened ? 'Every card, as the audit opened them' : 'The cards that were public (the audit did not open the rest)'}
          (${cards})
        </summary>
        ${s.seats.map(
          (seat) =>
            html`<div class="seat" data-seat=${seat.name}>
              <div class="seat-head"><strong>${seat.name}</strong></div>
              ${seat.zones.length > 0 ? seat.zones.map((z) => this.zone(z)) : html`<p class="none">no cards left</p>`}
            </div>`,
        )}
        ${
          s.table.length > 0
            ? html`<div class="seat" data-seat="table">
                <div class="seat-head"><strong>Table</strong></div>
                ${s.table.map((z) => this.zone(z))}
              </div>`
            : null
        }
      </details>
      <div class="actions">
        ${this.changeList()}
        <button id="summary-close" @click=${this.close}>Close</button>${this.rematch()}
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-hand-summary': FdHandSummary;
  }
}
