/**
 * The browser bench's click → shown probe (bench/browser.ts says what it
 * measures): `installProbe` records in a stress-speed page each play's
 * click and every card its stacks show, `clockOffset` measures how far two
 * pages' clocks differ, and `latencies` matches one page's plays to the other
 * page (or the page itself) showing them.
 */
import type { Page } from 'playwright-core';

/** What one page recorded: its plays (the sending click's time) and every card its stacks showed. */
export interface Probe {
  readonly plays: { card: string; at: number }[];
  readonly shown: { card: string; dom: number; frame: number }[];
}

/** Installs the click → shown probe in a stress-speed page (see the file comment). */
export async function installProbe(page: Page): Promise<void> {
  // tsx compiles the function below with esbuild's keepNames, which calls a helper the page lacks.
  await page.evaluate('window.__name = (f) => f');
  await page.locator('#stress').evaluate(recordShows);
}

/**
 * In the page (self-contained: Playwright sends its source): records, as `window.fdBenchProbe`, each play the
 * table element holding `button` sends (the trusted click's time and the card) and each card its stacks show:
 * when it entered the DOM (`dom`) and when the frame that first drew it was done (`frame`).
 *
 * Which frame draws a change depends on where it was made: one made in an animation-frame callback (the shell
 * renders there, components/once-a-frame.ts) is drawn by that same frame; one made in any other task, by the
 * next. A one-pixel marker, resized at the change, tells which: its ResizeObserver is called in the frame that
 * lays the change out, after that frame's style and layout, and a task it posts runs once the frame's paint and
 * commit are done. That task's time is `frame`. (Waiting for the next animation frame instead would count a
 * whole frame too many for every change made in one.)
 */
export function recordShows(button: Element): void {
  const root = button.getRootNode() as ShadowRoot;
  const clock = () => performance.timeOrigin + performance.now();
  const probe: Probe = { plays: [], shown: [] };
  (window as unknown as { fdBenchProbe: Probe }).fdBenchProbe = probe;
  let input = 0;
  window.addEventListener(
    'click',
    (event) => {
      if (event.isTrusted) input = performance.timeOrigin + event.timeStamp;
    },
    { capture: true },
  );
  root.host.addEventListener('fd-act', (event) => {
    const action = (event as Event & { action?: { type: string; slot: number } }).action;
    if (action?.type !== 'play') return;
    const card = root.querySelector(`#my-side .slot[data-slot="${action.slot}"] fd-card`)?.getAttribute('data-card');
    if (card) probe.plays.push({ card, at: input });
  });
  const marker = document.createElement('div');
  marker.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;visibility:hidden;pointer-events:none';
  document.body.append(marker);
  let laidOut: (() => void)[] = [];
  const drawn: ((at: number) => void)[] = [];
  const done = new MessageChannel();
  done.port1.onmessage = () => {
    const at = clock();
    for (const record of drawn.splice(0)) record(at);
  };
  new ResizeObserver(() => {
    if (laidOut.length === 0) return;
    for (const next of laidOut) next();
    laidOut = [];
    done.port2.postMessage(null);
  }).observe(marker);
  const whenDrawn = (record: (at: number) => void) => {
    // Resized once per frame: twice would give it its old size back, and no observation.
    if (laidOut.length === 0) marker.style.width = marker.style.width === '1px' ? '2px' : '1px';
    laidOut.push(() => drawn.push(record));
  };
  const top = (i: number) => root.querySelector(`#stack-${i}`)?.getAttribute('data-top') ?? '';
  const tops = [top(0), top(1)];
  new MutationObserver(() => {
    const dom = clock();
    for (const i of [0, 1]) {
      const card = top(i);
      if (card && card !== tops[i]) whenDrawn((frame) => probe.shown.push({ card, dom, frame }));
      tops[i] = card;
    }
  }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-top'] });
}

/** B's clock minus A's, from the tightest of several A, B, A readings. */
export async function clockOffset(a: Page, b: Page): Promise<{ offset: number; uncertainty: number }> {
  const read = (p: Page) => p.evaluate(() => performance.timeOrigin + performance.now());
  let best = { offset: 0, uncertainty: Infinity };
  for (let i = 0; i < 7; i++) {
    const a1 = await read(a);
    const t = await read(b);
    const a2 = await read(a);
    if ((a2 - a1) / 2 < best.uncertainty) best = { offset: t - (a1 + a2) / 2, uncertainty: (a2 - a1) / 2 };
  }
  return best;
}

export interface Latency {
  readonly plays: number;
  readonly frame: number[];
  readonly dom: number[];
}

/**
 * Matches each play of `from` to the first time `to` shows that card afterwards,
 * before either page plays that card again (a card taken by a stress call can
 * come back to either player), and before `to` shows a later play of `from`:
 * plays arrive in order, so a play not shown by then bounced or was covered
 * in the same frame, and a later showing is the card back in play by another
 * way (a pile turned up when both are stuck). `offset` is to's clock minus
 * from's. Given one page twice (offset 0), it matches each play to its
 * showing on the clicking page itself.
 */
export function latencies(from: Probe, to: Probe, offset: number): Latency {
  const frame: number[] = [];
  const dom: number[] = [];
  from.plays.forEach((play, i) => {
    const mine = from.plays.slice(i + 1).find((p) => p.card === play.card)?.at ?? Infinity;
    const theirs = to.plays.find((p) => p.card === play.card && p.at - offset > play.at)?.at;
    const later = from.plays
      .slice(i + 1)
      .flatMap((next) => to.shown.filter((s) => s.card === next.card && s.dom - offset > next.at))
      .reduce((first, s) => Math.min(first, s.dom - offset), Infinity);
    const again = Math.min(mine, later, theirs === undefined ? Infinity : theirs - offset);
    const seen = to.shown.find((s) => s.card === play.card && s.dom - offset > play.at && s.dom - offset < again);
    if (!seen) return;
    frame.push(seen.frame - offset - play.at);
    dom.push(seen.dom - offset - play.at);
  });
  return { plays: from.plays.length, frame, dom };
}
