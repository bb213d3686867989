/**
 * The table of Stress (shedding) for one seat: the other players (face-down,
 * face-up, hand count, place), the game stack with its effective top, the
 * draw stack and cemetery counts, and your own cards. Only legal moves are
 * clickable: the store passes the legal actions in; this element turns
 * clicks (or keys: Enter/Space to pick, P to play, U to pick up, R for ready)
 * into one of them and sends it up as an ActEvent. The other players sit
 * round the felt in play order from this seat (fd-seat-ring.ts: count, last
 * move, turn; their places and face-up / face-down cards drawn here inside
 * each box); the hand sorts by suit or rank (Settings);
 * on a phone Play / Pick up sit in a bar fixed to the bottom of the screen.
 * A gone seat is marked on its box; cards fly hand → stack, seat → stack,
 * draw → hand, and a draw flies a card back to that seat's box
 * (card-motion.ts, fd-seat-ring.ts).
 */
import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { StressView, ViewCard } from '../src/games/stress-shed/views.js';
import type { StressAction } from '../src/games/stress-shed/actions.js';
import type { CardHint } from '../src/games/card-hints.js';
import { otherSort, sortCards, TableControls } from './table-controls.js';
import { cardName } from '../src/app/words.js';
import { playNote } from './card-marks.js';
import { CardMotion } from './card-motion.js';
import { HandFocus } from './hand-focus.js';
import type { SeatMove } from './fd-seat-ring.js';
import { shedStyles } from './shed-styles.js';
import { arranged, ordinal, playFor, statusLine, type Play, type ShedSeatContext, type Swap } from './shed-words.js';
import './fd-card.js';
import './fd-seat-ring.js';

@customElement('fd-stress-shed')
export class FdStressShed extends LitElement {
  @property({ attribute: false }) view!: StressView;
  @property({ type: Number }) mySeat: number | null = null;
  @property({ attribute: false }) names: string[] = [];
  @property({ attribute: false }) legal: StressAction[] = [];
  /** Seats in play order from mine: the opponents are drawn in this order. */
  @property({ attribute: false }) seatOrder: readonly number[] = [];
  /** Cryptography in flight (a reveal, a deal): moves wait. */
  @property({ type: Boolean }) busy = false;
  /** How my hand is sorted (Settings); the Sort button asks for the other order. */
  @property() sortHandBy: 'suit' | 'rank' = 'suit';
  /** The rules' verdict on each of my hand and face-up cards (src/games/card-hints.ts). */
  @property({ attribute: false }) cardHints: Readonly<Record<number, CardHint>> = {};
  /** Seats whose connection is gone: marked on their seat box. */
  @property({ attribute: false }) gone: readonly number[] = [];
  /** Who moved last: a card new on the stack flies in from that seat's box. */
  @property({ attribute: false }) lastMover: number | null = null;
  /** Each seat's newest move in words: shown in that seat's box. */
  @property({ attribute: false }) lastMoves: readonly SeatMove[] = [];
  private readonly motion = new CardMotion(this);
  /** The keyboard's place in my area, kept in my cards when an update loses it (hand-focus.ts). */
  private readonly handFocus = new HandFocus(this, '#my-area', 'fd-card');
  /** Why the card last tapped cannot be played (touch has no hover). */
  @state() private why: string | null = null;
  @state() private selected: number[] = [];
  /** Swap phase: exchanges chosen so far, and a hand card waiting for its partner. */
  @state() private swaps: Swap[] = [];
  @state() private swapFrom: number | null = null;
  private readonly table = new TableControls<StressAction>(this, {
    onKey: (event) => this.onKey(event),
    clear: () => {
      this.selected = [];
      this.swaps = [];
      this.swapFrom = null;
    },
  });

  static override styles = shedStyles;

