/**
 * The home screen: create a table (game, number of seats and the game's
 * options, each rendered from the game's option fields as a checkbox, a
 * select or a number: fd-option-fields), open a link a friend shared, or return to a recent
 * table. A combination the game does not take (e.g. one deck for six) is
 * named under the form and cannot be created.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { CATALOG, catalogEntry, configProblem, type CatalogEntry } from '../src/app/catalog.js';
import type { GameId } from '../src/games/index.js';
import type { OptionValue } from '../src/games/game-meta.js';
import type { AppView } from '../src/app/store-types.js';
import { CreateTableEvent, OptionInputEvent } from './events.js';
import { theme } from './theme.js';
import { optionStyles } from './fd-option-fields.js';

@customElement('fd-home')
export class FdHome extends LitElement {
  @property({ attribute: false }) recentTables: AppView['recentTables'] = [];
  @state() private game: GameId = CATALOG[0]!.id;
  @state() private seats = 2;
  @state() private options: Record<string, OptionValue> = defaultsOf(CATALOG[0]!);
  /** The table's "Watchers may chat" (off unless chosen; carried in the signed table config). */
  @state() private watchersChat = false;
  @state() private joinError = '';

  static override styles = [
    theme,
    optionStyles,
    css`
      :host {
        display: block;
        max-width: 52rem;
        margin: 0 auto;
        padding: 1rem;
        color: var(--fd-ink);
      }
      h2 {
        margin: 1.5rem 0 0.75rem;
        font-size: 1.2rem;
      }
      .games {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
        gap: 0.75rem;
      }
      label.game {
        display: block;
        padding: 0.8rem;
        border-radius: var(--fd-radius);
        cursor: pointer;
        background: rgba(0, 0, 0, 0.2);
        border: 2px solid transparent;
      }
      label.game:has(input:checked) {
        border-color: var(--fd-accent);
        background: rgba(0, 0, 0, 0.35);
      }
      label.game input {
        margin-right: 0.4rem;
        min-height: auto;
      }
      .name {
        font-weight: 600;
      }
      .blurb {
        font-size: 0.9rem;
        color: var(--fd-muted);
        margin-top: 0.3rem;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.75rem;
        align-items: center;
        margin-top: 1rem;
      }
      .join {
        display: flex;
        gap: 0.5rem;
        flex-wrap: wrap;
      }
      .join input {
        flex: 1 1 18rem;
      }
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
      }
      li a {
        color: var(--fd-accent);
      }
      fieldset {
        border: 1px solid rgba(255, 255, 255, 0.15);
        border-radius: var(--fd-radius);
        margin: 1rem 0 0;
        padding: 0.6rem 0.9rem 0.8rem;
      }
      legend {
        color: var(--fd-muted);
        padding: 0 0.3rem;
      }
    `,
  ];

  private get entry(): CatalogEntry {
    return catalogEntry(this.game) ?? CATALOG[0]!;
  }

  private pickGame(entry: CatalogEntry) {
    this.game = entry.id;
    this.seats = Math.min(entry.maxPlayers, Math.max(entry.minPlayers, this.seats));
    this.options = defaultsOf(entry);
  }

  private setOption(name: string, value: OptionValue) {
    this.options = { ...this.options, [name]: value };
  }

  private get problem(): string | null {
    return configProblem(this.game, this.seats, this.options);
  }

  private create(event: Event) {
    event.preventDefault();
    if (this.problem) return;
    // Left out when off, so the config reads the same as one made before the setting existed.
    this.dispatchEvent(
      new CreateTableEvent({
        game: this.game,
        seats: this.seats,
        options: { ...this.options },
        ...(this.watchersChat ? { watchersChat: true } : {}),
      }),
    );
  }

  private join(event: Event) {
    event.preventDefault();
    const input = this.renderRoot.querySelector<HTMLInputElement>('#join-link');
    const text = input?.value.trim() ?? '';
    // Keep the link's query: it names the signaling server every player must use.
    const match = /#\/t\/([^/?#\s]+(?:\?[^#\s]*)?)/.exec(text) ?? /^([a-z2-9]{8}-[0-9a-f]{16})$/.exec(text);
    if (!match) {
      this.joinError = 'Paste the whole link a friend shared (it contains #/t/…).';
      return;
    }
    this.joinError = '';
    location.hash = `#/t/${match[1]}`;
  }

  override render() {
    const { minPlayers, maxPlayers, options } = this.entry;
    const problem = this.problem;
    return html`
      <form @submit=${this.create} aria-labelledby="create-title">
        <h2 id="create-title">New table</h2>
        <div class="games" role="radiogroup" aria-label="Game">
          ${CATALOG.map(
            (g) =>
              html`<label class="game">
                <input
                  type="radio"
                  name="game"
                  .value=${g.id}
                  .checked=${g.id === this.game}
                  @change=${() => this.pickGame(g)}
                />
                <span class="name">${g.name}</span>
                <span class="muted"
                  >· ${g.minPlayers === g.maxPlayers ? g.minPlayers : `${g.minPlayers}–${g.maxPlayers}`} players</span
                >
                <div class="blurb">${g.blurb}</div>
              </label>`,
          )}
        </div>
        <div class="row">
          <label
            >Seats
            <select
              id="seats"
              .value=${String(this.seats)}
              ?disabled=${minPlayers === maxPlayers}
              @change=${(e: Event) => (this.seats = Number((e.target as HTMLSelectElement).value))}
            >
              ${Array.from({ length: maxPlayers - minPlayers + 1 }, (_, i) => minPlayers + i).map(
                (n) => html`<option value=${n} ?selected=${n === this.seats}>${n}</option>`,
              )}
            </select>
          </label>
        </div>
        ${
          options.length
            ? html`<fieldset id="options">
                <legend>Options</legend>
                <fd-option-fields
                  .controls=${options}
                  .values=${this.options}
                  @fd-option-input=${(e: OptionInputEvent) => this.setOption(e.name, e.value)}
                ></fd-option-fields>
              </fieldset>`
            : null
        }
        <label class="option"
          ><input
            type="checkbox"
            id="watchers-chat"
            .checked=${this.watchersChat}
            @change=${(e: Event) => (this.watchersChat = (e.target as HTMLInputElement).checked)}
          />Watchers may chat<span class="help">Off: only the players at the table can write in its chat.</span></label
        >
        ${problem ? html`<p class="error" role="alert" id="config-problem">${problem}</p>` : null}
        <div class="row">
          <button class="primary" type="submit" id="create" ?disabled=${problem !== null}>Create table</button>
        </div>
      </form>

      <h2>Join a table</h2>
      <form class="join" @submit=${this.join}>
        <input id="join-link" placeholder="Paste a table link" aria-label="Table link" />
        <button type="submit">Join</button>
      </form>
      ${this.joinError ? html`<p class="error" role="alert">${this.joinError}</p>` : null}
      ${
        this.recentTables.length
          ? html`<h2>Recent tables</h2>
              <ul>
                ${this.recentTables.map(
                  (t) =>
                    html`<li data-table=${t.table}>
                      <a href="#/t/${t.table}">${catalogEntryName(t.game)}</a>
                      <span class="players">· ${t.players.length ? t.players.join(', ') : 'nobody seated yet'}</span>
                      <span class="muted"
                        >·
                        ${new Date(t.savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</span
                      >
                    </li>`,
                )}
              </ul>`
          : null
      }
    `;
  }
}

function catalogEntryName(game: string): string {
  return catalogEntry(game)?.name ?? game;
}

function defaultsOf(entry: CatalogEntry): Record<string, OptionValue> {
  return Object.fromEntries(entry.options.map((o) => [o.name, o.default]));
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-home': FdHome;
  }
}
