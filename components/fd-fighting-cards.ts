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
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { FightingAction } from '../src/games/fighting-cards/actions.js';
import type { FightingView, ViewCard } from '../src/games/fighting-cards/views.js';
import { TableControls } from './table-controls.js';
import { count } from '../src/app/words.js';
import { theme } from './theme.js';
import { playNote } from './card-marks.js';
import { scoreTable, scoreTableStyles } from './fighting-scores.js';
import type { CardHint } from '../src/games/card-hints.js';
import { CardMotion } from './card-motion.js';
import { goneMark, seatMarkStyles } from './seat-marks.js';
import type { SeatMove } from './fd-seat-ring.js';
import './fd-card.js';
import './fd-seat-ring.js';

type Suit = 'C' | 'D' | 'H' | 'S';
const SYMBOL: Record<Suit, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
const SUIT_WORD: Record<Suit, string> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
/** Display order with the colours alternating; trumps move to the front once named. */
const DISPLAY_SUITS: readonly Suit[] = ['C', 'H', 'S', 'D'];
const RANK_ORDER = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'];
const SUIT_KEYS: Record<string, Suit> = { c: 'C', d: 'D', h: 'H', s: 'S' };

function suitOf(card: string | null): Suit | null {
  const m = card ? /^(?:10|[2-9JQKA])([CDHS])/.exec(card) : null;
  return m ? (m[1] as Suit) : null;
}
function rankOf(card: string | null): string {
  return card ? (/^(10|[2-9JQKA])/.exec(card)?.[1] ?? '') : '';
}
function cardText(card: string | null): string {
  const suit = suitOf(card);
  return suit ? `${rankOf(card)}${SYMBOL[suit]}` : 'a hidden card';
}

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

  static override styles = [
    theme,
    scoreTableStyles,
    seatMarkStyles,
    css`
      :host {
        display: block;
        color: var(--fd-ink);
        --card-w: 3.4rem;
      }
      .seat {
        background: rgba(0, 0, 0, 0.22);
        border-radius: var(--fd-radius);
        padding: 0.45rem 0.6rem;
        border: 2px solid transparent;
        font-size: 0.9rem;
      }
      .seat.turn {
        border-color: var(--fd-accent);
        box-shadow: 0 0 12px rgba(242, 193, 78, 0.45);
      }
      .seat h4 {
        margin: 0 0 0.2rem;
        font-size: 0.95rem;
        display: flex;
        gap: 0.3rem;
        align-items: center;
        flex-wrap: wrap;
      }
      .badge {
        font-size: 0.7rem;
        background: rgba(255, 255, 255, 0.18);
        border-radius: 1rem;
        padding: 0.05rem 0.45rem;
      }
      .badge.hot {
        background: var(--fd-accent);
        color: #222;
      }
      .muted {
        color: var(--fd-muted);
        font-size: 0.8rem;
      }
      .felt {
        position: relative;
        min-height: 10.5rem;
        max-width: 46rem;
        margin: 0 auto;
        border-radius: 50%;
        background: radial-gradient(ellipse at center, rgba(255, 255, 255, 0.08), rgba(0, 0, 0, 0.15));
      }
      .slot {
        position: absolute;
        display: flex;
        flex-direction: column;
        align-items: center;
        font-size: 0.7rem;
        color: var(--fd-muted);
      }
      .slot.bottom {
        left: 50%;
        bottom: 0.2rem;
        transform: translateX(-50%);
      }
      .slot.left {
        left: 8%;
        top: 18%;
      }
      .slot.right {
        right: 8%;
        top: 18%;
      }
      .skat {
        position: absolute;
        left: 50%;
        top: 0.3rem;
        transform: translateX(-50%);
        display: flex;
        gap: 0.15rem;
        align-items: center;
      }
      .skat fd-card {
        --card-w: 1.8rem;
      }
      .status {
        text-align: center;
        margin: 0.4rem 0;
        min-height: 1.4rem;
      }
      .status strong {
        color: var(--fd-accent);
      }
      .notice {
        text-align: center;
        color: var(--fd-danger);
        font-size: 0.9rem;
        min-height: 1.2rem;
      }
      .contract {
        text-align: center;
        font-size: 0.9rem;
      }
      .panel {
        display: flex;
        gap: 0.4rem;
        flex-wrap: wrap;
        justify-content: center;
        align-items: center;
        margin: 0.4rem 0;
      }
      .panel .value {
        min-width: 2.5rem;
        text-align: center;
        font-size: 1.3rem;
        font-weight: 700;
      }
      .auction {
        font-size: 0.85rem;
        text-align: center;
        color: var(--fd-muted);
      }
      .mine {
        background: rgba(0, 0, 0, 0.25);
        border-radius: var(--fd-radius);
        padding: 0.5rem;
        border: 2px solid transparent;
      }
      .mine.turn {
        border-color: var(--fd-accent);
      }
      .hand {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        justify-content: center;
      }
      .hand fd-card.illegal {
        filter: grayscale(0.4) brightness(0.75);
      }
      .hand fd-card.cursor {
        outline: 2px dashed var(--fd-accent);
        outline-offset: 2px;
        border-radius: 0.45rem;
      }
      @media (max-width: 600px) {
        :host {
          --card-w: 2.55rem;
        }
        .felt {
          min-height: 8.6rem;
        }
        .felt fd-card {
          --card-w: 2.3rem;
        }
        .felt fd-card::part(card) {
          font-size: 0.72rem;
        }
        .seat {
          padding: 0.3rem 0.45rem;
          font-size: 0.8rem;
        }
        .status {
          margin: 0.2rem 0;
          font-size: 0.9rem;
        }
        button {
          padding: 0.35rem 0.6rem;
          min-height: 2.2rem;
        }
      }
    `,
  ];

  private get myTurn(): boolean {
    return this.mySeat !== null && this.view.turn === this.mySeat && !this.busy && this.legal.length > 0;
  }

  /** My hand, sorted: trumps first, then alternating colours; A K Q J 10 9 8 7 within a suit; unknown cards last. */
  private sortedHand(): ViewCard[] {
    const mine = this.view.seats[this.mySeat ?? -1]?.hand ?? [];
    const trump = this.view.trump as Suit | null;
    const suits = trump ? [trump, ...DISPLAY_SUITS.filter((s) => s !== trump)] : [...DISPLAY_SUITS];
    const key = (c: ViewCard) => {
      const suit = suitOf(c.card);
      return suit === null ? 99 : suits.indexOf(suit) * 10 + RANK_ORDER.indexOf(rankOf(c.card));
    };
    return [...mine].sort((a, b) => key(a) - key(b) || a.handle - b.handle);
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

  /** Why a card of mine may not go now ('' if it may): the rules' own reason (card hints), else what the view shows. */
  private whyNot(card: ViewCard): string {
    const v = this.view;
    if (this.busy) return 'Wait: the table is still exchanging keys.';
    const hint = this.cardHints[card.handle];
    if (hint?.why) return hint.why;
    if (v.phase !== 'play') return '';
    if (v.turn !== this.mySeat) return `Not your turn: ${this.table.name(v.turn)} plays next.`;
    if (this.legal.some((a) => a.type === 'play' && a.handle === card.handle)) return '';
    const led = suitOf(v.trick[0]?.card ?? null);
    return led
      ? `You must follow ${SUIT_WORD[led]} ${SYMBOL[led]}: you hold ${SYMBOL[led]}, so ${cardText(card.card)} may not go.`
      : 'This card may not go now.';
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
    else this.notice = this.whyNot(card) || (v.phase === 'play' ? '' : 'Cards are played once trumps are named.');
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
    if ((key === 'enter' || key === ' ') && (target as Element | undefined)?.localName === 'button') return;
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
    const declarer = v.declarer === seat;
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
        ${v.dealer === seat ? html`<span class="badge" title="dealer">dealer</span>` : null}
        ${declarer ? html`<span class="badge hot">declarer ${v.contract ?? ''}</span>` : null}
      </h4>
      <div class="muted">
        ${count(s.hand.length, 'card')} · ${count(s.tricks, 'trick')} ·
        <span class="points">${s.points}</span>
        pts${s.voids.length ? html` · no ${s.voids.map((x) => SYMBOL[x as Suit]).join('')}` : null}
      </div>
    </div>`;
  }

  /** A seat's badges after its name in the ring: the dealer and the declarer with the contract. */
  private seatBadges = (seat: number) => {
    const v = this.view;
    return html`${v.dealer === seat ? html`<span class="badge" title="dealer">dealer</span>` : null}
    ${v.declarer === seat ? html`<span class="badge hot">declarer ${v.contract ?? ''}</span>` : null}`;
  };

  /** A seat's extras in the ring: its tricks, card points and the suits it has shown it lacks. */
  private seatExtras = (seat: number) => {
    const s = this.view.seats[seat];
    if (!s) return null;
    return html`<div class="muted">
      ${count(s.tricks, 'trick')} · <span class="points">${s.points}</span>
      pts${s.voids.length ? html` · no ${s.voids.map((x) => SYMBOL[x as Suit]).join('')}` : null}
    </div>`;
  };

  /** Done once the seat ring inside has drawn too (it updates just after this element). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.renderRoot.querySelector('fd-seat-ring')?.updateComplete;
    return done;
  }

  private felt(where: (seat: number) => string) {
    const v = this.view;
    const trick = v.trick.length > 0 ? v.trick : v.phase === 'play' && v.lastTrick ? [] : [];
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

  /** "Match over after 3 deals: Ann wins the match." (equal totals share the win). */
  private matchOver(): string {
    const { played, winners } = this.view.match;
    const names = winners.map((seat) => this.table.name(seat));
    const who =
      names.length === 1
        ? `${names[0]} wins the match`
        : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} share the match win`;
    return `Match over after ${played} ${played === 1 ? 'deal' : 'deals'}: ${who}.`;
  }

  private statusLine() {
    const v = this.view;
    if (v.phase === 'over') {
      if (v.thrownIn)
        return html`All passed: the deal is thrown in; ${this.table.name((v.dealer + 1) % 3)} deals next.`;
      const r = v.result;
      if (!r) return html`The deal is over.`;
      const score = r.score > 0 ? `+${r.score}` : `${r.score}`;
      return html`<strong>${this.table.name(r.declarer)}</strong> ${r.made ? 'made' : 'failed'} ${r.bid} with
        ${r.points} points:
        <strong>${score}</strong
        >${r.handGame ? ' (hand game, doubled)' : ''}${r.renege !== null ? ` — ${this.table.name(r.renege)} reneged` : ''}.
        ${
          v.awaitingAudit
            ? this.stopped
              ? html`<span class="muted" id="not-audited"
                  >(not audited: the hand stopped before its audit, so this result was never checked for an earlier
                  renege)</span
                >`
              : html`<span class="muted" id="awaiting-audit"
                  >(waiting for the audit: it may find an earlier renege)</span
                >`
            : null
        }
        ${v.match.over ? html`<span id="match-over">${this.matchOver()}</span>` : null}`;
    }
    if (v.phase === 'scoring') return html`Turning the skat over…`;
    if (this.busy)
      return v.phase === 'discard'
        ? html`Shuffling the skat into ${this.table.name(v.declarer)}'s hand in secret…`
        : html`Shuffling and dealing securely…`;
    const who = this.table.name(v.turn);
    const mine = v.turn === this.mySeat;
    const you = (text: string) => html`<strong>Your turn:</strong> ${text}`;
    switch (v.phase) {
      case 'bidding':
        return mine
          ? you(`bid ${v.highBid?.bid ? `more than ${v.highBid.bid}` : '21 or more'}, or pass.`)
          : html`${who} to bid.`;
      case 'skat':
        return mine
          ? you(`you declared at ${v.contract}. Take the skat, or play a hand game (score doubled).`)
          : html`${who} declared at ${v.contract} and decides on the skat.`;
      case 'discard':
        return mine ? you('pick two cards to put away (they count for you).') : html`${who} puts two cards away.`;
      case 'trump':
        return mine ? you('name trumps.') : html`${who} names trumps.`;
      case 'play': {
        const led = suitOf(v.trick[0]?.card ?? null);
        return mine ? you(led ? `follow ${SYMBOL[led]} if you can.` : 'lead a card.') : html`${who} to play.`;
      }
      default:
        return html``;
    }
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
    const trumpText = v.trump ? `trumps ${SYMBOL[v.trump as Suit]}` : 'trumps not named yet';
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
      <div class="contract" id="contract">
        ${
          v.declarer !== null
            ? html`${this.table.name(v.declarer)} plays
                ${v.contract}${v.handGame === true ? ' hand' : v.handGame === false ? ' with the skat' : ''},
                ${trumpText} · <span id="declarer-points">${v.seats[v.declarer]?.points ?? 0}</span> card points so far`
            : html`<span class="auction" id="auction"
                >${v.auction.length ? v.auction.map((c) => `${this.table.name(c.seat)} ${c.bid ?? 'pass'}`).join(' · ') : 'No calls yet'}${v.highBid?.bid ? ` — high bid ${v.highBid.bid}` : ''}</span
              >`
        }
      </div>
      <div class="status" id="status" aria-live="polite">${this.statusLine()}</div>
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