  /** Done once the seat ring inside has drawn too (it updates just after this element). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.renderRoot.querySelector('fd-seat-ring')?.updateComplete;
    return done;
  }

  /** The view and who looks at it, for the words of shed-words.ts. */
  private get seatContext(): ShedSeatContext {
    return { view: this.view, mySeat: this.mySeat, busy: this.busy, name: (seat) => this.table.name(seat) };
  }

  private get myTurn(): boolean {
    return this.mySeat !== null && this.view.phase !== 'over' && this.view.turn === this.mySeat && !this.busy;
  }

  private get plays(): Play[] {
    return this.legal.filter((a): a is Play => a.type === 'play');
  }

  private playFor(handles: number[]): Play | undefined {
    return playFor(this.plays, handles);
  }

  private toggle(handle: number) {
    this.selected = this.selected.includes(handle)
      ? this.selected.filter((h) => h !== handle)
      : [...this.selected, handle];
    // Keep only a selection that is part of some legal play (one rank).
    if (!this.plays.some((p) => this.selected.every((h) => p.cards.some((c) => c.handle === h))))
      this.selected = [handle];
  }

  private onKey(event: KeyboardEvent) {
    const key = event.key.toLowerCase();
    if (key === 'p') {
      const play = this.playFor(this.selected);
      if (play) this.table.send(play);
    } else if (key === 'u' && this.legal.some((a) => a.type === 'pickup')) this.table.send({ type: 'pickup' });
    else if (key === 'r' && this.view.phase === 'swap') this.ready();
    else if (key === 'escape') this.selected = [];
  }

  private ready() {
    if (this.mySeat === null || this.view.seats[this.mySeat]?.ready) return;
    this.table.send({ type: 'ready', swaps: this.swaps });
  }

  /** My hand and face-up cards with the chosen swaps applied (swap phase). */
  private arranged(): { hand: ViewCard[]; faceUp: ViewCard[] } {
    return arranged(this.view, this.mySeat, this.swaps);
  }

  /** Swap phase click: a hand card, then a face-up card (or the other way round) exchange places. */
  private swapClick(card: ViewCard, zone: 'hand' | 'faceUp') {
    const mine = this.view.seats[this.mySeat ?? -1];
    if (!mine || mine.ready) return;
    if (this.swapFrom === null) {
      this.swapFrom = card.handle;
      return;
    }
    const first = this.swapFrom;
    this.swapFrom = null;
    const { hand, faceUp } = this.arranged();
    const inHand = (h: number) => hand.some((c) => c.handle === h);
    const inUp = (h: number) => faceUp.some((c) => c.handle === h);
    const [handSide, upSide] =
      inHand(first) && zone === 'faceUp'
        ? [first, card.handle]
        : inUp(first) && zone === 'hand'
          ? [card.handle, first]
          : [null, null];
    if (handSide === null || upSide === null) {
      this.swapFrom = card.handle;
      return;
    }
    // The swap protocol moves the original hand card (by handle) face-up; find its current identity.
    const handCard = hand.find((c) => c.handle === handSide)?.card;
    if (!handCard) return;
    this.swaps = [...this.swaps, { hand: handSide, card: handCard, faceUp: upSide }];
  }

  /** My cards on my turn: marked legal / illegal by the rules' hints; tapping an illegal one says why. */
  private mark(c: ViewCard, zone: string | undefined): { cls: string; legal: string; explain: (() => void) | null } {
    const hint = zone === 'hand' || zone === 'faceUp' ? this.cardHints[c.handle] : undefined;
    if (!hint || !this.myTurn || this.view.phase === 'swap') return { cls: '', legal: '', explain: null };
    return {
      cls: hint.legal ? 'legal' : 'illegal',
      legal: hint.legal ? 'yes' : 'no',
      explain: hint.legal ? null : () => (this.why = hint.why),
    };
  }

