/**
 * The home screen: create a table (game and number of seats), open a link a
 * friend shared, or return to a recent table.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { CATALOG, catalogEntry, type CatalogEntry } from '../src/app/catalog.js';
import type { GameId } from '../src/net/messages.js';
import { CreateTableEvent } from './events.js';
import { theme } from './theme.js';

@customElement('fd-home')
export class FdHome extends LitElement {
  @property({ attribute: false }) recentTables: readonly { table: string; game: string; savedAt: number }[] = [];
  @state() private game: GameId = 'stress-shed';
  @state() private seats = 2;
  @state() private joinError = '';

  static override styles = [
    theme,
    css`
      :host { display: block; max-width: 52rem; margin: 0 auto; padding: 1rem; color: var(--fd-ink); }
      h2 { margin: 1.5rem 0 0.75rem; font-size: 1.2rem; }
      .games { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 0.75rem; }
      label.game {
        display: block; padding: 0.8rem; border-radius: var(--fd-radius); cursor: pointer;
        background: rgba(0, 0, 0, 0.2); border: 2px solid transparent;
      }
      label.game:has(input:checked) { border-color: var(--fd-accent); background: rgba(0, 0, 0, 0.35); }
      label.game input { margin-right: 0.4rem; min-height: auto; }
      .name { font-weight: 600; }
      .soon { display: inline-block; font-size: 0.75rem; border: 1px solid var(--fd-muted); color: var(--fd-muted); border-radius: 1rem; padding: 0 0.45rem; margin-left: 0.3rem; }
      .blurb { font-size: 0.9rem; color: var(--fd-muted); margin-top: 0.3rem; }
      .row { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin-top: 1rem; }
      .join { display: flex; gap: 0.5rem; flex-wrap: wrap; }
      .join input { flex: 1 1 18rem; }
      ul { list-style: none; padding: 0; margin: 0; }
      li a { color: var(--fd-accent); }
    `,
  ];

  private get entry(): CatalogEntry {
    return catalogEntry(this.game);
  }

  private pickGame(id: GameId) {
    this.game = id;
    const { minPlayers, maxPlayers } = catalogEntry(id);
    this.seats = Math.min(maxPlayers, Math.max(minPlayers, this.seats));
  }

  private create(event: Event) {
    event.preventDefault();
    this.dispatchEvent(new CreateTableEvent({ game: this.game, seats: this.seats, options: {} }));
  }

  private join(event: Event) {
    event.preventDefault();
    const input = this.renderRoot.querySelector<HTMLInputElement>('#join-link');
    const text = input?.value.trim() ?? '';
    const match = /#\/t\/([^/?#\s]+)/.exec(text) ?? /^([a-z2-9]{8}-[0-9a-f]{16})$/.exec(text);
    if (!match) {
      this.joinError = 'Paste the whole link a friend shared (it contains #/t/…).';
      return;
    }
    this.joinError = '';
    location.hash = `#/t/${match[1]}`;
  }

  override render() {
    const { minPlayers, maxPlayers } = this.entry;
    return html`
      <form @submit=${this.create} aria-labelledby="create-title">
        <h2 id="create-title">New table</h2>
        <div class="games" role="radiogroup" aria-label="Game">
          ${CATALOG.map(
            (g) => html`<label class="game">
              <input type="radio" name="game" .value=${g.id} .checked=${g.id === this.game} @change=${() => this.pickGame(g.id)} />
              <span class="name">${g.name}</span>
              <span class="muted">· ${g.minPlayers === g.maxPlayers ? g.minPlayers : `${g.minPlayers}–${g.maxPlayers}`} players</span>
              ${g.playable ? null : html`<span class="soon">coming soon: seats only</span>`}
              <div class="blurb">${g.blurb}</div>
            </label>`,
          )}
        </div>
        <div class="row">
          <label>Seats
            <select id="seats" .value=${String(this.seats)} ?disabled=${minPlayers === maxPlayers}
              @change=${(e: Event) => (this.seats = Number((e.target as HTMLSelectElement).value))}>
              ${Array.from({ length: maxPlayers - minPlayers + 1 }, (_, i) => minPlayers + i).map(
                (n) => html`<option value=${n} ?selected=${n === this.seats}>${n}</option>`,
              )}
            </select>
          </label>
          <button class="primary" type="submit" id="create">Create table</button>
        </div>
      </form>

      <h2>Join a table</h2>
      <form class="join" @submit=${this.join}>
        <input id="join-link" placeholder="Paste a table link" aria-label="Table link" />
        <button type="submit">Join</button>
      </form>
      ${this.joinError ? html`<p class="error" role="alert">${this.joinError}</p>` : null}

      ${this.recentTables.length
        ? html`<h2>Recent tables</h2>
            <ul>
              ${this.recentTables.map(
                (t) => html`<li><a href="#/t/${t.table}">${catalogEntryName(t.game)} · ${t.table}</a>
                  <span class="muted">· ${new Date(t.savedAt).toLocaleString()}</span></li>`,
              )}
            </ul>`
        : null}
    `;
  }
}

function catalogEntryName(game: string): string {
  return CATALOG.find((g) => g.id === game)?.name ?? game;
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-home': FdHome;
  }
}
