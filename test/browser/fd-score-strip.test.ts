/**
 * The score strip in Chromium, from strips derived by src/app/scores.ts:
 * wins with plurals and names (never seat numbers), the leader marked, one
 * compact row at a desktop's size, and on a 360 px phone still one row
 * that scrolls sideways inside the page instead of wrapping or widening it;
 * the match winner named when a match ends. And Fighting Cards' own table
 * with two reneges in one deal (the scenario file): before the audit the
 * result is marked as waiting for it, after the audit the result line, the
 * score row and the total say the audited result only; a hand that stopped
 * before its audit says so instead of waiting for it; the match-over line
 * names the winner; a score row names who played that deal, not who holds
 * the seat now.
 */
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { privateViewOf, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';
import {
  fightingCards,
  outcomeAfterAudit,
  viewAfterAudit,
  type FightingState,
} from '../../src/games/fighting-cards/index.js';
import twoReneges from '../scenarios/fighting-cards/two-reneges-earliest-counts.json';
import { scoreStrip } from '../../src/app/scores.js';
import type { HandResult } from '../../src/table/hand/setup.js';
import '../../components/fd-score-strip.js';
import '../../components/fd-fighting-cards.js';
import { mount, text } from './mount.js';

const NAMES = ['Ann', 'Bob', 'Cleo', 'Dora', 'Evert', 'Femke'];
const KEYS = NAMES.map((n) => `key-${n}`);
const won = (winner: number, seats = 3, extra: Partial<HandResult> = {}): HandResult => ({
  ranking: [[winner], [...Array(seats).keys()].filter((s) => s !== winner)],
  scores: null,
  matchOver: false,
  names: NAMES.slice(0, seats),
  seatKeys: KEYS.slice(0, seats),
  ...extra,
});

async function strip(results: HandResult[], seats = 3) {
  const view = scoreStrip({
    results: results.map((result, handNo) => ({ handNo, result })),
    handNo: results.length - 1,
    seatKeys: KEYS.slice(0, seats),
    names: NAMES.slice(0, seats),
    mySeat: 0,
  });
  if (!view) throw new Error('no strip');
  const el = document.createElement('fd-score-strip');
  el.strip = view;
  return mount(el);
}

describe('wins', () => {
  test('names, plurals and the leader, in one row at a desktop size', async () => {
    await page.viewport(1280, 800);
    const el = await strip([won(1), won(1), won(2)]);
    const root = el.shadowRoot!;
    expect(text(root.querySelector('h2'))).toBe('Wins after 3 hands');
    const items = [...root.querySelectorAll('li')].map((li) => text(li));
    expect(items).toEqual(['1. Bob 2 wins', '2. Cleo 1 win', '3. Ann (you) 0 wins']);
    expect(root.querySelector('li.leads')?.getAttribute('data-key')).toBe('key-Bob');
    expect(root.textContent).not.toMatch(/seat \d/i);
    const section = root.querySelector('#score-strip')!.getBoundingClientRect();
    expect(section.height).toBeLessThan(48);
    expect(root.querySelector('#match-winner')).toBeNull();
  });

  test('on a 360 px phone six players stay on one row that scrolls sideways, inside the page', async () => {
    await page.viewport(360, 640);
    const el = await strip([won(0, 6), won(3, 6), won(5, 6)], 6);
    const section = el.shadowRoot!.querySelector('#score-strip') as HTMLElement;
    const box = section.getBoundingClientRect();
    expect(box.right).toBeLessThanOrEqual(360);
    expect(box.height).toBeLessThan(44);
    expect(section.scrollWidth).toBeGreaterThan(section.clientWidth);
    const tops = [...section.querySelectorAll('li')].map((li) => Math.round(li.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });
});

test.each([
  [1280, 800],
  [390, 844],
])('points at %i×%i: the match winner is named, on screen, with points and matches won', async (width, height) => {
  await page.viewport(width, height);
  const el = await strip([
    won(1, 3, { scores: [0, 1, 0] }),
    won(1, 3, { scores: [0, 2, 0], matchOver: true, ranking: [[1], [0, 2]] }),
  ]);
  const root = el.shadowRoot!;
  expect(text(root.querySelector('#match-winner'))).toBe('Bob wins the match');
  const winner = root.querySelector('#match-winner')!.getBoundingClientRect();
  expect(winner.left).toBeGreaterThanOrEqual(0);
  expect(winner.right).toBeLessThanOrEqual(width);
  expect([...root.querySelectorAll('li')].map((li) => text(li))).toEqual([
    '1. Bob 2 points · 1 match won',
    '2. Ann (you) 0 points',
    '2. Cleo 0 points',
  ]);
});

describe('Fighting Cards: two reneges in one deal', () => {
  const file = twoReneges as unknown as ScenarioFile;
  const run = runScenario(fightingCards, file, { view: viewAfterAudit, outcome: outcomeAfterAudit });
  const state = run.state as FightingState;

  async function table(audited: boolean, names = ['Ann', 'Bob', 'Cleo'], matchNames: string[][] = [], stopped = false) {
    if (!run.state || !run.audit) throw new Error(run.failures.join('; '));
    const seen = fightingCards.view(state, 0, privateViewOf(state, run.open, 0));
    const el = document.createElement('fd-fighting-cards');
    el.view = audited ? viewAfterAudit(state, run.audit, seen) : seen;
    el.mySeat = 0;
    el.names = names;
    el.matchNames = matchNames;
    el.stopped = stopped;
    return mount(el);
  }

  test('before the audit the result is marked as waiting for it', async () => {
    const el = await table(false);
    expect(text(el.shadowRoot!.querySelector('#awaiting-audit'))).toContain('waiting for the audit');
  });

  test('a hand that stopped before its audit says the result was never checked, not that it waits', async () => {
    const el = await table(false, undefined, [], true);
    const root = el.shadowRoot!;
    expect(root.querySelector('#awaiting-audit')).toBeNull();
    expect(text(root.querySelector('#not-audited'))).toContain('the hand stopped before its audit');
  });

  test('after the audit the result, the score row and the total all say the earliest renege', async () => {
    const el = await table(true);
    const root = el.shadowRoot!;
    expect(root.querySelector('#awaiting-audit')).toBeNull();
    expect(root.textContent).not.toContain('-920');
    expect(root.textContent).not.toContain('−920');
    const row = root.querySelector('tr.deal[data-deal="1"]')!;
    expect(text(row)).toContain('won (23) · Ann reneged');
    expect(text(row.querySelector('td[data-seat="1"]'))).toBe('+146');
    expect(text(root.querySelector('tr.total td[data-seat="1"]'))).toBe('146');
  });

  test('a score row names who played that deal, not who sits there now', async () => {
    const el = await table(true, ['Dave', 'Bob', 'Cleo'], [['Ann', 'Bob', 'Cleo']]);
    const row = el.shadowRoot!.querySelector('tr.deal[data-deal="1"]')!;
    expect(text(row)).toContain('Ann reneged');
    expect(text(row)).not.toContain('Dave');
  });

  test('the last deal of a match names the winner', async () => {
    if (!run.state || !run.audit) throw new Error(run.failures.join('; '));
    const last = { ...state, options: { ...state.options, deals: 1 } };
    const el = document.createElement('fd-fighting-cards');
    el.view = viewAfterAudit(last, run.audit, fightingCards.view(last, 0, privateViewOf(last, run.open, 0)));
    el.mySeat = 0;
    el.names = ['Ann', 'Bob', 'Cleo'];
    await mount(el);
    expect(text(el.shadowRoot!.querySelector('#match-over'))).toBe('Match over after 1 deal: Bob wins the match.');
  });
});
