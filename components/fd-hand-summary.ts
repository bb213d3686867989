/**
 * The end of a hand, in a panel that stays in view (fixed to the window, so
 * it is not missed when the page is scrolled): who won, the places and
 * scores, the game's own account of the result, every card the audit opened
 * (each player's remaining hand, face-up and face-down cards, the skat or
 * stock), the verdict in words (fd-verdict) and Rematch. It can be closed
 * and opened again; it renders the store's `HandSummaryView` only
 * (src/app/hand-summary.ts builds it).
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { HandSummaryView, SummaryZone } from '../src/app/hand-summary.js';
import { RematchEvent } from './events.js';
import { theme } from './theme.js';
import './fd-card.js';
import './fd-verdict.js';

@customElement('fd-hand-summary')
export class FdHandSummary extends LitElement {
  @property({ attribute: false }) summary!: HandSummaryView;
  @property({ attribute: false }) names: readonly string[] = [];
  /** Whether Rematch is offered (the hand finished; a halted hand offers a new one). */
  @property({ type: Boolean }) canRematch = false;
  @property({ type: Boolean }) rematchOffered = false;
  /** The hand whose summary was closed (it opens again for the next hand). */
  @state() private closedHand: number | null = null;

  static override styles = [
    theme,
    css`
      :host {
        display: contents;
      }
      .panel {
        position: fixed;
        z-index: 20;
        right: 1rem;
        bottom: 1rem;
        width: min(34rem, calc(100vw - 2rem));
        max-height: calc(100vh - 2rem);
        overflow-y: auto;
        background: #0d3b27;
        border: 2px solid var(--fd-accent);
        border-radius: var(--fd-radius);
        padding: 0.9rem 1rem;
        box-shadow: 0 10px 30px rgba(0, 0, 0, 0.55);
        color: var(--fd-ink);
      }
      h2 {
        margin: 0 0 0.3rem;
        font-size: 1.25rem;
      }
      .detail {
        margin: 0 0 0.6rem;
        color: var(--fd-muted);
      }
      .seat {
        margin: 0.5rem 0;
      }
      .seat-head {
        display: flex;
        gap: 0.6rem;
        align-items: baseline;
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
        margin: 0.2rem 0 0.2rem 2.2rem;
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
        margin-left: 2.2rem;
      }
      .actions {
        display: flex;
        gap: 0.6rem;
        justify-content: flex-end;
        margin-top: 0.6rem;
        position: sticky;
        bottom: -0.9rem;
        background: #0d3b27;
        padding: 0.4rem 0;
      }
      .reopen {
        position: fixed;
        z-index: 20;
        right: 1rem;
        bottom: 1rem;
      }
      @media (max-width: 480px) {
        .panel {
          right: 0.5rem;
          left: 0.5rem;
          bottom: 0.5rem;
          width: auto;
        }
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

  override render() {
    const s = this.summary;
    if (this.closedHand === s.handNo) {
      return html`<button class="reopen primary" id="summary-open" @click=${() => (this.closedHand = null)}>
        Hand summary
      </button>`;
    }
    return html`<section class="panel" role="dialog" aria-labelledby="summary-title" id="hand-summary">
      <h2 id="summary-title">Hand ${s.handNo + 1}: ${s.headline}</h2>
      ${s.detail ? html`<p class="detail" id="summary-detail">${s.detail}</p>` : null}
      <p class="muted">
        ${s.opened ? 'Every card, as the audit opened them:' : 'The audit did not open the cards: only what was public is shown.'}
      </p>
      ${s.seats.map(
        (seat) =>
          html`<div class="seat" data-seat=${seat.name}>
            <div class="seat-head">
              <span class="place">${seat.place !== null ? `${seat.place}.` : ''}</span><strong>${seat.name}</strong>
              ${seat.score !== null ? html`<span class="muted">${seat.score} points</span>` : null}
            </div>
            ${seat.zones.length > 0 ? seat.zones.map((z) => this.zone(z)) : html`<p class="none">no cards left</p>`}
          </div>`,
      )}
      ${
        s.table.length > 0
          ? html`<div class="seat" data-seat="table">
              <div class="seat-head"><span class="place"></span><strong>Table</strong></div>
              ${s.table.map((z) => this.zone(z))}
            </div>`
          : null
      }
      ${s.verdict ? html`<fd-verdict .verdict=${s.verdict} .names=${this.names}></fd-verdict>` : null}
      <div class="actions">
        <button id="summary-close" @click=${() => (this.closedHand = s.handNo)}>Close</button>
        ${
          this.canRematch
            ? html`<button class="primary" id="summary-rematch" @click=${() => this.dispatchEvent(new RematchEvent())}>
                ${this.rematchOffered ? 'Join the rematch' : 'Rematch'}
              </button>`
            : null
        }
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-hand-summary': FdHandSummary;
  }
}
