/**
 * The table of Fighting Cards (docs/rules/fighting-cards.md) for one seat: the three seats
 * drawn round the table in play order from yours (you at the bottom, the
 * other two round the felt above (fd-seat-ring.ts): the next seat — ascending
 * seats go anticlockwise — at your right, the one after at your left), each
 * with its cards left, last move, tricks and card points and a clear turn
 * marker; the trick on the table by seat; the contract (the
 * declarer's running count, trumps); the auction with a bid stepper (21–40)
 * and pass; the skat decision (hand or take), the discard picker (two of
 * twelve) and the trump picker; your hand sorted by suit and rank (trumps
 * first once named) with the legal cards marked (an illegal one says why
 * when clicked, in the rules' words: the store's card hints); a gone seat
 * marked on its box; cards flying into the trick (card-motion.ts) and card backs from the skat to a seat's box on the deal and when the declarer takes it (fd-seat-ring.ts); and the score table across the match's deals
 * (fighting-scores.ts). Only moves in `legal` are sent up, as
 * an ActEvent. Keys (never while typing): ←/→ move over your cards, Enter
 * plays or picks, 1–9/0 play the n-th card; bidding ↑/↓ step, B bids, P
 * passes; T takes the skat, H plays hand; C/D/H/S name trumps.
 */
import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { FightingAction } from '../src/games/fighting-cards/actions.js';
import type { FightingView, ViewCard } from '../src/games/fighting-cards/views.js';
import { TableControls } from './table-controls.js';
import { count } from '../src/app/words.js';
import { playNote } from './card-marks.js';
import { scoreTable } from './fighting-scores.js';
import type { CardHint } from '../src/games/card-hints.js';
import { CardMotion } from './card-motion.js';
import { HandFocus } from './hand-focus.js';
import { isButton } from './keys.js';
import { goneMark } from './seat-marks.js';
import type { SeatMove } from './fd-seat-ring.js';
import { fightingStyles } from './fighting-styles.js';
import {
  cardText,
  contractLine,
  DISPLAY_SUITS,
  sortedHand,
  statusLine,
  SUIT_WORD,
  SYMBOL,
  voidSymbols,
  whyNot,
  type FightingSeatContext,
  type Suit,
} from './fighting-words.js';
import './fd-card.js';
import './fd-seat-ring.js';

const SUIT_KEYS: Record<string, Suit> = { c: 'C', d: 'D', h: 'H', s: 'S' };

@customElement('fd-fighting-cards')
export class FdFightingCards extends LitElement {
  @property({ attribute: false }) view!: FightingView;
  @property({ type: Number }) mySeat: number | null = null;
  @property({ attribute: false }) names: readonly string[] = [];
  @property({ attribute: false }) legal: readonly FightingAction[] = [];
  /** Cryptography in flight (the deal, the skat reshuffle, a reveal): moves wait. */
  @property({ type: Boolean }) busy = false;
  /** The rules' verdict on each of my cards (src/games/card-hints.ts): follow suit, the phase; its reason is what an illegal card says. */
  @property({ attribute: false }) cardHints: Readonly<Record<number, CardHint>> = {};
  /** Seats whose connection is gone: marked on their seat box. */
  @property({ attribute: false }) gone: readonly number[] = [];
  /** Each seat's newest move in words: shown in that seat's box. */
  @property({ attribute: false }) lastMoves: readonly SeatMove[] = [];
  /** For each scored deal of this match, oldest first, the names its seats played under (src/app/scores.ts). */
  @property({ attribute: false }) matchNames: readonly (readonly string[])[] = [];
  /** The hand stopped before its audit: a result marked as waiting for the audit will never get it. */
  @property({ type: Boolean }) stopped = false;
  private readonly motion = new CardMotion(this);
  /** The keyboard's place in my area, kept in my cards when an update loses it (hand-focus.ts). */
  private readonly handFocus = new HandFocus(this, '#my-area', 'fd-card');
  @state() private bidValue = 21;
  @state() private picked: number[] = [];
  /** The card ←/→ point at; drawn only once the keys are in use. */
  @state() private cursor = 0;
  @state() private keysUsed = false;
  @state() private notice = '';
  private readonly table = new TableControls<FightingAction>(this, {
    onKey: (event) => this.onKey(event),
    clear: () => {
      this.picked = [];
      this.notice = '';
    },
  });

  static override styles = fightingStyles;

