/**
 * The table's options in the lobby: every option of its game in words (set
 * or default) and whether watchers may chat, for everyone to read before
 * sitting and during play. Between hands the table's creator may change them
 * for the next hand ("Change options…"): the same controls as the New table
 * form (fd-option-fields), checked as that form checks them, then sent with a
 * `ChangeOptionsEvent` carrying only what differs on top of the table's
 * options (an option left alone stays as the table has it). The shell
 * cancels that event when the table refused the change, and the refusal comes
 * back down (`refusal`): the choices stay in the form, nothing is lost. What
 * the next hand changes (`pending`) is listed under the options with the
 * reminder that it starts only once every seat has clicked Rematch. Everyone
 * else sees the options read-only. The controls' element is imported when
 * the form first opens: most pages never open it, and the lobby's first load
 * has a budget (docs/ARCHITECTURE.md §2).
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { catalogEntry, configProblem, optionSummary } from '../src/app/catalog.js';
import type { OptionValue } from '../src/games/game-meta.js';
import { ChangeOptionsEvent, OptionInputEvent } from './events.js';
import { LazyPart } from './lazy-part.js';
import { theme } from './theme.js';

@customElement('fd-table-options')
export class FdTableOptions extends LitElement {
  @property() game = '';
  @property({ type: Number }) seats = 0;
  /** The options as the table's roster has them now. */
  @property({ attribute: false }) options: Readonly<Record<string, OptionValue>> = {};
  @property({ type: Boolean }) watchersChat = false;
  /** This page is the table's creator and no hand is being played: it may change the options for the next hand. */
  @property({ type: Boolean }) canChange = false;
  /** Why the table refused the last change asked for (null: none refused). */
  @property({ attribute: false }) refusal: string | null = null;
  /** What the next hand changes, in words (empty: the same terms). */
  @property({ attribute: false }) pending: readonly string[] = [];
  /** The options being chosen (null: not changing). */
  @state() private draft: Record<string, OptionValue> | null = null;
  /** The form's controls (fd-option-fields), imported when the form first opens. */
  private readonly fields = new LazyPart(this, () => import('./fd-option-fields.js'));

  static override styles = [
    theme,
    css`
      :host {
        display: block;
      }
      section {
        background: rgba(0, 0, 0, 0.2);
        border-radius: var(--fd-radius);
        padding: 1rem;
        margin-bottom: 1rem;
      }
      dl.options {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.2rem 0.8rem;
        margin: 0;
      }
      dl.options dt {
        color: var(--fd-muted);
      }
      dl.options dd {
        margin: 0;
      }
      fieldset {
        border: 1px solid rgba(255, 255, 255, 0.15);
        border-radius: var(--fd-radius);
        margin: 0;
        padding: 0.6rem 0.9rem 0.8rem;
      }
      legend {
        color: var(--fd-muted);
        padding: 0 0.3rem;
      }
      .actions {
        display: flex;
        gap: 0.5rem;
        flex-wrap: wrap;
        margin-top: 0.75rem;
        align-items: center;
      }
      .pending {
        margin: 0.75rem 0 0;
      }
      .pending ul {
        margin: 0.2rem 0 0;
        padding-left: 1.2rem;
      }
    `,
  ];

  /** The table's value of an option: as set, else the game's default. */
  private current(name: string): OptionValue | undefined {
    if (Object.hasOwn(this.options, name)) return this.options[name];
    return catalogEntry(this.game)?.options.find((o) => o.name === name)?.default;
  }

  /** The options the change asks for: the table's, with each option the draft sets differently on top. */
  private asked(draft: Readonly<Record<string, OptionValue>>): Record<string, OptionValue> {
    const options = { ...this.options };
    for (const [name, value] of Object.entries(draft)) if (value !== this.current(name)) options[name] = value;
    return options;
  }

  private changed(draft: Readonly<Record<string, OptionValue>>): boolean {
    return Object.entries(draft).some(([name, value]) => value !== this.current(name));
  }

  private apply(event: Event) {
    event.preventDefault();
    const draft = this.draft;
    if (!draft || !this.canChange || !this.changed(draft)) return;
    const asked = this.asked(draft);
    if (configProblem(this.game, this.seats, asked)) return;
    const change = new ChangeOptionsEvent(asked);
    this.dispatchEvent(change);
    // Refused: the choices stay, and the reason comes down as `refusal`.
    if (!change.defaultPrevented) this.draft = null;
  }

  private readOnly() {
    return html`<dl class="options">
      ${optionSummary(this.game, this.options).map(
        (o) =>
          html`<dt>${o.label}</dt>
            <dd data-option=${o.name}>${o.value}</dd>`,
      )}
      <dt>Watchers may chat</dt>
      <dd data-option="watchersChat">${this.watchersChat ? 'yes' : 'no'}</dd>
    </dl>`;
  }

  private form(draft: Record<string, OptionValue>) {
    const controls = catalogEntry(this.game)?.options ?? [];
    const problem = configProblem(this.game, this.seats, this.asked(draft));
    const changed = this.changed(draft);
    return html`<form id="options-form" @submit=${this.apply}>
      <fieldset>
        <legend>Options for the next hand</legend>
        ${this.fields.show(
          { loading: 'Loading the options…', failed: 'The options could not be loaded', id: 'options-load-failed' },
          () =>
            html`<fd-option-fields
              .controls=${controls}
              .values=${{ ...this.options, ...draft }}
              @fd-option-input=${(e: OptionInputEvent) => {
                e.stopPropagation();
                this.draft = { ...draft, [e.name]: e.value };
              }}
            ></fd-option-fields>`,
        )}
      </fieldset>
      ${problem ? html`<p class="error" role="alert" id="options-problem">${problem}</p>` : null}
      ${this.refusal ? html`<p class="error" role="alert" id="options-refused">${this.refusal}</p>` : null}
      <p class="muted" id="options-note">
        ${
          this.canChange
            ? 'Every player sees the change. The next hand is played under it once every seat has clicked Rematch.'
            : 'The options change between hands: this hand is being played. Your choices are kept until it ends.'
        }
      </p>
      <div class="actions">
        <button
          class="primary"
          type="submit"
          id="apply-options"
          ?disabled=${!this.canChange || !changed || problem !== null}
        >
          Change for the next hand
        </button>
        <button type="button" id="cancel-options" @click=${() => (this.draft = null)}>Cancel</button>
        ${changed ? null : html`<span class="muted" id="options-unchanged">Nothing changed yet.</span>`}
      </div>
    </form>`;
  }

  override render() {
    const draft = this.draft;
    return html`<section aria-label="Table options" id="table-options">
      ${draft ? this.form(draft) : this.readOnly()}
      ${
        this.pending.length > 0
          ? html`<div class="pending" id="options-pending" role="status">
              <strong>The next hand changes</strong> — it starts once every seat has clicked Rematch:
              <ul>
                ${this.pending.map((line) => html`<li>${line}</li>`)}
              </ul>
            </div>`
          : null
      }
      ${
        this.canChange && !draft
          ? html`<div class="actions">
              <button id="change-options" @click=${() => (this.draft = {})}>Change options…</button>
            </div>`
          : null
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-table-options': FdTableOptions;
  }
}
