/**
 * Cards that move: one small FLIP helper (First, Last, Invert, Play) on the
 * Web Animations API, shared by every game's table element as a Lit reactive
 * controller (`new CardMotion(this)`). After each render (`play`) every card
 * element marked `data-fly="<zone>"` that is new in its zone flies in from
 * where that card was before (your own play: hand → pile; Stress (speed):
 * the opponent's row → a stack) or, for a card nobody saw before, from the
 * source its `data-fly-from` names (`[data-fly-source="<name>"]`: another
 * player's seat box for their play, the stock or deck for a draw). Cards are
 * matched by card id (unique in a deck, `~2` marks a second deck's copy).
 *
 * Layout is read as little and as late as a frame allows. Where each face-up
 * card is (`look`) is read once after a render, in the next animation frame,
 * when the page's layout is done anyway, relative to the table element (so
 * the table moving on the page does not matter); the next render flies from
 * there and reads nothing before it changes the DOM. Only a second render
 * before that frame looks first, so a card still flies from where it was.
 * After a render, zones are compared by attribute alone; only the cards
 * that moved, the sources they fly from and the table are measured, all at
 * once, and only then do their flights start (no read between two writes).
 *
 * The animations only transform the element for a moment: nothing waits for
 * them, input is never held back (a card in flight lets taps through to what
 * is under it), and when there is to be no motion (the device's
 * `prefers-reduced-motion: reduce`, or the player's "Animate cards" off;
 * motion.ts) nothing moves at all.
 *
 * What a flight costs the page: it runs on the compositor, but Chromium still
 * gives the main thread a frame when the animation starts, another when the
 * compositor reports it running, and one per frame over about the last 50 ms
 * before it ends (a trace of one flight shows them 16.7 ms apart), then one to
 * finish it: about six frames whatever is animated. A card that only enters
 * (fd-card's CSS entrance) costs the same: a page pays per animation, not per
 * pixel. What the frames cost depends on layers: fd-card's host keeps a
 * compositor layer of its own while the table moves (`will-change`), so
 * neither the start nor the landing moves a card between layers; a card that
 * was a layer only while it flew made the page repaint the layer it went
 * back into when it landed (traces of a 4-seat hand: paint in the landing's
 * frame 3.0 ms before, 0.8 ms after; an entrance's 3.6 ms, now none). Two
 * transform animations on one element would cost a main-thread
 * frame every frame while both run (Chromium takes both off the compositor),
 * so a card flown again before it lands lets its earlier flight go (`fly`).
 */

import type { ReactiveController, ReactiveElement } from 'lit';
import { lessMotion } from './motion.js';

/** How long a card flies, in ms: short enough that the table never feels slow. */
const FLY_MS = 320;

/** Where a card was, relative to its table element's top left corner. */
interface Place {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** A card flying now: where it flies from and to (both measured before any flight of this render starts). */
interface Flight {
  readonly element: HTMLElement;
  readonly from: Place;
  readonly to: Place;
}

/**
 * Animate a card from `from` to `to`, where it is now (the "invert" and
 * "play" of FLIP); null when there is nothing to move. Writes only.
 */
function fly({ element, from, to }: Flight): Animation | null {
  if (typeof element.animate !== 'function' || to.width === 0 || to.height === 0) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return null;
  const scale = from.width > 0 ? Math.min(2, Math.max(0.4, from.width / to.width)) : 1;
  // A card element flown again before its last flight landed (a stack's top card: the next play lands on the same
  // element) lets that flight go first. Chromium keeps two transform animations on one element both off the
  // compositor (each makes the other "incompatible"), and the page then draws every frame on its main thread until
  // both end: in a fast Stress (speed) hand a third of the flights, most of the time. The newer flight replaces the
  // older's transform and opacity from its first frame, so nothing shown changes.
  for (const earlier of inFlight.get(element) ?? []) earlier.cancel();
  const animation = element.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.85 },
      { transform: 'none', opacity: 1 },
    ],
    { duration: FLY_MS, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)' },
  );
  // A card in flight passes over other controls: a tap there (Ready, Play) must reach them, not the card. It takes
  // taps again once no flight of it is left (one let go for a newer flight leaves that one).
  const flights = inFlight.get(element) ?? new Set<Animation>();
  inFlight.set(element, flights.add(animation));
  element.style.pointerEvents = 'none';
  const land = () => {
    flights.delete(animation);
    if (flights.size > 0) return;
    element.style.removeProperty('pointer-events');
  };
  animation.addEventListener('finish', land);
  animation.addEventListener('cancel', land);
  return animation;
}

