/**
 * The Pesten bot (src/games/pesten/bot.ts) plays like a reasonable person,
 * through the same API as a person: it answers a draw chain with a 2 before
 * a joker, keeps its 2s and jokers otherwise, wishes its longest suit,
 * announces "Pesten", never keeps a special card for last, passes its worst
 * card on a 10, plays rather than draws when a sensible play exists, only
 * ever picks a legal action, and beats uniformly random play. Its rules of
 * thumb one position each: which card it prefers (8 over A over 10, a 7/K
 * only with a follow-up, a J or a lone joker only when urgent, a 2 with two
 * chain cards), the A's bonus with 3 players, its worst card on a 10, its
 * longest suit, and the random slips of `pestenBot` (when they happen, which
 * action they pick, never while crypto is pending).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type ScenarioFile } from '../../../src/engine/index.js';
import { makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { pesten, type PestenAction, type PestenState } from '../../../src/games/pesten/index.js';
import { pestenBot, pestenHeuristic } from '../../../src/games/pesten/bot.js';
import { play, position } from './helpers.js';
import { longestSuit } from '../../../src/games/pesten/bot.js';

const bot = pestenBot();

/** The bot's move for `seat` in a position built from a readable deal (2 or 3 seats). */
function choose(
  seats: number,
  deal: ScenarioFile['deal'],
  seat: number,
  actions: ScenarioFile['actions'] = [],
  dealer = 0,
): { action: PestenAction; legal: PestenAction[] } {
  const { state, open } = position(seats, deal, actions, { dealer });
  const view = privateViewOf(state, open, seat);
  const action = bot(pesten, state, seat, view) as PestenAction;
  return { action, legal: pesten.legalActions(state, seat, view) };
}

function describeAction(action: PestenAction): string {
  if (action.type === 'play')
    return `${action.card}${action.wish ? `→${action.wish}` : ''}${action.announce ? ' Pesten!' : ''}`;
  if (action.type === 'give') return `give ${action.handle}`;
  return action.type === 'wish' ? `wish ${action.suit}` : action.type;
}

const other = ['3C', '4C', '6S', '7S', '8D', '9D'];

