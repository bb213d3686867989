/**
 * Pesten's log lines: through the registry (what the table log shows),
 * plays name their card, a J its wish, the announcement is said; the state
 * adds how many cards a draw took and whether they were owed, who an 8
 * skipped, a forgotten announcement, the round's end with the points, from
 * the states right before and after the input; a pass on a 10 never names
 * the card; a reshuffle is said; without those states, or with states that
 * are not the input's, the plain line is used (never a wrong detail).
 * And describe.ts line by line, exact: the plain line of every action (each
 * suit's wish, the announcement), what the state adds to a play (skip,
 * direction both ways, pass round, owed sum, play again, forgotten
 * announcement, the round's and the match's end) and to a draw (owed or one
 * card), the start card and reshuffle lines, every case where the state is
 * not this input's (then the plain line), and the private lines of a 10's
 * passes with known and unknown cards. describe.ts builds its suit table
 * when it loads, so those tests load it afresh (docs/TESTING.md).
 */
import { describe, expect, test, it } from 'vitest';
import type { Input, OpenCards } from '../../../src/engine/index.js';
import { pesten, type PestenAction, type PestenState } from '../../../src/games/pesten/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { position } from './helpers.js';
import { describeInput, gameModule } from '../../../src/games/index.js';

const names = ['Ann', 'Bob', 'Cleo'];
const lines = () => loadedNow(() => import('../../../src/games/pesten/describe.js'));
const handleOf = (open: OpenCards, card: string): number =>
  Number(Object.entries(open).find(([, c]) => c === card)?.[0] ?? -1);
const act = (seat: number, action: PestenAction | { type: string }): Input => ({ kind: 'act', seat, action });

/** The line for `input` between `before` and `state`, with the module's own plain line as the base. */
async function line(
  input: Input,
  state: PestenState | null,
  before: PestenState | null = null,
  who = names,
): Promise<string> {
  const { describeAction, describePestenInput } = await lines();
  const base = (i: Input, n: readonly string[]) =>
    i.kind === 'act' ? describeAction(i.action as PestenAction, n[i.seat] ?? '?', () => null) : '';
  return describePestenInput(base, input, who, state, before);
}

describe('the plain line of every action', () => {
  test.each<[PestenAction, string]>([
    [{ type: 'play', handle: 1, card: '5H' }, 'Bob played 5♥'],
    [{ type: 'play', handle: 1, card: '5H', announce: false }, 'Bob played 5♥'],
    [{ type: 'play', handle: 1, card: '5H', announce: true }, 'Bob played 5♥ and announces Pesten!'],
    [{ type: 'play', handle: 1, card: 'JD', wish: 'C' }, 'Bob played J♦ and wishes ♣'],
    [
      { type: 'play', handle: 1, card: 'JD', wish: 'D', announce: true },
      'Bob played J♦ and wishes ♦ and announces Pesten!',
    ],
    [{ type: 'play', handle: 1, card: 'JD', wish: 'H' }, 'Bob played J♦ and wishes ♥'],
    [{ type: 'play', handle: 1, card: 'JD', wish: 'S' }, 'Bob played J♦ and wishes ♠'],
    [{ type: 'draw' }, 'Bob draws'],
    [{ type: 'end-turn' }, 'Bob keeps the drawn card'],
    [{ type: 'wish', suit: 'C' }, 'Bob wishes ♣'],
    [{ type: 'wish', suit: 'S' }, 'Bob wishes ♠'],
    [{ type: 'give', handle: 3 }, 'Bob passes a card'],
  ])('%j → %s', async (action, expected) => {
    const { describeAction } = await lines();
    expect(describeAction(action, 'Bob', () => null)).toBe(expected);
  });
});

