/**
 * What a move sets moving on a table, in Chromium: the card, and nothing
 * else. Its flight moves only transform and opacity, which the compositor
 * runs by itself, and it ends. A colour, a width or a shadow animated would
 * have the page restyle and repaint everything every frame for as long as
 * it runs; two transform animations on one card keep both off the
 * compositor; and each animation a move starts costs every page a few
 * main-thread frames. Another player's play on a Stress (shedding) table
 * (the card flies in from their seat box; their seat's line shows the move
 * in the accent colour) and the hand's line of last moves, which marks the
 * newest without animating it.
 */
import { afterEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { LastMove } from '../../src/app/store-hand-view.js';
import '../../components/fd-hand.js';
import { handShowing, shedTableBeforeAPlay } from './game-table.js';
import { animationsIn, described, offCompositor } from './compositor.js';

afterEach(() => document.body.replaceChildren());

/** A two-seat Stress (shedding) table, its animations finished, once the other seat has played a card. */
async function anotherPlays() {
  const { el, turn, showPlay } = await shedTableBeforeAPlay();
  for (const a of animationsIn(el.shadowRoot!)) a.finish();
  const move: LastMove = { seat: turn, name: 'Bob', text: 'played a card', step: 3 };
  await showPlay({ lastMoves: [move] });
  return el;
}

test('another player’s play moves only transforms and opacity, one transform at a time per element, and it all ends', async () => {
  await page.viewport(1280, 800);
  const el = await anotherPlays();
  const started = animationsIn(el.shadowRoot!).filter((a) => a.playState === 'running');
  expect(started.length, 'the play sets something moving').toBeGreaterThan(0);
  expect(
    started.map((a) => (a.effect as KeyframeEffect).target?.nodeName),
    'only the card that was played moves',
  ).toEqual(['FD-CARD']);
  const line = el.shadowRoot!.querySelector(`[data-move]`);
  expect(line?.classList.contains('latest'), 'the seat’s line shows the newest move').toBe(true);
  for (const a of started) {
    expect(offCompositor(a), described(a)).toEqual([]);
    expect((a.effect as KeyframeEffect).getComputedTiming().endTime, described(a)).toBeLessThan(Infinity);
  }
  const transforms = new Map<Element | null, Animation[]>();
  for (const a of started) {
    const effect = a.effect as KeyframeEffect;
    if (!effect.getKeyframes().some((k) => k['transform'] !== undefined)) continue;
    transforms.set(effect.target, [...(transforms.get(effect.target) ?? []), a]);
  }
  for (const [target, moving] of transforms)
    expect(moving.map(described), `${target?.nodeName} carries one transform animation`).toHaveLength(1);
});

test('the newest move is marked in the line of last moves, and nothing there animates', async () => {
  const ann: LastMove = { seat: 0, name: 'Ann', text: 'played 7♣', step: 4 };
  const bob: LastMove = { seat: 1, name: 'Bob', text: 'played 8♣', step: 5 };
  const cleo: LastMove = { seat: 2, name: 'Cleo', text: 'played 9♣', step: 6 };
  const el = document.createElement('fd-hand');
  el.hand = handShowing([bob, ann]);
  document.body.append(el);
  await el.updateComplete;
  for (const a of el.shadowRoot!.getAnimations()) a.finish();
  el.hand = handShowing([cleo, bob, ann]);
  await el.updateComplete;
  const items = [...el.shadowRoot!.querySelectorAll('#last-moves li')];
  expect(items.map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).toEqual([
    'Cleo played 9♣',
    'Bob played 8♣',
    'Ann played 7♣',
  ]);
  expect(items.map((li) => li.classList.contains('latest'))).toEqual([true, false, false]);
  expect(el.shadowRoot!.getAnimations().filter((a) => a.playState === 'running')).toEqual([]);
});