  private get myTurn(): boolean {
    return this.mySeat !== null && this.view.turn === this.mySeat && !this.busy && this.legal.length > 0;
  }

  /** My hand, sorted: trumps first, then alternating colours (fighting-words.ts). */
  private sortedHand(): ViewCard[] {
    return sortedHand(this.view.seats[this.mySeat ?? -1]?.hand ?? [], this.view.trump as Suit | null);
  }

  /** The view and who looks at it, for the words of fighting-words.ts. */
  private get seatContext(): FightingSeatContext {
    return { view: this.view, mySeat: this.mySeat, busy: this.busy, name: (seat) => this.table.name(seat) };
  }

  private bidRange(): number[] {
    return this.legal.flatMap((a) => (a.type === 'bid' ? [a.bid] : []));
  }
  private stepBid(delta: number) {
    const bids = this.bidRange();
    if (bids.length === 0) return;
    const min = bids[0]!;
    const max = bids.at(-1)!;
    this.bidValue = Math.min(max, Math.max(min, this.bidValue + delta));
  }
  override willUpdate() {
    const bids = this.bidRange();
    if (bids.length > 0 && !bids.includes(this.bidValue)) this.bidValue = bids[0]!;
    if (this.view && this.view.phase !== 'discard' && this.picked.length) this.picked = [];
  }

  private pick(card: ViewCard) {
    const v = this.view;
    if (v.phase === 'discard' && this.myTurn) {
      this.notice = '';
      if (this.picked.includes(card.handle)) this.picked = this.picked.filter((h) => h !== card.handle);
      else this.picked = [...this.picked.slice(-1), card.handle];
      return;
    }
    const play = this.legal.find((a) => a.type === 'play' && a.handle === card.handle);
    if (play && !this.busy) this.table.send(play);
    else
      this.notice =
        whyNot(this.seatContext, card, this.legal, this.cardHints[card.handle]) ||
        (v.phase === 'play' ? '' : 'Cards are played once trumps are named.');
  }

  private discardAction(): FightingAction | undefined {
    const [a, b] = this.picked;
    return this.legal.find(
      (x) => x.type === 'discard' && this.picked.length === 2 && x.handles.includes(a!) && x.handles.includes(b!),
    );
  }

  private onKey(event: KeyboardEvent) {
    if (!this.view) return;
    const target = event.composedPath()[0];
    const key = event.key.toLowerCase();
    const phase = this.view.phase;
    const find = (type: FightingAction['type']) => this.legal.find((a) => a.type === type);
    const hand = this.sortedHand();
    // Enter or Space on a focused button (a card, a bid button) is that button's own click.
    if ((key === 'enter' || key === ' ') && target instanceof Element && isButton(target)) return;
    if (phase === 'bidding') {
      if (key === 'arrowup' || key === '+') this.stepBid(1);
      else if (key === 'arrowdown' || key === '-') this.stepBid(-1);
      else if (key === 'b') this.bid();
      else if (key === 'p' && find('pass')) this.table.send({ type: 'pass' });
      else return;
    } else if (phase === 'skat' && (key === 't' || key === 'h')) {
      const action = find(key === 't' ? 'take' : 'hand');
      if (action && this.myTurn) this.table.send(action);
    } else if (phase === 'trump' && SUIT_KEYS[key]) {
      const action = this.legal.find((a) => a.type === 'trump' && a.suit === SUIT_KEYS[key]);
      if (action && this.myTurn) this.table.send(action);
    } else if (key === 'arrowright' || key === 'arrowleft') {
      this.keysUsed = true;
      this.cursor = (this.cursor + (key === 'arrowright' ? 1 : hand.length - 1)) % Math.max(1, hand.length);
    } else if (key === 'enter' && phase === 'discard' && this.discardAction()) {
      this.table.send(this.discardAction()!);
    } else if ((key === 'enter' || key === ' ') && hand[this.cursor]) {
      this.pick(hand[this.cursor]!);
    } else if (/^[0-9]$/.test(key) && phase === 'play') {
      const card = hand[key === '0' ? 9 : Number(key) - 1];
      if (card) this.pick(card);
    } else return;
    event.preventDefault();
  }

  private bid() {
    const action = this.legal.find((a) => a.type === 'bid' && a.bid === this.bidValue);
    if (action && this.myTurn) this.table.send(action);
  }

