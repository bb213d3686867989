/**
 * Setting up a Fighting Cards deal: through the game (two or four players
 * refused; 32 cards 7–A, ten to each seat shown only to it, two in the skat
 * shown to nobody, the seat after the dealer bidding first; a carried match
 * taken when it is the deals counted and the totals, refused as a bad
 * layout otherwise), and setup.ts called directly: the deck, the fixed deal
 * (seat 0 handles 0–9, seat 1 10–19, seat 2 20–29, the skat 30–31, each hand
 * revealed to its owner only) and the match carried in from earlier deals —
 * accepted when it is a match in progress, refused for totals out of range
 * (within ±1e9, whole, three of them), points before any deal was counted,
 * or any other shape, such as a version-2 carry with the score table's rows
 * (rules-v2.test.ts checks those). The
 * module is loaded inside the run because its schemas are built at load
 * (docs/TESTING.md). Literal inputs.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { census, settle, type Core } from '../../../src/engine/index.js';
import { fightingCards } from '../../../src/games/fighting-cards/index.js';
import type { FightingOptions } from '../../../src/games/fighting-cards/options.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { blankBoard, dealtHand } from './helpers.js';

type SetupModule = typeof import('../../../src/games/fighting-cards/setup.js');
let mod: SetupModule;
beforeAll(async () => {
  mod = await loadedNow(() => import('../../../src/games/fighting-cards/setup.js'));
});

const three = { deals: 3 };
/** A version-2 score table row (the rows are no longer carried: rows.ts). */
const row = {
  deal: 1,
  dealer: 2,
  declarer: 0,
  bid: 21,
  handGame: false,
  trump: 'S',
  points: 21,
  made: true,
  renege: null,
  scores: [70, 0, 0],
};

describe('the carry: the deals counted and the totals, nothing else', () => {
  test('none: a new match', () => {
    expect(mod.parseCarry(null, three)).toEqual({ played: 0, totals: [0, 0, 0] });
  });

  test.each<[string, object, FightingOptions]>([
    ['one deal of three', { played: 1, totals: [70, 0, 0] }, three],
    ['two deals, the last of three to come', { played: 2, totals: [70, -50, 0] }, three],
    ['edges of every total', { played: 1, totals: [1e9, 0, -1e9] }, three],
    ['a deal counted that scored nothing for anyone', { played: 1, totals: [0, 0, 0] }, { deals: 2 }],
    ['no deal played yet', { played: 0, totals: [0, 0, 0] }, { deals: 1 }],
  ])('accepted: %s', (_what, carry, options) => {
    expect(mod.parseCarry(carry as never, options)).toEqual(carry);
  });

  test('the match is copied, not shared', () => {
    const carry = { played: 1, totals: [70, 0, 0] };
    const parsed = mod.parseCarry(carry as never, three);
    carry.totals[0] = 1;
    expect(parsed?.totals).toEqual([70, 0, 0]);
  });

  test.each<[string, unknown, FightingOptions]>([
    ['not an object', 'lots', three],
    ['null totals', { played: 0, totals: null }, three],
    ['a complete match', { played: 3, totals: [0, 0, 0] }, three],
    ['a complete one-deal match', { played: 1, totals: [0, 0, 0] }, { deals: 1 }],
    ['two totals', { played: 0, totals: [0, 0] }, three],
    ['four totals', { played: 1, totals: [0, 0, 0, 0] }, three],
    ['negative deals played', { played: -1, totals: [0, 0, 0] }, three],
    ['fractional deals played', { played: 0.5, totals: [0, 0, 0] }, three],
    ['a total past 1e9', { played: 1, totals: [1e9 + 1, 0, 0] }, three],
    ['a total below −1e9', { played: 1, totals: [0, -1e9 - 1, 0] }, three],
    ['a fractional total', { played: 1, totals: [0.5, 0, 0] }, three],
    ['points before any deal was counted', { played: 0, totals: [0, 0, 5] }, three],
    ['an extra field', { played: 0, totals: [0, 0, 0], winner: 1 }, three],
    ['a version-2 carry with its rows', { played: 1, totals: [70, 0, 0], history: [row] }, three],
    ['a version-2 carry of a new match (no rows yet)', { played: 0, totals: [0, 0, 0], history: [] }, three],
    ['no deals played', { totals: [0, 0, 0] }, three],
  ])('refused: %s', (_what, carry, options) => {
    expect(mod.parseCarry(carry as never, options)).toBeNull();
  });
});