describe('what the state adds', () => {
  const hands = [
    ['3C', '4C', '6S', '7S', '8D'],
    ['3D', '4D', '6D', '9S', 'QD'],
    ['5H', '2H', '7H', 'JH', 'KH', '8H', '10H', 'AH', 'JKR', 'AS'],
  ];
  const stock = ['3H', '6H', '9D', 'KD', 'QS', '5S'];
  /** Cleo holds 7♥ 5♥: a 7 with her second-to-last card, unannounced. */
  const twoLeft = {
    hands: [
      ['3C', '4C'],
      ['3D', '4D'],
      ['7H', '5H'],
    ],
    discard: ['9H'],
    stock,
  };
  const after = async (steps: Parameters<typeof position>[2], top = '9H', extra = {}) => {
    const played = position(3, { hands, discard: [top], stock }, steps, extra);
    const before = position(3, { hands, discard: [top], stock }, steps?.slice(0, -1), extra);
    const step = steps?.at(-1) as { seat: number; type: string; card?: string; wish?: string };
    const action =
      step.type === 'play'
        ? {
            type: 'play',
            handle: handleOf(played.open, step.card ?? ''),
            card: step.card,
            ...(step.wish ? { wish: step.wish } : {}),
          }
        : { type: step.type };
    return line(act(step.seat, action as PestenAction), played.state, before.state);
  };

  test.each<[string, string]>([
    ['5H', 'Cleo played 5♥'],
    ['8H', 'Cleo played 8♥ — Bob is skipped'],
    ['AH', 'Cleo played A♥ — play turns counter-clockwise'],
    ['10H', 'Cleo played 10♥ — everyone passes a card'],
    ['2H', 'Cleo played 2♥ — Bob owes 2'],
    ['JKR', 'Cleo played red joker — Bob owes 5'],
    ['7H', 'Cleo played 7♥ and plays again'],
    ['KH', 'Cleo played K♥ and plays again'],
  ])('%s → %s', async (card, expected) => {
    expect(await after([{ seat: 2, type: 'play', card }])).toBe(expected);
  });

  test('a J: the wish only; a second A turns play clockwise again; an 8 skips the other way after an A', async () => {
    expect(await after([{ seat: 2, type: 'play', card: 'JH', wish: 'S' }])).toBe('Cleo played J♥ and wishes ♠');
    const back = [
      { seat: 2, type: 'play', card: 'AH' },
      { seat: 0, type: 'draw' },
      { seat: 1, type: 'draw' },
      { seat: 2, type: 'play', card: 'AS' },
    ];
    expect(await after(back)).toBe('Cleo played A♠ — play turns clockwise');
    const skip = [
      { seat: 2, type: 'play', card: 'AH' },
      { seat: 0, type: 'draw' },
      { seat: 1, type: 'draw' },
      { seat: 2, type: 'play', card: '8H' },
    ];
    expect(await after(skip)).toBe('Cleo played 8♥ — Ann is skipped');
  });

  test('an A with 2 players says nothing about the direction', async () => {
    const played = position(
      2,
      {
        hands: [
          ['3C', '4C'],
          ['AH', '5D', '6D'],
        ],
        discard: ['9H'],
      },
      [{ seat: 1, type: 'play', card: 'AH' }],
    );
    const before = position(2, {
      hands: [
        ['3C', '4C'],
        ['AH', '5D', '6D'],
      ],
      discard: ['9H'],
    });
    const ace = act(1, { type: 'play', handle: handleOf(played.open, 'AH'), card: 'AH' });
    expect(await line(ace, played.state, before.state)).toBe('Bob played A♥');
  });

  test('draws: the owed sum, or one card', async () => {
    expect(
      await after([
        { seat: 2, type: 'play', card: 'JKR' },
        { seat: 1, type: 'draw' },
      ]),
    ).toBe('Bob draws 5 (owed)');
    expect(await after([{ seat: 2, type: 'draw' }])).toBe('Cleo draws 1 card');
  });

  test("without the states around the input, or states that are not this input's: the plain line", async () => {
    const start = position(3, { hands, discard: ['9H'], stock });
    const played = position(3, { hands, discard: ['9H'], stock }, [{ seat: 2, type: 'play', card: '8H' }]);
    const eight = { type: 'play', handle: handleOf(played.open, '8H'), card: '8H' } as const;
    expect(await line(act(2, eight), played.state, start.state)).toBe('Cleo played 8♥ — Bob is skipped');
    expect(await line(act(2, eight), played.state)).toBe('Cleo played 8♥');
    expect(await line(act(2, eight), null, start.state)).toBe('Cleo played 8♥');
    // Not this seat's turn before, or not this card on the pile after.
    expect(await line(act(1, eight), played.state, start.state)).toBe('Bob played 8♥');
    expect(await line(act(2, { ...eight, handle: eight.handle + 1 }), played.state, start.state)).toBe(
      'Cleo played 8♥',
    );
    const { describePestenInput } = await lines();
    expect(describePestenInput(() => '', act(2, eight), names, played.state, start.state)).toBe('');
  });

  test("the round's end, with the points and the match; a forgotten announcement with the card's effect", async () => {
    const deal = { hands: [['3C', '4C'], ['3D', '4D'], ['5H']], discard: ['9H'], stock };
    const won = position(3, deal, [{ seat: 2, type: 'play', card: '5H' }]);
    const dealt = position(3, deal).state;
    const five = act(2, { type: 'play', handle: handleOf(won.open, '5H'), card: '5H' });
    expect(await line(five, won.state, dealt)).toBe('Cleo played 5♥ and wins the round — 1 point');
    const twice = { ...won.state, board: { ...won.state.board, points: [0, 0, 2] } };
    expect(await line(five, twice, dealt)).toBe('Cleo played 5♥ and wins the round and the match — 2 points');
    const three = { ...twice, options: { ...twice.options, targetPoints: 3 } };
    expect(await line(five, three, dealt)).toBe('Cleo played 5♥ and wins the round — 2 points');
    const forgot = position(3, twoLeft, [{ seat: 2, type: 'play', card: '7H' }]);
    const seven = act(2, { type: 'play', handle: handleOf(forgot.open, '7H'), card: '7H' });
    const before = position(3, twoLeft).state;
    expect(await line(seven, forgot.state, before)).toBe(
      'Cleo played 7♥ and forgot to announce Pesten and draws 2 and plays again',
    );
  });

  test('inputs that are not moves, moves without the state before them, and other moves keep their plain line', async () => {
    const { describePestenInput } = await lines();
    const drew = position(3, { hands, discard: ['9H'], stock }, [{ seat: 2, type: 'draw' }]);
    expect(describePestenInput(() => 'crypto', { kind: 'delivered', request: 1 }, names, drew.state)).toBe('crypto');
    expect(await line(act(2, { type: 'draw' }), drew.state)).toBe('Cleo draws');
    expect(await line(act(2, { type: 'play', handle: 1, card: '5H' }), drew.state)).toBe('Cleo played 5♥');
    const forgot = position(3, twoLeft, [{ seat: 2, type: 'play', card: '7H' }]);
    const before = position(3, twoLeft).state;
    expect(await line(act(2, { type: 'end-turn' }), forgot.state, before)).toBe('Cleo keeps the drawn card');
    expect(await line(act(2, { type: 'wish', suit: 'H' }), forgot.state, before)).toBe('Cleo wishes ♥');
  });

  test('names fall back to the seat number', async () => {
    const drew = position(3, { hands, discard: ['9H'], stock }, [{ seat: 2, type: 'draw' }]);
    const before = position(3, { hands, discard: ['9H'], stock }).state;
    expect(await line(act(2, { type: 'draw' }), drew.state, before, ['Ann'])).toBe('Seat 3 draws 1 card');
  });
});

