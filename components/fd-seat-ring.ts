/**
 * The other players round the felt, shared by the turn-based game tables:
 * one box per seat, in play order from the viewer's seat (the viewer sits
 * at the bottom, below this element), along an arc above the centre of
 * the table — the next seat to play at the left and the last at the right
 * when play runs clockwise, mirrored when it runs anticlockwise. Each box
 * names the player and shows their card count, their last move (the
 * table's newest in the accent colour), the turn
 * marker (a border and a worded badge: never colour alone) and the gone
 * mark (seat-marks.ts); a game adds its own badges and extras through two
 * render callbacks. On a phone (max-width 600px) the arc becomes a compact
 * strip that wraps to the screen's width.
 *
 * The element renders into its own light DOM, so the seat boxes live in the
 * game element's shadow root: that game's CardMotion (card-motion.ts) finds
 * them as the `data-fly-source="seat-N"` a played card flies from, its
 * styles reach the extras it renders, and its tests find `[data-seat-box]`
 * as before. The ring's own styles are adopted into that root once. When a
 * seat's count rises (a draw, a pick-up, the next hand's deal), or on the
 * first drawing of a hand just dealt, card backs fly from the `dealFrom`
 * source to its box: nothing waits for it, it takes no taps, and
 * with less motion (motion.ts) nothing moves.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { count } from '../src/app/words.js';
import { goneMark, seatMarkStyles } from './seat-marks.js';
import { lessMotion } from './motion.js';

/** A seat's newest move in words ("played 7♣"); `step` tells a new move from the same one drawn again. */
export interface SeatMove {
  readonly seat: number;
  readonly text: string;
  readonly step: number;
}

/** What a game draws inside a seat's box besides the shared facts. */
export type SeatContent = (seat: number) => unknown;

/** How long a dealt card back flies, in ms (card-motion.ts flies played cards as fast). */
const DEAL_MS = 320;
/** At most this many backs fly to one box at once: a pick-up of 20 cards is not 20 flights. */
const DEAL_MAX = 4;

const ringStyles = css`
  fd-seat-ring {
    display: block;
  }
  .ring {
    display: flex;
    flex-direction: row;
    justify-content: space-around;
    align-items: flex-start;
    gap: 0.75rem;
    margin: 0.25rem 0 0.5rem;
    --ring-depth: 3.2rem;
  }
  .ring.anticlockwise {
    flex-direction: row-reverse;
  }
  .ring .seat {
    flex: 0 1 13rem;
    min-width: 7rem;
    margin-top: calc(var(--ring-drop, 0) * var(--ring-depth));
    background: rgba(0, 0, 0, 0.24);
    border: 2px solid transparent;
    border-radius: var(--fd-radius, 10px);
    padding: 0.4rem 0.6rem;
    text-align: left;
    color: var(--fd-ink, #f4f1e8);
    font-size: 0.9rem;
    position: relative;
  }
  .ring .seat.turn {
    border-color: var(--fd-accent, #f2c14e);
    box-shadow: 0 0 12px rgba(242, 193, 78, 0.45);
  }
  .ring .ring-name {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem;
    font-weight: 600;
    font-size: 0.95rem;
    min-width: 0;
  }
  .ring .ring-who {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    max-width: 100%;
  }
  .ring .ring-facts {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.3rem;
    margin-top: 0.15rem;
  }
  .ring .ring-count {
    font-weight: 700;
  }
  .ring .ring-turn {
    font-size: 0.72rem;
    font-weight: 600;
    background: var(--fd-accent, #f2c14e);
    color: #222;
    border-radius: 1rem;
    padding: 0.05rem 0.45rem;
    white-space: nowrap;
  }
  .ring .ring-turn::before {
    /* A pointer drawn, not read: the words say whose turn it is. */
    content: '▶ ' / '';
  }
  .ring .ring-move {
    font-size: 0.78rem;
    color: var(--fd-muted, #b9c9bf);
    margin-top: 0.15rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* The newest move at the table reads in the accent colour until the next one (no fade: a move's animations cost
     every page main-thread frames; the card's flight already draws the eye). */
  .ring .ring-move.latest {
    color: var(--fd-accent, #f2c14e);
  }
  .ring-ghost {
    position: fixed;
    z-index: 20;
    pointer-events: none;
    /* A layer of its own until it is removed: its landing repaints nothing under it (fd-card's host, likewise). */
    will-change: transform, opacity;
    width: 1.6rem;
    height: 2.3rem;
    border-radius: 0.3rem;
    border: 1px solid rgba(255, 255, 255, 0.6);
    background: repeating-linear-gradient(45deg, #8b1e2d 0 4px, #a8323f 4px 8px);
  }
  @media (max-width: 600px) {
    /* Phones: a compact strip in play order, wrapping to the screen's width. */
    .ring,
    .ring.anticlockwise {
      flex-direction: row;
      flex-wrap: wrap;
      justify-content: center;
      gap: 0.35rem;
      margin: 0 0 0.3rem;
    }
    .ring .seat {
      flex: 1 1 8.5rem;
      min-width: 0;
      max-width: 100%;
      margin-top: 0;
      padding: 0.25rem 0.45rem;
      font-size: 0.82rem;
    }
    .ring .ring-name,
    .ring .ring-facts {
      display: inline-flex;
      vertical-align: middle;
      margin: 0 0.3rem 0 0;
    }
    .ring .ring-name {
      font-size: 0.85rem;
      flex-wrap: nowrap;
      max-width: 100%;
    }
    .ring .ring-move {
      font-size: 0.72rem;
    }
  }
`;

