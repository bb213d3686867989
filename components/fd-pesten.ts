/**
 * The table of Pesten for one seat: the other players round the felt in
 * clockwise order from this seat (fd-seat-ring.ts: card counts, last move,
 * whose turn; the round wins, who plays next and who is still choosing on a
 * 10 drawn here inside each box), the stock, the discard top with the wished
 * suit, the draw owed, the direction arrow, and this seat's hand (sorted by
 * suit or by rank). Legal cards are marked; clicking an illegal one says
 * why, in the rules' words (the store's card hints). A gone seat is marked
 * on its box; cards fly hand → pile, seat → pile, stock → hand, and a draw
 * flies a card back to that seat's box (card-motion.ts, fd-seat-ring.ts). A play is one card, with a suit for a J
 * and the "Pesten!" announcement when it leaves one card; on a 10 everyone
 * picks a card to pass. Keys (never while typing): ←/→ or 1–9 choose a card,
 * Enter plays it (with a J, 1–4 then pick the suit), D draws, E keeps a
 * drawn card, P toggles "Pesten!", S switches the sort. Only the moves in
 * `legal` are ever sent (as an ActEvent).
 */
import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { PestenView, ViewCard } from '../src/games/pesten/views.js';
import type { PestenAction } from '../src/games/pesten/actions.js';
import type { CardHint } from '../src/games/card-hints.js';
import { clockwiseFrom, otherSort, sortCards, TableControls } from './table-controls.js';
import { count } from '../src/app/words.js';
import { playNote } from './card-marks.js';
import { label, parts, sortKey, SUIT_NAME, SUITS, SYMBOL, type Suit } from './pesten-cards.js';
import { nextSeat, refusal, statusLine, type PestenSeatContext } from './pesten-words.js';
import { pestenStyles } from './pesten-styles.js';
import { CardMotion } from './card-motion.js';
import { HandFocus } from './hand-focus.js';
import type { SeatMove } from './fd-seat-ring.js';
import './fd-card.js';
import './fd-seat-ring.js';

type Play = Extract<PestenAction, { type: 'play' }>;

@customElement('fd-pesten')
export class FdPesten extends LitElement {
  @property({ attribute: false }) view!: PestenView;
  @property({ attribute: false }) legal: readonly PestenAction[] = [];
  @property({ type: Number }) mySeat: number | null = null;
  @property({ attribute: false }) names: readonly string[] = [];
  /** Cryptography in flight (the deal, a draw, the passes): moves wait. */
  @property({ type: Boolean }) busy = false;
  /** The rules' verdict on each of my cards (src/games/card-hints.ts): its reason is what an illegal card says. */
  @property({ attribute: false }) cardHints: Readonly<Record<number, CardHint>> = {};
  /** Seats whose connection is gone: marked on their seat box. */
  @property({ attribute: false }) gone: readonly number[] = [];
  /** Who moved last: a new top card flies in from that seat's box. */
  @property({ attribute: false }) lastMover: number | null = null;
  /** Each seat's newest move in words: shown in that seat's box. */
  @property({ attribute: false }) lastMoves: readonly SeatMove[] = [];
  @state() private selected: number | null = null;
  private readonly motion = new CardMotion(this);
  /** The keyboard's place in my area, kept in my cards when an update loses it (hand-focus.ts). */
  private readonly handFocus = new HandFocus(this, '#my-area', 'fd-card');
  /** How my hand is sorted (Settings); S or the Sort button asks for the other order. */
  @property() sortHandBy: 'suit' | 'rank' = 'suit';
  @state() private announce = false;
  @state() private why: string | null = null;
  private readonly table = new TableControls<PestenAction>(this, {
    onKey: (event) => this.onKey(event),
    clear: () => {
      this.selected = null;
      this.announce = false;
      this.why = null;
    },
  });

  static override styles = pestenStyles;

  private get me() {
    return this.mySeat === null ? undefined : this.view.seats[this.mySeat];
  }

  private get plays(): Play[] {
    return this.busy ? [] : this.legal.filter((a): a is Play => a.type === 'play');
  }

  /** My hand in the chosen order. */
  private sortedHand(): ViewCard[] {
    return sortCards(this.me?.hand ?? [], this.sortHandBy, (card, by) => sortKey(card, by === 'rank'));
  }

