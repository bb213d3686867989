/**
 * The browser bench's click → shown probe, page side (bench/click-probe.ts
 * `recordShows`): a card that enters a stack is recorded as drawn when the
 * frame that lays it out is done, whether the change was made inside an
 * animation-frame callback (drawn by that very frame, as the shell renders)
 * or in a task of its own (drawn by the next frame).
 */
import { afterEach, expect, test } from 'vitest';
import { recordShows, type Probe } from '../../bench/click-probe.js';

const clock = () => performance.timeOrigin + performance.now();
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(clock())));
const probe = () => (window as unknown as { fdBenchProbe: Probe }).fdBenchProbe;

/** A stand-in for the Stress (speed) table: the button the probe starts from and the two centre stacks. */
function table(): { host: HTMLElement; stack: HTMLElement } {
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<button id="stress">Stress</button><div id="stack-0" data-top="5h"></div><div id="stack-1" data-top="9c"></div>`;
  document.body.append(host);
  recordShows(root.querySelector('#stress')!);
  return { host, stack: root.querySelector<HTMLElement>('#stack-0')! };
}

afterEach(() => {
  document.body.replaceChildren();
});

async function shown(count: number): Promise<Probe['shown']> {
  for (let i = 0; i < 20 && probe().shown.length < count; i++) await nextFrame();
  return probe().shown;
}

test('a card put on a stack in an animation-frame callback is drawn by that frame, before the next one starts', async () => {
  const { stack } = table();
  await nextFrame();
  const next = await new Promise<Promise<number>>((resolve) =>
    requestAnimationFrame(() => {
      stack.dataset['top'] = '6h';
      resolve(nextFrame());
    }),
  );
  const nextStart = await next;
  const [seen] = await shown(1);
  expect(seen?.card).toBe('6h');
  expect(seen!.frame).toBeGreaterThanOrEqual(seen!.dom);
  expect(seen!.frame).toBeLessThan(nextStart);
});

test('a card put on a stack in a task of its own is drawn by the next frame', async () => {
  const { stack } = table();
  await nextFrame();
  // Out of the frame's callbacks (its rendering is still to come when they resolve a promise): a task of its own.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const drawing = nextFrame();
  stack.dataset['top'] = '7h';
  const frameStart = await drawing;
  const [seen] = await shown(1);
  expect(seen?.card).toBe('7h');
  expect(seen!.frame).toBeGreaterThanOrEqual(frameStart);
});

test('each of several cards is recorded once, in order, however many change in one frame', async () => {
  const { host, stack } = table();
  const other = host.shadowRoot!.querySelector<HTMLElement>('#stack-1')!;
  await nextFrame();
  stack.dataset['top'] = '8h';
  other.dataset['top'] = '10c';
  await nextFrame();
  stack.dataset['top'] = '9h';
  const seen = await shown(3);
  expect(seen.map((s) => s.card)).toEqual(['8h', '10c', '9h']);
  expect(seen[0]!.frame).toBe(seen[1]!.frame);
  expect(seen[2]!.frame).toBeGreaterThan(seen[1]!.frame);
});
