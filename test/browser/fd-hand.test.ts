/**
 * fd-hand's banner for a page that came back and does not yet know which
 * hand the table is at: it says why no move is offered, as a status a screen
 * reader announces, and it goes as soon as the moves open. A watcher makes no
 * moves, so its page never says it. Rematch, taken away with the summary
 * as the next hand starts, leaves the focus on the hand line.
 */
import { afterEach, expect, test } from 'vitest';
import '../../components/fd-hand.js';
import { handShowing } from './game-table.js';
import { text } from './mount.js';
import type { HandSummaryView } from '../../src/app/hand-summary.js';

afterEach(() => document.body.replaceChildren());

async function handEl(catchingUp: boolean, watching = false) {
  const el = document.createElement('fd-hand');
  el.hand = handShowing([], { catchingUp });
  el.watching = watching;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

test('a page catching up with the table says why it offers no move, and the line goes when its moves open', async () => {
  const el = await handEl(true);
  const banner = el.shadowRoot!.querySelector('#catching-up');
  expect(banner?.getAttribute('role')).toBe('status');
  expect(text(banner)).toMatch(/catching up with the table: your moves open as soon as another player/);
  el.hand = handShowing([], { catchingUp: false });
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('#catching-up')).toBeNull();
});

test('a watcher’s page never says it is catching up: it makes no moves', async () => {
  const el = await handEl(true, true);
  expect(el.shadowRoot!.querySelector('#catching-up')).toBeNull();
});

test('Rematch, gone with the summary as the next hand starts, leaves the focus on the hand line', async () => {
  const el = document.createElement('fd-hand');
  const summary: HandSummaryView = {
    handNo: 0,
    headline: 'Cleo wins',
    detail: null,
    seats: [],
    table: [],
    opened: true,
    verdict: null,
  };
  el.hand = handShowing([], { phase: 'done', summary });
  document.body.append(el);
  await el.updateComplete;
  const shown = el.shadowRoot!.querySelector('fd-hand-summary')!;
  await shown.updateComplete;
  shown.shadowRoot!.querySelector<HTMLButtonElement>('#summary-rematch')!.focus();
  el.hand = handShowing([], { handNo: 1, phase: 'ready' });
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('fd-hand-summary')).toBeNull();
  expect(el.shadowRoot!.activeElement?.id).toBe('hand-line');
});