  /** The view and who looks at it, for the words of pesten-words.ts. */
  private get seatContext(): PestenSeatContext {
    return { view: this.view, mySeat: this.mySeat, busy: this.busy, name: (seat) => this.table.name(seat) };
  }

  /** Why this card cannot be played now, in words (pesten-words.ts). */
  private reason(card: ViewCard): string {
    return refusal(this.seatContext, card, this.cardHints[card.handle]);
  }

  private pick(card: ViewCard) {
    this.why = null;
    if (this.view.phase === 'pass') {
      if (this.legal.some((a) => a.type === 'give' && a.handle === card.handle)) this.selected = card.handle;
      return;
    }
    if (!this.plays.some((p) => p.handle === card.handle)) {
      this.selected = null;
      this.why = this.reason(card);
      return;
    }
    this.selected = this.selected === card.handle ? null : card.handle;
  }

  /** The legal play of the selected card with this wish and the announcement as toggled. */
  private playOf(handle: number | null, wish?: Suit): Play | undefined {
    const offersAnnounce = this.plays.some((p) => p.handle === handle && p.announce === true);
    return this.plays.find(
      (p) => p.handle === handle && p.wish === wish && (p.announce === true) === (offersAnnounce && this.announce),
    );
  }

  private get selectedIsJack(): boolean {
    return parts(this.me?.hand.find((c) => c.handle === this.selected)?.card ?? null)?.rank === 'J';
  }

  private confirm() {
    if (this.view.phase === 'pass') {
      const give = this.legal.find((a) => a.type === 'give' && a.handle === this.selected);
      if (give) this.table.send(give);
      return;
    }
    if (this.selectedIsJack) return;
    const play = this.playOf(this.selected);
    if (play) this.table.send(play);
  }

  private wishWith(suit: Suit) {
    if (this.view.phase === 'wish') {
      const wish = this.legal.find((a) => a.type === 'wish' && a.suit === suit);
      if (wish) this.table.send(wish);
      return;
    }
    const play = this.playOf(this.selected, suit);
    if (play) this.table.send(play);
  }

  private simple(type: 'draw' | 'end-turn') {
    const action = this.busy ? undefined : this.legal.find((a) => a.type === type);
    if (action) this.table.send(action);
  }

  private onKey(event: KeyboardEvent) {
    if (!this.view) return;
    const hand = this.sortedHand();
    const key = event.key.toLowerCase();
    const picker =
      this.view.phase === 'wish' || (this.selected !== null && this.selectedIsJack && this.view.phase === 'play');
    if (picker && /^[1-4]$/.test(key)) return this.wishWith(SUITS[Number(key) - 1]!);
    if (/^[1-9]$/.test(key) && hand[Number(key) - 1]) return this.pick(hand[Number(key) - 1]!);
    if (key === 'arrowleft' || key === 'arrowright') {
      if (hand.length === 0) return;
      const at = hand.findIndex((c) => c.handle === this.selected);
      const next =
        at < 0
          ? key === 'arrowright'
            ? 0
            : hand.length - 1
          : (at + (key === 'arrowright' ? 1 : hand.length - 1)) % hand.length;
      this.selected = hand[next]!.handle;
      this.why = null;
      event.preventDefault();
    } else if (key === 'enter' && this.selected !== null) {
      const card = hand.find((c) => c.handle === this.selected);
      if (card && this.view.phase === 'play' && !this.plays.some((p) => p.handle === card.handle))
        this.why = this.reason(card);
      else this.confirm();
      event.preventDefault();
    } else if (key === 'd') this.simple('draw');
    else if (key === 'e') this.simple('end-turn');
    else if (key === 'p') this.announce = !this.announce;
    else if (key === 's') this.table.toggleSort(this.sortHandBy);
    else if (key === 'escape') {
      this.selected = null;
      this.why = null;
    }
  }

  override willUpdate(changed: Map<string, unknown>) {
    // A selection, an announcement or an explanation does not outlive the moves it was for.
    const legalKey = JSON.stringify(this.legal);
    if (changed.has('legal') && legalKey !== this.legalKey) this.why = null;
    this.legalKey = legalKey;
    if (
      changed.has('legal') &&
      this.selected !== null &&
      !this.legal.some((a) => (a.type === 'play' || a.type === 'give') && a.handle === this.selected)
    ) {
      this.selected = null;
      this.announce = false;
    }
  }

