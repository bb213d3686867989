/**
 * Fighting Cards' scenario-file support (scenario.ts), called directly: the
 * deal a file gives (three hands of ten and a two-card skat, each refusal
 * with the message a test author reads: the wrong number of seats, a short
 * hand naming its seat, a short skat, a malformed deal) turned into the
 * zones the fixed-deal table fills; and each readable step (bid, pass, hand,
 * take, discard, trump, play) turned into the action the reducer takes, with
 * cards named by id mapped to their handles and an unknown card named in the
 * refusal. Pure functions on literals: deterministic and fast.
 */
import { describe, expect, test } from 'vitest';
import { loadedNow } from '../../helpers/loaded-now.js';

/** scenario.ts builds its schemas when it loads, so each test loads it afresh (stryker-js 6144, docs/TESTING.md). */
const load = async () => (await loadedNow(() => import('../../../src/games/fighting-cards/scenario.js'))).scenario;

/** Deal M of the other tests (helpers.ts), repeated here so this file loads scenario.ts alone. */
const M = {
  seats: [
    { hand: ['10H', '9H', '8H', '7H', 'AD', 'KD', 'QD', 'JD', '10D', '9D'] },
    { hand: ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AH', 'KH'] },
    { hand: ['AC', 'KC', 'QC', 'JC', '10C', '9C', '8C', '7C', 'QH', 'JH'] },
  ],
  skat: ['7D', '8D'],
};

const hand = (n: number) => Array.from({ length: n }, (_, i) => `${7 + (i % 4)}H`);
const options = { deals: 3 };

describe('the deal', () => {
  test('three hands and the skat become the zones hand@0..2 and skat, in order', async () => {
    const scenario = await load();
    expect(scenario.deal(M, 3, options)).toEqual({
      layout: null,
      zones: { 'hand@0': M.seats[0]!.hand, 'hand@1': M.seats[1]!.hand, 'hand@2': M.seats[2]!.hand, skat: M.skat },
    });
  });

  test.each<[string, unknown, number, string]>([
    ['two seats', { seats: M.seats.slice(0, 2), skat: M.skat }, 3, 'the deal has 2 seats, the scenario 3'],
    [
      'four seats for three',
      { seats: [...M.seats, M.seats[0]], skat: M.skat },
      3,
      'the deal has 4 seats, the scenario 3',
    ],
    [
      'a hand of nine',
      { seats: [M.seats[0], { hand: hand(9) }, M.seats[2]], skat: M.skat },
      3,
      'seat 1 is dealt 9 cards, not 10',
    ],
    [
      'a hand of eleven',
      { seats: [{ hand: hand(11) }, M.seats[1], M.seats[2]], skat: M.skat },
      3,
      'seat 0 is dealt 11 cards, not 10',
    ],
    [
      'the last hand short',
      { seats: [M.seats[0], M.seats[1], { hand: [] }], skat: M.skat },
      3,
      'seat 2 is dealt 0 cards, not 10',
    ],
    ['a skat of one', { seats: M.seats, skat: ['7D'] }, 3, 'the skat has 1 cards, not 2'],
    ['a skat of three', { seats: M.seats, skat: ['7D', '8D', '9D'] }, 3, 'the skat has 3 cards, not 2'],
  ])('%s: "%s"', async (_what, deal, players, message) => {
    const scenario = await load();
    expect(scenario.deal(deal, players, options)).toBe(message);
  });

  test.each<[string, unknown]>([
    ['no skat', { seats: M.seats }],
    ['an extra field', { ...M, dealer: 1 }],
    ['a hand that is not a list', { seats: [{ hand: 'AS' }, M.seats[1], M.seats[2]], skat: M.skat }],
    ['not an object', 'M'],
  ])('malformed (%s): "bad deal: …"', async (_what, deal) => {
    const scenario = await load();
    const said = scenario.deal(deal, 3, options);
    expect(typeof said).toBe('string');
    expect(said).toMatch(/^bad deal: \S/);
    expect(said).not.toBe('bad deal: invalid');
  });
});

describe('the steps', () => {
  const handles: Record<string, number> = { AH: 4, KH: 7, QH: 30 };
  const handleOf = (card: string) => handles[card] ?? null;
  const state = {} as never;

  test.each<[object, object]>([
    [
      { seat: 1, type: 'bid', bid: 26 },
      { type: 'bid', bid: 26 },
    ],
    [{ seat: 2, type: 'pass' }, { type: 'pass' }],
    [{ seat: 1, type: 'hand' }, { type: 'hand' }],
    [{ seat: 1, type: 'take' }, { type: 'take' }],
    [
      { seat: 1, type: 'discard', cards: ['AH', 'KH'] },
      { type: 'discard', handles: [4, 7] },
    ],
    [
      { seat: 1, type: 'trump', suit: 'S' },
      { type: 'trump', suit: 'S' },
    ],
    [
      { seat: 2, type: 'play', card: 'QH' },
      { type: 'play', handle: 30, card: 'QH' },
    ],
  ])('%j → %j', async (step, action) => {
    const scenario = await load();
    expect(scenario.action(step as never, state, handleOf)).toEqual({ ok: true, action });
  });

  test.each<[object, string]>([
    [{ seat: 2, type: 'play', card: 'JS' }, 'no such card in play: JS'],
    [{ seat: 1, type: 'discard', cards: ['AS', 'KH'] }, 'no such card in play: AS'],
    [{ seat: 1, type: 'discard', cards: ['AS', 'KS'] }, 'no such card in play: AS, KS'],
  ])('%j is refused: "%s"', async (step, error) => {
    const scenario = await load();
    expect(scenario.action(step as never, state, handleOf)).toEqual({ ok: false, error });
  });

  test.each<[string, object]>([
    ['an unknown type', { seat: 1, type: 'fold' }],
    ['a bid that is not a number', { seat: 1, type: 'bid', bid: '26' }],
    ['a discard of one card', { seat: 1, type: 'discard', cards: ['AH'] }],
    ['a play with no card', { seat: 1, type: 'play' }],
  ])('malformed (%s): "bad step: …"', async (_what, step) => {
    const scenario = await load();
    const said = scenario.action(step as never, state, handleOf);
    expect(said.ok).toBe(false);
    expect(said.ok ? '' : said.error).toMatch(/^bad step: \S/);
    expect(said.ok ? '' : said.error).not.toBe('bad step: invalid');
  });
});
