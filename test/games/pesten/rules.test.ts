/**
 * Pesten unit tests: options, setup and the deal's crypto requests, the
 * direction of play (clockwise = descending seats, an A reverses it, not with
 * 2 players), every start card's effect, `drawThenPlay` both ways (also with
 * a reshuffle in the middle of the draw), matching and legal actions, the
 * 10's passes (each card known to giver and receiver only), views, and a
 * match to 2 points over several rounds with the dealer moving clockwise.
 * The RULES.md §3 scenarios themselves are scenario files.
 */
import { describe, expect, test } from 'vitest';
import { census, privateViewOf, type ScenarioFile, type SetupArgs } from '../../../src/engine/index.js';
import { autoplay, makeRng } from '../../../src/bots/index.js';
import {
  clockwiseOf,
  matches,
  pesten,
  pestenBot,
  seatAfter,
  type PestenAction,
  type PestenState,
} from '../../../src/games/pesten/index.js';
import { dealtRound, position } from './helpers.js';

const hands3 = [
  ['3C', '4C', '6S', '7S', '8D'],
  ['3D', '4D', '6D', '9S', 'QD'],
  ['3S', '4S', '6C', '9D', 'QC'],
];
const hands4 = [...hands3, ['3H', '4H', '6H', '9C', 'AH']];

/** The scenario summary with every card open. */
function summary({ state, open }: { state: PestenState; open: Record<number, string> }): Record<string, unknown> {
  return pesten.rules.scenario?.summarize(pesten.view(state, null, { known: open })) as Record<string, unknown>;
}

describe('options', () => {
  test.each<[unknown, object | null]>([
    [{}, { targetPoints: 2, drawThenPlay: false }],
    [{ targetPoints: 3 }, { targetPoints: 3, drawThenPlay: false }],
    [{ drawThenPlay: true }, { targetPoints: 2, drawThenPlay: true }],
    [{ targetPoints: 0 }, null],
    [{ targetPoints: 2.5 }, null],
    [{ drawThenPlay: 'yes' }, null],
    [{ jokers: 3 }, null],
    ['fast', null],
  ])('%j', (raw, expected) => {
    const parsed = pesten.parseOptions(raw, 4);
    if (expected === null) expect(parsed).toBeNull();
    else expect(parsed).toEqual(expected);
  });
});

describe('setup', () => {
  test.each([2, 3, 4, 5, 6, 7, 8])(
    '%i players: 54 cards, 5 each shown to their owner, a start card turned, the rest the stock',
    (players) => {
      const { state } = dealtRound({ players, dealer: players - 1 }, 1);
      expect(state.deck).toHaveLength(54);
      expect(state.deck.filter((card) => card.startsWith('JK'))).toEqual(['JKR', 'JKB']);
      expect(state.board.hands.map((hand) => hand.length)).toEqual(Array.from({ length: players }, () => 5));
      expect(state.board.discard).toHaveLength(1);
      expect(state.board.stock).toHaveLength(54 - 5 * players - 1);
      expect(state.board.phase).toBe('deal');
      expect(state.board.direction).toBe('clockwise');
      const revealTo = state.requests.filter((r) => r.kind === 'reveal-to');
      expect(revealTo.map((r) => (r.kind === 'reveal-to' ? [r.seat, r.handles] : null))).toEqual(
        state.board.hands.map((hand, seat) => [seat, hand]),
      );
      expect(state.requests.filter((r) => r.kind === 'reveal-all')).toEqual([
        expect.objectContaining({ handles: state.board.discard }),
      ]);
      expect(census(pesten, state)).toEqual([]);
    },
  );

  test.each([1, 9])('%i players are refused', (players) => {
    expect(pesten.setup({ players })).toEqual({ ok: false, error: 'bad-player-count' });
  });

  test.each<[unknown]>([[{ points: [1, 0] }], [{ points: [1, 0, -1] }], [{ score: [0, 0, 0] }], [[0, 0, 0]]])(
    'a malformed carry %j is refused',
    (carry) => {
      expect(pesten.setup({ players: 3, carry: carry as SetupArgs['carry'] })).toEqual({
        ok: false,
        error: 'bad-layout',
      });
    },
  );

  test("carried points are the round's starting points", () => {
    const setup = pesten.setup({ players: 3, carry: { points: [0, 1, 0] } });
    expect(setup.ok && setup.state.board.points).toEqual([0, 1, 0]);
  });
});

