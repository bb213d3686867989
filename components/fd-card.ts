/**
 * One playing card: face (rank and suit, red or black, a joker) or back. It
 * is a button when it can be chosen, so it takes focus and Enter/Space like
 * any button; it animates in without blocking anything. A card that has the
 * keyboard's focus keeps it when it turns from a button into a plain image
 * and back (the turn passing): the player's place in their hand is kept.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { starIcon } from './icons.js';
import { stillStyles } from './motion.js';

const SUIT_SYMBOL: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
/** A court card or ace read out in words ("king of clubs"), as a screen reader should say it. */
const RANK_NAME: Record<string, string> = { J: 'jack', Q: 'queen', K: 'king', A: 'ace' };

/** Rank and suit of a card id ('10H', 'QS~2', 'JKR'); null for an unknown card. */
export function cardFace(card: string | null): { rank: string; suit: string; red: boolean; label: string } | null {
  if (!card) return null;
  const joker = /^JK([RB])/.exec(card);
  if (joker)
    return { rank: '★', suit: 'Joker', red: joker[1] === 'R', label: `${joker[1] === 'R' ? 'red' : 'black'} joker` };
  const match = /^(10|[2-9JQKA])([CDHS])/.exec(card);
  if (!match) return null;
  const suit = match[2]!;
  return {
    rank: match[1]!,
    suit: SUIT_SYMBOL[suit]!,
    red: suit === 'H' || suit === 'D',
    label: `${RANK_NAME[match[1]!] ?? match[1]} of ${{ C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' }[suit]}`,
  };
}

@customElement('fd-card')
export class FdCard extends LitElement {
  /** The card id, or null for a card this viewer does not know (shown as its back). */
  @property() card: string | null = null;
  @property({ type: Boolean, reflect: true }) selectable = false;
  @property({ type: Boolean, reflect: true }) selected = false;
  @property({ type: Boolean, reflect: true }) small = false;
  /**
   * What a card in the player's own hand can do now, said after its name to a
   * screen reader: "playable" or "not playable" ("7 of spades, not playable").
   * A card with a note is a button even when it cannot be chosen, so the
   * keyboard reaches it and Enter asks why it cannot go, as a click does.
   */
  @property() note = '';

  static override styles = [
    css`
      /* The card enters once, when its element does: on the host, so a change of what it is (a button once it may be
       chosen, a plain image again after) does not start it over on every turn. */
      :host {
        display: inline-block;
        position: relative;
        animation: enter 180ms ease-out;
        /* Its own compositor layer for good, not only while a flight or the entrance runs: a card that became a layer
         for an animation and went back into the page's layer when it ended made the page repaint that layer in the
         frame it landed (card-motion.ts). A still table moves nothing and keeps no layers. */
        will-change: transform;
      }
      /* The image or button a reader meets lies over the face, the size of the card. */
      .control {
        position: absolute;
        inset: 0;
        z-index: 1;
        border-radius: 0.45rem;
      }
      .card {
        width: var(--card-w, 3.6rem);
        height: calc(var(--card-w, 3.6rem) * 1.4);
        border-radius: 0.45rem;
        background: #fffdf7;
        color: #1b1b1b;
        border: 1px solid #bbb;
        box-shadow: 0 2px 4px rgba(0, 0, 0, 0.35);
        display: flex;
        flex-direction: column;
        justify-content: space-between;
        padding: 0.2rem 0.3rem;
        font:
          600 1rem/1 system-ui,
          sans-serif;
        position: relative;
        /* The lift only: a shadow that eased in would repaint the page every frame on the main thread. */
        transition: transform 120ms ease;
        user-select: none;
        box-sizing: border-box;
      }
      :host([small]) .card {
        --card-w: var(--card-small-w, 2.4rem);
        font-size: 0.8rem;
      }
      :host([small]) .corner-bottom {
        display: none;
      }
      .red {
        color: #c0262d;
      }
      .suit-big {
        align-self: center;
        font-size: 1.5em;
      }
      .corner-bottom {
        align-self: flex-end;
        transform: rotate(180deg);
      }
      .back {
        background: repeating-linear-gradient(45deg, #7b1e2b 0 6px, #96283a 6px 12px);
        border: 3px solid #fffdf7;
      }
      .control[role='button'] {
        cursor: pointer;
      }
      /* The ring is drawn round the face, beside the control, not round the control itself. */
      .control:focus {
        outline: none;
      }
      .control:focus-visible + .card {
        outline: 3px solid #f2c14e;
        outline-offset: 2px;
      }
      :host([selectable]) .control:hover + .card {
        transform: translateY(-4px);
      }
      :host([selected]) .card {
        transform: translateY(-12px);
        box-shadow:
          0 0 0 3px #f2c14e,
          0 6px 10px rgba(0, 0, 0, 0.4);
      }
      :host(:not([selectable])) .card {
        cursor: default;
      }
      /* Movement only: the host's opacity is the game's to set (a dimmed card), and a flight (card-motion.ts) takes
       over its transform while it runs. */
      @keyframes enter {
        from {
          transform: translateY(8px) scale(0.96);
        }
        to {
          transform: none;
        }
      }
    `,
    stillStyles(css`
      :host {
        animation: none;
        will-change: auto;
      }
      .card {
        transition: none;
      }
    `),
  ];