/** The flights each card element carries now (fly). */
const inFlight = new WeakMap<HTMLElement, Set<Animation>>();
const flying = (element: HTMLElement) => (inFlight.get(element)?.size ?? 0) > 0;

/** A card element that has not drawn itself yet (a Lit child renders a microtask after its parent). */
function undrawn(element: HTMLElement): Promise<unknown> | null {
  const lit = element as Partial<ReactiveElement>;
  return lit.updateComplete && (lit.isUpdatePending || lit.hasUpdated === false) ? lit.updateComplete : null;
}

/**
 * Where an element's box is without the transform it has now (a card's
 * entrance moves it a little for a moment): a translation and a scale about
 * its centre, as fd-card's entrance is, taken off. Reads only.
 */
function untransformed(element: HTMLElement): Place {
  const r = element.getBoundingClientRect();
  const transform = getComputedStyle(element).transform;
  if (!transform || transform === 'none') return r;
  const m = new DOMMatrixReadOnly(transform);
  if (m.a === 0 || m.d === 0) return r;
  const width = r.width / m.a;
  const height = r.height / m.d;
  return {
    left: r.left + r.width / 2 - m.e - width / 2,
    top: r.top + r.height / 2 - m.f - height / 2,
    width,
    height,
  };
}

/** The cards of a render that fly: found by attribute, before any layout is read. */
interface Move {
  readonly element: HTMLElement;
  readonly card: string;
  /** Where the card was at the last look, or the name of the source it flies from. */
  readonly from: Place | string;
}

/** One table element's FLIP bookkeeping: where the cards were at the last look, and the flights after each render. */
export class CardMotion implements ReactiveController {
  /** Each face-up card's place at the last look (relative to the host). */
  private places = new Map<string, Place>();
  /** Each face-up card's zone (`data-fly`, '' for none) after the last render; null before the first. */
  private zones: Map<string, string> | null = null;
  /** The look asked for after the last render, not yet taken. */
  private lookFrame: number | null = null;
  private readonly onResize = () => this.lookSoon();