  /** The legal moves last rendered, to tell a new turn from a mere re-render. */
  private legalKey = '';
  /** The other seats, clockwise (descending seat order) starting after mine. */
  private othersClockwise(): number[] {
    const from = this.mySeat ?? 0;
    const order = clockwiseFrom(from, this.view.seats.length);
    return this.mySeat === null ? [...order.slice(1), from] : order.slice(1);
  }

  /** A seat's badges after its name in the ring: the dealer, the round's winner. */
  private seatBadges = (seat: number) => {
    const v = this.view;
    return html`${v.dealer === seat ? html`<span class="badge wait" title="dealer">D</span>` : null}${v.winner === seat ? html`<span class="badge">won</span>` : null}`;
  };

  /** A seat's extras in the ring: its round wins, and who plays next, who is choosing or has passed on a 10. */
  private seatExtras = (seat: number) => {
    const v = this.view;
    const s = v.seats[seat];
    if (!s) return null;
    const choosing = v.phase === 'pass' && !s.passed && s.count > 0;
    const next = nextSeat(v);
    return html`<div class="wins">
      ${count(s.points, 'win')}
      ${next === seat && v.turn !== seat && v.phase === 'play' ? html`<span class="badge wait">next</span>` : null}
      ${choosing ? html`<span class="badge wait choosing">choosing</span>` : null}
      ${v.phase === 'pass' && s.passed ? html`<span class="badge wait">passed</span>` : null}
    </div>`;
  };

