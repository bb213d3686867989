/**
 * The table log in Chromium: it follows the newest line as lines come
 * (also once it is full and drops its oldest), unless the person has
 * scrolled up to read, where it stays put; a line already shown is the same
 * element after the log drops its oldest line, not redrawn; lines are drawn
 * in blocks, and a new line leaves the blocks before it as they were.
 */
import { afterEach, expect, test } from 'vitest';
import '../../components/fd-log.js';
import { logBlocks, type FdLog } from '../../components/fd-log.js';
import type { LogEntry } from '../../src/app/store-types.js';
import { mount } from './mount.js';

afterEach(() => document.body.replaceChildren());

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const line = (id: number): LogEntry => ({
  id,
  at: 1_700_000_000_000 + id * 1000,
  level: 'info',
  text: `Ann played card ${id}`,
});
const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => line(from + i));

async function show(el: FdLog, entries: readonly LogEntry[]) {
  el.entries = entries;
  await el.updateComplete;
  await frame();
}

const list = (el: FdLog) => el.shadowRoot!.querySelector<HTMLElement>('#log')!;
/** The newest line is in view at the scroller's bottom. */
const atNewest = (el: FdLog) => {
  const newest = [...list(el).querySelectorAll('li')].at(-1)!.getBoundingClientRect();
  return newest.bottom <= list(el).getBoundingClientRect().bottom + 1;
};

test('the log follows the newest line as lines come, and once full keeps following as the oldest go', async () => {
  const el = await mount(Object.assign(document.createElement('fd-log'), { entries: lines(1, 4) }));
  for (let n = 5; n <= 60; n++) {
    await show(el, lines(1, n));
    expect(atNewest(el), `after line ${n - 1}`).toBe(true);
  }
  for (let n = 2; n <= 20; n++) {
    await show(el, lines(n, n + 59));
    expect(atNewest(el), `full, oldest ${n}`).toBe(true);
  }
  expect(list(el).scrollHeight).toBeGreaterThan(list(el).clientHeight);
});

test('a person reading earlier lines keeps their place as lines come', async () => {
  const el = await mount(Object.assign(document.createElement('fd-log'), { entries: lines(1, 60) }));
  await frame();
  const top = list(el).getBoundingClientRect().top;
  list(el).querySelector('li:nth-child(10)')!.scrollIntoView({ block: 'start' });
  await frame();
  const reading = [...list(el).querySelectorAll('li')].find((li) => li.getBoundingClientRect().top >= top)!;
  const before = reading.getBoundingClientRect().top;
  for (let n = 61; n <= 70; n++) await show(el, lines(1, n));
  expect(atNewest(el)).toBe(false);
  expect(Math.abs(reading.getBoundingClientRect().top - before)).toBeLessThan(2);
});

test('a line already shown stays the same element when the full log drops its oldest line', async () => {
  const el = await mount(Object.assign(document.createElement('fd-log'), { entries: lines(1, 40) }));
  const shown = list(el).querySelector('li:nth-child(2)')!;
  expect(shown.textContent).toContain('card 2');
  await show(el, lines(2, 41));
  expect(list(el).querySelector('li:nth-child(1)')).toBe(shown);
});

test('a new line draws only its own block: the lines before it are not redrawn', async () => {
  const el = await mount(Object.assign(document.createElement('fd-log'), { entries: lines(1, 200) }));
  const items = () => [...list(el).querySelectorAll('li')];
  const before = items();
  const changed: Node[] = [];
  const watch = new MutationObserver((records) => records.forEach((r) => changed.push(r.target)));
  watch.observe(list(el), { subtree: true, childList: true, characterData: true, attributes: true });
  await show(el, lines(1, 201));
  watch.disconnect();
  expect(items().slice(0, -1)).toEqual(before);
  expect(items().at(-1)!.textContent).toContain('card 200');
  // Only the list gained a line: nothing inside the lines already shown changed.
  expect(changed.every((node) => node === list(el).querySelector('ol'))).toBe(true);
});

test('lines go in blocks by id, and a block whose lines did not change is the same object', () => {
  const all = lines(1, 71);
  const first = logBlocks([], all.slice(0, 69));
  expect(first.map((b) => [b.key, b.lines.length])).toEqual([
    [0, 31],
    [1, 32],
    [2, 6],
  ]);
  const cases: [string, LogEntry[], boolean[]][] = [
    ['a line added', all.slice(0, 70), [true, true, false]],
    ['the oldest line dropped', all.slice(1, 69), [false, true, true]],
    ['nothing changed', all.slice(0, 69), [true, true, true]],
    ['the same lines, made again', lines(1, 70), [false, false, false]],
  ];
  for (const [what, entries, kept] of cases) {
    const again = logBlocks(first, entries);
    expect(
      again.map((b, i) => b === first[i]),
      what,
    ).toEqual(kept);
    expect(again.flatMap((b) => b.lines)).toEqual(entries);
  }
});