describe('direction: clockwise is descending seat order', () => {
  test('seat arithmetic', () => {
    expect([0, 1, 2, 3].map((s) => seatAfter(s, 1, 'clockwise', 4))).toEqual([3, 0, 1, 2]);
    expect([0, 1, 2, 3].map((s) => seatAfter(s, 1, 'counterclockwise', 4))).toEqual([1, 2, 3, 0]);
    expect(seatAfter(1, 2, 'clockwise', 4)).toBe(3);
    expect([0, 1, 2].map((s) => clockwiseOf(s, 3))).toEqual([2, 0, 1]);
  });

  test('4 players: turns go 3, 2, 1, 0 after dealer 0; an A reverses to ascending', () => {
    const draws = [3, 2, 1, 0].map((seat) => ({ seat, type: 'draw' }));
    expect(position(4, { hands: hands4, discard: ['5C'] }).state.board.turn).toBe(3);
    expect(position(4, { hands: hands4, discard: ['5C'] }, draws.slice(0, 3)).state.board.turn).toBe(0);
    expect(position(4, { hands: hands4, discard: ['5C'] }, draws).state.board.turn).toBe(3);
    const reversed = position(4, { hands: hands4, discard: ['5H'] }, [{ seat: 3, type: 'play', card: 'AH' }]).state;
    expect(reversed.board.direction).toBe('counterclockwise');
    expect(reversed.board.turn).toBe(0);
    const onwards = position(4, { hands: hands4, discard: ['5H'] }, [
      { seat: 3, type: 'play', card: 'AH' },
      { seat: 0, type: 'draw' },
    ]).state;
    expect(onwards.board.turn).toBe(1);
    expect(pesten.view(onwards, null).direction).toBe('counterclockwise');
  });

  test('an A with 2 players changes nothing: the other seat moves and the direction stays', () => {
    const { state } = position(2, { hands: [hands4[0] ?? [], hands4[3] ?? []], discard: ['5H'] }, [
      { seat: 1, type: 'play', card: 'AH' },
    ]);
    expect(state.board.direction).toBe('clockwise');
    expect(state.board.turn).toBe(0);
  });

  test("the 10's passes go clockwise also while play runs counter-clockwise", () => {
    const hands = [
      ['3C', '4C', '6S', '7S', '8D'],
      ['3D', '4D', '6D', '9S', 'QD'],
      ['AH', '10H', '6C', '9D', 'QC'],
    ];
    const played = position(3, { hands, discard: ['5H'] }, [
      { seat: 2, type: 'play', card: 'AH' },
      { seat: 0, type: 'draw' },
      { seat: 1, type: 'draw' },
      { seat: 2, type: 'play', card: '10H' },
      { seat: 2, type: 'give', card: '6C' },
      { seat: 1, type: 'give', card: '3D' },
      { seat: 0, type: 'give', card: '3C' },
    ]);
    const state = played.state;
    expect(state.board.direction).toBe('counterclockwise');
    const s = summary(played);
    // 0 → 2, 1 → 0, 2 → 1; then play goes on counter-clockwise after seat 2: seat 0.
    expect((s.hands as string[][])[0]).toContain('3D');
    expect((s.hands as string[][])[1]).toContain('6C');
    expect((s.hands as string[][])[2]).toContain('3C');
    expect(state.board.turn).toBe(0);
  });
});

