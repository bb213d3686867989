/**
 * The replay viewer (#/replay): open a transcript file, read the verifier's
 * verdict (run in this page by the store), and step through each hand move
 * by move with every card face up, forward and back. It renders the store's
 * `ReplayView` and the game's own table element; it never verifies or
 * applies anything itself.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ReplayView } from '../src/app/replay.js';
import { OpenReplayEvent, ReplayStepEvent } from './events.js';
import { renderGameTable } from './game-views.js';
import { theme } from './theme.js';
import { firstIcon, lastIcon } from './icons.js';
import './fd-verdict.js';

@customElement('fd-replay')
export class FdReplay extends LitElement {
  @property({ attribute: false }) replay: ReplayView | null = null;

  static override styles = [
    theme,
    css`
      :host {
        display: block;
      }
      .bar {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        flex-wrap: wrap;
        margin: 0.8rem 0;
      }
      pre {
        white-space: pre-wrap;
        font-size: 0.8rem;
        background: rgba(0, 0, 0, 0.25);
        padding: 0.6rem;
        border-radius: var(--fd-radius);
        max-height: 16rem;
        overflow: auto;
      }
      .ok {
        border-left: 4px solid var(--fd-ok);
      }
      .bad {
        border-left: 4px solid var(--fd-danger);
      }
      .caption {
        min-height: 1.4rem;
      }
    `,
  ];

  private async open(event: Event): Promise<void> {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file) this.dispatchEvent(new OpenReplayEvent(await file.text()));
  }

  override render() {
    const replay = this.replay;
    return html`<h2>Replay a transcript</h2>
      <p class="muted">
        A transcript file (from "Download transcript" or <code>npm run simulate -- --transcript</code>) is verified in
        this page — no network — and then shown move by move with every card face up.
      </p>
      <input
        type="file"
        id="replay-file"
        aria-label="Transcript file"
        accept=".json,application/json"
        @change=${(e: Event) => void this.open(e)}
      />
      ${
        replay
          ? html`<pre id="replay-report" tabindex="0" class=${replay.ok ? 'ok' : 'bad'}>
${replay.report.join('\n')}</pre>
              ${
                replay.hands > 1
                  ? html`<div class="bar">
                      Hand
                      ${[...Array(replay.hands).keys()].map(
                        (i) =>
                          html`<button
                            aria-label="Hand ${i + 1}"
                            ?disabled=${i === replay.hand}
                            @click=${() => this.dispatchEvent(new ReplayStepEvent(0, i))}
                          >
                            ${i + 1}
                          </button>`,
                      )}
                    </div>`
                  : null
              }
              <div class="bar">
                <button
                  id="replay-start"
                  aria-label="First step"
                  @click=${() => this.dispatchEvent(new ReplayStepEvent(-replay.steps))}
                  ?disabled=${replay.step === 0}
                >
                  ${firstIcon()}
                </button>
                <button
                  id="replay-back"
                  @click=${() => this.dispatchEvent(new ReplayStepEvent(-1))}
                  ?disabled=${replay.step === 0}
                >
                  ◀ Back
                </button>
                <span id="replay-step">step ${replay.step} of ${replay.steps}</span>
                <button
                  id="replay-forward"
                  @click=${() => this.dispatchEvent(new ReplayStepEvent(1))}
                  ?disabled=${replay.step === replay.steps}
                >
                  Forward ▶
                </button>
                <button
                  id="replay-end"
                  aria-label="Last step"
                  @click=${() => this.dispatchEvent(new ReplayStepEvent(replay.steps))}
                  ?disabled=${replay.step === replay.steps}
                >
                  ${lastIcon()}
                </button>
              </div>
              <p class="caption" id="replay-caption">${replay.caption}</p>
              ${replay.table ? renderGameTable(replay.table) : html`<p class="muted">This hand cannot be shown.</p>`}`
          : null
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-replay': FdReplay;
  }
}