  constructor(private readonly host: ReactiveElement) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('resize', this.onResize);
  }

  hostDisconnected(): void {
    window.removeEventListener('resize', this.onResize);
    if (this.lookFrame !== null) cancelAnimationFrame(this.lookFrame);
    this.lookFrame = null;
  }

  private root(): ParentNode | null {
    return this.host.renderRoot ?? null;
  }

  /** Before a render: only when the last render's look has not been taken yet (two renders in one frame). */
  hostUpdate(): void {
    if (this.lookFrame === null) return;
    cancelAnimationFrame(this.lookFrame);
    this.lookFrame = null;
    this.look();
  }

  /** After the render: fly what arrived. */
  hostUpdated(): void {
    this.play();
  }

  /** Look in the next animation frame (once, however many renders ask). */
  private lookSoon(): void {
    if (this.lookFrame !== null || typeof requestAnimationFrame !== 'function') return;
    this.lookFrame = requestAnimationFrame(() => {
      this.lookFrame = null;
      this.look();
    });
  }

  /**
   * Where every face-up card (`[data-card]`) is now, relative to the host. A
   * card in flight keeps the place it flies to (its transform is not where
   * it is).
   */
  look(): void {
    const root = this.root();
    if (!root || lessMotion()) return;
    const host = this.host.getBoundingClientRect();
    const places = new Map<string, Place>();
    for (const element of root.querySelectorAll<HTMLElement>('[data-card]')) {
      const card = element.dataset['card'];
      if (!card || card === '?') continue;
      const kept = this.places.get(card);
      if (kept && flying(element)) {
        places.set(card, kept);
        continue;
      }
      const r = untransformed(element);
      places.set(card, { left: r.left - host.left, top: r.top - host.top, width: r.width, height: r.height });
    }
    this.places = places;
  }

  /**
   * Fly every `[data-fly]` card that was not in that zone after the last
   * render: from its place at the last look, else from its `data-fly-from`
   * source. Returns the animations started now (none on the first render,
   * none with less motion); when a card element created by this render
   * is among them, they all start once it has drawn itself, a microtask
   * later, and are not in the list.
   */
  play(): Animation[] {
    const root = this.root();
    if (!root) return [];
    const before = this.zones;
    const zones = new Map<string, string>();
    for (const element of root.querySelectorAll<HTMLElement>('[data-card]')) {
      const card = element.dataset['card'];
      if (card && card !== '?') zones.set(card, element.dataset['fly'] ?? zones.get(card) ?? '');
    }
    this.zones = zones;
    if (lessMotion()) return [];
    this.lookSoon();
    if (!before) return [];
    const moves: Move[] = [];
    for (const element of root.querySelectorAll<HTMLElement>('[data-fly]')) {
      const card = element.dataset['card'];
      if (!card || card === '?' || before.get(card) === element.dataset['fly']) continue;
      const from = before.has(card) ? this.places.get(card) : undefined;
      moves.push({ element, card, from: from ?? element.dataset['flyFrom'] ?? '' });
    }
    if (moves.length === 0) return [];
    // The flight is the card's entrance: a CSS entrance on the same element (fd-card's) would show nothing meanwhile,
    // and both at once keep either off the compositor, repainting the page every frame. Set aside now, by a write
    // before anything is measured: the measuring resolves the element's style, which would start the entrance only
    // for the flight to cancel it (two animations, and their frames, per card). Asking the element for its
    // animations instead would restyle the page once per card. It is for good once the card flies: giving the
    // element its `animation` back when it lands would start the entrance over. A card that does not fly after all
    // gets it back at once (flights).
    for (const { element } of moves) element.style.animation = 'none';
    const waits = moves.flatMap(({ element }) => undrawn(element) ?? []);
    if (waits.length === 0) return this.flights(root, moves);
    void Promise.all(waits).then(() => this.flights(root, moves));
    return [];
  }

  /** Measures every move at once (the host, the cards, their sources), then starts every flight. */
  private flights(root: ParentNode, moves: readonly Move[]): Animation[] {
    const host = this.host.getBoundingClientRect();
    const sources = new Map<string, DOMRect | undefined>();
    const planned: Flight[] = [];
    for (const { element, card, from } of moves) {
      if (!element.isConnected) continue;
      const to = untransformed(element);
      let start: Place | undefined;
      if (typeof from === 'string') {
        if (!sources.has(from))
          sources.set(from, root.querySelector(`[data-fly-source="${from}"]`)?.getBoundingClientRect());
        start = sources.get(from);
      } else start = { ...from, left: from.left + host.left, top: from.top + host.top };
      // Where it lands, for the next look while it flies.
      this.places.set(card, { left: to.left - host.left, top: to.top - host.top, width: to.width, height: to.height });
      if (start && start.width + start.height > 0) planned.push({ element, from: start, to });
      else element.style.removeProperty('animation');
    }
    return planned.flatMap((flight) => {
      const animation = fly(flight);
      if (!animation) flight.element.style.removeProperty('animation');
      return animation ?? [];
    });
  }
}