describe('start cards (the dealer "played" them)', () => {
  const start = (card: string, players = 3, dealer = 0): PestenState =>
    position(players, { hands: players === 3 ? hands3 : hands3.slice(0, players), discard: [card] }, [], { dealer })
      .state;
  test('A: the direction is reversed, so the player before the dealer starts', () => {
    const state = start('AC');
    expect(state.board.direction).toBe('counterclockwise');
    expect(state.board.turn).toBe(1);
  });
  test('8: the first player is skipped; with 2 players the dealer starts', () => {
    expect(start('8H').board.turn).toBe(1);
    expect(start('8H', 2).board.turn).toBe(0);
  });
  test.each(['7H', 'KH', '5H'])('%s: no effect, the seat after the dealer starts', (card) => {
    const state = start(card, 3, 1);
    expect(state.board).toMatchObject({
      turn: 0,
      again: false,
      owed: 0,
      wish: null,
      direction: 'clockwise',
      phase: 'play',
    });
  });
  test('joker: the first player owes 5', () => {
    expect(start('JKR').board).toMatchObject({ owed: 5, turn: 2 });
  });
  test('10: everyone passes a card, then the player after the dealer starts', () => {
    const state = start('10D');
    expect(pesten.awaits(state)).toEqual({ kind: 'choices', seats: [0, 1, 2], what: 'pass' });
    const passed = position(3, { hands: hands3, discard: ['10D'] }, [
      { seat: 1, type: 'give', card: 'QD' },
      { seat: 0, type: 'give', card: '8D' },
      { seat: 2, type: 'give', card: 'QC' },
    ]);
    expect(passed.state.board).toMatchObject({ phase: 'play', turn: 2 });
    expect(summary(passed).hands).toEqual([
      ['3C', '4C', '6S', '7S', 'QD'],
      ['3D', '4D', '6D', '9S', 'QC'],
      ['3S', '4S', '6C', '8D', '9D'],
    ]);
  });
});

describe("the 10's passes are private", () => {
  test('each passed card is known to exactly its giver and its receiver, by a forward request', () => {
    const setup = position(3, { hands: hands3, discard: ['10D'] }, []);
    let state = setup.state;
    const give = (seat: number, card: string): void => {
      const handle = state.board.hands[seat]?.find((h) => setup.open[h] === card) ?? -1;
      const next = pesten.reduce(state, { kind: 'act', seat, action: { type: 'give', handle } });
      if (!next.ok) throw new Error(next.error);
      state = next.state;
    };
    give(2, '9D');
    give(0, '3C');
    expect(state.requests).toEqual([]);
    give(1, '4D');
    const forwards = state.requests.map((r) =>
      r.kind === 'forward' ? [r.from, r.to, setup.open[r.handles[0] ?? -1]] : r.kind,
    );
    expect(forwards).toEqual([
      [0, 2, '3C'],
      [1, 0, '4D'],
      [2, 1, '9D'],
    ]);
    for (const request of state.requests) {
      const next = pesten.reduce(state, { kind: 'delivered', request: request.id });
      if (!next.ok) throw new Error(next.error);
      state = next.state;
    }
    const seenOf = (card: string): number[] =>
      state.cards[Number(Object.keys(setup.open).find((h) => setup.open[Number(h)] === card))]?.seen ?? [];
    expect(seenOf('3C')).toEqual([0, 2]);
    expect(seenOf('4D')).toEqual([0, 1]);
    expect(seenOf('9D')).toEqual([1, 2]);
    expect(privateViewOf(state, setup.open, 1).known).not.toHaveProperty(
      String(state.board.hands[2]?.find((h) => setup.open[h] === '3C')),
    );
  });
});

