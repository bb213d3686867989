/**
 * OnceAFrame (components/once-a-frame.ts), the shell's render scheduler: many
 * asks make one run in the next frame, and a page hidden while a run waits
 * for a frame (a hidden page draws none) runs it at once, every time.
 */
import { afterEach, expect, test } from 'vitest';
import { OnceAFrame } from '../../components/once-a-frame.js';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Makes the page read as `state` and says so, as the browser does when a tab is hidden or shown. */
function setVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  setVisibility('visible');
  delete (document as { visibilityState?: unknown }).visibilityState;
});

test('several asks in a visible page make one run, in the next frame', async () => {
  let runs = 0;
  const job = new OnceAFrame(() => runs++);
  job.request();
  job.request();
  job.request();
  expect(runs).toBe(0);
  await frame();
  expect(runs).toBe(1);
  await frame();
  expect(runs).toBe(1);
});

test('a page hidden while a run waits for a frame runs it at once, each time it happens', async () => {
  let runs = 0;
  const job = new OnceAFrame(() => runs++);
  for (let round = 1; round <= 3; round++) {
    job.request();
    setVisibility('hidden');
    expect(runs).toBe(round);
    setVisibility('visible');
    await frame();
    expect(runs).toBe(round);
  }
  // Hidden with nothing waiting: nothing runs.
  setVisibility('hidden');
  expect(runs).toBe(3);
});
