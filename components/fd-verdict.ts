/**
 * The verdict of a hand on screen, after every hand: one line saying clean,
 * no result, or the first fault with the seat to blame and why; the list of
 * what was checked (each seat shuffled and proved it, no card duplicated or
 * replaced, every key matched its commitment, every move legal with all
 * cards open, the signed state hashes agree), each opening on "how we know"
 * (which events, which proofs, how many); and a "Download transcript"
 * button. `folded` (the end-of-hand summary) keeps only the one line and the
 * button in view and folds the list under "What was checked". It renders the
 * store's plain-data `VerdictSummary` only.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { VerdictSummary } from '../src/verify/verdict.js';
import { count } from '../src/app/words.js';
import { DownloadTranscriptEvent } from './events.js';
import { theme } from './theme.js';

@customElement('fd-verdict')
export class FdVerdict extends LitElement {
  @property({ attribute: false }) verdict!: VerdictSummary;
  @property({ attribute: false }) names: readonly string[] = [];
  /** Fold the list of checks and the counts under "What was checked" (the line and the button stay in view). */
  @property({ type: Boolean }) folded = false;

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        margin-bottom: 0.8rem;
      }
      section {
        border-radius: var(--fd-radius);
        padding: 0.7rem 1rem;
        background: rgba(0, 0, 0, 0.25);
      }
      .clean {
        border: 1px solid var(--fd-ok);
      }
      .fault {
        border: 1px solid var(--fd-danger);
      }
      .headline {
        font-weight: 600;
        margin: 0 0 0.4rem;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      li {
        margin: 0.2rem 0;
      }
      summary {
        cursor: pointer;
      }
      .mark-ok {
        color: var(--fd-ok);
      }
      .mark-bad {
        color: var(--fd-danger);
      }
      .mark-none {
        color: var(--fd-muted);
      }
      .how {
        font-size: 0.85rem;
        color: var(--fd-muted);
        margin: 0.3rem 0 0.4rem 1.4rem;
      }
      .refs {
        font-family: monospace;
        font-size: 0.75rem;
        word-break: break-word;
      }
      .counts {
        font-size: 0.85rem;
        margin: 0.4rem 0 0;
      }
      #verdict-checks > summary {
        color: var(--fd-muted);
        font-size: 0.9rem;
      }
      .row {
        display: flex;
        justify-content: flex-end;
        align-items: center;
        gap: 1rem;
        flex-wrap: wrap;
        margin-top: 0.5rem;
      }
    `,
  ];

  private seat(seat: number): string {
    return this.names[seat] ?? `seat ${seat + 1}`;
  }

  /** The list of what was checked, each opening on how we know, and the counts behind it. */
  private checks() {
    const v = this.verdict;
    const counts = v.counts;
    return html`<ul aria-label="What was checked">
        ${v.checks.map(
          (check) =>
            html`<li data-check=${check.key} data-ok=${String(check.ok)}>
              <details>
                <summary>
                  <span class=${check.ok === true ? 'mark-ok' : check.ok === false ? 'mark-bad' : 'mark-none'}
                    >${check.ok === true ? '✔' : check.ok === false ? '✘' : '·'}</span
                  >
                  ${check.title}${check.ok === null ? ' — not reached' : ''}
                </summary>
                <div class="how">
                  <p>How we know: ${check.how}.</p>
                  ${
                    check.events.length
                      ? html`<p class="refs">
                          ${count(check.events.length, 'event')}:
                          ${check.events
                            .slice(0, 40)
                            .map((e) => `${this.seat(e.seat)} #${e.n} ${e.type}`)
                            .join(' · ')}${check.events.length > 40 ? ' …' : ''}
                        </p>`
                      : null
                  }
                </div>
              </details>
            </li>`,
        )}
      </ul>
      <p class="muted counts">
        ${count(counts.events, 'signed event')} · ${count(counts.shuffleSteps + counts.reshuffleSteps, 'shuffle step')}
        · ${count(counts.lockProofs, 'lock proof')} · ${count(counts.keyShares, 'key share')} ·
        ${count(counts.moves, 'move')} replayed
      </p> `;
  }

  override render() {
    const v = this.verdict;
    return html`<section
      class=${v.status === 'clean' ? 'clean' : v.status === 'fault' ? 'fault' : ''}
      id="verdict"
      data-status=${v.status}
    >
      <p class="headline" id="verdict-headline">
        ${v.status === 'clean' ? '✔ ' : v.status === 'fault' ? '✘ ' : ''}${v.headline}
      </p>
      ${
        this.folded
          ? html`<details id="verdict-checks">
              <summary>What was checked</summary>
              ${this.checks()}
            </details>`
          : this.checks()
      }
      <div class="row">
        <button id="download-transcript" @click=${() => this.dispatchEvent(new DownloadTranscriptEvent())}>
          Download transcript
        </button>
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-verdict': FdVerdict;
  }
}
