/**
 * The Pesten bot plays like a reasonable person, through the same API as a
 * person: it answers a draw chain with a 2 before a joker, keeps its 2s and
 * jokers otherwise, wishes its longest suit, announces "Pesten", never keeps
 * a special card for last, passes its worst card on a 10, plays rather than
 * draws when a sensible play exists, only ever picks a legal action, and
 * beats uniformly random play.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type ScenarioFile } from '../../../src/engine/index.js';
import { makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { pesten, pestenBot, type PestenAction, type PestenState } from '../../../src/games/pesten/index.js';
import { play, position } from './helpers.js';

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
