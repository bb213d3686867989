/**
 * The accessibility check the e2e suite runs on every screen (test/e2e/axe.ts)
 * can fail: axe-core, run in Chromium on an element with a nameless button
 * inside a shadow root and on text too faint for its background, reports
 * each through the same filter and message the e2e check uses (rule id,
 * impact, element), and reports nothing once they are fixed. And a card in a
 * player's hand is a button named for a screen reader with what it can do
 * now, which axe accepts.
 */
import { afterEach, expect, test } from 'vitest';
import axe from 'axe-core';
import { blockingViolations, describeViolations, type AxeViolation } from '../e2e/axe-report.js';
import '../../components/fd-card.js';

afterEach(() => document.body.replaceChildren());

async function blocking(root: Element): Promise<AxeViolation[]> {
  const results = await axe.run(root, { resultTypes: ['violations'] });
  return blockingViolations(results.violations);
}

function shadowHost(markup: string): HTMLElement {
  const host = document.createElement('div');
  host.id = 'host';
  host.attachShadow({ mode: 'open' }).innerHTML = markup;
  document.body.append(host);
  return host;
}

test('a nameless button inside a shadow root is reported with its rule, impact and element; named, it is not', async () => {
  const host = shadowHost('<button id="nameless"></button>');
  const found = await blocking(host);
  expect(found.map((v) => v.id)).toEqual(['button-name']);
  expect(describeViolations(found)).toMatch(/^button-name \(critical\): .+ — #host >>> #nameless$/);

  host.shadowRoot!.querySelector('button')!.setAttribute('aria-label', 'Play');
  expect(await blocking(host)).toEqual([]);
});

test('text below 4.5:1 on its background is reported as a serious contrast violation; the theme’s red on the felt is not', async () => {
  // The red the "why" lines used before (3.7:1 on the felt), then the one they use now.
  const host = shadowHost(
    '<p id="why" style="background:#0f5132;color:#ff7b72;font-size:14px">K♣ does not go on 6♠</p>',
  );
  const found = await blocking(host);
  expect(found.map((v) => `${v.id} ${v.impact}`)).toEqual(['color-contrast serious']);
  expect(describeViolations(found)).toContain('#host >>> #why');

  host.shadowRoot!.querySelector('p')!.style.color = '#ffa39c';
  expect(await blocking(host)).toEqual([]);
});

test('a card in the hand is a button named with its state, even when it cannot be played, and passes axe', async () => {
  document.body.innerHTML = `<fd-card id="a"></fd-card><fd-card id="b"></fd-card><fd-card id="c"></fd-card>`;
  const [playable, refused, table] = ['a', 'b', 'c'].map(
    (id) =>
      document.getElementById(id) as HTMLElement & {
        card: string;
        selectable: boolean;
        note: string;
        selected: boolean;
        updateComplete: Promise<boolean>;
      },
  );
  Object.assign(playable!, { card: '7S', selectable: true, note: 'playable', selected: true });
  Object.assign(refused!, { card: 'KC', selectable: false, note: 'not playable' });
  Object.assign(table!, { card: '10H' });
  await Promise.all([playable, refused, table].map((c) => c!.updateComplete));

  const button = (el: HTMLElement) => el.shadowRoot!.querySelector('[role="button"]');
  // The name a screen reader hears: the button's label; the face ("7♠") is hidden from it.
  const heard = (el: HTMLElement) => button(el)?.getAttribute('aria-label');
  expect(heard(playable!)).toBe('7 of spades, playable');
  expect(playable!.shadowRoot!.querySelector('[part="card"]')?.getAttribute('aria-hidden')).toBe('true');
  expect(button(playable!)?.getAttribute('aria-pressed')).toBe('true');
  expect(heard(refused!)).toBe('king of clubs, not playable');
  expect(button(refused!)?.getAttribute('aria-pressed')).toBe('false');
  // A card on the table is no control: an image with the card's name.
  expect(button(table!)).toBeNull();
  expect(table!.shadowRoot!.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('10 of hearts');
  expect(describeViolations(await blocking(document.body))).toBe('');
});
