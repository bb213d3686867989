/**
 * How a table's cards fly (components/card-motion.ts), in Chromium, on a
 * two-seat Stress (shedding) table: a render reads the page's layout only
 * after it has changed the DOM, and then only for the card that moved, the
 * place it flies from and the table itself, all before the first flight
 * starts; where each card was is read once in a later frame. Your own play
 * still flies from where the card sat in your hand, and another player's
 * from their seat box, and a card played while it still enters from where it
 * rests. A card that has flown in does not play its entrance
 * again when it lands. A stack's top card flown again before its last flight
 * landed carries the newer flight alone (two transform animations on one
 * element keep both off the compositor).
 */
import { LitElement, html } from 'lit';
import { afterEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { CardMotion } from '../../components/card-motion.js';
import { privateViewOf, type AnyState } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';
import { stressShed, type StressState } from '../../src/games/stress-shed/index.js';
import '../../components/fd-stress-shed.js';
import { SHED_DEAL, SHED_READY } from './game-table.js';

afterEach(() => document.body.replaceChildren());

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Seat `seat`'s view of SHED_DEAL once both are ready, and after the seat whose turn it is plays a card. */
function views(seat: 'mover' | 'other') {
  const before = runScenario(stressShed, { game: 'stress-shed', seats: 2, deal: SHED_DEAL, actions: SHED_READY });
  if (!before.ok || !before.state) throw new Error(before.failures.join('; '));
  const turn = (before.state as StressState).board.turn!;
  const me = seat === 'mover' ? turn : 1 - turn;
  const [card, after] = SHED_DEAL.seats[turn]!.hand.map(
    (c) =>
      [
        c,
        runScenario(stressShed, {
          game: 'stress-shed',
          seats: 2,
          deal: SHED_DEAL,
          actions: [...SHED_READY, { seat: turn, type: 'play', cards: [c] }],
        }),
      ] as const,
  ).find(([, run]) => run.ok && run.state)!;
  const viewOf = (run: typeof after) =>
    stressShed.view(run.state as StressState, me, privateViewOf(run.state as AnyState, run.open, me));
  return { me, turn, card, before: viewOf(before), after: viewOf(after) };
}

/** Mounts the table before the play and lets a frame pass (a move comes frames after the last one). */
async function tableBefore(v: ReturnType<typeof views>) {
  const el = document.createElement('fd-stress-shed');
  Object.assign(el, { view: v.before, mySeat: v.me, names: ['Ann', 'Bob'], seatOrder: [v.me, v.turn] });
  document.body.append(el);
  await el.updateComplete;
  for (const a of el.shadowRoot!.getAnimations()) a.finish();
  await frame();
  await frame();
  return el;
}

/**
 * Renders the play (by `lastMover`: the seat on turn unless the test says otherwise) and waits until the card that
 * landed has drawn itself and its flight, if any, has started.
 */
async function play(
  el: HTMLElement & { updateComplete: Promise<unknown> },
  v: ReturnType<typeof views>,
  lastMover: number | null = v.turn,
) {
  Object.assign(el, { view: v.after, lastMover });
  await el.updateComplete;
  const landed = el.shadowRoot!.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>(
    `#stack fd-card[data-card="${v.card}"]`,
  )!;
  await landed.updateComplete;
  await Promise.resolve();
  await Promise.resolve();
  return landed;
}

/** What a card runs now: each CSS animation by its name, a flight (script) as 'flight'. */
const animationsOf = (card: Element) =>
  card.getAnimations().map((a) => (a instanceof CSSAnimation ? a.animationName : 'flight'));

/** Where a card's flight starts: the centre of its first keyframe, from where it lands. */
function flightStart(card: HTMLElement) {
  const [flight] = card.getAnimations().filter((a) => !(a instanceof CSSAnimation));
  expect(flight, 'the card flies').toBeDefined();
  const start = (flight!.effect as KeyframeEffect).getKeyframes()[0]!.transform as string;
  const [dx, dy] = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(start)!.slice(1).map(Number);
  flight!.finish();
  const to = card.getBoundingClientRect();
  return { x: to.left + to.width / 2 + dx!, y: to.top + to.height / 2 + dy! };
}

test('another player’s play reads layout once the DOM has changed, only for the card, its seat box and the table', async () => {
  await page.viewport(1280, 800);
  const v = views('other');
  const el = await tableBefore(v);
  const reads: { what: string; landed: boolean }[] = [];
  const real = Element.prototype.getBoundingClientRect;
  const root = el.shadowRoot!;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const what =
      this === el ? 'table' : (this.getAttribute('data-card') ?? this.getAttribute('data-fly-source') ?? '?');
    reads.push({ what, landed: root.querySelector(`#stack fd-card[data-card="${v.card}"]`) !== null });
    return real.call(this);
  };
  let landed: HTMLElement;
  try {
    landed = await play(el, v);
  } finally {
    Element.prototype.getBoundingClientRect = real;
  }
  expect(
    reads.filter((r) => !r.landed),
    'nothing is read before the render changes the DOM',
  ).toEqual([]);
  expect(reads.map((r) => r.what).sort()).toEqual([v.card, `seat-${v.turn}`, 'table'].sort());
  const from = flightStart(landed);
  const seat = root.querySelector(`[data-seat-box="${v.turn}"]`)!.getBoundingClientRect();
  expect(from.x).toBeGreaterThanOrEqual(seat.left);
  expect(from.x).toBeLessThanOrEqual(seat.right);
  expect(from.y).toBeGreaterThanOrEqual(seat.top);
  expect(from.y).toBeLessThanOrEqual(seat.bottom);
});

