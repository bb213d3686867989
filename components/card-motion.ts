/**
 * Cards that move: one small FLIP helper (First, Last, Invert, Play) on the
 * Web Animations API, shared by every game's table element as a Lit reactive
 * controller (`new CardMotion(this)`). Before each update renders (`measure`)
 * it notes where each face-up card and each card source is on screen; after
 * it (`play`) every card
 * element marked `data-fly="<zone>"` that is new in its zone flies in from
 * where that card was before (your own play: hand → pile; Stress (speed):
 * the opponent's row → a stack) or, for a card nobody saw before, from the
 * source its `data-fly-from` names (`[data-fly-source="<name>"]`: another
 * player's seat box for their play, the stock or deck for a draw). Cards are
 * matched by card id (unique in a deck, `~2` marks a second deck's copy).
 * The animations only transform the element for a moment: nothing waits for
 * them, input is never held back (a card in flight lets taps through to what
 * is under it), and with `prefers-reduced-motion: reduce`
 * nothing moves at all.
 */

import type { ReactiveController, ReactiveElement } from 'lit';

/** How long a card flies, in ms: short enough that the table never feels slow. */
const FLY_MS = 320;

interface Seen {
  readonly rect: DOMRect;
  readonly zone: string;
}

/** Whether the person asked the system for less motion. */
function reducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Animate `element` from the rectangle `from` to where it is now (the
 * "invert" and "play" of FLIP). Null when there is nothing to move, or with
 * reduced motion.
 */
function flyFrom(element: Element, from: DOMRect): Animation | null {
  if (reducedMotion() || typeof element.animate !== 'function') return null;
  const to = element.getBoundingClientRect();
  if (to.width === 0 || to.height === 0) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return null;
  const scale = from.width > 0 ? Math.min(2, Math.max(0.4, from.width / to.width)) : 1;
  // The flight replaces the element's transform while it runs, so a CSS entrance on the same element (fd-card's)
  // shows nothing meanwhile; both at once also keep either off the compositor, repainting the page every frame.
  for (const entrance of element.getAnimations()) if (entrance instanceof CSSAnimation) entrance.cancel();
  const animation = element.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.85 },
      { transform: 'none', opacity: 1 },
    ],
    { duration: FLY_MS, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)' },
  );
  // A card in flight passes over other controls: a tap there (Ready, Play) must reach them, not the card.
  // One element can carry two flights at once (the pile's top card is one element: the next play flies
  // it again before the last flight has landed), so it takes taps again only when its last flight has.
  if (element instanceof HTMLElement) {
    const flights = inFlight.get(element) ?? new Set<Animation>();
    inFlight.set(element, flights.add(animation));
    element.style.pointerEvents = 'none';
    const land = () => {
      flights.delete(animation);
      if (flights.size === 0) element.style.removeProperty('pointer-events');
    };
    animation.addEventListener('finish', land);
    animation.addEventListener('cancel', land);
  }
  return animation;
}

/** The flights each card element carries now (flyFrom). */
const inFlight = new WeakMap<HTMLElement, Set<Animation>>();

/** One table element's FLIP bookkeeping: measures before each render, flies the cards after it. */
export class CardMotion implements ReactiveController {
  private cards = new Map<string, Seen>();
  private sources = new Map<string, DOMRect>();
  private measured = false;

  constructor(private readonly host: ReactiveElement) {
    host.addController(this);
  }

  private root(): ParentNode | null {
    return this.host.renderRoot ?? null;
  }

  /** Before the render: where everything is now (nothing on the first render: there is no "before"). */
  hostUpdate(): void {
    if (this.host.hasUpdated) this.measure();
  }

  /** After the render: fly what arrived. */
  hostUpdated(): void {
    this.play();
  }

  /** Where every card (`[data-card]`) and card source (`[data-fly-source]`) is now, before the DOM changes. */
  measure(): void {
    const root = this.root();
    if (!root || reducedMotion()) {
      this.measured = false;
      return;
    }
    this.cards.clear();
    this.sources.clear();
    for (const element of root.querySelectorAll<HTMLElement>('[data-card]')) {
      const card = element.dataset['card'];
      if (!card || card === '?') continue;
      this.cards.set(card, { rect: element.getBoundingClientRect(), zone: element.dataset['fly'] ?? '' });
    }
    for (const element of root.querySelectorAll<HTMLElement>('[data-fly-source]')) {
      this.sources.set(element.dataset['flySource'] ?? '', element.getBoundingClientRect());
    }
    this.measured = true;
  }

  /**
   * Fly every `[data-fly]` card that was not in that zone at the last
   * `measure`: from its old place, else from its `data-fly-from` source.
   * Returns the animations started now (none on the first render, none with
   * reduced motion); a card element created by this render flies once it has
   * drawn itself, a microtask later, and is not in the list.
   */
  play(): Animation[] {
    const root = this.root();
    if (!root || !this.measured || reducedMotion()) return [];
    this.measured = false;
    const started: Animation[] = [];
    for (const element of root.querySelectorAll<HTMLElement>('[data-fly]')) {
      const card = element.dataset['card'];
      if (!card || card === '?') continue;
      const before = this.cards.get(card);
      if (before && before.zone === element.dataset['fly']) continue;
      const from = before?.rect ?? this.sources.get(element.dataset['flyFrom'] ?? '');
      if (!from) continue;
      // A card element new in this render has no size until its own first render, a microtask later
      // (a Lit child renders after its parent's update): fly it once that is done, before the next frame.
      const drawn = element.getBoundingClientRect();
      const later = (element as Partial<ReactiveElement>).updateComplete;
      if ((drawn.width === 0 || drawn.height === 0) && later) {
        void later.then(() => flyFrom(element, from));
        continue;
      }
      const animation = flyFrom(element, from);
      if (animation) started.push(animation);
    }
    return started;
  }
}