/** Adopt the ring's and the seat marks' styles into the root the ring renders in (a game's shadow root, or the page). */
function adoptStyles(root: Node): void {
  if (!(root instanceof ShadowRoot || root instanceof Document)) return;
  const sheets = [ringStyles.styleSheet, seatMarkStyles.styleSheet].filter(
    (s): s is CSSStyleSheet => s !== undefined && !root.adoptedStyleSheets.includes(s),
  );
  if (sheets.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
}

/** How far below the arc's top a box sits (0 at the top, 1 at the ends), for visual position `i` of `n`. */
export function arcDrop(i: number, n: number): number {
  if (n <= 2) return 0;
  return Math.round((1 - Math.sin((Math.PI * i) / (n - 1))) * 1000) / 1000;
}

@customElement('fd-seat-ring')
export class FdSeatRing extends LitElement {
  /** The other seats in play order from the viewer's (every seat for a watcher). */
  @property({ attribute: false }) order: readonly number[] = [];
  @property({ attribute: false }) names: readonly string[] = [];
  /** Cards each seat holds, by seat number (undefined: not shown). */
  @property({ attribute: false }) counts: readonly (number | undefined)[] = [];
  /** The seat whose turn it is, or null. */
  @property({ attribute: false }) turn: number | null = null;
  /** The turn marker's words ("to play", "bidding"). */
  @property() turnLabel = 'to play';
  /** Seats whose connection is gone (seat-marks.ts). */
  @property({ attribute: false }) gone: readonly number[] = [];
  /** Each seat's newest move (HandView.lastMoves). */
  @property({ attribute: false }) lastMoves: readonly SeatMove[] = [];
  /** Which way play runs round the table: clockwise puts the next seat at the viewer's left. */
  @property() direction: 'clockwise' | 'anticlockwise' = 'clockwise';
  /** The `data-fly-source` a card dealt or drawn to a seat flies from (the stock, the draw stack), if any. */
  @property() dealFrom: string | null = null;
  /** The hand was just dealt (nobody has moved): the first drawing flies each seat's cards in from `dealFrom`. */
  @property({ type: Boolean }) freshDeal = false;
  /** The group's name for a screen reader. */
  @property() label = 'Other players in play order';
  /** The game's badges after a seat's name (dealer, place, declarer). */
  @property({ attribute: false }) badges: SeatContent | null = null;
  /** The game's extras under a seat's facts (round wins, face-up cards, bids). */
  @property({ attribute: false }) extras: SeatContent | null = null;

  private shownCounts = new Map<number, number>();

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode());
  }

  private name(seat: number): string {
    return this.names[seat] || `Seat ${seat + 1}`;
  }

  private seatBox(seat: number, place: number) {
    const n = this.order.length;
    const visual = this.direction === 'anticlockwise' ? n - 1 - place : place;
    const cards = this.counts[seat];
    const turn = this.turn === seat;
    const gone = this.gone.includes(seat);
    const move = this.lastMoves.find((m) => m.seat === seat);
    const said = [
      this.name(seat),
      cards === undefined ? '' : count(cards, 'card'),
      turn ? this.turnLabel : '',
      gone ? 'connection lost' : '',
    ].filter(Boolean);
    return html`<div
      class="seat ${turn ? 'turn' : ''}"
      style="--ring-drop: ${arcDrop(visual, n)}"
      data-seat=${seat}
      data-seat-box=${seat}
      data-place=${place}
      data-fly-source="seat-${seat}"
      ?data-gone=${gone}
      role="group"
      aria-label=${said.join(', ')}
    >
      <div class="ring-name">
        <span class="ring-who">${this.name(seat)}</span>${goneMark(seat, this.gone)}${this.badges?.(seat) ?? nothing}
      </div>
      <div class="ring-facts">
        ${cards === undefined ? nothing : html`<span class="ring-count" data-count=${cards}>${count(cards, 'card')}</span>`}
        ${turn ? html`<span class="ring-turn badge hot" data-turn=${seat}>${this.turnLabel}</span>` : nothing}
      </div>
      ${
        move
          ? html`<div
              class="ring-move ${this.lastMoves[0] === move ? 'latest' : ''}"
              data-move=${seat}
              title=${move.text}
            >
              ${move.text}
            </div>`
          : nothing
      }
      ${this.extras?.(seat) ?? nothing}
    </div>`;
  }

  override render() {
    return html`<div
      class="ring ${this.direction}"
      role="group"
      aria-label=${this.label}
      data-seats=${this.order.length}
    >
      ${this.order.map((seat, place) => this.seatBox(seat, place))}
    </div>`;
  }

  override updated(): void {
    const before = this.shownCounts;
    this.shownCounts = new Map(this.order.flatMap((s) => (this.counts[s] === undefined ? [] : [[s, this.counts[s]!]])));
    const first = before.size === 0;
    if ((first && !this.freshDeal) || !this.dealFrom || lessMotion()) return;
    const deals: { seat: number; cards: number }[] = [];
    for (const [seat, now] of this.shownCounts) {
      const was = first ? 0 : before.get(seat);
      if (was !== undefined && now > was) deals.push({ seat, cards: Math.min(DEAL_MAX, now - was) });
    }
    if (deals.length > 0) this.deal(deals);
  }

  /**
   * Fly card backs from the deal source to each seat's box; each is removed when it lands. Every place is read
   * before the first back is added (a read after a write would lay the page out again).
   */
  private deal(deals: readonly { seat: number; cards: number }[]): void {
    const root = this.getRootNode() as ParentNode;
    const from = root.querySelector(`[data-fly-source="${this.dealFrom}"]`)?.getBoundingClientRect();
    const boxes = deals.map((d) => ({
      ...d,
      to: this.querySelector(`[data-seat-box="${d.seat}"]`)?.getBoundingClientRect(),
    }));
    if (!from || from.width === 0) return;
    for (const { seat, cards, to } of boxes) if (to && to.width > 0) this.dealTo(seat, cards, from, to);
  }

  private dealTo(seat: number, cards: number, from: DOMRect, to: DOMRect): void {
    for (let i = 0; i < cards; i++) {
      const ghost = document.createElement('div');
      ghost.className = 'ring-ghost';
      ghost.setAttribute('aria-hidden', 'true');
      ghost.dataset['dealTo'] = String(seat);
      ghost.style.left = `${from.left + from.width / 2 - 13}px`;
      ghost.style.top = `${from.top + from.height / 2 - 18}px`;
      this.append(ghost);
      const dx = to.left + to.width / 2 - (from.left + from.width / 2);
      const dy = to.top + to.height / 2 - (from.top + from.height / 2);
      const flight = ghost.animate(
        [
          { transform: 'translate(0, 0)', opacity: 0.95 },
          { transform: `translate(${dx}px, ${dy}px) scale(0.7)`, opacity: 0 },
        ],
        { duration: DEAL_MS, delay: i * 70, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)', fill: 'backwards' },
      );
      const land = () => ghost.remove();
      flight.finished.then(land, land);
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-seat-ring': FdSeatRing;
  }
}