test('a card that has flown in has entered: once it lands nothing moves it again', async () => {
  await page.viewport(1280, 800);
  const v = views('other');
  const el = await tableBefore(v);
  const landed = await play(el, v);
  const flights = landed.getAnimations();
  expect(flights.length, 'the card flies').toBeGreaterThan(0);
  for (const flight of flights) flight.finish();
  // The landing's own style change, then a frame for any animation it would start.
  await frame();
  await frame();
  expect(animationsOf(landed)).toEqual([]);
});

test('a card that flies in never starts its entrance: one animation, not an entrance the flight cancels', async () => {
  await page.viewport(1280, 800);
  const v = views('other');
  const el = await tableBefore(v);
  // What the card runs once its place is read (the read resolves its style, which would start a CSS entrance).
  const atMeasure: string[][] = [];
  const real = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const box = real.call(this);
    if (this.getAttribute('data-card') === v.card && this.closest('#stack')) atMeasure.push(animationsOf(this));
    return box;
  };
  let landed: HTMLElement;
  try {
    landed = await play(el, v);
  } finally {
    Element.prototype.getBoundingClientRect = real;
  }
  expect(atMeasure).toEqual([[]]);
  expect(animationsOf(landed)).toEqual(['flight']);
});

test('a new card with nowhere to fly from enters as any new card does', async () => {
  await page.viewport(1280, 800);
  const v = views('other');
  const el = await tableBefore(v);
  // No last mover: the card's source (`seat-`) names no seat box.
  const landed = await play(el, v, null);
  await frame();
  expect(animationsOf(landed)).toEqual(['enter']);
});

test('your own play flies from where the card sat in your hand', async () => {
  await page.viewport(1280, 800);
  const v = views('mover');
  const el = await tableBefore(v);
  const inHand = el.shadowRoot!.querySelector(`#my-hand fd-card[data-card="${v.card}"]`)!.getBoundingClientRect();
  const landed = await play(el, v);
  const from = flightStart(landed);
  expect(Math.abs(from.x - (inHand.left + inHand.width / 2))).toBeLessThan(2);
  expect(Math.abs(from.y - (inHand.top + inHand.height / 2))).toBeLessThan(2);
});

test('a card played while it still enters flies from where it rests, not from where its entrance has it', async () => {
  await page.viewport(1280, 800);
  const v = views('mover');
  const el = await tableBefore(v);
  const card = el.shadowRoot!.querySelector<HTMLElement>(`#my-hand fd-card[data-card="${v.card}"]`)!;
  const rests = card.getBoundingClientRect();
  // fd-card's entrance, held at its first frame: 8 px low and a little small.
  const entering = card.animate([{ transform: 'translateY(8px) scale(0.96)' }, { transform: 'none' }], 1000);
  entering.pause();
  // A render, and the frame after it that looks where the cards are.
  el.requestUpdate();
  await el.updateComplete;
  await frame();
  await frame();
  const landed = await play(el, v);
  const from = flightStart(landed);
  expect(Math.abs(from.x - (rests.left + rests.width / 2))).toBeLessThan(2);
  expect(Math.abs(from.y - (rests.top + rests.height / 2))).toBeLessThan(2);
});

test('a play rendered before the frame that looks where the cards are still flies from the hand', async () => {
  await page.viewport(1280, 800);
  const v = views('mover');
  const el = await tableBefore(v);
  const inHand = el.shadowRoot!.querySelector(`#my-hand fd-card[data-card="${v.card}"]`)!.getBoundingClientRect();
  // Another render first (the hand sorted the other way), then the play, with no frame between them.
  Object.assign(el, { sortHandBy: 'rank' });
  await el.updateComplete;
  const sorted = el.shadowRoot!.querySelector(`#my-hand fd-card[data-card="${v.card}"]`)!.getBoundingClientRect();
  const landed = await play(el, v);
  const from = flightStart(landed);
  expect(Math.abs(from.x - (sorted.left + sorted.width / 2))).toBeLessThan(2);
  expect(Math.abs(from.y - (sorted.top + sorted.height / 2))).toBeLessThan(2);
  expect(Math.abs(sorted.left - inHand.left), 'the sort moved the card').toBeGreaterThan(2);
});

/** A stack whose top card is one element, each new top flying in from a stock: the smallest table that reuses one. */
class MotionStack extends LitElement {
  static override properties = { top: { type: String } };
  top = 'AS';
  readonly motion = new CardMotion(this);
  override render() {
    return html`<div data-fly-source="stock" style="position:absolute;left:0;top:0;width:40px;height:60px"></div>
      <div
        id="top"
        data-card=${this.top}
        data-fly="stack"
        data-fly-from="stock"
        style="position:absolute;left:400px;top:300px;width:40px;height:60px"
      ></div>`;
  }
}
customElements.define('motion-stack', MotionStack);

test('a stack’s top card flown again before it lands carries one flight, the newer: both stay on the compositor', async () => {
  await page.viewport(1280, 800);
  const el = document.createElement('motion-stack') as MotionStack;
  document.body.append(el);
  await el.updateComplete;
  await frame();
  const top = el.shadowRoot!.querySelector<HTMLElement>('#top')!;
  el.top = 'KH';
  await el.updateComplete;
  const [first] = top.getAnimations();
  expect(first?.playState, 'the new top card flies in').toBe('running');
  // The next card lands on the same element within the first one's flight.
  el.top = 'QD';
  await el.updateComplete;
  const running = top.getAnimations().filter((a) => a.playState === 'running');
  expect(running, 'one flight on the element').toHaveLength(1);
  expect(running[0]).not.toBe(first);
  expect(first!.playState, 'the earlier flight was let go').toBe('idle');
  running[0]!.finish();
  await frame();
  expect(top.style.pointerEvents, 'it takes taps again once its flight has landed').toBe('');
});