describe('crypto inputs', () => {
  test('the start card is said once, when its reveal ends the deal and no reshuffle happened', async () => {
    const { state, open } = position(3, { hands: [['3C'], ['3D'], ['3H']], discard: ['5H'] });
    // The state before the reveal that ended the deal.
    const dealing = { ...state, board: { ...state.board, phase: 'deal' as const } };
    const start = state.board.discard[0] ?? -1;
    const revealed: Input = { kind: 'revealed', request: 1, cards: { [String(start)]: '5H' } };
    expect(await line(revealed, state, dealing)).toBe('the start card is 5♥');
    expect(await line(revealed, { ...state, board: { ...state.board, reshuffles: 1 } }, dealing)).toBe('');
    // A reveal after the deal had ended already.
    expect(await line(revealed, state, state)).toBe('');
    expect(
      await line(
        { kind: 'revealed', request: 1, cards: { [String(start + 1)]: open[start + 1] ?? '' } },
        state,
        dealing,
      ),
    ).toBe('');
    expect(await line(revealed, null, dealing)).toBe('');
    expect(await line(revealed, state)).toBe('');
    expect(await line({ kind: 'reshuffled', request: 2 }, state)).toBe('the stock is reshuffled');
  });
});

describe("the private lines of a 10's passes", () => {
  const deal = {
    hands: [
      ['3C', '4C', '6S'],
      ['6D', '3D', '4D'],
      ['10H', '4S', '3H', '6C'],
    ],
    discard: ['5H'],
  };
  const played = position(3, deal, [{ seat: 2, type: 'play', card: '10H' }]);
  const h = (card: string) => handleOf(played.open, card);
  const give = (seat: number, card: string): Input => act(seat, { type: 'give', handle: h(card) });
  const step = (state: PestenState, input: Input): PestenState => {
    const next = pesten.reduce(state, input);
    if (!next.ok) throw new Error(next.error);
    return next.value;
  };

  test('the giver, the receiver, the others; known and unknown cards', async () => {
    const { describePestenPrivate } = await lines();
    const knowAll = (handle: number) => played.open[handle] ?? null;
    const knowNone = () => null;
    const one = step(played.state, give(0, '3C'));
    expect(describePestenPrivate(give(0, '3C'), 0, knowAll, played.state, one, names)).toBe('you pass 3♣ to Cleo');
    expect(describePestenPrivate(give(0, '3C'), 0, knowNone, played.state, one, names)).toBe('you pass a card to Cleo');
    expect(describePestenPrivate(give(0, '3C'), 1, knowAll, played.state, one, names)).toBe('');
    const two = step(one, give(2, '4S'));
    const last = give(1, '6D');
    const done = step(two, last);
    // The last give names only the giver's own card; the passes land by one forward each.
    expect(describePestenPrivate(last, 1, knowAll, two, done, names)).toBe('you pass 6♦ to Ann');
    expect(describePestenPrivate(last, 2, knowAll, two, done, names)).toBe('');
    expect(describePestenPrivate(last, 0, knowAll, two, done, names)).toBe('');
    const forwards = done.requests.filter((r) => r.kind === 'forward');
    expect(forwards).toHaveLength(3);
    const delivered = (from: number): Input => ({
      kind: 'delivered',
      request: forwards.find((r) => r.kind === 'forward' && r.from === from)!.id,
    });
    // Each receiver reads who passed it which card once that card is delivered to it; nobody else reads it.
    expect(describePestenPrivate(delivered(0), 2, knowAll, done, done, names)).toBe('Ann passed you 3♣');
    expect(describePestenPrivate(delivered(0), 2, knowNone, done, done, names)).toBe('Ann passed you a card');
    expect(describePestenPrivate(delivered(0), 0, knowAll, done, done, names)).toBe('');
    expect(describePestenPrivate(delivered(0), 1, knowAll, done, done, names)).toBe('');
    expect(describePestenPrivate(delivered(1), 0, knowAll, done, done, names)).toBe('Bob passed you 6♦');
    // Bob's give completed the round: Bob reads the card he receives too.
    expect(describePestenPrivate(delivered(2), 1, knowAll, done, done, names)).toBe('Cleo passed you 4♠');
    expect(describePestenPrivate({ kind: 'delivered', request: 999 }, 1, knowAll, done, done, names)).toBe('');
    expect(describePestenPrivate({ kind: 'reshuffled', request: 1 }, 1, knowAll, two, done, names)).toBe('');
    expect(describePestenPrivate(act(2, { type: 'draw' }), 1, knowAll, done, done, names)).toBe('');
    expect(describePestenPrivate(act(1, { type: 'draw' }), 1, knowAll, done, done, names)).toBe('');
    expect(describePestenPrivate(act(1, { type: 'give' } as never), 0, knowAll, two, done, names)).toBe('');
  });
});

