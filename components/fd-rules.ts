/**
 * The table's "Rules" button and the panel it opens: the game's aim, its
 * rules in short points and the options this table was created with. It
 * renders the store's `RulesHelpView` (src/games/rules-help.ts) only; the
 * panel is a native <dialog>, so Escape closes it and focus returns.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import type { RulesHelpView } from '../src/games/rules-help.js';
import { theme } from './theme.js';

@customElement('fd-rules')
export class FdRules extends LitElement {
  @property({ attribute: false }) help!: RulesHelpView;
  @query('dialog') private dialog!: HTMLDialogElement;

  static override styles = [
    theme,
    css`
      :host {
        display: inline-block;
      }
      dialog {
        max-width: min(40rem, calc(100vw - 2rem));
        max-height: calc(100vh - 2rem);
        background: #0d3b27;
        color: var(--fd-ink);
        border: 2px solid var(--fd-accent);
        border-radius: var(--fd-radius);
        padding: 1rem 1.2rem;
      }
      dialog::backdrop {
        background: rgba(0, 0, 0, 0.55);
      }
      h2 {
        margin: 0 0 0.4rem;
      }
      h2:focus {
        outline: none;
      }
      h3 {
        margin: 0.9rem 0 0.3rem;
        font-size: 1rem;
        color: var(--fd-accent);
      }
      ul {
        margin: 0;
        padding-left: 1.2rem;
      }
      li {
        margin: 0.2rem 0;
        line-height: 1.35;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0.2rem 0.8rem;
        margin: 0;
      }
      dt {
        color: var(--fd-muted);
      }
      dd {
        margin: 0;
      }
      .close {
        display: flex;
        justify-content: flex-end;
        margin-top: 0.8rem;
      }
      /* On a phone the button sits in the table's slim tools row (fd-app). */
      @media (max-width: 600px) {
        #rules-open {
          font-size: 0.75rem;
          padding: 0.1rem 0.5rem;
        }
      }
    `,
  ];

  override render() {
    const help = this.help;
    return html`<button id="rules-open" @click=${() => this.dialog.showModal()} aria-haspopup="dialog">Rules</button>
      <dialog id="rules" aria-labelledby="rules-title">
        <h2 id="rules-title" tabindex="-1" autofocus>${help.name}</h2>
        <p id="rules-aim">${help.aim}</p>
        ${help.sections.map(
          (section) =>
            html`<h3>${section.title}</h3>
              <ul>
                ${section.points.map((p) => html`<li>${p}</li>`)}
              </ul>`,
        )}
        <h3>This table's options</h3>
        ${
          help.options.length > 0
            ? html`<dl id="rules-options">
                ${help.options.map(
                  (o) =>
                    html`<dt title=${o.help ?? ''}>${o.label}</dt>
                      <dd>${o.value}</dd>`,
                )}
              </dl>`
            : html`<p class="muted" id="rules-options">This game has no options.</p>`
        }
        <div class="close">
          <button class="primary" id="rules-close" @click=${() => this.dialog.close()}>Close</button>
        </div>
      </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-rules': FdRules;
  }
}