describe('drawThenPlay', () => {
  const deal = {
    hands: [
      ['3C', '4C', '6S', '7S', '8D'],
      ['7H', '3D', '4D', '9S', 'QD'],
    ],
    discard: ['5H'],
    stock: ['6H', 'KC', '9H'],
  };
  test('false (default): a draw ends the turn even when the drawn card would go', () => {
    const drew = position(2, deal, [{ seat: 1, type: 'draw' }]);
    expect(drew.state.board).toMatchObject({ turn: 0, drawn: null });
    expect(summary(drew).hands).toEqual([deal.hands[0], ['3D', '4D', '6H', '7H', '9S', 'QD']]);
  });

  test('true: the drawn card may be played, and only it', () => {
    const options = { options: { drawThenPlay: true } } as Partial<ScenarioFile>;
    const drawn = position(2, deal, [{ seat: 1, type: 'draw' }], options);
    expect(drawn.state.board.turn).toBe(1);
    expect(pesten.awaits(drawn.state)).toEqual({ kind: 'move', seat: 1, what: 'play-drawn' });
    const legal = pesten.legalActions(drawn.state, 1, privateViewOf(drawn.state, drawn.open, 1));
    expect(legal.map((a) => (a.type === 'play' ? a.card : a.type))).toEqual(['6H', 'end-turn']);
    const run = (actions: ScenarioFile['actions']) =>
      position(2, deal, [{ seat: 1, type: 'draw' }, ...actions], options).state;
    expect(() => run([{ seat: 1, type: 'play', card: '7H' }])).toThrow(/not-drawn-card/);
    expect(() => run([{ seat: 1, type: 'draw' }])).toThrow(/already-drawn/);
    expect(run([{ seat: 1, type: 'play', card: '6H' }]).board).toMatchObject({ turn: 0, drawn: null });
    expect(run([{ seat: 1, type: 'end-turn' }]).board).toMatchObject({ turn: 0, drawn: null });
  });

  test('true: an unplayable drawn card is kept with end-turn; end-turn without a draw is refused', () => {
    const options = { options: { drawThenPlay: true } } as Partial<ScenarioFile>;
    expect(() => position(2, deal, [{ seat: 1, type: 'end-turn' }], options)).toThrow(/nothing-drawn/);
    const kept = position(2, { ...deal, stock: ['KC', '6H'] }, [{ seat: 1, type: 'draw' }], options);
    expect(pesten.legalActions(kept.state, 1, privateViewOf(kept.state, kept.open, 1))).toEqual([{ type: 'end-turn' }]);
  });

  test('true: after a 7 the draw ends the turn; after a reshuffle the drawn card is the one to play', () => {
    const options = { options: { drawThenPlay: true } } as Partial<ScenarioFile>;
    const afterSeven = position(
      2,
      deal,
      [
        { seat: 1, type: 'play', card: '7H' },
        { seat: 1, type: 'draw' },
      ],
      options,
    ).state;
    expect(afterSeven.board).toMatchObject({ turn: 0, drawn: null, again: false });
    const reshuffled = position(
      2,
      { hands: deal.hands, discard: ['9H', '6H', '5H'], stock: [] },
      [{ seat: 1, type: 'draw' }],
      options,
    );
    expect(reshuffled.state.board).toMatchObject({ turn: 1, reshuffles: 1, stock: [expect.any(Number)] });
    const drawnHandle = reshuffled.state.board.drawn ?? -1;
    expect(reshuffled.open[drawnHandle]).toBe('9H');
    expect(pesten.awaits(reshuffled.state)).toMatchObject({ what: 'play-drawn' });
  });
});

