/**
 * Keeps the keyboard's place in the player's own cards, as one Lit reactive
 * controller of a game's table element (`new HandFocus(this, '#my-area
 * fd-card')`): when the card that had the focus leaves them (played,
 * discarded, laid on the table) or is moved among them, the focus goes to
 * that card where it now is, else to the card now in its place (the one
 * after it, or the last), so the keyboard carries on in the hand instead of
 * starting over from the top of the page. A card that stays where it was
 * keeps the focus by itself, whatever it turns into (fd-card.ts).
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import type { FdCard } from './fd-card.js';

/** The table element the controller serves: its own cards are in its shadow root. */
type TableHost = ReactiveElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export class HandFocus implements ReactiveController {
  /** The own card that held the focus before the update under way, and where it was among them. */
  private held: { readonly card: FdCard; readonly index: number } | null = null;

  constructor(
    private readonly host: TableHost,
    /** The player's own cards within the host's shadow root, in the order they are shown. */
    private readonly selector: string,
  ) {
    host.addController(this);
  }

  private cards(): FdCard[] {
    return [...this.host.renderRoot.querySelectorAll<FdCard>(this.selector)];
  }

  private focused(): Element | null {
    const root = this.host.renderRoot;
    return root instanceof ShadowRoot ? root.activeElement : null;
  }

  hostUpdate(): void {
    // Most updates find the focus elsewhere (or nowhere): nothing to look up then.
    const active = this.focused();
    const index = active?.localName === 'fd-card' ? this.cards().indexOf(active as FdCard) : -1;
    this.held = index >= 0 ? { card: active as FdCard, index } : null;
  }

  hostUpdated(): void {
    const held = this.held;
    this.held = null;
    // Still focused: the card stayed where it was (or the player moved on before this update).
    if (!held || this.focused() !== null) return;
    const cards = this.cards();
    const target = cards.includes(held.card) ? held.card : cards[Math.min(held.index, cards.length - 1)];
    void target?.takeFocus();
  }
}