describe('pestenBot', () => {
  test('answers a draw chain with a 2 before a joker', () => {
    const { action, legal } = choose(
      2,
      {
        hands: [
          ['JKR', '2D', '5C', '9S', 'QD'],
          ['2H', ...other],
        ],
        discard: ['5H'],
      },
      0,
      [{ seat: 1, type: 'play', card: '2H' }],
    );
    expect(legal).toContainEqual(action);
    expect(describeAction(action)).toBe('2D');
  });

  test('keeps its 2s and jokers when an ordinary card goes', () => {
    const { action } = choose(
      2,
      {
        hands: [
          ['3C', '4C', '6S', '7S', '8D'],
          ['JKR', '2H', '6H', '9S', 'QD', '4D'],
        ],
        discard: ['5H'],
      },
      1,
    );
    expect(describeAction(action)).toBe('6H');
  });

  test('draws rather than spend its only joker on a long hand, while the next player is far from out', () => {
    const { action } = choose(
      2,
      {
        hands: [
          ['3C', '4C', '6S', '7S', '8D', '9D'],
          ['JKR', '3D', '9S', 'QD', '4D', '6C'],
        ],
        discard: ['5H'],
      },
      1,
    );
    expect(action).toEqual({ type: 'draw' });
  });

  test('plays a 2 at a next player about to go out', () => {
    const { action } = choose(
      2,
      {
        hands: [
          ['3C', '4C'],
          ['2H', '3D', '9S', 'QD', '4D', '6C'],
        ],
        discard: ['5H'],
      },
      1,
    );
    expect(describeAction(action)).toBe('2H');
  });

  test('plays a J when nothing else goes, wishing its longest suit', () => {
    const { action } = choose(
      2,
      {
        hands: [
          ['3C', '4C', '6S', '7S', '8D'],
          ['JC', '3D', '9D', 'QD', '4S', '6C'],
        ],
        discard: ['5H'],
      },
      1,
    );
    expect(describeAction(action)).toBe('JC→D');
  });

  test('as the dealer on a start J, wishes its longest suit', () => {
    const { action } = choose(
      2,
      {
        hands: [
          ['3S', '4S', '6S', '7H', '8D'],
          ['3D', '9D', 'QD', '4H', '6C'],
        ],
        discard: ['JC'],
      },
      0,
    );
    expect(action).toEqual({ type: 'wish', suit: 'S' });
  });

  test('announces "Pesten" and plays a special card before an ordinary one, so its last card may be played', () => {
    const { action } = choose(
      2,
      {
        hands: [
          ['3C', '4C', '6S', '7S'],
          ['KH', '6H'],
        ],
        discard: ['5H'],
      },
      1,
    );
    expect(describeAction(action)).toBe('KH Pesten!');
    const last = choose(
      2,
      {
        hands: [
          ['3C', '4C', '6S', '7S'],
          ['KH', '6H'],
        ],
        discard: ['5H'],
      },
      1,
      [{ seat: 1, type: 'play', card: 'KH', announce: true }],
    );
    expect(describeAction(last.action)).toBe('6H');
  });

  test('with an ordinary card that goes and a special one that does not, draws rather than keep the special card for last', () => {
    const { action } = choose(
      2,
      {
        hands: [
          ['3C', '4C', '6S', '7S'],
          ['6H', '8C'],
        ],
        discard: ['5H'],
      },
      1,
    );
    expect(action).toEqual({ type: 'draw' });
  });

  test('passes its worst card on a 10: an ordinary card of its shortest suit, never a joker, 2 or J', () => {
    const deal = {
      hands: [
        ['JKR', '2C', '5S', '9H', '9C', '4H'],
        ['3D', '4D', '6D', '9S', 'QD'],
        ['10H', '4S', '3H', '6C', '9D'],
      ],
      discard: ['5H'],
    };
    const { state, open } = position(3, deal, [{ seat: 2, type: 'play', card: '10H' }]);
    const action = bot(pesten, state, 0, privateViewOf(state, open, 0)) as PestenAction;
    expect(action.type === 'give' && open[action.handle]).toBe('5S');
  });

  test('is not asked for a move when its seat is not awaited', () => {
    const { state, open } = position(2, {
      hands: [
        ['3C', '4C'],
        ['5D', '6D'],
      ],
      discard: ['5H'],
    });
    expect(bot(pesten, state, 0, privateViewOf(state, open, 0))).toBeNull();
  });

  test('beats uniformly random play', () => {
    let wins = 0;
    const hands = 80;
    for (let i = 0; i < hands; i++) {
      const botSeat = i % 2;
      const bots: Bot[] = [0, 1].map((seat) => (seat === botSeat ? pestenBot() : randomBot(makeRng(1000 + i))));
      const result = play({ players: 2, dealer: (i >> 1) % 2 }, 500 + i, bots, { maxInputs: 40_000 });
      expect(result.ok && result.finished).toBe(true);
      if ((result.state as PestenState).board.winner === botSeat) wins += 1;
    }
    expect(wins).toBeGreaterThan(hands * 0.75);
  });
});

const far = ['3S', '4S', '6C', '9C', 'QC', 'KS'];
const said = (a: PestenAction | null): string =>
  a === null ? 'null' : a.type === 'play' ? `${a.card}${a.wish ? `→${a.wish}` : ''}` : a.type;

function choice(hand: string[], top = '9H', seats = 2, others: string[][] = [far]): string {
  const deal: ScenarioFile['deal'] = { hands: [...others, hand], discard: [top] };
  const seat = seats - 1;
  const { state, open } = position(seats, deal);
  return said(pestenHeuristic(state, seat, privateViewOf(state, open, seat)));
}

describe('which card the heuristic plays', () => {
  test.each<[string[], string]>([
    [['8H', 'AH', '10H', '3C', '4D', '6S'], '8H'],
    [['AH', '10H', '3C', '4D', '6S'], 'AH'],
    [['10H', '3C', '4D', '6S'], '10H'],
    [['5H', '8H', '3C', '4D', '6S'], '8H'],
    [['5H', '4H', '3H', '8H', '3C'], '5H'],
    [['JC', '3C', '4D', '6S', '5S'], 'JC→S'],
    [['JC', '3C', '4D'], 'JC→C'],
    [['7H', '7C', '3C', '4D', '6S'], '7H'],
    [['7H', '3C', '4D', '6S', '5D'], 'draw'],
    [['KH', '3C', '4D', '6S', '5D'], 'draw'],
    [['2H', '2C', '3C', '4D', '6S'], '2H'],
    [['2H', '3C', '4D', '6S', '5D'], 'draw'],
    [['JKR', '2C', '3C', '4D', '6S'], 'draw'],
    [['JKR', '3C', '4D'], 'JKR'],
    [['JC', '5H', '3C', '4D', '6S'], '5H'],
    [['10H', '5H', '3C', '4D'], '5H'],
  ])('%j on 9♥ → %s', (hand, expected) => {
    expect(choice(hand)).toBe(expected);
  });

  test('an A with 3 players is worth more when the next seat holds fewer cards than the previous one', () => {
    expect(choice(['8H', 'AH', '3C', '4D', '6S'], '9H', 3, [far, ['3D', '4C', '5C']])).toBe('AH');
    expect(choice(['8H', 'AH', '3C', '4D', '6S'], '9H', 3, [['3D', '4C', '5C'], far])).toBe('8H');
    expect(
      choice(['8H', 'AH', '3C', '4D', '6S'], '9H', 3, [
        ['3D', '4C', '5C'],
        ['6D', '7C', '5D'],
      ]),
    ).toBe('8H');
  });

  test('an 8 is worth more when the next seat is close to going out', () => {
    expect(choice(['8H', 'AH', '3C', '4D', '6S'], '9H', 2, [['3S', '4S']])).toBe('8H');
  });

  test('not asked while crypto is pending', () => {
    const setup = pesten.setup({ players: 2 });
    if (!setup.ok) throw new Error(setup.error);
    expect(pestenHeuristic(setup.value, setup.value.board.turn, { known: {} })).toBeNull();
  });
});