  private cards(
    cards: ViewCard[],
    opts: { small?: boolean; clickable?: (c: ViewCard) => boolean; onPick?: (c: ViewCard) => void; zone?: string },
  ) {
    // Keyed by handle: a card new to one of my rows flies in from where it was (the stack on a pick-up) or from the draw stack (card-motion.ts).
    return repeat(
      cards,
      (c) => c.handle,
      (c) => {
        const clickable = opts.clickable?.(c) ?? false;
        const mark = this.mark(c, opts.zone);
        return html`<fd-card
          data-handle=${c.handle}
          data-card=${c.card ?? ''}
          data-zone=${opts.zone ?? ''}
          data-fly=${ifDefined(opts.zone)}
          data-fly-from="draw"
          data-legal=${mark.legal}
          note=${playNote(mark.legal === '' ? null : mark.legal === 'yes')}
          class="${this.swapFrom === c.handle ? 'swap-from' : ''} ${mark.cls}"
          .card=${c.card}
          ?small=${opts.small ?? false}
          ?selectable=${clickable}
          ?selected=${this.selected.includes(c.handle)}
          @click=${clickable ? () => ((this.why = null), opts.onPick?.(c)) : mark.explain}
        ></fd-card>`;
      },
    );
  }

  /** A seat's badges after its name in the ring: its place once out, the loser, ready in the swap phase. */
  private seatBadges = (seat: number) => {
    const s = this.view.seats[seat];
    if (!s) return null;
    return html`${s.place ? html`<span class="badge">${ordinal(s.place)}</span>` : null}
    ${this.view.loser === seat ? html`<span class="badge">loser</span>` : null}
    ${this.view.phase === 'swap' && s.ready ? html`<span class="badge">ready</span>` : null}`;
  };

  /** A seat's cards in the ring: the hand cards everyone has seen (a picked-up stack), then face-up and face-down. */
  private seatCards = (seat: number) => {
    const s = this.view.seats[seat];
    if (!s) return null;
    const seen = s.hand.filter((c) => c.card !== null);
    return html`${
        seen.length
          ? html`<div class="row opp-hand">
              ${this.cards(seen.slice(0, 8), { small: true })}${seen.length > 8 ? html`<span class="count">+${seen.length - 8}</span>` : null}
            </div>`
          : null
      }
      <div class="label face-label">Face-up / face-down</div>
      <div class="row">${this.cards(s.faceUp, { small: true })}${this.cards(s.faceDown, { small: true })}</div>`;
  };

