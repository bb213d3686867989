/**
 * Mounting Lit elements in a browser-mode test: `mount` appends an element to
 * the page and waits for its first render; every mounted element is removed
 * after each test. `text` reads an element's words with whitespace folded.
 */
import { afterEach } from 'vitest';

const mounted: HTMLElement[] = [];
afterEach(() => {
  for (const el of mounted.splice(0)) el.remove();
});

export async function mount<E extends HTMLElement & { updateComplete: Promise<unknown> }>(el: E): Promise<E> {
  document.body.append(el);
  mounted.push(el);
  await el.updateComplete;
  return el;
}

export const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