describe('its worst card on a 10', () => {
  test.each<[string[], string]>([
    [['JKR', '2C', 'JH', '8S'], '8S'],
    [['JKR', '2C', 'JH'], 'JH'],
    [['JKR', '2C'], '2C'],
    [['9H', '4H', '5S'], '5S'],
    [['8C', '9H', '4H', '5S'], '5S'],
    [['3D', '5S'], '3D'],
    [['9H', 'JH', '5S'], '9H'],
  ])('%j → %s', (hand, expected) => {
    const { state, open } = position(2, { hands: [hand, ['10H', '3H', '6D']], discard: ['5H'] }, [
      { seat: 1, type: 'play', card: '10H' },
    ]);
    const action = pestenHeuristic(state, 0, privateViewOf(state, open, 0));
    expect(action?.type === 'give' ? open[action.handle] : action).toBe(expected);
  });
});

describe('longestSuit', () => {
  test.each<[string[], string]>([
    [[], 'C'],
    [['5D', '6D', '5H'], 'D'],
    [['JH', 'JS', '5C'], 'C'],
    [['5S', '5H'], 'H'],
    [['JKR', 'JKB', '4S'], 'S'],
  ])('%j → %s', (cards, suit) => {
    expect(longestSuit(cards)).toBe(suit);
  });
});

describe('pestenBot slips', () => {
  const deal: ScenarioFile['deal'] = { hands: [far, ['5H', '8H', '3C', '4D', '6S']], discard: ['9H'] };
  const move = (options: Parameters<typeof pestenBot>[0]) => {
    const { state, open } = position(2, deal);
    return said(pestenBot(options)(pesten, state, 1, privateViewOf(state, open, 1)));
  };

  test('a slip picks a legal action by the random number; no slip means the heuristic', () => {
    expect(move({ random: () => 0, noise: 1 })).toBe('5H');
    expect(move({ random: () => 0.99, noise: 1 })).toBe('draw');
    expect(move({ random: () => 0.7, noise: 0.7 })).toBe('8H');
    expect(move({ random: () => 0.2, noise: 0.5 })).toBe('5H');
    expect(move({ random: () => 0, noise: 0 })).toBe('8H');
    expect(move({ noise: 1 })).toBe('8H');
    expect(move({})).toBe('8H');
  });

  test('slips also in a pass round, never while crypto is pending or for a seat not awaited', () => {
    const { state, open } = position(
      2,
      {
        hands: [
          ['9H', '4H', '5S'],
          ['10H', '3H', '6D'],
        ],
        discard: ['5H'],
      },
      [{ seat: 1, type: 'play', card: '10H' }],
    );
    const give = pestenBot({ random: () => 0, noise: 1 })(pesten, state, 0, privateViewOf(state, open, 0));
    expect(give?.type === 'give' && open[give.handle]).toBe('9H');
    const played = position(2, deal);
    const drawing = pesten.reduce(played.state, { kind: 'act', seat: 1, action: { type: 'draw' } });
    if (!drawing.ok) throw new Error(drawing.error);
    expect(drawing.value.requests.length).toBeGreaterThan(0);
    expect(
      pestenBot({ random: () => 0, noise: 1 })(pesten, drawing.value, 0, privateViewOf(drawing.value, played.open, 0)),
    ).toBeNull();
    expect(
      pestenBot({ random: () => 0, noise: 1 })(pesten, played.state, 0, privateViewOf(played.state, played.open, 0)),
    ).toBeNull();
  });
});
