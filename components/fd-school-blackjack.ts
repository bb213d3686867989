/**
 * The table of School Blackjack for one seat. A turn is built card by card:
 * the element shows which step of the turn you are in, which hand cards may
 * be played now (the others say why not, on hover or tap), "Draw N" at the
 * start of a turn, "End turn" only when ending is allowed and what ending
 * costs, a suit picker when you play an ace, the pending pick-up, skips, the
 * direction and the suit an ace named, the other players round the felt
 * clockwise from your seat (fd-seat-ring.ts: count, last move, turn; what a
 * seat owes, a skip and the winner drawn here inside each box), what the previous player did, and your hand
 * sorted by suit or rank. It sends one of the legal actions the store passed
 * in as an ActEvent and never touches the rules: the reasons cards are
 * refused come as the store's card hints (src/games/card-hints.ts). A gone
 * seat is marked on its box; cards fly (card-motion.ts). Keys (never while typing in a field): 1–9/0 play
 * the n-th playable card, D draw, E end the turn, O toggle the sort, C/D/H/S
 * (or 1–4) pick the ace's suit, Esc closes the picker.
 */
import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { BlackjackAction, BlackjackView, ViewCard } from '../src/games/school-blackjack/index.js';
import { otherSort, sortCards, TableControls } from './table-controls.js';
import { cardFace } from './fd-card.js';
import { playNote } from './card-marks.js';
import type { CardHint } from '../src/games/card-hints.js';
import { CardMotion } from './card-motion.js';
import { HandFocus } from './hand-focus.js';
import type { SeatMove } from './fd-seat-ring.js';
import { blackjackStyles } from './blackjack-styles.js';
import {
  banner,
  lastLine,
  nextSeat,
  others,
  refusal,
  skipped,
  stepLine,
  SUITS,
  symbolised,
  SYMBOL,
  type BlackjackSeatContext,
  type Play,
  type SuitLetter,
} from './blackjack-words.js';
import './fd-card.js';
import './fd-seat-ring.js';

@customElement('fd-school-blackjack')
export class FdSchoolBlackjack extends LitElement {
  @property({ attribute: false }) view!: BlackjackView;
  @property({ attribute: false }) legal: readonly BlackjackAction[] = [];
  @property({ type: Number }) mySeat: number | null = null;
  @property({ attribute: false }) names: readonly string[] = [];
  /** Cryptography in flight (a deal, a draw's reveal, a reshuffle): moves wait. */
  @property({ type: Boolean }) busy = false;
  /** The rules' verdict on each of my cards (src/games/card-hints.ts): its reason is what a refused card says. */
  @property({ attribute: false }) cardHints: Readonly<Record<number, CardHint>> = {};
  /** Seats whose connection is gone: marked on their seat box. */
  @property({ attribute: false }) gone: readonly number[] = [];
  /** Who moved last: a card new on the pile flies in from that seat's box. */
  @property({ attribute: false }) lastMover: number | null = null;
  /** Each seat's newest move in words: shown in that seat's box. */
  @property({ attribute: false }) lastMoves: readonly SeatMove[] = [];
  private readonly motion = new CardMotion(this);
  /** The keyboard's place in my area, kept in my cards when an update loses it (hand-focus.ts). */
  private readonly handFocus = new HandFocus(this, '#my-area', 'fd-card');
  /** How my hand is sorted (Settings); O or the Sort button asks for the other order. */
  @property() sortHandBy: 'suit' | 'rank' = 'suit';
  /** The ace whose suit is being chosen. */
  @state() private picking: number | null = null;
  /** The refused card last tapped, and why (touch has no hover). */
  @state() private why: string | null = null;
  private readonly table = new TableControls<BlackjackAction>(this, {
    onKey: (event) => this.onKey(event),
    clear: () => {
      this.picking = null;
      this.why = null;
    },
  });

  static override styles = blackjackStyles;

  private get myTurn(): boolean {
    return this.mySeat !== null && this.view.turn === this.mySeat && !this.busy && this.view.phase === 'play';
  }

  private get plays(): Play[] {
    return this.myTurn ? this.legal.filter((a): a is Play => a.type === 'play') : [];
  }

  private has(type: 'draw' | 'end'): boolean {
    return this.myTurn && this.legal.some((a) => a.type === type);
  }

  /** The view and who looks at it, for the words of blackjack-words.ts. */
  private get seatContext(): BlackjackSeatContext {
    return { view: this.view, mySeat: this.mySeat, busy: this.busy, name: (seat) => this.table.name(seat) };
  }

