/**
 * The shell (components/fd-app.ts) renders the page once per frame however
 * many changes the store announces: one incoming move is several `change`
 * events, each in a task of its own (the move, the crypto steps after it,
 * log lines), and each used to rebuild the whole view and render the table.
 * The change still shows in the next frame; a change that shows nothing new
 * (the view built again holds what it held) renders nothing.
 */
import { afterEach, expect, test, vi } from 'vitest';
import '../../components/fd-app.js';
import type { FdApp } from '../../components/fd-app.js';
import { keepSame } from '../../components/keep-same.js';

afterEach(() => document.body.replaceChildren());

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Runs `job` in a task of its own (a message from a peer arrives in one). */
const task = (job: () => void) =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      job();
      resolve();
    };
    channel.port2.postMessage(null);
  });

async function shell(): Promise<FdApp> {
  const el = document.createElement('fd-app');
  document.body.append(el);
  await vi.waitFor(() => expect(el.shadowRoot?.querySelector('fd-home')).not.toBeNull(), { timeout: 10_000 });
  // fd-home is its own chunk: the shell renders again when it has loaded, which must not fall into a test's count.
  await customElements.whenDefined('fd-home');
  await frame();
  await el.updateComplete;
  return el;
}

test('five changes announced in five tasks render the page once per frame, not once per change', async () => {
  const el = await shell();
  const name = el.store.view.settings.name;
  // Each render is tagged with the frame it ran in (the frame's time, the same for everything a frame runs): a
  // render per change would put several in one frame, whatever the machine's load does to the frames between.
  const frameOf: (number | null)[] = [];
  const render = el.render.bind(el);
  const renders = vi.spyOn(el, 'render').mockImplementation(() => {
    frameOf.push(document.timeline.currentTime as number | null);
    return render();
  });
  try {
    await frame();
    // Right after a frame, five tasks posted at once; each changes what the page shows.
    await Promise.all([0, 1, 2, 3, 4].map((i) => task(() => el.store.rename(`Zed ${i}`))));
    await frame();
    await el.updateComplete;
    expect(renders).toHaveBeenCalled();
    expect(new Set(frameOf).size, `renders at frame times ${frameOf.join(', ')}`).toBe(frameOf.length);
    expect(frameOf.length).toBeLessThan(5);
    expect(el.shadowRoot!.querySelector<HTMLInputElement>('header #name')!.value).toBe('Zed 4');
  } finally {
    el.store.rename(name);
  }
});

test('a change the page shows (a new name) is on screen in the next frame', async () => {
  const el = await shell();
  const name = el.store.view.settings.name;
  try {
    el.store.rename('Zed');
    await frame();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector<HTMLInputElement>('header #name')!.value).toBe('Zed');
  } finally {
    el.store.rename(name);
  }
});

test('a change that shows nothing new renders nothing', async () => {
  const el = await shell();
  const renders = vi.spyOn(el, 'render');
  // The page settles first: what it loads after its first render (its recent tables, a part's chunk, the answer of
  // the server it asks for ICE servers) shows in frames of their own, later on a busy machine. The ICE answer can
  // take longer than any run of frames (the e2e suite's build beside this file): it is waited for by name. Then
  // three frames in a row with no render: nothing else is on its way.
  await vi.waitFor(
    async () => {
      expect(el.store.view.ice.source?.status).not.toBe('asking');
      renders.mockClear();
      for (let i = 0; i < 3; i++) await frame();
      expect(renders).not.toHaveBeenCalled();
    },
    { timeout: 10_000, interval: 0 },
  );
  await task(() => el.store.dispatchEvent(new Event('change')));
  await frame();
  await el.updateComplete;
  expect(renders).not.toHaveBeenCalled();
});

test('what did not change stays the same object, down to each part', () => {
  const hand = { cards: ['7H', '8S'], seats: [{ name: 'Ann' }, { name: 'Bob' }] };
  const before = { hand, log: ['a'], turn: 0 };
  expect(keepSame(before, structuredClone(before))).toBe(before);
  const after = keepSame(before, { ...structuredClone(before), turn: 1 });
  expect(after).not.toBe(before);
  expect(after).toEqual({ hand, log: ['a'], turn: 1 });
  expect(after.hand).toBe(hand);
  expect(after.log).toBe(before.log);
  const played = keepSame(before, { ...before, hand: { cards: ['7H'], seats: structuredClone(hand.seats) } });
  expect(played.hand.seats).toBe(hand.seats);
  expect(played.hand.cards).toEqual(['7H']);
  // A full log drops its oldest line as it takes a new one: every line still there stays the very same object
  // (the log element formats a line's time once per line object).
  const lines = Array.from({ length: 300 }, (_, id) => ({ id, at: id * 1000, level: 'info', text: `line ${id}` }));
  const full = { log: lines };
  const next = keepSame(full, { log: [...lines.slice(1), { id: 300, at: 300_000, level: 'info', text: 'new' }] });
  expect(next.log.slice(0, 299).every((line, i) => line === lines[i + 1])).toBe(true);
  expect(next.log[299]).toEqual({ id: 300, at: 300_000, level: 'info', text: 'new' });
  // Not plain data: compared by identity only.
  const map = new Map([[1, 2]]);
  expect(keepSame({ m: map }, { m: new Map([[1, 2]]) }).m).not.toBe(map);
});
