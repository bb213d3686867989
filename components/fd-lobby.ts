/**
 * A table's lobby: the share box, the game's options as the creator set them
 * (so a joiner sees them before sitting, and everyone during play; the
 * creator changes them between hands: fd-table-options), the seats
 * with each player's name and live connection state, sit/leave buttons, and
 * the table fingerprint that every screen must show identically (read it out
 * to each other). A roster refused for invalid options says why. Seats are
 * listed round the table in the game's play order from the viewer's own; a
 * bot reads "bot, hosted by …" with its host's connection; a joiner without
 * a name types one before sitting. A page without a seat may Watch (the only
 * way in once the table is full), or take a seat freed between hands once its
 * table has checked the hands played (`seatStatus` says so meanwhile); a
 * seated player may switch to watching between hands. The peers watching are
 * listed under the seats. A seat linked directly says whether the link runs
 * straight between the two browsers or through a relay (TURN) server
 * (`data-link` on its item: `direct` or `turn`).
 *
 * Nobody sits by opening a link: a page without a seat offers "Take seat N"
 * (naming the name it will sit under) and Watch. When another tab of this
 * browser already sits at the table (`otherTab`), the page says so and offers
 * Watch, or to sit as another player after a confirmation.
 *
 * The fingerprint is eight emoji and their eight words; on a machine that
 * cannot draw one of the emoji (no emoji font: empty boxes), only the words
 * are shown (glyphs.ts).
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { LobbyView, SeatView } from '../src/table/lobby.js';
import type { LinkRoute } from '../src/net/ice-watch.js';
import { catalogEntry } from '../src/app/catalog.js';
import { AddBotEvent, LeaveSeatEvent, SitEvent, WatchEvent } from './events.js';
import { theme } from './theme.js';
import { eyeIcon } from './icons.js';
import { canDraw } from './glyphs.js';
import { seatItem, seatStyles } from './lobby-seat.js';
import { LazyPart } from './lazy-part.js';
import './fd-share.js';

@customElement('fd-lobby')
export class FdLobby extends LitElement {
  @property({ attribute: false }) lobby: LobbyView | null = null;
  @property() link = '';
  @property({ type: Boolean }) connecting = false;
  /** A hand is on: show only the seats and the fingerprint, below the table. */
  @property({ type: Boolean }) compact = false;
  /** Seat numbers round the table in the game's play order from this viewer's seat (null: seat order). */
  @property({ attribute: false }) seatOrder: readonly number[] | null = null;
  /** This person has no name yet: ask for one before sitting. */
  @property({ type: Boolean }) needsName = false;
  /** Names of the peers at the table without a seat. */
  @property({ attribute: false }) watchers: readonly string[] = [];
  /** This page chose to watch. */
  @property({ type: Boolean }) watching = false;
  /** Checking the hands played before this page may sit, or why it cannot (null: nothing to say). */
  @property({ attribute: false }) seatStatus: string | null = null;
  /** Peer id → how its open link runs (directly or through a TURN relay), as last sampled. */
  @property({ attribute: false }) routes: Readonly<Record<string, LinkRoute>> = {};
  /** The name this person sits under (empty: `needsName`). */
  @property() name = '';
  /** Another tab of this browser sits at this table: its seat and name. */
  @property({ attribute: false }) otherTab: { readonly seat: number | null; readonly name: string } | null = null;
  /** Why the table refused the creator's last change of options (null: none). */
  @property({ attribute: false }) optionsRefusal: string | null = null;
  /** What the next hand changes, in words (empty: the same terms). */
  @property({ attribute: false }) nextChanges: readonly string[] = [];
  /** The name being typed before sitting. */
  @state() private typedName = '';
  /** With `otherTab`: 'asking' once "Sit as another player" was pressed, 'yes' once confirmed. */
  @state() private another: 'no' | 'asking' | 'yes' = 'no';
  /** The table's options and their form, imported when the lobby first has them: the lobby's first load has a budget. */
  private readonly tableOptions = new LazyPart(this, () => import('./fd-table-options.js'));

  static override styles = [
    theme,
    seatStyles,
    css`
      :host {
        display: block;
        color: var(--fd-ink);
      }
      h2 {
        margin: 0 0 0.25rem;
      }
      section {
        background: rgba(0, 0, 0, 0.2);
        border-radius: var(--fd-radius);
        padding: 1rem;
        margin-bottom: 1rem;
      }
      .fingerprint {
        font-size: 1.8rem;
        letter-spacing: 0.15rem;
      }
      .words {
        font-family: ui-monospace, monospace;
        color: var(--fd-muted);
      }
      /* No emoji font on this machine: the words are the fingerprint, shown as large as the symbols would be. */
      .words.alone {
        font-size: 1.25rem;
        color: var(--fd-ink);
      }
      .actions {
        display: flex;
        gap: 0.5rem;
        flex-wrap: wrap;
        margin-top: 0.75rem;
      }
      .name-first {
        display: flex;
        flex-direction: column;
        gap: 0.3rem;
        margin-top: 0.75rem;
      }
      .name-first label {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        flex-wrap: wrap;
        font-weight: 600;
      }
    `,
  ];

  /** Sits (seat null: any free one), with the typed name when one was asked for. */
  private sitDown(seat: number | null) {
    if (this.needsName && this.typedName.trim() === '') {
      this.renderRoot.querySelector<HTMLInputElement>('#sit-name')?.focus();
      return;
    }
    this.dispatchEvent(new SitEvent(seat, this.needsName ? this.typedName : undefined));
  }

  /** How the link to a directly connected seat runs, once sampled. */
  private route(seat: SeatView): LinkRoute | null {
    if (seat.reachability !== 'direct' || !seat.member) return null;
    return this.routes[seat.member.peerId] ?? null;
  }

  /** Another tab of this browser sits here and this page has not confirmed sitting as another player. */
  private get heldByOtherTab(): boolean {
    return this.otherTab !== null && this.lobby?.mySeat === null && this.another !== 'yes';
  }

  /** "This browser sits here in another tab": Watch, or sit as another player after asking. */
  private otherTabChoice() {
    const other = this.otherTab!;
    const where = other.seat !== null ? `seat ${other.seat + 1}` : 'a seat';
    return html`<div id="other-tab" role="status">
      <p>
        You already sit at this table in another tab of this browser
        (${where}${other.name ? `, as ${other.name}` : ''}). Play there, or watch from here.
      </p>
      <div class="actions">
        ${
          this.watching
            ? null
            : html`<button class="primary" id="watch" @click=${() => this.dispatchEvent(new WatchEvent())}>
                Watch
              </button>`
        }
        ${
          this.another === 'asking'
            ? html`<span id="confirm-another"
                >Sit here too, as a second player with this tab’s own key? The other tab keeps its seat, and a hand
                deals you in twice.
                <button id="confirm-sit-another" @click=${() => (this.another = 'yes')}>
                  Yes, sit as another player
                </button>
                <button id="cancel-sit-another" @click=${() => (this.another = 'no')}>Cancel</button></span
              >`
            : html`<button id="sit-another" @click=${() => (this.another = 'asking')}>Sit as another player…</button>`
        }
      </div>
    </div>`;
  }

  private seat(seat: SeatView) {
    const lobby = this.lobby;
    return seatItem(
      {
        seat,
        route: this.route(seat),
        canSit: !seat.member && lobby?.mySeat === null && !this.heldByOtherTab,
        canAddBot:
          Boolean(lobby?.isCreator) &&
          !lobby?.handRunning &&
          seat.seat > 0 &&
          (!seat.member || seat.reachability === 'offline'),
      },
      (n) => this.sitDown(n),
      (n, replace) => this.dispatchEvent(new AddBotEvent(n, replace)),
    );
  }

  /** The seats in play order from mine (as the store computed), else in seat order. */
  private ordered(seats: readonly SeatView[]): SeatView[] {
    const order = this.seatOrder;
    if (!order || order.length !== seats.length) return [...seats];
    return order.map((i) => seats[i]!);
  }

  override render() {
    const lobby = this.lobby;
    if (lobby?.configProblem && lobby.waitingForCreator) {
      return html`<section role="alert" id="config-problem">
        <h2>This table cannot be joined</h2>
        <p class="error">${lobby.configProblem}</p>
      </section>`;
    }
    if (!lobby || lobby.waitingForCreator) {
      return html`<section aria-live="polite">
        <h2>Joining table…</h2>
        <p class="muted">
          ${
            this.connecting
              ? 'Connecting to the signaling server.'
              : 'Waiting for the table’s creator to answer. They must have the table open.'
          }
        </p>
      </section>`;
    }
    const config = lobby.config;
    const game = config ? catalogEntry(config.game) : null;
    const free = lobby.seats.filter((s) => !s.member).length;
    const firstFree = lobby.seats.findIndex((s) => !s.member);
    const symbols = lobby.fingerprint ? canDraw(lobby.fingerprint.emoji) : false;
    return html`
      <section ?hidden=${this.compact}>
        <h2>${game?.name ?? 'Table'}</h2>
        <p class="muted" id="seat-summary">
          ${lobby.seats.length} seats · ${free === 0 ? 'all taken' : `${free} free`}
        </p>
        <fd-share .link=${this.link}></fd-share>
      </section>
      ${
        config
          ? this.tableOptions.show(
              {
                loading: 'Loading the table’s options…',
                failed: 'The table’s options could not be loaded',
                id: 'options-failed',
              },
              () =>
                html`<fd-table-options
                  .game=${config.game}
                  .seats=${config.seats}
                  .options=${config.options}
                  ?watchersChat=${config.watchersChat === true}
                  ?canChange=${lobby.isCreator && !lobby.handRunning && lobby.handsStarted > 0}
                  .refusal=${this.optionsRefusal}
                  .pending=${this.nextChanges}
                ></fd-table-options>`,
            )
          : null
      }
      <section aria-label="Seats">
        <ol id="seats" aria-label="Seats round the table in play order">
          ${this.ordered(lobby.seats).map((s) => this.seat(s))}
        </ol>
        ${
          lobby.mySeat === null && this.needsName && free > 0 && !this.heldByOtherTab
            ? html`<form
                class="name-first"
                id="name-first"
                @submit=${(e: Event) => (e.preventDefault(), this.sitDown(null))}
              >
                <label
                  >Your name at this table
                  <input
                    id="sit-name"
                    maxlength="32"
                    required
                    autocomplete="nickname"
                    placeholder="e.g. Bob"
                    .value=${this.typedName}
                    @input=${(e: Event) => (this.typedName = (e.target as HTMLInputElement).value)}
                /></label>
                <span class="muted">Everyone at the table sees it next to your seat.</span>
              </form>`
            : null
        }
        ${this.heldByOtherTab ? this.otherTabChoice() : null}
        <div class="actions">
          ${
            lobby.mySeat === null && !this.watching && !this.heldByOtherTab
              ? html`<button
                  class=${lobby.handsStarted > 0 || free === 0 ? 'primary' : ''}
                  id="watch"
                  @click=${() => this.dispatchEvent(new WatchEvent())}
                >
                  Watch
                </button>`
              : null
          }
          ${
            this.heldByOtherTab
              ? null
              : lobby.mySeat === null
                ? lobby.handsStarted > 0
                  ? free === 0
                    ? html`<span class="muted" id="seats-fixed"
                        >Play has started: every seat is taken, but you can watch.</span
                      >`
                    : html`<button
                          class="primary"
                          id="sit"
                          ?disabled=${this.needsName && this.typedName.trim() === ''}
                          @click=${() => this.sitDown(null)}
                        >
                          Take the free seat
                        </button>
                        <span class="muted" id="seats-fixed"
                          >Play has started: a free seat is taken for the next hand, or you can watch.</span
                        >`
                  : free === 0
                    ? html`<span class="muted" id="seats-fixed">Every seat is taken: you can watch.</span>`
                    : html`<button
                          class="primary"
                          id="sit"
                          data-seat=${firstFree}
                          ?disabled=${free === 0 || (this.needsName && this.typedName.trim() === '')}
                          @click=${() => this.sitDown(firstFree)}
                        >
                          Take seat ${firstFree + 1}
                        </button>
                        ${this.needsName ? null : html`<span class="muted" id="sit-as">as ${this.name}</span>`}`
                : lobby.isCreator
                  ? null
                  : html`<button
                        id="leave"
                        title=${lobby.handRunning ? 'Ends the hand being played without a result' : ''}
                        @click=${() => this.dispatchEvent(new LeaveSeatEvent())}
                      >
                        ${lobby.handRunning ? 'Leave the table (ends this hand)' : 'Leave seat'}
                      </button>
                      ${lobby.handRunning ? null : html`<button id="leave-watch" title="Gives your seat back and follows the table's hands" @click=${() => this.dispatchEvent(new WatchEvent())}>Leave and watch</button>`}`
          }
        </div>
        ${this.seatStatus && lobby.mySeat === null ? html`<p class=${this.seatStatus.startsWith('You cannot') ? 'error' : 'muted'} id="seat-status" role="status">${this.seatStatus}</p>` : null}
        <p class="muted" id="watchers">
          ${
            this.watchers.length
              ? html`Watching:
                ${this.watchers.map((name, i) => html`${i ? ', ' : ''}<span class="watcher">${eyeIcon()} ${name}</span>`)}`
              : 'Nobody is watching.'
          }
        </p>
      </section>
      <section aria-label="Table fingerprint">
        ${
          symbols
            ? html`<div class="fingerprint" id="fingerprint" title=${lobby.fingerprint?.words ?? ''} aria-hidden="true">
                ${lobby.fingerprint?.emoji}
              </div>`
            : nothing
        }
        <div class="words ${symbols ? '' : 'alone'}" id="fingerprint-words">${lobby.fingerprint?.words}</div>
        <p class="muted">
          Everyone at the table should see these same eight ${symbols ? 'symbols' : 'words'}. Read them out to each
          other: if a screen differs, someone is not who they seem.
        </p>
      </section>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-lobby': FdLobby;
  }
}