  /** Why a card of mine may not be played now, in words; null when it may. */
  private refusal(c: ViewCard): string | null {
    return refusal(this.seatContext, c, this.plays, this.cardHints[c.handle]);
  }

  private pick(c: ViewCard) {
    const why = this.refusal(c);
    if (why !== null) {
      this.why = `${symbolised(c.card)}: ${why}`;
      return;
    }
    const options = this.plays.filter((p) => p.handle === c.handle);
    if (options.length === 1) this.table.send(options[0]!);
    else if (options.length > 1) this.picking = c.handle;
  }

  private chooseSuit(suit: SuitLetter) {
    const play = this.plays.find((p) => p.handle === this.picking && p.suit === suit);
    if (play) this.table.send(play);
  }

  private onKey(event: KeyboardEvent) {
    if (!this.view) return;
    const key = event.key.toLowerCase();
    if (this.picking !== null) {
      const suit = SUITS.find((s, i) => s.toLowerCase() === key || String(i + 1) === key);
      if (suit) this.chooseSuit(suit);
      else if (key === 'escape') this.picking = null;
      return;
    }
    if (key === 'o') this.table.toggleSort(this.sortHandBy);
    else if (key === 'd' && this.has('draw')) this.table.send({ type: 'draw' });
    else if (key === 'e' && this.has('end')) this.table.send({ type: 'end' });
    else if (key === 'escape') this.why = null;
    else if (/^[0-9]$/.test(key)) {
      const c = this.playableInOrder()[key === '0' ? 9 : Number(key) - 1];
      if (c) this.pick(c);
    }
  }

  private myCards(): ViewCard[] {
    return sortCards(this.view.hands[this.mySeat ?? -1] ?? [], this.sortHandBy);
  }

  private playableInOrder(): ViewCard[] {
    const playable = new Set(this.plays.map((p) => p.handle));
    return this.myCards().filter((c) => playable.has(c.handle));
  }

  /** A seat's tags after its name in the ring: what it owes on its turn, a skip coming, the winner. */
  private seatTags = (seat: number) => {
    const v = this.view;
    return html`${v.turn === seat && v.owed > 0 ? html`<span class="tag hot">owes ${v.owed}</span>` : null}
    ${skipped(v).has(seat) ? html`<span class="tag hot">skipped</span>` : null}
    ${v.winner === seat ? html`<span class="tag go">winner</span>` : null}`;
  };

