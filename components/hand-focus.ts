/**
 * Keeps the keyboard's place in the player's own area, as one Lit reactive
 * controller of a game's table element (`new HandFocus(this, '#my-area',
 * 'fd-card')`: the area, and the player's cards within it). When an update
 * loses the focus that was in the area, it goes back to the hand instead of
 * to the top of the page:
 * - the card that had it left the cards (played, discarded, laid on the
 *   table) or was moved among them: that card where it now is, else the card
 *   now in its place (the one after it, or the last);
 * - a control that had it went away or can no longer take it (Play, disabled
 *   once the move is sent): the first card.
 * A card that stays where it was keeps the focus by itself, whatever it
 * turns into (fd-card.ts). Only a focus the keyboard gave is carried (the
 * browser shows its ring: `:focus-visible`): a pointer's click focuses what
 * it clicks too, but a mouse player has no place in the hand to keep, and
 * moving the focus in the middle of an update costs the page a style and
 * layout pass then and there (some 8 ms a play on a loaded table page).
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import type { FdCard } from './fd-card.js';

/** The table element the controller serves: its own area is in its shadow root. */
type TableHost = ReactiveElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export class HandFocus implements ReactiveController {
  /** What held the focus in the area before the update under way, and, for a card, where it was among the cards. */
  private held: { readonly element: Element; readonly index: number } | null = null;

  constructor(
    private readonly host: TableHost,
    /** The player's own area within the host's shadow root. */
    private readonly area: string,
    /** The player's cards within that area, in the order they are shown. */
    private readonly cardSelector: string,
  ) {
    host.addController(this);
  }

  private cards(): FdCard[] {
    return [...this.host.renderRoot.querySelectorAll<FdCard>(`${this.area} ${this.cardSelector}`)];
  }

  /** The element of the host's shadow root that holds the focus, if it still can (a control disabled under it cannot). */
  private focused(): Element | null {
    const root = this.host.renderRoot;
    const active = root instanceof ShadowRoot ? root.activeElement : null;
    return active && !(active as Partial<HTMLButtonElement>).disabled ? active : null;
  }

  hostUpdate(): void {
    // Most updates find the focus outside the area (or nowhere), or given by a pointer: nothing to look up then.
    const active = this.focused();
    if (!active?.closest(this.area) || !shownFocus(active)) {
      this.held = null;
      return;
    }
    this.held = { element: active, index: this.cards().indexOf(active as FdCard) };
  }

  hostUpdated(): void {
    const held = this.held;
    this.held = null;
    // Still focused: what had it stayed (or the player moved on before this update).
    if (!held || (held.element.isConnected && this.focused() === held.element)) return;
    const cards = this.cards();
    const target =
      held.index < 0
        ? cards[0]
        : cards.includes(held.element as FdCard)
          ? (held.element as FdCard)
          : cards[Math.min(held.index, cards.length - 1)];
    void target?.takeFocus();
  }
}

/** Whether the focus on `element` (a card: on the control in its shadow root) is one the browser rings: the keyboard's. */
function shownFocus(element: Element): boolean {
  const inner = element.shadowRoot?.activeElement ?? element;
  return inner.matches(':focus-visible');
}