const handleIn = (open: OpenCards, card: string): number => {
  const found = Object.entries(open).find(([, c]) => c === card);
  if (!found) throw new Error(`no ${card}`);
  return Number(found[0]);
};
const tableLine = (input: Input, state: PestenState | null, before: PestenState | null = null) =>
  describeInput('pesten', input, names, state, before);

const hands = [
  ['9H', '3C', '4C', '6S', '7S'],
  ['3D', '4D', '6D', '9D', 'QD'],
  ['8H', '3S', 'JS', '2C', '10S'],
];

describe('the lines the table log shows, through the registry', () => {
  it('names the card, the wish and the announcement from the action alone', () => {
    const { open } = position(3, { hands, discard: ['5H'] });
    const jack = {
      kind: 'act' as const,
      seat: 0,
      action: { type: 'play', handle: handleIn(open, 'JS'), card: 'JS', wish: 'H' },
    };
    expect(tableLine(jack, null)).toBe('Ann played J♠ and wishes ♥');
    const last = { kind: 'act' as const, seat: 2, action: { type: 'play', handle: 1, card: '9H', announce: true } };
    expect(tableLine(last, null)).toBe('Cleo played 9♥ and announces Pesten!');
    expect(tableLine({ kind: 'act', seat: 1, action: { type: 'give', handle: handleIn(open, '9D') } }, null)).toBe(
      'Bob passes a card',
    );
    expect(tableLine({ kind: 'act', seat: 1, action: { type: 'draw' } }, null)).toBe('Bob draws');
    expect(tableLine({ kind: 'act', seat: 1, action: { type: 'wish', suit: 'C' } }, null)).toBe('Bob wishes ♣');
    expect(tableLine({ kind: 'reshuffled', request: 4 }, null)).toBe('the stock is reshuffled');
  });

  it('says who an 8 skips and how many cards an owed draw took', () => {
    const eight = position(3, { hands, discard: ['5H'] }, [{ seat: 2, type: 'play', card: '8H' }]);
    const play8 = {
      kind: 'act' as const,
      seat: 2,
      action: { type: 'play', handle: handleIn(eight.open, '8H'), card: '8H' },
    };
    const dealt = position(3, { hands, discard: ['5H'] }).state;
    expect(tableLine(play8, eight.state, dealt)).toBe('Cleo played 8♥ — Bob is skipped');
    const deal = { hands, discard: ['5C'], stock: ['KD', 'AD', 'QC'] };
    const owes = position(3, deal, [{ seat: 2, type: 'play', card: '2C' }]);
    const chain = position(3, deal, [
      { seat: 2, type: 'play', card: '2C' },
      { seat: 1, type: 'draw' },
    ]);
    const draw = { kind: 'act' as const, seat: 1, action: { type: 'draw' } };
    expect(tableLine(draw, chain.state, owes.state)).toBe('Bob draws 2 (owed)');
    // States that are not this input's (Ann played since): the plain line, no wrong count.
    const later = position(3, deal, [
      { seat: 2, type: 'play', card: '2C' },
      { seat: 1, type: 'draw' },
      { seat: 0, type: 'play', card: '3C' },
    ]);
    expect(tableLine(draw, later.state, chain.state)).toBe('Bob draws');
  });

  it('says the round is won, with the points, and a forgotten announcement', () => {
    const lastCard = { hands: [['9H', '3C'], ['3D', '4D'], ['5H']], discard: ['5C'], stock: ['KD', 'AD'] };
    const end = position(3, lastCard, [{ seat: 2, type: 'play', card: '5H' }]);
    const won = {
      kind: 'act' as const,
      seat: 2,
      action: { type: 'play', handle: handleIn(end.open, '5H'), card: '5H' },
    };
    const before = position(3, lastCard);
    expect(tableLine(won, end.state, before.state)).toBe('Cleo played 5♥ and wins the round — 1 point');
    const twoCards = {
      ...lastCard,
      hands: [
        ['9H', '3C'],
        ['3D', '4D'],
        ['5H', '6H'],
      ],
    };
    const forgot = position(3, twoCards, [{ seat: 2, type: 'play', card: '5H' }]);
    const play = {
      kind: 'act' as const,
      seat: 2,
      action: { type: 'play', handle: handleIn(forgot.open, '5H'), card: '5H' },
    };
    const dealt = position(3, twoCards);
    expect(tableLine(play, forgot.state, dealt.state)).toBe('Cleo played 5♥ and forgot to announce Pesten and draws 2');
  });
});

