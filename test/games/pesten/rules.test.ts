/**
 * Pesten's rules (src/games/pesten/rules.ts): options, setup and the deal's
 * crypto requests, the direction of play (clockwise = descending seats, an A
 * reverses it, not with 2 players), every start card's effect,
 * `drawThenPlay` both ways (also with a reshuffle in the middle of the
 * draw), matching and legal actions, the 10's passes (each card known to
 * giver and receiver only), views, and a match to 2 points over several
 * rounds with the dealer moving clockwise; and step by step, exact: every
 * error code a move can get (and which one wins when several apply), each
 * card's effect on the board (turn, owed sum, wish, 7/K follow-up, the 10's
 * pass round, the A's reversal), the "last" event every move recorded in
 * the board under rules version 1 (rules-v1.ts, which still replays such
 * hands; today the log derives it), draws (owed sums, `drawThenPlay`, a draw the stock and discard pile
 * cannot serve), the end of the round, and what the rules await in every
 * phase. The written rules' scenarios themselves are scenario files (docs/rules/pesten.md §8).
 */
import { describe, expect, test } from 'vitest';
import { census, privateViewOf, type ScenarioFile, type SetupArgs } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { autoplay, makeRng } from '../../../src/bots/index.js';
import {
  clockwiseOf,
  matches,
  pesten,
  seatAfter,
  type PestenAction,
  type PestenState,
} from '../../../src/games/pesten/index.js';
import { pestenBot } from '../../../src/games/pesten/bot.js';
import { dealtRound, position } from './helpers.js';
import { pestenV1 } from '../../../src/games/pesten/rules-v1.js';
import type { LastEvent } from '../../../src/games/pesten/last-event.js';
import { awaits } from '../../../src/games/pesten/rules.js';
import { scenario } from '../../../src/games/pesten/scenario.js';

/** A position played by rules version 1, whose board also holds the last move's event. */
const positionV1 = (
  seats: number,
  deal: ScenarioFile['deal'],
  actions: ScenarioFile['actions'] = [],
  extra: Partial<ScenarioFile> = {},
) => position(seats, deal, actions, extra, pestenV1);
type BoardV1 = PestenState['board'] & { last: LastEvent | null };

const hands3 = [
  ['3C', '4C', '6S', '7S', '8D'],
  ['3D', '4D', '6D', '9S', 'QD'],
  ['3S', '4S', '6C', '9D', 'QC'],
];
const hands4 = [...hands3, ['3H', '4H', '6H', '9C', 'AH']];