describe('the deal', () => {
  const core = (dealer: number): Core<FightingOptions> => ({
    v: 1,
    game: 'fighting-cards',
    players: 3,
    dealer,
    options: three,
    deck: mod.deck(),
    step: 0,
    cards: mod.deck().map(() => ({ card: null, seen: [], gone: false })),
    requests: [],
    nextRequest: 0,
    claims: [],
  });

  test('32 cards, 7 to A in each suit', () => {
    const cards = mod.deck();
    expect(cards).toHaveLength(32);
    expect(new Set(cards).size).toBe(32);
    for (const suit of ['C', 'D', 'H', 'S'])
      expect(cards.filter((c) => c.endsWith(suit)).map((c) => c.slice(0, -1))).toEqual([
        '7',
        '8',
        '9',
        '10',
        'J',
        'Q',
        'K',
        'A',
      ]);
  });

  test.each([
    [0, 1],
    [1, 2],
    [2, 0],
  ])('dealer %i: hands 0–9, 10–19, 20–29 each shown to its owner, skat 30–31; seat %i calls first', (dealer, first) => {
    const c = core(dealer);
    const board = mod.setup(c, null, null);
    expect(board).toEqual(
      blankBoard({
        hands: [
          [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
          [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
          [20, 21, 22, 23, 24, 25, 26, 27, 28, 29],
        ],
        skat: [30, 31],
        turn: first,
      }),
    );
    expect(c.requests.map((r) => (r.kind === 'reveal-to' ? [r.seat, r.handles] : r.kind))).toEqual([
      [0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
      [1, [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]],
      [2, [20, 21, 22, 23, 24, 25, 26, 27, 28, 29]],
    ]);
  });

  test('a layout, or a carry that does not fit, is refused', () => {
    expect(mod.setup(core(0), {}, null)).toBeNull();
    expect(mod.setup(core(0), null, { played: 9, totals: [0, 0, 0] })).toBeNull();
  });

  test("the carried match is the board's", () => {
    const carry = { played: 1, totals: [70, 0, 0] };
    expect(mod.setup(core(0), null, carry as never)?.match).toEqual(carry);
  });
});

describe('the game sets a deal up', () => {
  test.each([2, 4])('%i players are refused', (players) => {
    expect(fightingCards.setup({ players })).toEqual({ ok: false, error: 'bad-player-count' });
  });

  test('32 cards 7–A; ten to each seat shown only to it, two in the skat shown to nobody; the seat after the dealer bids first', () => {
    const setup = fightingCards.setup({ players: 3, dealer: 2 });
    if (!setup.ok) throw new Error(setup.error);
    const state = setup.value;
    expect(state.deck).toHaveLength(32);
    expect(new Set(state.deck.map((c) => c.slice(0, -1)))).toEqual(new Set(['7', '8', '9', '10', 'J', 'Q', 'K', 'A']));
    expect(state.board.hands.map((h) => h.length)).toEqual([10, 10, 10]);
    expect(state.board.skat).toHaveLength(2);
    expect(state.requests.map((r) => (r.kind === 'reveal-to' ? [r.seat, r.handles.length] : r.kind))).toEqual([
      [0, 10],
      [1, 10],
      [2, 10],
    ]);
    expect(fightingCards.awaits(state)).toMatchObject({ kind: 'crypto' });
    const { state: dealt } = dealtHand({ players: 3, dealer: 2 }, 1);
    const open = dealtHand({ players: 3, dealer: 2 }, 1).open;
    const settled = settle(fightingCards, dealt, open);
    if (!settled.ok) throw new Error(settled.error);
    expect(fightingCards.awaits(settled.state)).toEqual({ kind: 'move', seat: 0, what: 'bidding' });
    for (const h of settled.state.board.skat) expect(settled.state.cards[h]?.seen).toEqual([]);
    expect(census(fightingCards, settled.state, open)).toEqual([]);
  });

  test('a carry of the deals counted and the totals is taken as the match so far', () => {
    const carry = { played: 2, totals: [70, 0, 0] };
    const made = fightingCards.setup({ players: 3, carry, options: { deals: 3 } });
    if (!made.ok) throw new Error(made.error);
    expect(made.value.board.match).toEqual(carry);
  });

  test.each<[string, unknown]>([
    ['not an object', 'lots'],
    ['two totals', { played: 1, totals: [1, 2] }],
    ['a finished match', { played: 3, totals: [0, 0, 0] }],
    ['an extra field', { played: 1, totals: [0, 0, 0], winner: 1 }],
    ['the rows of version 2', { played: 1, totals: [70, 0, 0], history: [row] }],
    ['points before any deal', { played: 0, totals: [70, 0, 0] }],
  ])('a carry that does not fit (%s) is refused', (_what, carry) => {
    expect(fightingCards.setup({ players: 3, carry: carry as never })).toEqual({ ok: false, error: 'bad-layout' });
  });
});
