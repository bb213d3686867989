/**
 * Pesten's rules (src/games/pesten/rules.ts) step by step, fast and exact:
 * every error code a move can get (and which one wins when several apply),
 * each card's effect on the board (turn, owed sum, wish, 7/K follow-up, the
 * 10's pass round, the A's reversal), the "last" event every move records
 * for the UI, draws (owed sums, `drawThenPlay`, a draw the stock and discard
 * pile cannot serve), the end of the round, and what the rules await in every
 * phase. Positions come from readable deals through the scenario runner.
 */
import { describe, expect, test } from 'vitest';
import { runScenario, type ScenarioFile } from '../../../src/engine/index.js';
import { pesten, type PestenState } from '../../../src/games/pesten/index.js';
import { awaits } from '../../../src/games/pesten/rules.js';
import { position } from './helpers.js';

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
  const summary = pesten.rules.scenario?.summarize(pesten.view(state, null, { known: open })) as { hands: string[][] };
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
    const played = position(3, deal3, [{ seat: 2, type: 'play', card: 'QH', announce: false }]);
    expect(played.state.board).toMatchObject({
      turn: 1,
      again: false,
      drawn: null,
      owed: 0,
      wish: null,
      phase: 'play',
    });
    expect(played.state.board.last).toEqual({ kind: 'play', seat: 2, card: 'QH', announced: false, penalty: false });
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
    const done = position(3, dealOn('9H'), [
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
    const start = position(3, { hands: three, discard: ['JD'], stock }, [], { dealer: 1 });
    expect(start.state.board).toMatchObject({ phase: 'wish', turn: 1, last: { kind: 'start', card: 'JD' } });
    expect(pesten.awaits(start.state)).toEqual({ kind: 'move', seat: 1, what: 'wish' });
    expect(
      refusal(3, { hands: three, discard: ['JD'], stock }, [{ seat: 1, type: 'give', card: '3D' }], { dealer: 1 }),
    ).toBe('not-pass-phase');
    const wished = position(3, { hands: three, discard: ['JD'], stock }, [{ seat: 1, type: 'wish', suit: 'H' }], {
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
    expect(position(3, deal3).state.board).toMatchObject({
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
    const forgot = position(
      2,
      deal,
      [...opening, { seat: 0, type: 'end-turn' }, { seat: 1, type: 'play', card: '7C' }],
      { options: { drawThenPlay: true } },
    );
    expect(forgot.state.board.last).toEqual({ kind: 'play', seat: 1, card: '7C', announced: false, penalty: true });
    expect(forgot.state.board).toMatchObject({ turn: 1, again: true, drawn: null });
    expect(hands(forgot)[1]).toEqual(['5C', 'QS', 'KD']);
    expect(pesten.awaits(forgot.state)).toEqual({ kind: 'move', seat: 1, what: 'play-again' });
  });

  test('with "Pesten" no penalty; the last card wins the round and its point, nothing else happens', () => {
    const said = position(2, deal, [...opening, { seat: 1, type: 'play', card: '7C', announce: true }]);
    expect(said.state.board.last).toEqual({ kind: 'play', seat: 1, card: '7C', announced: true, penalty: false });
    expect(said.state.board).toMatchObject({ turn: 1, again: true });
    expect(hands(said)[1]).toEqual(['5C']);
    const won = position(2, deal, [
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
    expect(won.state.board.last).toEqual({ kind: 'play', seat: 1, card: '5C', announced: false, penalty: false });
    expect(awaits(won.state)).toEqual({ kind: 'over' });
  });
});

describe('draws', () => {
  test('an owed draw takes the sum, clears it, records it and ends the turn, also with drawThenPlay', () => {
    const owed = position(
      3,
      deal3,
      [
        { seat: 2, type: 'play', card: '2C' },
        { seat: 1, type: 'draw' },
      ],
      { options: { drawThenPlay: true } },
    );
    expect(owed.state.board).toMatchObject({ owed: 0, turn: 0, drawn: null, again: false });
    expect(owed.state.board.last).toEqual({ kind: 'draw', seat: 1, count: 2, owed: true });
    expect(hands(owed)[1]).toEqual(['3D', '3H', '4D', '6D', '6H', '9S', 'QD']);
  });

  test('a normal draw records one card and passes the turn', () => {
    const drew = position(3, deal3, [{ seat: 2, type: 'draw' }]);
    expect(drew.state.board.last).toEqual({ kind: 'draw', seat: 2, count: 1, owed: false });
    expect(drew.state.board).toMatchObject({ turn: 1, drawn: null, again: false });
    expect(drew.state.board.stock).toHaveLength(stock.length - 1);
  });

  test('drawThenPlay: the drawn card is awaited; end-turn records the event and moves on', () => {
    const options = { options: { drawThenPlay: true } };
    const drew = position(3, deal3, [{ seat: 2, type: 'draw' }], options);
    expect(drew.open[drew.state.board.drawn ?? -1]).toBe('3H');
    expect(drew.state.board.turn).toBe(2);
    const ended = position(
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
    const short = position(2, deal, [
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
    expect(short.state.board.last).toEqual({ kind: 'draw', seat: 1, count: 5, owed: true });
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
    expect(drawing.state.board.pendingDraw).toEqual({ seat: 1, count: 2, thenPlay: false });
    expect(drawing.state.board.hands[1]).toHaveLength(4);
    expect(drawing.state.requests.map((r) => r.kind)).toEqual(['reshuffle']);
    expect(pesten.awaits(drawing.state)).toMatchObject({ kind: 'crypto' });
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
    expect(drawing.state.requests.map((r) => r.kind)).toEqual(['reveal-to', 'reshuffle']);
    const shown = pesten.reduce(drawing.state, { kind: 'delivered', request: drawing.state.requests[0]?.id ?? -1 });
    if (!shown.ok) throw new Error(shown.error);
    expect(shown.state.board.pendingDraw).toEqual({ seat: 0, count: 1, thenPlay: false });
    expect(shown.state.board.hands[0]).toHaveLength(4);
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
    expect(awaits(setup.state)).toEqual({ kind: 'move', seat: 2, what: 'deal' });
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
