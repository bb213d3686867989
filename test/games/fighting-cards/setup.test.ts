/**
 * Setting up a Fighting Cards deal: through the game (two or four players
 * refused; 32 cards 7–A, ten to each seat shown only to it, two in the skat
 * shown to nobody, the seat after the dealer bidding first; a carried match
 * taken when its rows add up, refused as a bad layout otherwise), and
 * setup.ts called directly: the deck, the fixed deal (seat 0 handles 0–9,
 * seat 1 10–19, seat 2 20–29, the skat 30–31, each hand revealed to its
 * owner only) and the match carried in from earlier deals — accepted when it
 * is a match in progress whose rows are deals 1..played and add up to the
 * totals, refused for any field out of its range (seats 0–2, bids 21–40,
 * points 0–120, totals within ±1e9, a known trump) or any other shape. The
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
const row = (deal: number, scores: number[], over: object = {}) => ({
  deal,
  dealer: 2,
  declarer: 0,
  bid: 21,
  handGame: false,
  trump: 'S',
  points: 21,
  made: true,
  renege: null,
  scores,
  ...over,
});

describe('the carry', () => {
  test('none: a new match', () => {
    expect(mod.parseCarry(null, three)).toEqual({ played: 0, totals: [0, 0, 0], history: [] });
  });

  test.each<[string, object, FightingOptions]>([
    ['one deal of three', { played: 1, totals: [70, 0, 0], history: [row(1, [70, 0, 0])] }, three],
    [
      'two deals, the last of three to come',
      { played: 2, totals: [70, -50, 0], history: [row(1, [70, 0, 0]), row(2, [0, -50, 0], { declarer: 1 })] },
      three,
    ],
    [
      'edges of every field',
      {
        played: 1,
        totals: [1e9, 0, -1e9],
        history: [
          row(1, [1e9, 0, -1e9], {
            dealer: 0,
            declarer: 2,
            bid: 40,
            handGame: true,
            trump: null,
            points: 120,
            made: false,
            renege: 2,
          }),
        ],
      },
      three,
    ],
    [
      'the other edges',
      {
        played: 1,
        totals: [0, 0, 0],
        history: [row(1, [0, 0, 0], { dealer: 2, declarer: 0, bid: 21, trump: 'C', points: 0, renege: 0 })],
      },
      { deals: 2 },
    ],
    ['no deal played yet', { played: 0, totals: [0, 0, 0], history: [] }, { deals: 1 }],
  ])('accepted: %s', (_what, carry, options) => {
    expect(mod.parseCarry(carry as never, options)).toEqual(carry);
  });

  test('the match is copied, not shared', () => {
    const carry = { played: 1, totals: [70, 0, 0], history: [row(1, [70, 0, 0])] };
    const parsed = mod.parseCarry(carry as never, three);
    carry.totals[0] = 1;
    carry.history[0]!.scores[0] = 1;
    expect(parsed?.totals).toEqual([70, 0, 0]);
    expect(parsed?.history[0]?.scores).toEqual([70, 0, 0]);
  });

  test.each<[string, unknown, FightingOptions]>([
    ['not an object', 'lots', three],
    [
      'a complete match',
      { played: 3, totals: [0, 0, 0], history: [row(1, [0, 0, 0]), row(2, [0, 0, 0]), row(3, [0, 0, 0])] },
      three,
    ],
    ['a complete one-deal match', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0])] }, { deals: 1 }],
    ['two totals', { played: 0, totals: [0, 0], history: [] }, three],
    ['negative deals played', { played: -1, totals: [0, 0, 0], history: [] }, three],
    ['fractional deals played', { played: 0.5, totals: [0, 0, 0], history: [] }, three],
    ['a total past 1e9', { played: 0, totals: [1e9 + 1, 0, 0], history: [] }, three],
    ['a total below −1e9', { played: 0, totals: [0, -1e9 - 1, 0], history: [] }, three],
    ['a fractional total', { played: 0, totals: [0.5, 0, 0], history: [] }, three],
    ['an extra field', { played: 0, totals: [0, 0, 0], history: [], winner: 1 }, three],
    ['no rows', { played: 1, totals: [0, 0, 0] }, three],
    ['a row short', { played: 1, totals: [0, 0, 0], history: [] }, three],
    ['a row too many', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0]), row(2, [0, 0, 0])] }, three],
    ['a row misnumbered', { played: 1, totals: [0, 0, 0], history: [row(2, [0, 0, 0])] }, three],
    ['rows out of order', { played: 2, totals: [0, 0, 0], history: [row(2, [0, 0, 0]), row(1, [0, 0, 0])] }, three],
    ['rows that do not add up (first seat)', { played: 1, totals: [70, 0, 0], history: [row(1, [60, 0, 0])] }, three],
    ['rows that do not add up (last seat)', { played: 1, totals: [0, 0, 5], history: [row(1, [0, 0, 0])] }, three],
    ['a row dealt by seat 3', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { dealer: 3 })] }, three],
    [
      'a row declared by seat −1',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { declarer: -1 })] },
      three,
    ],
    ['a row with a bid of 20', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { bid: 20 })] }, three],
    ['a row with a bid of 41', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { bid: 41 })] }, three],
    [
      'a row with a fractional bid',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { bid: 21.5 })] },
      three,
    ],
    ['a row with 121 points', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { points: 121 })] }, three],
    ['a row with −1 points', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { points: -1 })] }, three],
    [
      'a row with fractional points',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { points: 1.5 })] },
      three,
    ],
    [
      'a row with an unknown trump',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { trump: 'X' })] },
      three,
    ],
    ['a row reneged by seat 3', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { renege: 3 })] }, three],
    ['a row with two scores', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0])] }, three],
    ['a row with a score past 1e9', { played: 1, totals: [1e9 + 1, 0, 0], history: [row(1, [1e9 + 1, 0, 0])] }, three],
    ['a row numbered 0', { played: 1, totals: [0, 0, 0], history: [row(0, [0, 0, 0])] }, three],
    ['a row with a fractional deal number', { played: 1, totals: [0, 0, 0], history: [row(1.5, [0, 0, 0])] }, three],
    [
      'a row with "made" not a boolean',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { made: 1 })] },
      three,
    ],
    [
      'a row with "handGame" not a boolean',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { handGame: 'no' })] },
      three,
    ],
    ['a row with an extra field', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { extra: 1 })] }, three],
    [
      'a row without a trump',
      {
        played: 1,
        totals: [0, 0, 0],
        history: [
          {
            deal: 1,
            dealer: 2,
            declarer: 0,
            bid: 21,
            handGame: false,
            points: 21,
            made: true,
            renege: null,
            scores: [0, 0, 0],
          },
        ],
      },
      three,
    ],
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
    expect(mod.setup(core(0), null, { played: 9, totals: [0, 0, 0], history: [] })).toBeNull();
  });

  test("the carried match is the board's", () => {
    const carry = { played: 1, totals: [70, 0, 0], history: [row(1, [70, 0, 0])] };
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
    const state = setup.state;
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

  /** A score-table row: deal `deal`, seat 0 declared at 21 and scored `score`. */
  const scoreRow = (deal: number, score: number) => ({
    deal,
    dealer: 2,
    declarer: 0,
    bid: 21,
    handGame: false,
    trump: 'S',
    points: 21,
    made: score > 0,
    renege: null,
    scores: [score, 0, 0],
  });

  test('a carry with a row per counted deal adding up to the totals is taken as the match so far', () => {
    const carry = { played: 2, totals: [70, 0, 0], history: [scoreRow(1, 70), scoreRow(2, 0)] };
    const made = fightingCards.setup({ players: 3, carry, options: { deals: 3 } });
    if (!made.ok) throw new Error(made.error);
    expect(made.state.board.match).toEqual(carry);
  });

  test.each<[string, unknown]>([
    ['not an object', 'lots'],
    ['two totals', { played: 1, totals: [1, 2] }],
    ['a finished match', { played: 3, totals: [0, 0, 0] }],
    ['an extra field', { played: 1, totals: [0, 0, 0], history: [scoreRow(1, 0)], winner: 1 }],
    ['no rows', { played: 1, totals: [0, 0, 0] }],
    ['a row short', { played: 1, totals: [0, 0, 0], history: [] }],
    ['a row misnumbered', { played: 1, totals: [70, 0, 0], history: [scoreRow(2, 70)] }],
    [
      'rows that do not add up to the totals',
      { played: 2, totals: [70, 0, 0], history: [scoreRow(1, 70), scoreRow(2, 70)] },
    ],
  ])('a carry that does not fit (%s) is refused', (_what, carry) => {
    expect(fightingCards.setup({ players: 3, carry: carry as never })).toEqual({ ok: false, error: 'bad-layout' });
  });
});