  /** Done once the seat ring inside has drawn too (it updates just after this element). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.renderRoot.querySelector('fd-seat-ring')?.updateComplete;
    return done;
  }

  private suitPicker(prefix: string) {
    return html`<div class="controls picker" role="group" aria-label="Wish a suit">
      ${SUITS.map((suit, i) => html`<button class=${suit === 'D' || suit === 'H' ? 'red' : ''} data-suit=${suit} title="${prefix} ${SUIT_NAME[suit]} (${i + 1})" @click=${() => this.wishWith(suit)}>${SYMBOL[suit]}</button>`)}
    </div>`;
  }

  private controls() {
    const v = this.view;
    if (this.busy || this.legal.length === 0) return null;
    if (v.phase === 'wish') return this.suitPicker('Wish');
    if (v.phase === 'pass') {
      return html`<div class="controls">
        <button class="primary" id="give" ?disabled=${this.selected === null} @click=${() => this.confirm()}>
          Pass
          ${this.selected !== null ? label(this.me?.hand.find((c) => c.handle === this.selected)?.card ?? null) : 'a card'}
          to ${this.table.name(this.me?.passesTo ?? 0)} <kbd class="key">(Enter)</kbd>
        </button>
      </div>`;
    }
    const canAnnounce = this.plays.some((p) => p.announce === true);
    const draw = this.legal.find((a) => a.type === 'draw');
    const selectedCard = this.me?.hand.find((c) => c.handle === this.selected)?.card ?? null;
    return html`${this.selected !== null && this.selectedIsJack ? this.suitPicker(`Play ${label(selectedCard)} and wish`) : null}
      <div class="controls bar" id="action-bar">
        ${this.selected !== null && !this.selectedIsJack ? html`<button class="primary" id="play" @click=${() => this.confirm()}>Play ${label(selectedCard)} <kbd class="key">(Enter)</kbd></button>` : null}
        ${
          canAnnounce
            ? html`<button
                id="announce"
                aria-pressed=${this.announce ? 'true' : 'false'}
                title="Say it with the play that leaves you one card, or draw 2 (P)"
                @click=${() => (this.announce = !this.announce)}
              >
                ${this.announce ? '✔ ' : ''}Pesten! <kbd class="key">(P)</kbd>
              </button>`
            : null
        }
        ${draw ? html`<button id="draw" @click=${() => this.simple('draw')}>${v.owed > 0 ? `Draw ${v.owed}` : 'Draw'} <kbd class="key">(D)</kbd></button>` : null}
        ${this.legal.some((a) => a.type === 'end-turn') ? html`<button id="end-turn" @click=${() => this.simple('end-turn')}>Keep it <kbd class="key">(E)</kbd></button>` : null}
      </div>`;
  }

  override render() {
    const v = this.view;
    if (!v) return null;
    const me = this.me;
    const top = parts(v.top);
    const legalHandles = new Set(this.legal.flatMap((a) => (a.type === 'play' || a.type === 'give' ? [a.handle] : [])));
    const active = !this.busy && this.legal.length > 0;
    const wishRed = v.wish === 'H' || v.wish === 'D';
    return html`
      <div class="scores" id="scores">
        <span>Match: first to <strong>${v.targetPoints}</strong> round ${v.targetPoints === 1 ? 'win' : 'wins'}</span>
        ${v.seats.map((s, i) => html`<span data-seat=${i}>${this.table.name(i)} <strong>${s.points}</strong></span>`)}
      </div>
      <fd-seat-ring
        id="seats"
        label="Players clockwise from you"
        .order=${this.othersClockwise()}
        .names=${this.names}
        .counts=${v.seats.map((s) => s.count)}
        .turn=${v.phase === 'over' ? null : v.turn}
        .gone=${this.gone}
        .lastMoves=${this.lastMoves}
        dealFrom="stock"
        ?freshDeal=${this.lastMoves.length === 0}
        .badges=${this.seatBadges}
        .extras=${this.seatExtras}
      ></fd-seat-ring>
      <div class="centre">
        <div class="pile" role="group" aria-label="Stock" data-fly-source="stock">
          <fd-card .card=${null}></fd-card><span id="stock-count">Stock ${v.stockCount}</span>
        </div>
        <div class="pile" role="group" aria-label="Discard pile">
          ${v.top ? html`<fd-card id="top" data-card=${v.top} data-fly="pile" data-fly-from="seat-${this.lastMover ?? ''}" .card=${v.top}></fd-card>` : html`<span>empty</span>`}
          <span>${v.discard.length} on the pile</span>
        </div>
        ${
          v.wish
            ? html`<div class="pile" id="wish" data-suit=${v.wish}>
                <div class="wish ${wishRed ? 'red' : ''}" title="wished: ${SUIT_NAME[v.wish]}">${SYMBOL[v.wish]}</div>
                <span>wished</span>
              </div>`
            : null
        }
        ${v.owed > 0 ? html`<div class="pile"><span class="owed" id="owed" data-owed=${v.owed}>+${v.owed}</span><span>to draw</span></div>` : null}
        <div
          class="pile"
          id="direction"
          data-direction=${v.direction}
          title="play goes ${v.direction === 'clockwise' ? 'clockwise' : 'counter-clockwise'}"
        >
          <span class="arrow" aria-hidden="true">${v.direction === 'clockwise' ? '↻' : '↺'}</span
          ><span>${v.direction === 'clockwise' ? 'clockwise' : 'counter-clockwise'}</span>
        </div>
      </div>
      <div class="status" id="status" aria-live="polite">${statusLine(this.seatContext)}</div>
      <div class="why" id="why" role="alert">${this.why ?? ''}</div>
      ${
        me
          ? html`<div class="mine ${active ? 'turn' : ''}" id="my-area" data-top-suit=${top?.suit ?? ''}>
              <div class="hand" id="my-hand" role="group" aria-label="Your hand">
                ${repeat(
                  this.sortedHand(),
                  (c) => c.handle,
                  (c, i) => {
                    const legal = active && legalHandles.has(c.handle);
                    return html`<fd-card
                      data-handle=${c.handle}
                      data-card=${c.card ?? ''}
                      data-fly="hand"
                      data-fly-from="stock"
                      data-legal=${legal ? 'yes' : 'no'}
                      note=${playNote(active ? legal : null)}
                      class=${active ? (legal ? 'legal' : 'illegal') : ''}
                      title=${i < 9 ? `${label(c.card)} (${i + 1})` : label(c.card)}
                      .card=${c.card}
                      ?selectable=${v.phase === 'play' || v.phase === 'pass'}
                      ?selected=${this.selected === c.handle}
                      @click=${() => this.pick(c)}
                    ></fd-card>`;
                  },
                )}
              </div>
              ${this.controls()}
              <div class="controls">
                <button id="sort" class="quiet" @click=${() => this.table.toggleSort(this.sortHandBy)}>
                  Sort by ${otherSort(this.sortHandBy)} <kbd class="key">(S)</kbd>
                </button>
              </div>
            </div>`
          : html`<p class="muted">You are watching.</p>`
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-pesten': FdPesten;
  }
}
