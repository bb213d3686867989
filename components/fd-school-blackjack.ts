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
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { BlackjackAction, BlackjackView, ViewCard } from '../src/games/school-blackjack/index.js';
import { otherSort, sortCards, TableControls } from './table-controls.js';
import { cardFace } from './fd-card.js';
import { theme } from './theme.js';
import { playNote } from './card-marks.js';
import type { CardHint } from '../src/games/card-hints.js';
import { CardMotion } from './card-motion.js';
import { seatMarkStyles } from './seat-marks.js';
import type { SeatMove } from './fd-seat-ring.js';
import './fd-card.js';
import './fd-seat-ring.js';

type Play = Extract<BlackjackAction, { type: 'play' }>;
type SuitLetter = 'C' | 'D' | 'H' | 'S';

const SUITS: readonly SuitLetter[] = ['C', 'D', 'H', 'S'];
const SYMBOL: Record<SuitLetter, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

function parts(card: string | null): { rank: string; suit: SuitLetter } | null {
  const m = card ? /^(10|[2-9JQKA])([CDHS])$/.exec(card) : null;
  return m ? { rank: m[1]!, suit: m[2] as SuitLetter } : null;
}

function symbolised(card: string | null): string {
  const p = parts(card);
  return p ? `${p.rank}${SYMBOL[p.suit]}` : '?';
}

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

  static override styles = [
    theme,
    seatMarkStyles,
    css`
      :host {
        display: block;
        color: var(--fd-ink);
        --card-gap: -1.35rem;
      }
      .turn-banner {
        text-align: center;
        padding: 0.45rem 0.7rem;
        border-radius: var(--fd-radius);
        background: rgba(0, 0, 0, 0.25);
        margin-bottom: 0.5rem;
      }
      .turn-banner.mine {
        background: var(--fd-accent);
        color: #222;
        font-weight: 600;
        animation: pulse 1.6s ease-in-out 2;
      }
      @keyframes pulse {
        50% {
          box-shadow: 0 0 0 6px rgba(242, 193, 78, 0.35);
        }
      }
      .tag {
        font-size: 0.72rem;
        border-radius: 1rem;
        padding: 0.05rem 0.45rem;
        background: rgba(255, 255, 255, 0.15);
      }
      .tag.hot {
        background: var(--fd-danger);
        color: #222;
      }
      .tag.go {
        background: var(--fd-accent);
        color: #222;
      }
      .centre {
        display: flex;
        gap: 1rem;
        justify-content: center;
        align-items: center;
        flex-wrap: wrap;
        margin: 0.4rem 0;
      }
      .pile {
        display: flex;
        align-items: flex-end;
      }
      .pile fd-card:not(:first-child) {
        margin-left: -2.4rem;
      }
      .pile fd-card.older {
        filter: brightness(0.75);
      }
      .facts {
        display: grid;
        gap: 0.15rem;
        font-size: 0.88rem;
      }
      .facts strong {
        color: var(--fd-accent);
      }
      .suit {
        font-size: 1.3rem;
        line-height: 1;
      }
      .red {
        color: #ff8f88;
      }
      .deck {
        display: flex;
        flex-direction: column;
        align-items: center;
        font-size: 0.8rem;
        color: var(--fd-muted);
      }
      .last,
      .step {
        text-align: center;
        font-size: 0.88rem;
        margin: 0.25rem 0;
        min-height: 1.2rem;
      }
      .step {
        color: var(--fd-ink);
      }
      .mine {
        background: rgba(0, 0, 0, 0.25);
        border-radius: var(--fd-radius);
        padding: 0.5rem 0.6rem;
        border: 2px solid transparent;
      }
      .mine.turn {
        border-color: var(--fd-accent);
      }
      .mine-head {
        display: flex;
        justify-content: space-between;
        align-items: center;
        font-size: 0.85rem;
        color: var(--fd-muted);
        gap: 0.5rem;
      }
      .mine-head button {
        min-height: 2rem;
        padding: 0.2rem 0.6rem;
        font-size: 0.8rem;
      }
      .hand {
        display: flex;
        flex-wrap: wrap;
        padding: 0.9rem 1.6rem 0.2rem 0;
        row-gap: 0.3rem;
      }
      .slot {
        position: relative;
        margin-right: var(--card-gap);
      }
      .slot.refused fd-card {
        filter: brightness(0.55);
      }
      .slot .key {
        position: absolute;
        top: -0.85rem;
        left: 0.15rem;
        font-size: 0.65rem;
        color: var(--fd-accent);
      }
      .why {
        font-size: 0.82rem;
        color: var(--fd-muted);
        min-height: 1.1rem;
        margin-top: 0.2rem;
      }
      .actions {
        display: flex;
        gap: 0.5rem;
        flex-wrap: wrap;
        margin-top: 0.4rem;
        align-items: center;
      }
      .picker {
        display: flex;
        gap: 0.4rem;
        align-items: center;
        flex-wrap: wrap;
      }
      .picker button {
        font-size: 1.3rem;
        min-width: 3rem;
      }
      .over {
        text-align: center;
        font-size: 1.2rem;
        margin: 0.6rem 0;
      }
      @media (max-width: 600px) {
        :host {
          --card-gap: -1.1rem;
          font-size: 0.92rem;
        }
        fd-card {
          --card-w: 2.5rem;
        }
        fd-card::part(card) {
          font-size: 0.78rem;
          padding: 0.15rem 0.2rem;
        }
        .pile fd-card:not(:first-child) {
          margin-left: -1.9rem;
        }
        .centre {
          gap: 0.6rem;
          margin: 0.2rem 0;
        }
        .hand {
          padding-top: 0.8rem;
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .turn-banner.mine {
          animation: none;
        }
      }
    `,
  ];

  private get myTurn(): boolean {
    return this.mySeat !== null && this.view.turn === this.mySeat && !this.busy && this.view.phase === 'play';
  }

  private get plays(): Play[] {
    return this.myTurn ? this.legal.filter((a): a is Play => a.type === 'play') : [];
  }

  private has(type: 'draw' | 'end'): boolean {
    return this.myTurn && this.legal.some((a) => a.type === type);
  }

  /** Why a card of mine may not be played now, in words; null when it may. */
  private refusal(c: ViewCard): string | null {
    const v = this.view;
    if (v.phase !== 'play') return null;
    if (v.turn !== this.mySeat) return `It is ${this.table.name(v.turn)}'s turn.`;
    if (this.busy) return 'Wait: the table is dealing cards.';
    if (this.plays.some((p) => p.handle === c.handle)) return null;
    // The rules' own reason, in words (card hints).
    return this.cardHints[c.handle]?.why ?? 'Not playable now.';
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

  /** What the step of the current turn asks for, addressed to whoever is to play. */
  private stepLine(): string {
    const v = this.view;
    const you = v.turn === this.mySeat;
    const top = symbolised(v.top);
    const rank = parts(v.top)?.rank;
    const suit = v.suit ? SYMBOL[v.suit as SuitLetter] : '';
    switch (v.step) {
      case 'start':
        if (v.owed > 0)
          return `${you ? 'You owe' : `${this.table.name(v.turn)} owes`} ${v.owed}: answer with an ace or a matching 2 or jack, or draw ${v.owed}.`;
        return v.top === null
          ? 'Step 1: any card starts the pile.'
          : `Step 1: a card matching ${suit} or ${rank} (an ace goes on anything), or draw 1.`;
      case 'more':
        return `Step 2: more ${rank}s, or end the turn free.`;
      case 'cap':
        return v.endDraws
          ? `Step 3: cap the run with a card matching ${suit} or ${rank}, or more ${rank}s; ending uncapped draws 1.`
          : `Capped (${top}): end the turn free, or keep going.`;
      case 'three':
        return `A 3: follow it with a card matching ${suit} or 3 (or an ace); ending now draws 1.`;
      case 'queen':
        return 'A queen: cover it with any card; ending now draws 1.';
    }
  }

  private lastLine() {
    const last = this.view.lastTurn;
    if (!last) return 'No turn played yet.';
    const who = this.table.name(last.seat);
    const played = last.played.length ? `played ${last.played.map(symbolised).join(' ')}` : '';
    const drew = last.asked > 0 ? `drew ${last.drew}${last.drew < last.asked ? ` of ${last.asked}` : ''}` : '';
    const reason =
      last.reason === 'uncapped'
        ? ' (uncapped)'
        : last.reason === 'no-follower'
          ? ' (nothing on the 3/queen)'
          : last.reason === 'power-card'
            ? ' (ended on a power card)'
            : '';
    const extra = [
      last.skipped.length ? `${last.skipped.map((s) => this.table.name(s)).join(', ')} skipped` : '',
      last.reshuffled ? 'pile reshuffled into the deck' : '',
    ].filter(Boolean);
    return `Previous: ${who} ${[played, drew].filter(Boolean).join(' and ')}${reason}${extra.length ? `; ${extra.join('; ')}` : ''}.`;
  }

  /** The other seats clockwise from mine (every seat for a watcher): fixed places round the felt, whichever way play goes now. */
  private others(): number[] {
    const n = this.view.hands.length;
    const from = this.mySeat ?? 0;
    const all = Array.from({ length: n }, (_, i) => (((from - i) % n) + n) % n);
    return this.mySeat === null ? all : all.slice(1);
  }

  /** A seat's tags after its name in the ring: what it owes on its turn, a skip coming, the winner. */
  private seatTags = (seat: number) => {
    const v = this.view;
    return html`${v.turn === seat && v.owed > 0 ? html`<span class="tag hot">owes ${v.owed}</span>` : null}
    ${this.skipped().has(seat) ? html`<span class="tag hot">skipped</span>` : null}
    ${v.winner === seat ? html`<span class="tag go">winner</span>` : null}`;
  };

  /** The seats the pending skips pass over, from the seat whose turn it is, the way play goes now. */
  private skipped(): Set<number> {
    const v = this.view;
    if (v.turn === null) return new Set();
    const n = v.hands.length;
    const step = v.direction === 'clockwise' ? -1 : 1;
    return new Set(Array.from({ length: v.skips }, (_, i) => (((v.turn! + step * (i + 1)) % n) + n) % n));
  }

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
    const next = v.turn === null ? null : this.nextSeat();
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

  /** Who plays after the current turn if it ended now (skips counted). */
  private nextSeat(): number {
    const v = this.view;
    const n = v.hands.length;
    const step = v.direction === 'clockwise' ? -1 : 1;
    return (((v.turn! + step * (1 + v.skips)) % n) + n) % n;
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

  private banner() {
    const v = this.view;
    if (v.phase === 'over')
      return html`<div class="turn-banner" id="turn">
        ${v.winner === this.mySeat ? 'You won!' : `${this.table.name(v.winner)} wins.`}
      </div>`;
    if (this.busy) return html`<div class="turn-banner" id="turn">Dealing cards securely…</div>`;
    if (v.turn === this.mySeat) return html`<div class="turn-banner mine" id="turn" data-mine="1">Your turn</div>`;
    return html`<div class="turn-banner" id="turn">${this.table.name(v.turn)} to play</div>`;
  }

  override render() {
    const v = this.view;
    if (!v) return null;
    const me = this.mySeat;
    return html`
      ${this.banner()}
      <fd-seat-ring
        id="others"
        label="Players clockwise from you"
        .order=${this.others()}
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
        ${v.phase === 'play' ? this.stepLine() : ''}
      </div>
      <div class="last" id="last">${this.lastLine()}</div>
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