  private face(face: ReturnType<typeof cardFace>) {
    if (!face) return html`<div class="card back" part="card" aria-hidden="true"></div>`;
    return html`<div class="card ${face.red ? 'red' : ''}" part="card" aria-hidden="true">
      <span>${face.rank}${face.suit.length === 1 ? face.suit : ''}</span>
      <span class="suit-big">${face.suit.length === 1 ? face.suit : starIcon()}</span>
      <span class="corner-bottom">${face.rank}${face.suit.length === 1 ? face.suit : ''}</span>
    </div>`;
  }

  /** Whether the control has the focus, or is to take it, in this update: an image keeps a focus it holds, and its tabindex. */
  private focused = false;
  /** Asked to take the focus (takeFocus): the update under way gives it to the control once drawn. */
  private focusAsked = false;
  /** Space went down on the card as a button, and nothing took the key: its release is the click (as a button's). */
  private spaceArmed = false;

  /**
   * Gives the keyboard's focus to this card's control (an image too), once it has drawn. The hand's controller
   * (hand-focus.ts) calls it when an update took the focus from the player's area.
   */
  async takeFocus(): Promise<void> {
    this.focusAsked = true;
    this.requestUpdate();
    await this.updateComplete;
  }

  protected override willUpdate(): void {
    // The control is never replaced, so a focus it holds stays through the update by itself.
    this.focused = this.focusAsked || this.shadowRoot?.activeElement?.classList.contains('control') === true;
  }

  protected override updated(): void {
    if (!this.focusAsked) return;
    this.focusAsked = false;
    this.renderRoot.querySelector<HTMLElement>('.control')?.focus({ preventScroll: true });
  }

  /** Whether the card is a button now: it can be chosen, or it says why not. */
  private get isButton(): boolean {
    return this.selectable || this.note !== '';
  }

  /**
   * Enter and Space as a native button takes them: after every other listener of the key (the table's shortcuts
   * listen on window), and not when one of them called preventDefault. Enter clicks at once; Space stops the page
   * scrolling and clicks when it is let go.
   */
  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (!this.isButton || (event.key !== 'Enter' && event.key !== ' ') || event.repeat) return;
    const control = event.currentTarget as HTMLElement;
    window.addEventListener(
      'keydown',
      (late) => {
        if (late !== event || event.defaultPrevented) return;
        event.preventDefault();
        if (event.key === 'Enter') control.click();
        else this.spaceArmed = true;
      },
      { once: true },
    );
  };

  /**
   * An image that held the focus leaves the tab order once the focus has gone (cheap then: it holds none); a Space
   * pressed before the focus went is no click when let go elsewhere.
   */
  private readonly onBlur = () => {
    this.spaceArmed = false;
    if (!this.isButton) this.requestUpdate();
  };

  private readonly onKeyUp = (event: KeyboardEvent) => {
    if (event.key !== ' ' || !this.spaceArmed) return;
    this.spaceArmed = false;
    if (this.isButton) (event.currentTarget as HTMLElement).click();
  };

  override render() {
    const face = cardFace(this.card);
    const name = face?.label ?? 'face-down card';
    const label = this.note ? `${name}, ${this.note}` : name;
    const button = this.isButton;
    // What a reader meets, over the face: an image, or a button while the card can be chosen or says why not. It is
    // one element whose role changes, never replaced, and whose tabindex does not change while it holds the focus:
    // Chromium brings the page's style and layout up to date at once (some 5–8 ms on a loaded table page, in the
    // middle of the frame's update) to remove the focused element or to change its tabindex, and a mouse player's
    // last clicked card holds the focus through every turn. So an image that holds the focus stays where it was in
    // the tab order until the focus leaves it; other images take none, not even from a click. The face beside the
    // control keeps its nodes too, and is not laid out or painted again. The name is the control's label: the face's
    // "7♠" is hidden from screen readers, so the name a reader hears is the whole name, and the control shows no text
    // of its own that the name could miss (WCAG 2.5.3).
    return html`<span
        class="control"
        role=${button ? 'button' : 'img'}
        aria-label=${label}
        aria-pressed=${button ? (this.selected ? 'true' : 'false') : nothing}
        title=${button ? name : nothing}
        tabindex=${button || this.focused ? '0' : nothing}
        @keydown=${this.onKeyDown}
        @keyup=${this.onKeyUp}
        @blur=${this.onBlur}
      ></span
      >${this.face(face)}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-card': FdCard;
  }
}