describe("a 10's passes are named to the giver and the receiver only", () => {
  const deal = {
    hands: [
      ['3C', '4C', '6S', '7S', '8D'],
      ['6D', '3D', '4D', '9S', 'QD'],
      ['10H', '4S', '3H', '6C', '9D'],
    ],
    discard: ['5H'],
  };
  const played = position(3, deal, [{ seat: 2, type: 'play', card: '10H' }], { dealer: 0 });
  const h = (card: string) => handleIn(played.open, card);
  const module = gameModule('pesten')!;
  /** Seat `viewer`'s private line for `input` after `state`, knowing its own hand (and the cards the fixed deal shows it). */
  const privately = (viewer: number, input: Input, before: PestenState) => {
    const next = pesten.reduce(before, input);
    if (!next.ok) throw new Error(next.error);
    const hand = new Set([...before.board.hands[viewer]!, ...(next.value as PestenState).board.hands[viewer]!]);
    const know = (handle: number) => (hand.has(handle) ? (played.open[handle] ?? null) : null);
    return {
      line: module.describePrivate!(input, viewer, know, before, next.value, names),
      after: next.value as PestenState,
    };
  };
  const give = (seat: number, card: string): Input => ({
    kind: 'act',
    seat,
    action: { type: 'give', handle: h(card) },
  });

  it('the giver reads which card went to whom; the receiver reads it when it is delivered; the others read nothing', () => {
    // Clockwise is descending: Ann (0) passes to Cleo (2).
    const first = privately(0, give(0, '3C'), played.state);
    expect(first.line).toBe('you pass 3♣ to Cleo');
    expect(privately(1, give(0, '3C'), played.state).line).toBe('');
    expect(privately(2, give(0, '3C'), played.state).line).toBe('');
    // The public line never names it.
    expect(tableLine(give(0, '3C'), first.after)).toBe('Ann passes a card');
    const second = privately(2, give(2, '4S'), first.after);
    expect(second.line).toBe('you pass 4♠ to Bob');
    // Bob's give is the last: the passes land. Cleo receives Ann's 3♣, Ann receives Bob's 6♦, Bob receives Cleo's 4♠,
    // each named to its receiver when its forward is delivered (the receiver's page knows it then).
    const third = privately(1, give(1, '6D'), second.after);
    expect(third.line).toBe('you pass 6♦ to Ann');
    expect(privately(0, give(1, '6D'), second.after).line).toBe('');
    let state = third.after;
    const heard: string[][] = [[], [], []];
    for (const request of state.requests.filter((r) => r.kind === 'forward')) {
      const input: Input = { kind: 'delivered', request: request.id };
      for (const viewer of [0, 1, 2]) {
        const line = privately(viewer, input, state).line;
        if (line) heard[viewer]!.push(line);
      }
      state = privately(0, input, state).after;
    }
    expect(heard).toEqual([['Bob passed you 6♦'], ['Cleo passed you 4♠'], ['Ann passed you 3♣']]);
  });
});