  /** Done once the seat ring inside has drawn too (it updates just after this element). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.renderRoot.querySelector('fd-seat-ring')?.updateComplete;
    return done;
  }

  private centre() {
    const v = this.view;
    const shown = v.pile.slice(-4);
    const named = v.top?.startsWith('A') && v.suit ? v.suit : null;
    const next = v.turn === null ? null : nextSeat(v);
    return html`<div class="centre">
      <div class="deck" id="deck" data-fly-source="deck">
        <fd-card small .card=${null}></fd-card><span>Deck ${v.deckCount}</span>
      </div>
      <div class="pile" id="pile" role="group" aria-label="Play pile, top ${symbolised(v.top)}">
        ${
          shown.length
            ? shown.map(
                (c, i) =>
                  html`<fd-card
                    class=${i === shown.length - 1 ? 'top' : 'older'}
                    data-pile=${v.pile.length}
                    data-card=${c}
                    data-fly="pile"
                    data-fly-from="seat-${this.lastMover ?? ''}"
                    .card=${c === '?' ? null : c}
                  ></fd-card>`,
              )
            : html`<span class="muted">empty pile</span>`
        }
      </div>
      <div class="facts">
        <span id="direction" data-direction=${v.direction}
          >${v.direction === 'clockwise' ? '↻ clockwise' : '↺ counter-clockwise'}</span
        >
        ${named ? html`<span id="named-suit">Suit named: <span class="suit ${named === 'H' || named === 'D' ? 'red' : ''}">${SYMBOL[named as SuitLetter]}</span></span>` : null}
        ${v.pickup > 0 && v.step !== 'start' ? html`<span id="pickup">Pick-up for ${this.table.name(next)}: <strong>${v.pickup}</strong></span>` : null}
        ${v.owed > 0 ? html`<span id="owed">${this.table.name(v.turn)} owes <strong>${v.owed}</strong></span>` : null}
        ${v.skips > 0 ? html`<span id="skips">Skips pending: <strong>${v.skips}</strong></span>` : null}
        ${v.played.length ? html`<span id="this-turn">This turn: ${v.played.map(symbolised).join(' ')}</span>` : null}
      </div>
    </div>`;
  }

  private hand() {
    const cards = this.myCards();
    const keys = new Map(
      this.playableInOrder()
        .slice(0, 10)
        .map((c, i) => [c.handle, i === 9 ? '0' : String(i + 1)]),
    );
    return cards.map((c) => {
      const why = this.refusal(c);
      const playable = this.myTurn && why === null;
      return html`<span
        class="slot ${this.myTurn && !playable ? 'refused' : ''}"
        title=${why ?? `Play ${cardFace(c.card)?.label ?? ''}`}
        @click=${playable ? null : () => this.pick(c)}
      >
        ${keys.has(c.handle) ? html`<span class="key">${keys.get(c.handle)}</span>` : null}
        <fd-card
          data-handle=${c.handle}
          data-card=${c.card ?? ''}
          data-fly="hand"
          data-fly-from="deck"
          data-legal=${playable ? 'yes' : 'no'}
          note=${playNote(this.myTurn ? playable : null)}
          .card=${c.card}
          ?selectable=${playable}
          ?selected=${this.picking === c.handle}
          @click=${playable ? () => this.pick(c) : null}
        ></fd-card>
      </span>`;
    });
  }

  private actions() {
    const v = this.view;
    if (this.picking !== null) {
      const ace = this.myCards().find((c) => c.handle === this.picking);
      return html`<div class="picker" id="suit-picker" role="group" aria-label="Name a suit">
        <span>${symbolised(ace?.card ?? null)} names:</span>
        ${SUITS.map((s, i) => html`<button class="suit ${s === 'H' || s === 'D' ? 'red' : ''}" data-suit=${s} title="${SYMBOL[s]} (${s} or ${i + 1})" @click=${() => this.chooseSuit(s)}>${SYMBOL[s]}</button>`)}
        <button @click=${() => (this.picking = null)}>Cancel (Esc)</button>
      </div>`;
    }
    const drawN = v.owed > 0 ? v.owed : 1;
    return html`<div class="actions">
      ${this.has('draw') ? html`<button id="draw" class=${this.plays.length ? '' : 'primary'} @click=${() => this.table.send({ type: 'draw' })}>Draw ${drawN} (D)</button>` : null}
      ${this.has('end') ? html`<button id="end" class="primary" data-cost=${v.endDraws ? 1 : 0} @click=${() => this.table.send({ type: 'end' })}>End turn${v.endDraws ? ' — draw 1' : ''} (E)</button>` : null}
    </div>`;
  }

  override render() {
    const v = this.view;
    if (!v) return null;
    const me = this.mySeat;
    return html`
      ${banner(this.seatContext)}
      <fd-seat-ring
        id="others"
        label="Players clockwise from you"
        .order=${others(v, this.mySeat)}
        .names=${this.names}
        .counts=${v.hands.map((h) => h.length)}
        .turn=${v.phase === 'over' ? null : v.turn}
        .gone=${this.gone}
        .lastMoves=${this.lastMoves}
        dealFrom="deck"
        ?freshDeal=${this.lastMoves.length === 0}
        .badges=${this.seatTags}
      ></fd-seat-ring>
      ${this.centre()}
      <div class="step" id="step" data-step=${v.step} aria-live="polite">
        ${v.phase === 'play' ? stepLine(this.seatContext) : ''}
      </div>
      <div class="last" id="last">${lastLine(this.seatContext)}</div>
      ${
        me !== null
          ? html`<div class="mine ${this.myTurn ? 'turn' : ''}" id="my-area">
              <div class="mine-head">
                <span>Your hand: ${v.hands[me]?.length ?? 0}</span>
                <button id="sort" @click=${() => this.table.toggleSort(this.sortHandBy)}>
                  Sort by ${otherSort(this.sortHandBy)} <kbd class="key">(O)</kbd>
                </button>
              </div>
              <div class="hand" id="my-hand">${this.hand()}</div>
              <div class="why" id="why" aria-live="polite">${this.why ?? ''}</div>
              ${this.myTurn ? this.actions() : null}
            </div>`
          : html`<p class="muted">You are watching.</p>`
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-school-blackjack': FdSchoolBlackjack;
  }
}