/** The scenario summary with every card open. */
function summary({ state, open }: { state: PestenState; open: Record<number, string> }): Record<string, unknown> {
  return scenario.summarize(pesten.view(state, null, { known: open })) as Record<string, unknown>;
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
    expect(setup.ok && setup.value.board.points).toEqual([0, 1, 0]);
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
      state = next.value;
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
      state = next.value;
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

type Deal = ScenarioFile['deal'];
type Steps = ScenarioFile['actions'];

/** The refusal the last step gets (all steps before it must be accepted). */
function refusal(seats: number, deal: Deal, steps: Steps, extra: Partial<ScenarioFile> = {}): string | null {
  const run = runScenario(pesten, { game: 'pesten', seats, deal, actions: steps, ...extra });
  if (run.rejected !== null && run.rejected.index !== steps.length - 1)
    throw new Error(`step ${run.rejected.index} refused: ${run.rejected.error}`);
  return run.rejected?.error ?? null;
}

/** Hands by card id (sorted as the summary sorts them). */
function hands({ state, open }: { state: PestenState; open: Record<number, string> }): string[][] {
  const summary = scenario.summarize(pesten.view(state, null, { known: open })) as { hands: string[][] };
  return summary.hands;
}

const three = [
  ['3C', '4C', '6S', '7S', '8D'],
  ['3D', '4D', '6D', '9S', 'QD'],
  ['5H', '2H', '7H', 'JH', 'KC', '8H', '10H', 'AH', 'JKR', '2C', '4H', 'QH'],
];
const stock = ['3H', '6H', '9D', 'KD', 'QS', '5S'];
const deal3: Deal = { hands: three, discard: ['9C', 'QC'], stock };
const dealOn = (top: string): Deal => ({ hands: three, discard: [top], stock });

describe('error codes', () => {
  test.each<[string, number, Deal, Steps, string]>([
    [
      'a play during the pass round',
      3,
      { hands: three, discard: ['10D'], stock },
      [{ seat: 2, type: 'play', card: '5H' }],
      'not-play-phase',
    ],
    [
      'a play while the start J wish is awaited',
      3,
      { hands: three, discard: ['JD'], stock },
      [{ seat: 0, type: 'play', card: '3C' }],
      'not-play-phase',
    ],
    [
      'a draw while the start J wish is awaited',
      3,
      { hands: three, discard: ['JD'], stock },
      [{ seat: 0, type: 'draw' }],
      'not-play-phase',
    ],
    [
      'an end-turn while the start J wish is awaited',
      3,
      { hands: three, discard: ['JD'], stock },
      [{ seat: 0, type: 'end-turn' }],
      'not-play-phase',
    ],
    ['a wish on a turn', 3, deal3, [{ seat: 2, type: 'wish', suit: 'H' }], 'not-wish-phase'],
    ['a give on a turn', 3, deal3, [{ seat: 2, type: 'give', card: '5H' }], 'not-pass-phase'],
    [
      "a give of another seat's card",
      3,
      { hands: three, discard: ['10D'], stock },
      [{ seat: 2, type: 'give', card: '3C' }],
      'not-in-hand',
    ],
    ['a play of a public card below the top', 3, deal3, [{ seat: 2, type: 'play', card: '9C' }], 'not-in-hand'],
    ['a play of a card that does not match', 3, deal3, [{ seat: 2, type: 'play', card: '4H' }], 'illegal-play'],
    [
      'a matching non-draw card while owing',
      3,
      deal3,
      [
        { seat: 2, type: 'play', card: '2C' },
        { seat: 1, type: 'play', card: '3D' },
      ],
      'owes-cards',
    ],
    [
      'a J while owing',
      3,
      { hands: [three[0] ?? [], ['JC', '3D', '4D'], three[2] ?? []], discard: ['5C'], stock },
      [
        { seat: 2, type: 'play', card: '2C' },
        { seat: 1, type: 'play', card: 'JC', wish: 'H' },
      ],
      'owes-cards',
    ],
    ['a J without a wish', 3, deal3, [{ seat: 2, type: 'play', card: 'JH' }], 'missing-wish'],
    [
      'a wish with a card that is not a J',
      3,
      deal3,
      [{ seat: 2, type: 'play', card: 'KC', wish: 'H' }],
      'unexpected-wish',
    ],
    [
      '"Pesten" with three cards in hand',
      3,
      deal3,
      [{ seat: 2, type: 'play', card: 'KC', announce: true }],
      'bad-announcement',
    ],
    [
      'a special last card',
      2,
      { hands: [['3C', '4C'], ['8C']], discard: ['5C'], stock },
      [{ seat: 1, type: 'play', card: '8C' }],
      'special-last-card',
    ],
    ['an end-turn without a draw', 3, deal3, [{ seat: 2, type: 'end-turn' }], 'nothing-drawn'],
  ])('%s → %s', (_what, seats, deal, steps, code) => {
    expect(refusal(seats, deal, steps)).toBe(code);
  });

  test('"Pesten" with the last card is refused; "announce: false" with three cards is no announcement', () => {
    expect(
      refusal(2, { hands: [['3C', '4C'], ['9C']], discard: ['5C'], stock }, [
        { seat: 1, type: 'play', card: '9C', announce: true },
      ]),
    ).toBe('bad-announcement');
    expect(refusal(3, deal3, [{ seat: 2, type: 'play', card: 'KC', announce: false }])).toBeNull();
  });

  test('a second draw after a drawThenPlay draw is refused before the owed check', () => {
    const deal: Deal = {
      hands: [
        ['3C', '4C', '6S'],
        ['7H', '3D', '4D'],
      ],
      discard: ['5H'],
      stock: ['KC', '6H'],
    };
    expect(
      refusal(
        2,
        deal,
        [
          { seat: 1, type: 'draw' },
          { seat: 1, type: 'draw' },
        ],
        { options: { drawThenPlay: true } },
      ),
    ).toBe('already-drawn');
  });
});

describe('card effects and the last event', () => {
  test('a plain card: off the hand, on the pile, the next seat clockwise, the event names seat and card', () => {
    const played = positionV1(3, deal3, [{ seat: 2, type: 'play', card: 'QH', announce: false }]);
    expect(played.state.board).toMatchObject({
      turn: 1,
      again: false,
      drawn: null,
      owed: 0,
      wish: null,
      phase: 'play',
    });
    expect((played.state.board as BoardV1).last).toEqual({
      kind: 'play',
      seat: 2,
      card: 'QH',
      announced: false,
      penalty: false,
    });
    expect(hands(played)[2]).not.toContain('QH');
    expect(played.state.board.discard.map((h) => played.open[h])).toEqual(['9C', 'QC', 'QH']);
  });

  test('J: the wish stands for the next seat; any other card ends it (a joker too)', () => {
    const wished = position(3, deal3, [{ seat: 2, type: 'play', card: 'JH', wish: 'D' }]);
    expect(wished.state.board).toMatchObject({ wish: 'D', turn: 1 });
    expect(
      position(3, deal3, [
        { seat: 2, type: 'play', card: 'JH', wish: 'D' },
        { seat: 1, type: 'play', card: '3D' },
      ]).state.board.wish,
    ).toBeNull();
    const hands2: Deal = { hands: [['3C', '4C', 'JKB'], ['JD', '3D', '4D'], three[2] ?? []], discard: ['5C'], stock };
    const joker = position(3, hands2, [
      { seat: 2, type: 'play', card: 'JH', wish: 'S' },
      { seat: 1, type: 'draw' },
      { seat: 0, type: 'play', card: 'JKB' },
    ]);
    expect(joker.state.board).toMatchObject({ wish: null, owed: 5, turn: 2 });
  });

  test('2 and joker: the owed sum grows by 2 and 5, the next seat answers', () => {
    const two = position(3, deal3, [{ seat: 2, type: 'play', card: '2C' }]);
    expect(two.state.board).toMatchObject({ owed: 2, turn: 1 });
    expect(pesten.awaits(two.state)).toEqual({ kind: 'move', seat: 1, what: 'answer-draw' });
    const hands2: Deal = { hands: [['3C', '4C', '2D'], ['JKB', '3D', '4D'], three[2] ?? []], discard: ['5C'], stock };
    const chain = position(3, hands2, [
      { seat: 2, type: 'play', card: '2C' },
      { seat: 1, type: 'play', card: 'JKB' },
      { seat: 0, type: 'play', card: '2D' },
    ]);
    expect(chain.state.board).toMatchObject({ owed: 9, turn: 2 });
  });

  test('8 with 3 players: the next seat is skipped', () => {
    expect(position(3, dealOn('9H'), [{ seat: 2, type: 'play', card: '8H' }]).state.board.turn).toBe(0);
  });

  test.each([
    ['7H', 'QH', 0],
    ['KC', '2C', 2],
  ])('%s: the same seat plays again, by the normal rules (then %s)', (card, next, owed) => {
    const again = position(3, dealOn('7C'), [{ seat: 2, type: 'play', card }]);
    expect(again.state.board).toMatchObject({ turn: 2, again: true, drawn: null, owed: 0 });
    expect(pesten.awaits(again.state)).toEqual({ kind: 'move', seat: 2, what: 'play-again' });
    const followed = position(3, dealOn('7C'), [
      { seat: 2, type: 'play', card },
      { seat: 2, type: 'play', card: next },
    ]);
    expect(followed.state.board).toMatchObject({ turn: 1, again: false, owed });
  });

  test("10: a pass round of every seat, then play goes on after the 10's player", () => {
    const ten = position(3, dealOn('9H'), [{ seat: 2, type: 'play', card: '10H' }]);
    expect(ten.state.board).toMatchObject({
      phase: 'pass',
      passFrom: 2,
      passes: [null, null, null],
      again: false,
      drawn: null,
    });
    expect(pesten.awaits(ten.state)).toEqual({ kind: 'choices', seats: [0, 1, 2], what: 'pass' });
    expect(pesten.view(ten.state, null, { known: {} }).turn).toBeNull();
    const one = position(3, dealOn('9H'), [
      { seat: 2, type: 'play', card: '10H' },
      { seat: 1, type: 'give', card: '3D' },
    ]);
    expect(pesten.awaits(one.state)).toEqual({ kind: 'choices', seats: [0, 2], what: 'pass' });
    expect(one.state.board.passes[1]).toBe(one.state.board.hands[1]?.find((h) => one.open[h] === '3D'));
    const done = positionV1(3, dealOn('9H'), [
      { seat: 2, type: 'play', card: '10H' },
      { seat: 1, type: 'give', card: '3D' },
      { seat: 0, type: 'give', card: '3C' },
      { seat: 2, type: 'give', card: '4H' },
    ]);
    expect(done.state.board).toMatchObject({
      phase: 'play',
      turn: 1,
      passFrom: null,
      passes: [null, null, null],
      last: { kind: 'passed' },
    });
    expect(hands(done).map((hand) => hand.length)).toEqual([5, 5, 11]);
    expect(hands(done)[0]).toContain('3D');
    expect(hands(done)[1]).toContain('4H');
    expect(hands(done)[2]).toContain('3C');
  });

  test('after a 7 the 10 still opens a pass round, and the follow-up ends', () => {
    const ten = position(3, dealOn('7C'), [
      { seat: 2, type: 'play', card: '7H' },
      { seat: 2, type: 'play', card: '10H' },
    ]);
    expect(ten.state.board).toMatchObject({ phase: 'pass', again: false, passFrom: 2 });
  });

  test('A with 3 players: the direction flips, the seat on the other side moves', () => {
    const ace = position(3, dealOn('9H'), [{ seat: 2, type: 'play', card: 'AH' }]);
    expect(ace.state.board).toMatchObject({ direction: 'counterclockwise', turn: 0 });
  });

  test('the start card J: the dealer wishes, then the seat after the dealer plays to the wish', () => {
    const start = positionV1(3, { hands: three, discard: ['JD'], stock }, [], { dealer: 1 });
    expect(start.state.board).toMatchObject({ phase: 'wish', turn: 1, last: { kind: 'start', card: 'JD' } });
    expect(pesten.awaits(start.state)).toEqual({ kind: 'move', seat: 1, what: 'wish' });
    expect(
      refusal(3, { hands: three, discard: ['JD'], stock }, [{ seat: 1, type: 'give', card: '3D' }], { dealer: 1 }),
    ).toBe('not-pass-phase');
    const wished = positionV1(3, { hands: three, discard: ['JD'], stock }, [{ seat: 1, type: 'wish', suit: 'H' }], {
      dealer: 1,
    });
    expect(wished.state.board).toMatchObject({
      phase: 'play',
      wish: 'H',
      turn: 0,
      last: { kind: 'wish', seat: 1, suit: 'H' },
    });
  });

  test('the start card is the first event; a plain start card has no effect', () => {
    expect(positionV1(3, deal3).state.board).toMatchObject({
      last: { kind: 'start', card: 'QC' },
      turn: 2,
      phase: 'play',
      wish: null,
    });
  });
});

describe('"Pesten" and the last card', () => {
  const deal: Deal = {
    hands: [
      ['3C', '4C', '6S'],
      ['9C', '7C', '5C'],
    ],
    discard: ['9H'],
    stock: ['QC', 'QS', 'KD', '4S'],
  };
  const opening: Steps = [
    { seat: 1, type: 'play', card: '9C' },
    { seat: 0, type: 'draw' },
  ];

  test('the second-to-last card without "Pesten" draws 2 before the 7\'s follow-up, never as a drawThenPlay draw', () => {
    const forgot = positionV1(
      2,
      deal,
      [...opening, { seat: 0, type: 'end-turn' }, { seat: 1, type: 'play', card: '7C' }],
      { options: { drawThenPlay: true } },
    );
    expect((forgot.state.board as BoardV1).last).toEqual({
      kind: 'play',
      seat: 1,
      card: '7C',
      announced: false,
      penalty: true,
    });
    expect(forgot.state.board).toMatchObject({ turn: 1, again: true, drawn: null });
    expect(hands(forgot)[1]).toEqual(['5C', 'QS', 'KD']);
    expect(pesten.awaits(forgot.state)).toEqual({ kind: 'move', seat: 1, what: 'play-again' });
  });

  test('with "Pesten" no penalty; the last card wins the round and its point, nothing else happens', () => {
    const said = positionV1(2, deal, [...opening, { seat: 1, type: 'play', card: '7C', announce: true }]);
    expect((said.state.board as BoardV1).last).toEqual({
      kind: 'play',
      seat: 1,
      card: '7C',
      announced: true,
      penalty: false,
    });
    expect(said.state.board).toMatchObject({ turn: 1, again: true });
    expect(hands(said)[1]).toEqual(['5C']);
    const won = positionV1(2, deal, [
      ...opening,
      { seat: 1, type: 'play', card: '7C', announce: true },
      { seat: 1, type: 'play', card: '5C' },
    ]);
    expect(won.state.board).toMatchObject({
      phase: 'over',
      winner: 1,
      points: [0, 1],
      turn: 1,
      again: false,
      drawn: null,
    });
    expect((won.state.board as BoardV1).last).toEqual({
      kind: 'play',
      seat: 1,
      card: '5C',
      announced: false,
      penalty: false,
    });
    expect(awaits(won.state)).toEqual({ kind: 'over' });
  });
});

describe('draws', () => {
  test('an owed draw takes the sum, clears it, records it and ends the turn, also with drawThenPlay', () => {
    const owed = positionV1(
      3,
      deal3,
      [
        { seat: 2, type: 'play', card: '2C' },
        { seat: 1, type: 'draw' },
      ],
      { options: { drawThenPlay: true } },
    );
    expect(owed.state.board).toMatchObject({ owed: 0, turn: 0, drawn: null, again: false });
    expect((owed.state.board as BoardV1).last).toEqual({ kind: 'draw', seat: 1, count: 2, owed: true });
    expect(hands(owed)[1]).toEqual(['3D', '3H', '4D', '6D', '6H', '9S', 'QD']);
  });

  test('a normal draw records one card and passes the turn', () => {
    const drew = positionV1(3, deal3, [{ seat: 2, type: 'draw' }]);
    expect((drew.state.board as BoardV1).last).toEqual({ kind: 'draw', seat: 2, count: 1, owed: false });
    expect(drew.state.board).toMatchObject({ turn: 1, drawn: null, again: false });
    expect(drew.state.board.stock).toHaveLength(stock.length - 1);
  });

  test('drawThenPlay: the drawn card is awaited; end-turn records the event and moves on', () => {
    const options = { options: { drawThenPlay: true } };
    const drew = position(3, deal3, [{ seat: 2, type: 'draw' }], options);
    expect(drew.open[drew.state.board.drawn ?? -1]).toBe('3H');
    expect(drew.state.board.turn).toBe(2);
    const ended = positionV1(
      3,
      deal3,
      [
        { seat: 2, type: 'draw' },
        { seat: 2, type: 'end-turn' },
      ],
      options,
    );
    expect(ended.state.board).toMatchObject({ turn: 1, drawn: null, last: { kind: 'end-turn', seat: 2 } });
  });

  test('a draw with stock and discard pile exhausted brings nothing and ends the turn, also with drawThenPlay', () => {
    const deal: Deal = {
      hands: [
        ['3C', '4C'],
        ['6D', '7D', '9S'],
      ],
      discard: ['5H'],
      stock: [],
    };
    const empty = position(2, deal, [{ seat: 1, type: 'draw' }], { options: { drawThenPlay: true } });
    expect(empty.state.board).toMatchObject({ turn: 0, drawn: null, reshuffles: 0, pendingDraw: null, stock: [] });
    expect(hands(empty)[1]).toEqual(['6D', '7D', '9S']);
    expect(empty.state.requests).toEqual([]);
  });

  test('an owed draw bigger than stock and pile: the seat draws what there is, one reshuffle', () => {
    const deal: Deal = {
      hands: [
        ['3C', '4C', 'JKR'],
        ['6D', '7D', '9S'],
      ],
      discard: ['8H', '5H'],
      stock: ['KD'],
    };
    const short = positionV1(2, deal, [
      { seat: 1, type: 'draw' },
      { seat: 0, type: 'play', card: 'JKR' },
      { seat: 1, type: 'draw' },
    ]);
    expect(short.state.board).toMatchObject({
      reshuffles: 1,
      pendingDraw: null,
      owed: 0,
      turn: 0,
      stock: [],
      drawn: null,
    });
    expect((short.state.board as BoardV1).last).toEqual({ kind: 'draw', seat: 1, count: 5, owed: true });
    expect(hands(short)[1]).toEqual(['5H', '6D', '7D', '8H', '9S', 'KD']);
    expect(short.state.board.discard.map((h) => short.open[h])).toEqual(['JKR']);
  });

  test('a reshuffle mid-draw: the draw waits for it, then finishes; drawThenPlay keeps the card drawn first', () => {
    const deal: Deal = {
      hands: [
        ['3C', '4C', '2S'],
        ['6D', '7D', '9S'],
      ],
      discard: ['8H', '5S'],
      stock: ['KD'],
    };
    const setup = position(
      2,
      deal,
      [
        { seat: 1, type: 'draw' },
        { seat: 1, type: 'end-turn' },
        { seat: 0, type: 'play', card: '2S' },
      ],
      { options: { drawThenPlay: true } },
    );
    const drawing = pesten.reduce(setup.state, { kind: 'act', seat: 1, action: { type: 'draw' } });
    if (!drawing.ok) throw new Error(drawing.error);
    expect(drawing.value.board.pendingDraw).toEqual({ seat: 1, count: 2, thenPlay: false });
    expect(drawing.value.board.hands[1]).toHaveLength(4);
    expect(drawing.value.requests.map((r) => r.kind)).toEqual(['reshuffle']);
    expect(pesten.awaits(drawing.value)).toMatchObject({ kind: 'crypto' });
  });
  test("the draw waits for the reshuffle itself: showing the stock's last card does not finish it", () => {
    const deal: Deal = {
      hands: [
        ['5S', '8S', 'QD'],
        ['2C', '6D', '7D'],
      ],
      discard: ['3H', '4H', '9C'],
      stock: ['KD'],
    };
    const owed = position(2, deal, [{ seat: 1, type: 'play', card: '2C' }]);
    const drawing = pesten.reduce(owed.state, { kind: 'act', seat: 0, action: { type: 'draw' } });
    if (!drawing.ok) throw new Error(drawing.error);
    expect(drawing.value.requests.map((r) => r.kind)).toEqual(['reveal-to', 'reshuffle']);
    const shown = pesten.reduce(drawing.value, { kind: 'delivered', request: drawing.value.requests[0]?.id ?? -1 });
    if (!shown.ok) throw new Error(shown.error);
    expect(shown.value.board.pendingDraw).toEqual({ seat: 0, count: 1, thenPlay: false });
    expect(shown.value.board.hands[0]).toHaveLength(4);
  });

  test('a penalty draw cut short by a reshuffle is no drawThenPlay draw: the next seat plays freely', () => {
    const deal: Deal = {
      hands: [
        ['3C', '4C', '6S'],
        ['9C', '5C'],
      ],
      discard: ['8H', '9H'],
      stock: [],
    };
    const forgot = position(2, deal, [{ seat: 1, type: 'play', card: '9C' }], { options: { drawThenPlay: true } });
    expect(forgot.state.board).toMatchObject({ turn: 0, drawn: null, pendingDraw: null, reshuffles: 1 });
    expect(hands(forgot)[1]).toEqual(['5C', '8H', '9H']);
    expect(pesten.awaits(forgot.state)).toEqual({ kind: 'move', seat: 0, what: 'play' });
  });
});

describe('awaits', () => {
  test('during the deal the dealer is awaited (the engine reports the crypto first)', () => {
    const setup = pesten.setup({ players: 3, dealer: 2 });
    if (!setup.ok) throw new Error(setup.error);
    expect(awaits(setup.value)).toEqual({ kind: 'move', seat: 2, what: 'deal' });
  });

  test('a turn: play; after a drawThenPlay draw: play-drawn', () => {
    expect(awaits(position(3, deal3).state)).toEqual({ kind: 'move', seat: 2, what: 'play' });
    expect(awaits(position(3, deal3, [{ seat: 2, type: 'draw' }], { options: { drawThenPlay: true } }).state)).toEqual({
      kind: 'move',
      seat: 2,
      what: 'play-drawn',
    });
  });
});