  override render() {
    const v = this.view;
    if (!v) return null;
    const me = this.mySeat;
    const order = this.seatOrder.length === v.seats.length ? this.seatOrder : v.seats.map((_, i) => i);
    const others = order.filter((i) => i !== me);
    const mine = me !== null ? v.seats[me] : undefined;
    const playable = new Set(this.plays.flatMap((p) => p.cards.map((c) => c.handle)));
    const blind = new Set(this.legal.flatMap((a) => (a.type === 'blind' ? [a.handle] : [])));
    const swapPhase = v.phase === 'swap' && !!mine && !mine.ready && !this.busy;
    const arranged = swapPhase ? this.arranged() : { hand: mine?.hand ?? [], faceUp: mine?.faceUp ?? [] };
    const selectedPlay = this.playFor(this.selected);
    const top = v.stack.slice(-6);
    return html`
      <fd-seat-ring
        id="opponents"
        .order=${others}
        .names=${this.names}
        .counts=${v.seats.map((s) => s.hand.length)}
        .turn=${v.phase === 'over' ? null : v.turn}
        .gone=${this.gone}
        .lastMoves=${this.lastMoves}
        dealFrom="draw"
        ?freshDeal=${this.lastMoves.length === 0}
        .badges=${this.seatBadges}
        .extras=${this.seatCards}
      ></fd-seat-ring>
      <div class="centre">
        <div class="pile" role="group" aria-label="Draw stack" data-fly-source="draw">
          <fd-card .card=${null}></fd-card><span class="count" id="draw-count">Draw: ${v.drawCount}</span>
        </div>
        <div class="pile" role="group" aria-label="Game stack">
          <div class="stack" id="stack">
            ${
              top.length
                ? repeat(
                    top,
                    (_, i) => v.stack.length - top.length + i,
                    (c, i) =>
                      html`<fd-card
                        class=${i < top.length - 1 ? 'dim' : ''}
                        data-card=${c}
                        data-fly="pile"
                        data-fly-from="seat-${this.lastMover ?? ''}"
                        .card=${c === '?' ? null : c}
                      ></fd-card>`,
                  )
                : html`<span class="count">empty</span>`
            }
          </div>
          <span class="count"
            >Stack: ${v.stack.length} · top to beat:
            <strong id="effective-top">${v.effectiveTop ? cardName(v.effectiveTop) : 'anything'}</strong></span
          >
        </div>
        <div class="pile" role="group" aria-label="Cemetery">
          <span class="count" id="cemetery-count">Cemetery: ${v.cemeteryCount}</span>
        </div>
      </div>
      <div class="status" id="status" aria-live="polite">${statusLine(this.seatContext)}</div>
      <div class="why" id="why" role="alert">${this.myTurn ? (this.why ?? '') : ''}</div>
      ${
        mine
          ? html`<div class="mine ${this.myTurn ? 'turn' : ''}" id="my-area">
              <div class="label">
                Your hand
                <button class="quiet sort" id="sort" @click=${() => this.table.toggleSort(this.sortHandBy)}>
                  Sort by ${otherSort(this.sortHandBy)}
                </button>
              </div>
              <div class="row" id="my-hand">
                ${this.cards(sortCards(arranged.hand, this.sortHandBy), {
                  zone: 'hand',
                  clickable: (c) => (swapPhase ? c.card !== null : this.myTurn && playable.has(c.handle)),
                  onPick: (c) => (swapPhase ? this.swapClick(c, 'hand') : this.toggle(c.handle)),
                })}
              </div>
              <div class="label">Face-up</div>
              <div class="row" id="my-face-up">
                ${this.cards(arranged.faceUp, {
                  zone: 'faceUp',
                  clickable: (c) => (swapPhase ? true : this.myTurn && playable.has(c.handle)),
                  onPick: (c) => (swapPhase ? this.swapClick(c, 'faceUp') : this.toggle(c.handle)),
                })}
              </div>
              <div class="label">Face-down</div>
              <div class="row" id="my-face-down">
                ${this.cards(mine.faceDown, {
                  zone: 'faceDown',
                  clickable: (c) => this.myTurn && blind.has(c.handle),
                  onPick: (c) => this.table.send({ type: 'blind', handle: c.handle }),
                })}
              </div>
              <div class="actions bar" id="action-bar">
                ${
                  swapPhase
                    ? html`<button class="primary" id="ready" @click=${this.ready}>
                          Ready <kbd class="key">(R)</kbd>
                        </button>
                        ${this.swaps.length ? html`<button @click=${() => ((this.swaps = []), (this.swapFrom = null))}>Undo swaps</button>` : null}`
                    : html`<button
                          class="primary"
                          id="play"
                          ?disabled=${!this.myTurn || !selectedPlay}
                          @click=${() => selectedPlay && this.table.send(selectedPlay)}
                        >
                          Play${this.selected.length > 1 ? ` ${this.selected.length} cards` : ''}
                          <kbd class="key">(P)</kbd>
                        </button>
                        <button
                          id="pickup"
                          ?disabled=${!this.myTurn || !this.legal.some((a) => a.type === 'pickup')}
                          @click=${() => this.table.send({ type: 'pickup' })}
                        >
                          Pick up the stack <kbd class="key">(U)</kbd>
                        </button>`
                }
              </div>
            </div>`
          : html`<p class="muted">You are watching.</p>`
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-stress-shed': FdStressShed;
  }
}
