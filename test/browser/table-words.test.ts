/**
 * Words the table elements print, in Chromium, from real game states: the
 * Stress (shedding) card to beat reads with its suit symbol ("Beat 9♥.",
 * never "9H"); the Fighting Cards seat that must bid carries a "bidding" badge (not "to
 * play") and the seats count cards and tricks with the right plural; the
 * home page lists a recent table by its game, its players and its date,
 * never by its hex id.
 */
import { expect, test } from 'vitest';
import { privateViewOf, type AnyState, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';
import { fightingCards } from '../../src/games/fighting-cards/index.js';
import type { FightingState } from '../../src/games/fighting-cards/index.js';
import scenario from '../scenarios/fighting-cards/bid-26-fails-by-one.json';
import { stressShed, type StressState } from '../../src/games/stress-shed/index.js';
import '../../components/fd-fighting-cards.js';
import '../../components/fd-stress-shed.js';
import '../../components/fd-home.js';
import { mount, text } from './mount.js';

test('Fighting Cards: the seat to bid reads "bidding", and seats count "10 cards · 0 tricks"', async () => {
  const file = scenario as unknown as ScenarioFile;
  // The scenario's deal only, before the first bid (its moves and expectations are the scenario test's).
  const run = runScenario(fightingCards, {
    game: file.game,
    seats: file.seats,
    dealer: file.dealer,
    deal: file.deal,
    actions: [],
  });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  const state = run.state as FightingState;
  expect(state.board.phase).toBe('bidding');
  const turn = state.board.turn!;
  const me = (turn + 1) % 3;
  const el = document.createElement('fd-fighting-cards');
  el.view = fightingCards.view(state, me, privateViewOf(run.state as AnyState, run.open, me));
  el.mySeat = me;
  el.names = ['Ann', 'Bob', 'Cleo'];
  await mount(el);
  const box = (seat: number) => el.shadowRoot!.querySelector(`[data-seat-box="${seat}"]`);
  expect(text(box(turn)?.querySelector('.badge.hot'))).toBe('bidding');
  expect([...el.shadowRoot!.querySelectorAll('.badge')].map((b) => text(b))).not.toContain('to play');
  expect(text(box(me))).toContain('10 cards · 0 tricks');
  // The page's own seat, when it is to bid, reads "your bid".
  el.mySeat = turn;
  el.view = fightingCards.view(state, turn, privateViewOf(run.state as AnyState, run.open, turn));
  await el.updateComplete;
  expect(text(box(turn)?.querySelector('.badge.hot'))).toBe('your bid');
});

test('a recent table reads its game, its players and its date, not its id', async () => {
  const el = document.createElement('fd-home');
  const savedAt = Date.UTC(2026, 0, 31, 12, 0);
  el.recentTables = [{ table: 'a1b2c3d4e5f60718', game: 'stress-shed', players: ['Ann', 'Bob'], savedAt }];
  await mount(el);
  const item = el.shadowRoot!.querySelector('li[data-table="a1b2c3d4e5f60718"]');
  const shown = text(item);
  expect(shown).toContain('Stress (shedding)');
  expect(shown).toContain('Ann, Bob');
  expect(shown).toContain('2026');
  expect(shown).not.toContain('a1b2c3d4');
  expect(item?.querySelector('a')?.getAttribute('href')).toBe('#/t/a1b2c3d4e5f60718');
});

test('Stress (shedding): the card to beat is named with its suit symbol', async () => {
  const run = runScenario(stressShed, {
    game: 'stress-shed',
    seats: 2,
    deal: {
      seats: [
        { hand: ['4C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
        { hand: ['5D', '2H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
      ],
      stack: ['9H'],
    },
    actions: [
      { seat: 0, type: 'ready' },
      { seat: 1, type: 'ready' },
    ],
  });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  const state = run.state as StressState;
  const turn = state.board.turn!;
  const el = document.createElement('fd-stress-shed');
  el.view = stressShed.view(state, turn, privateViewOf(run.state as AnyState, run.open, turn));
  el.mySeat = turn;
  el.names = ['Ann', 'Bob'];
  await mount(el);
  expect(text(el.shadowRoot!.querySelector('#status'))).toBe('Your turn. Beat 9♥.');
  expect(text(el.shadowRoot!.querySelector('#effective-top'))).toBe('9♥');
});