  private seatPanel(seat: number, where: string) {
    const v = this.view;
    const s = v.seats[seat];
    if (!s) return null;
    return html`<div
      class="seat ${v.turn === seat ? 'turn' : ''}"
      data-seat=${seat}
      data-where=${where}
      data-seat-box=${seat}
      data-fly-source="seat-${seat}"
      ?data-gone=${this.gone.includes(seat)}
    >
      <h4>
        ${this.table.name(seat)}${seat === this.mySeat ? ' (you)' : ''}${goneMark(seat, this.gone)}
        ${
          v.turn === seat
            ? html`<span class="badge hot" data-badge=${v.phase === 'bidding' ? 'bidding' : 'turn'}
                >${v.phase === 'bidding' ? (seat === this.mySeat ? 'your bid' : 'bidding') : seat === this.mySeat ? 'your turn' : 'to play'}</span
              >`
            : null
        }
        ${this.seatBadges(seat)}
      </h4>
      <div class="muted">${count(s.hand.length, 'card')} · ${this.seatFacts(seat)}</div>
    </div>`;
  }

  /** A seat's badges after its name in the ring: the dealer and the declarer with the contract. */
  private seatBadges = (seat: number) => {
    const v = this.view;
    return html`${v.dealer === seat ? html`<span class="badge" title="dealer">dealer</span>` : null}
    ${v.declarer === seat ? html`<span class="badge hot">declarer ${v.contract ?? ''}</span>` : null}`;
  };

  /** A seat's tricks, card points and the suits it has shown it lacks. */
  private seatFacts(seat: number) {
    const s = this.view.seats[seat];
    if (!s) return null;
    return html`${count(s.tricks, 'trick')} ·
      <span class="points">${s.points}</span> pts${s.voids.length ? html` · no ${voidSymbols(s.voids)}` : null}`;
  }

  /** A seat's extras in the ring: its tricks, card points and the suits it has shown it lacks. */
  private seatExtras = (seat: number) =>
    this.view.seats[seat] ? html`<div class="muted">${this.seatFacts(seat)}</div>` : null;