describe('matching and legal actions', () => {
  test.each<[string, string, string | null, boolean]>([
    ['5H', '9H', null, true],
    ['5C', '5H', null, true],
    ['6C', '5H', null, false],
    ['JS', '5H', null, true],
    ['JKB', '5H', 'C', true],
    ['3D', 'JKR', null, true],
    ['5H', 'JC', 'H', true],
    ['5C', 'JC', 'H', false],
    ['JD', 'JC', 'H', true],
  ])('%s on %s (wish %s) → %s', (card, top, wish, legal) => {
    expect(matches(card, top, wish as never)).toBe(legal);
  });

  test('a J is offered once per suit; the second-to-last card with and without "Pesten"; no special last card', () => {
    const { state, open } = position(2, {
      hands: [
        ['3C', '4C', '6S'],
        ['JH', '5H'],
      ],
      discard: ['9H'],
    });
    const actions = pesten.legalActions(state, 1, privateViewOf(state, open, 1));
    const described = actions.map((a: PestenAction) =>
      a.type === 'play' ? `${a.card}${a.wish ?? ''}${a.announce ? '!' : ''}` : a.type,
    );
    expect(described).toEqual(['JHC!', 'JHC', 'JHD!', 'JHD', 'JHH!', 'JHH', 'JHS!', 'JHS', '5H!', '5H', 'draw']);
    const last = position(2, { hands: [['3C', '4C', '6S'], ['KH']], discard: ['9H'] });
    expect(pesten.legalActions(last.state, 1, privateViewOf(last.state, last.open, 1))).toEqual([{ type: 'draw' }]);
    expect(pesten.legalActions(state, 0, privateViewOf(state, open, 0))).toEqual([]);
  });

  test('a seat sees its own hand only; a spectator sees no hand', () => {
    const { state, open } = position(2, {
      hands: [
        ['3C', '4C', '6S'],
        ['JH', '5H'],
      ],
      discard: ['9H'],
    });
    const mine = pesten.view(state, 1, privateViewOf(state, open, 1));
    expect(mine.seats[1]?.hand.map((c) => c.card)).toEqual(['JH', '5H']);
    expect(mine.seats[0]?.hand.map((c) => c.card)).toEqual([null, null, null]);
    expect(
      pesten
        .view(state, null)
        .seats.flatMap((s) => s.hand.map((c) => c.card))
        .every((c) => c === null),
    ).toBe(true);
    expect(mine).toMatchObject({ top: '9H', turn: 1, direction: 'clockwise', stockCount: 48 });
  });
});

describe('a match to 2 points', () => {
  test.each([2, 3, 5])(
    '%i players: rounds carry the points, the dealer moves one seat clockwise, the match ends at 2',
    (players) => {
      let carry: SetupArgs['carry'] = undefined;
      let dealer = 0;
      const dealers: number[] = [];
      const winners: number[] = [];
      for (let round = 0; round < 10; round++) {
        const args: SetupArgs = { players, dealer, ...(carry === undefined ? {} : { carry }) };
        const { state, open } = dealtRound(args, 100 * players + round);
        dealers.push(state.dealer);
        const bots = Array.from({ length: players }, (_, seat) =>
          pestenBot({ random: makeRng(round * 10 + seat).next, noise: 0.1 }),
        );
        const result = autoplay(pesten, state, open, bots, { maxInputs: 5000 });
        expect(result.ok && result.finished).toBe(true);
        const outcome = pesten.outcome(result.state as PestenState);
        if (!outcome) throw new Error('no outcome');
        const winner = outcome.ranking[0]?.[0] ?? -1;
        winners.push(winner);
        expect(outcome.nextDealer).toBe((dealer + players - 1) % players);
        expect(outcome.scores?.reduce((a, b) => a + b, 0)).toBe(round + 1);
        dealer = outcome.nextDealer;
        if (outcome.carry === null) {
          expect(outcome.scores?.[winner]).toBe(2);
          expect(outcome.scores?.filter((s) => s >= 2)).toHaveLength(1);
          break;
        }
        expect(Math.max(...(outcome.scores ?? []))).toBe(1);
        carry = outcome.carry;
      }
      expect(dealers.length).toBeGreaterThanOrEqual(2);
      expect(dealers.length).toBeLessThanOrEqual(players + 1);
      expect(dealers).toEqual(dealers.map((_, i) => (((0 - i) % players) + players) % players));
      expect(winners.filter((w) => w === winners.at(-1))).toHaveLength(2);
    },
  );
});
