/**
 * The hand in play: a status bar (shuffling, whose turn, who the table waits
 * for and for how long), the game's own table element (whichever
 * components/game-views.ts registers for the hand's game), and the end of the
 * hand: result and a rematch button, with the end-of-hand summary (the verdict, every card opened) in a panel that stays in view; or, if the hand stopped,
 * who was blamed and why. An owing seat whose connection is lost is named at
 * once, and once the turn timer runs out anyone may end the hand without a
 * result; a player who is only thinking is never named. Above the table: the hand's number, its step and the
 * start of the state hash every browser checked (the same on every screen at that step), then each player's
 * newest move, the latest highlighted. A watcher sees the same with a "Watching" badge and no
 * buttons that act on the hand (rematch, end hand). When an update takes
 * away what held the focus in it (Rematch, as the next hand starts), the hand
 * line takes the focus.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { HandView } from '../src/app/store.js';
import { AbandonHandEvent, RematchEvent } from './events.js';
import { renderGameTable } from './game-views.js';
import { theme } from './theme.js';
import { eyeIcon } from './icons.js';
import './fd-hand-summary.js';
import './fd-score-strip.js';

@customElement('fd-hand')
export class FdHand extends LitElement {
  @property({ attribute: false }) hand!: HandView;
  /** How hands are sorted (Settings; the table's Sort toggle changes it). */
  @property() sortHandBy: 'suit' | 'rank' = 'suit';
  /** This page watches (holds no seat): a badge says so and no button acts on the hand. */
  @property({ type: Boolean }) watching = false;

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        margin-bottom: 1rem;
      }
      .banner {
        border-radius: var(--fd-radius);
        padding: 0.7rem 1rem;
        margin-bottom: 0.8rem;
        display: flex;
        gap: 1rem;
        align-items: center;
        flex-wrap: wrap;
        justify-content: space-between;
      }
      .info {
        background: rgba(0, 0, 0, 0.25);
      }
      .bad {
        background: rgba(255, 123, 114, 0.18);
        border: 1px solid var(--fd-danger);
      }
      .good {
        background: rgba(126, 226, 168, 0.15);
        border: 1px solid var(--fd-ok);
      }
      .warn {
        background: rgba(242, 193, 78, 0.15);
        border: 1px solid var(--fd-accent);
      }
      .spinner {
        display: inline-block;
        width: 1rem;
        height: 1rem;
        border: 2px solid var(--fd-muted);
        border-top-color: transparent;
        border-radius: 50%;
        animation: spin 0.8s linear infinite;
        vertical-align: middle;
        margin-right: 0.4rem;
      }
      @keyframes spin {
        to {
          transform: rotate(360deg);
        }
      }
      code {
        font-size: 0.8rem;
        color: var(--fd-muted);
      }
      .watching {
        margin: 0 0 0.6rem;
        color: var(--fd-muted);
        font-size: 0.9rem;
      }
      .watching .badge {
        background: var(--fd-accent);
        color: #111;
        font-weight: 700;
        border-radius: 1rem;
        padding: 0.1rem 0.6rem;
        margin-right: 0.4rem;
      }
      .hand-line {
        margin: 0 0 0.3rem;
        font-size: 0.8rem;
        color: var(--fd-muted);
      }
      .hand-line code {
        font-size: 0.8rem;
      }
      .last-moves {
        list-style: none;
        margin: 0 0 0.5rem;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 0.5rem;
        justify-content: center;
        font-size: 0.85rem;
      }
      .last-moves li {
        background: rgba(0, 0, 0, 0.22);
        border-radius: 1rem;
        padding: 0.15rem 0.6rem;
        color: var(--fd-muted);
      }
      .last-moves li.latest {
        background: rgba(242, 193, 78, 0.2);
        color: var(--fd-ink);
        box-shadow: 0 0 0 1px var(--fd-accent);
      }
      @media (max-width: 600px) {
        .last-moves {
          font-size: 0.75rem;
          margin-bottom: 0.3rem;
        }
        .last-moves li:nth-child(n + 3) {
          display: none;
        }
      }
    `,
  ];

  /** Whether something in this hand's view held the focus before the update under way. */
  private focusInside = false;

  protected override willUpdate(): void {
    this.focusInside = this.shadowRoot?.activeElement != null;
  }

  protected override updated(): void {
    // What held the focus went with this update (the summary, once Rematch starts the next hand; a banner's button):
    // the hand line takes it, so the keyboard stays at the table instead of going back to the top of the page.
    if (this.focusInside && this.shadowRoot?.activeElement == null)
      this.renderRoot.querySelector<HTMLElement>('#hand-line')?.focus({ preventScroll: true });
  }

  private banner() {
    const hand = this.hand;
    if (hand.halt) {
      return html`<div class="banner bad" role="alert" id="halt">
        <span
          ><strong
            >${hand.halt.kind === 'desync' ? 'Desync' : hand.halt.kind === 'abandoned' ? 'Hand ended' : 'Cheating or fault'}</strong
          >: ${hand.halt.blame ? html`<strong>${hand.halt.blame}</strong> — ` : null}${hand.halt.reason}</span
        >
        ${this.watching ? null : html`<button class="primary" id="rematch" @click=${() => this.dispatchEvent(new RematchEvent())}>New hand</button>`}
      </div>`;
    }
    const report = hand.reports[0];
    if (report) {
      return html`<div class="banner bad" role="alert" id="fault-report">
        <span
          ><strong>${report.reporter}</strong> reports a
          fault${report.blame ? html` by <strong>${report.blame}</strong>` : null}: ${report.reason}
          <code>${report.code}</code> (this browser has not found it itself)</span
        >
        ${this.watching ? null : html`<button @click=${() => this.dispatchEvent(new AbandonHandEvent())}>End hand</button>`}
      </div>`;
    }
    if (hand.stalled) {
      const stall = hand.stalled;
      const what = stall.what; // "to bid", "to send card keys" (src/games/describe.ts)
      const who = html`<strong>${stall.names.join(', ')}</strong>`;
      return html`<div class="banner warn" role="alert" id="stalled" data-gone=${stall.gone}>
        <span
          >${
            stall.gone
              ? html`${who} ${stall.names.length > 1 ? 'have' : 'has'} lost the connection (silent for ${stall.seconds}
                s); the hand waits for them ${what}.
                ${
                  stall.canEnd
                    ? hand.phase === 'disclose'
                      ? null
                      : html`Their cards are locked with keys only their page holds, so nobody can play them on: the
                        hand can only end without a result (earlier hands’ scores stay).`
                    : html`If they do not come back, the hand can be ended when the turn timer runs out.`
                }`
              : html`${who} ${stall.names.length > 1 ? 'are' : 'is'} connected but
                ${stall.names.length > 1 ? 'have' : 'has'} not answered for ${stall.seconds} s (${what}).`
          }</span
        >
        ${
          stall.canEnd && !this.watching
            ? html`<button id="end-hand" @click=${() => this.dispatchEvent(new AbandonHandEvent())}>
                End hand${hand.phase === 'disclose' ? ` (names ${stall.names.join(', ')})` : ' without a result'}
              </button>`
            : null
        }
      </div>`;
    }
    if (hand.catchingUp && !this.watching) {
      return html`<div class="banner info" role="status" id="catching-up">
        <span
          ><span class="spinner"></span>This page is catching up with the table: your moves open as soon as another
          player’s page says which hand it is at (a few seconds at most).</span
        >
      </div>`;
    }
    if (hand.phase === 'done' || hand.phase === 'disclose') {
      const audit = hand.audit;
      return html`<div class="banner ${audit ? (audit.clean ? 'good' : 'bad') : 'info'}" id="result">
        <span
          >${hand.outcome ? html`<strong>Result:</strong> ${hand.outcome}<br />` : null}
          ${
            audit
              ? audit.clean
                ? html`<span id="audit"
                    >✔ Audit clean: every shuffle, key and rule was re-checked with all cards open.</span
                  >`
                : html`<span id="audit"
                    >✘ Audit: ${audit.blame ? html`<strong>${audit.blame}</strong> — ` : null}${audit.reason}</span
                  >`
              : html`<span class="spinner"></span>Auditing the hand with all cards open…`
          }
          ${hand.hash ? html`<br /><code title="state hash every peer agreed on">hash ${hand.hash.slice(0, 16)}</code>` : null}</span
        >
        ${
          hand.phase === 'done' && !this.watching
            ? html`<button class="primary" id="rematch" @click=${() => this.dispatchEvent(new RematchEvent())}>
                ${hand.rematchOffered ? 'Join the rematch' : 'Rematch'}
              </button>`
            : null
        }
      </div>`;
    }
    if (hand.phase === 'ready' || hand.phase === 'dealing') {
      return html`<div class="banner info" id="dealing">
        <span
          ><span class="spinner"></span
          >${hand.phase === 'ready' ? 'Starting the hand' : 'Shuffling and locking the deck together'}${hand.waiting ? ` — waiting for ${hand.waiting.names.join(', ')}` : ''}…</span
        >
      </div>`;
    }
    return null;
  }

  /**
   * Which hand this is, how many inputs it has taken and the start of the state hash this browser checked after the
   * last one: every page at the same step shows the same code, so players can compare their screens.
   */
  private handLine() {
    const { handNo, step, hash } = this.hand;
    return html`<p class="hand-line" id="hand-line" tabindex="-1">
      Hand ${handNo + 1} · step
      ${step}${
        hash
          ? html` · state
              <code title="The state every browser checked after this step: the same on every screen"
                >${hash.slice(0, 8)}</code
              >`
          : null
      }
    </p>`;
  }

  /**
   * Each player's newest move, newest first, the newest marked. Nothing animates: every animation a move starts costs a
   * page a few main-thread frames of every move, and the card's flight already shows that something happened.
   */
  private lastMoves() {
    const moves = this.hand.lastMoves;
    if (moves.length === 0) return null;
    return html`<ol class="last-moves" id="last-moves" aria-label="Last move of each player" aria-live="polite">
      ${repeat(
        moves,
        (m) => m.seat,
        (m, i) =>
          html`<li class=${i === 0 ? 'latest' : ''} data-seat=${m.seat} data-step=${m.step}>
            <span class="move"><strong>${m.name}</strong> ${m.text}</span>
          </li>`,
      )}
    </ol>`;
  }

  override render() {
    // The verdict is shown in the end-of-hand summary (fd-hand-summary), which stays in view.
    const summary = this.hand.summary;
    const badge = this.watching
      ? html`<p class="watching" id="watching-badge" role="status">
          <span class="badge">${eyeIcon()} Watching</span> You hold no seat: you see what every player sees, the log and
          the audit, never a hidden card.
        </p>`
      : null;
    const scores = this.hand.scores ? html`<fd-score-strip .strip=${this.hand.scores}></fd-score-strip>` : null;
    return html`${badge}${this.banner()}${scores}${this.handLine()}${this.lastMoves()}${renderGameTable(this.hand, this.sortHandBy)}
    ${
      summary
        ? html`<fd-hand-summary
            .summary=${summary}
            .names=${this.hand.names}
            ?canRematch=${!this.watching && (this.hand.phase === 'done' || this.hand.halt !== null)}
            ?rematchOffered=${this.hand.rematchOffered}
            .changes=${this.hand.nextChanges}
          ></fd-hand-summary>`
        : null
    }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-hand': FdHand;
  }
}