  /** Done once the seat ring inside has drawn too (it updates just after this element). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.renderRoot.querySelector('fd-seat-ring')?.updateComplete;
    return done;
  }

  private felt(where: (seat: number) => string) {
    const v = this.view;
    const trick = v.trick;
    return html`<div class="felt" id="trick" role="group" aria-label="The trick on the table">
      <div class="skat" id="skat" title="The skat" data-fly-source="skat">
        ${v.skat.map((c) => html`<fd-card small data-card=${c.card ?? ''} .card=${c.card}></fd-card>`)}
      </div>
      ${trick.map((c) => html`<div class="slot ${where(c.seat)}" data-seat=${c.seat}><fd-card data-card=${c.card ?? ''} data-fly="trick" data-fly-from="seat-${c.seat}" .card=${c.card}></fd-card>${this.table.name(c.seat)}</div>`)}
      ${
        trick.length === 0 && v.lastTrick && v.phase === 'play'
          ? html`<div class="slot bottom muted" id="last-trick">
              ${this.table.name(v.lastTrick.winner)} took ${v.lastTrick.cards.map((c) => cardText(c.card)).join(' ')}
            </div>`
          : null
      }
    </div>`;
  }

  private panel() {
    const v = this.view;
    const can = this.myTurn;
    const has = (type: FightingAction['type']) => this.legal.some((a) => a.type === type);
    if (v.phase === 'bidding') {
      const bids = this.bidRange();
      return html`<div class="panel" id="bid-panel">
        ${
          can
            ? html`<button
                  id="bid-down"
                  aria-label="lower bid"
                  ?disabled=${this.bidValue <= (bids[0] ?? 21)}
                  @click=${() => this.stepBid(-1)}
                >
                  −
                </button>
                <span class="value" id="bid-value" aria-live="polite">${this.bidValue}</span>
                <button
                  id="bid-up"
                  aria-label="raise bid"
                  ?disabled=${this.bidValue >= (bids.at(-1) ?? 40)}
                  @click=${() => this.stepBid(1)}
                >
                  +
                </button>
                <button class="primary" id="bid" ?disabled=${bids.length === 0} @click=${() => this.bid()}>
                  Bid ${this.bidValue} (B)
                </button>
                <button id="pass" ?disabled=${!has('pass')} @click=${() => this.table.send({ type: 'pass' })}>
                  Pass (P)
                </button>`
            : null
        }
      </div>`;
    }
    if (v.phase === 'skat' && can) {
      return html`<div class="panel" id="skat-panel">
        <button class="primary" id="take" @click=${() => this.table.send({ type: 'take' })}>Take the skat (T)</button>
        <button id="hand-game" @click=${() => this.table.send({ type: 'hand' })}>Play hand (H)</button>
      </div>`;
    }
    if (v.phase === 'discard' && can) {
      const action = this.discardAction();
      return html`<div class="panel" id="discard-panel">
        <span class="muted">${this.picked.length}/2 picked</span>
        <button class="primary" id="discard" ?disabled=${!action} @click=${() => action && this.table.send(action)}>
          Put away ${this.picked.length === 2 ? 'these two' : 'two'} (Enter)
        </button>
      </div>`;
    }
    if (v.phase === 'trump' && can) {
      return html`<div class="panel" id="trump-panel">
        ${DISPLAY_SUITS.map((s) => html`<button class="suit" data-suit=${s} aria-label=${`trumps: ${SUIT_WORD[s]}`} @click=${() => this.table.send({ type: 'trump', suit: s })}>${SYMBOL[s]} ${SUIT_WORD[s]} (${s})</button>`)}
      </div>`;
    }
    return null;
  }

  override render() {
    const v = this.view;
    if (!v) return null;
    const me = this.mySeat ?? 0;
    // Ascending seats anticlockwise: the next seat sits at my right, the one after at my left.
    const where = (seat: number) => (seat === me ? 'bottom' : seat === (me + 1) % 3 ? 'right' : 'left');
    const hand = this.sortedHand();
    const legalPlays = new Set(this.legal.flatMap((a) => (a.type === 'play' ? [a.handle] : [])));
    const discarding = v.phase === 'discard' && this.myTurn;
    return html`
      <fd-seat-ring
        id="seats"
        direction="anticlockwise"
        label="Players in play order from you"
        .order=${this.mySeat === null ? [1, 2, 0] : [(me + 1) % 3, (me + 2) % 3]}
        .names=${this.names}
        .counts=${v.seats.map((s) => s.hand.length)}
        .turn=${v.phase === 'over' ? null : v.turn}
        .turnLabel=${v.phase === 'bidding' ? 'bidding' : 'to play'}
        .gone=${this.gone}
        .lastMoves=${this.lastMoves}
        dealFrom="skat"
        ?freshDeal=${this.lastMoves.length === 0}
        .badges=${this.seatBadges}
        .extras=${this.seatExtras}
      ></fd-seat-ring>
      ${this.felt(where)}
      <div class="contract" id="contract">${contractLine(this.seatContext)}</div>
      <div class="status" id="status" aria-live="polite">${statusLine(this.seatContext, this.stopped)}</div>
      <div class="notice" id="notice" role="status">${this.notice}</div>
      ${this.panel()}
      ${
        this.mySeat !== null
          ? html`<div class="mine ${this.myTurn ? 'turn' : ''}" id="my-area">
              ${this.seatPanel(me, 'bottom')}
              <div class="hand" id="my-hand">
                ${hand.map((c, i) => {
                  const legal = discarding ? c.card !== null : legalPlays.has(c.handle);
                  return html`<fd-card
                    data-handle=${c.handle}
                    data-card=${c.card ?? ''}
                    data-fly="hand"
                    data-fly-from="skat"
                    data-legal=${legal ? 'yes' : 'no'}
                    note=${playNote(v.phase === 'play' || discarding ? legal : null)}
                    title=${this.cardHints[c.handle]?.why ?? ''}
                    class="${legal || v.phase !== 'play' ? 'legal' : 'illegal'} ${this.keysUsed && this.cursor === i ? 'cursor' : ''}"
                    .card=${c.card}
                    ?selectable=${legal && !this.busy}
                    ?selected=${this.picked.includes(c.handle)}
                    @click=${() => ((this.cursor = i), this.pick(c))}
                  ></fd-card>`;
                })}
              </div>
            </div>`
          : html`<p class="muted">You are watching.</p>`
      }
      ${scoreTable(
        v,
        (seat) => this.table.name(seat),
        (deal, seat) => this.matchNames[deal - 1]?.[seat] || this.table.name(seat),
      )}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-fighting-cards': FdFightingCards;
  }
}
