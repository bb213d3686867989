/**
 * The log lines of Stress (speed): through the registry, with the states
 * before and after each input (as the table's narrator passes them), which
 * card went on which centre stack, a stress call and who takes the stacks
 * (how many cards), a stalemate's new centre cards, and the winner. And as
 * exact strings with describe.ts called directly: a line for each kind of
 * move (the card and the centre card it covered, or what the viewer could
 * not know, the stack named by its side), each effect line speedEffects adds
 * from the states before and after an input (who takes both stacks and how
 * many cards, a call that does nothing, a stalemate's new centre cards or
 * restack, a winner, a blocked hand) and only when it happened.
 */
import { loadedNow } from '../../helpers/loaded-now.js';
import { describe, expect, test } from 'vitest';
import { settle, type Input } from '../../../src/engine/index.js';
import { describeInput } from '../../../src/games/index.js';
import { stressSpeed, type SpeedState } from '../../../src/games/stress-speed/index.js';
import { handleOf, position } from './helpers.js';
import type { CardId, Handle } from '../../../src/engine/index.js';
import type { SpeedAction } from '../../../src/games/stress-speed/actions.js';
import type { SpeedBoard } from '../../../src/games/stress-speed/board.js';
import { describeAction, speedEffects } from '../../../src/games/stress-speed/describe.js';

const names = ['Ann', 'Bob'];

function stepper(deal: object) {
  const { state, open } = position(deal);
  let current: SpeedState = state;
  const h = (card: string) => handleOf(state, open, card);
  const step = (input: Input): string => {
    const next = stressSpeed.reduce(current, input);
    if (!next.ok) throw new Error(next.error);
    const line = describeInput('stress-speed', input, names, next.value, current);
    const settled = settle(stressSpeed, next.value, open);
    if (!settled.ok) throw new Error(settled.error);
    current = settled.state as SpeedState;
    return line;
  };
  return { h, step };
}

describe('Stress (speed) log lines with every effect', () => {
  test('a play names the card and the stack it went on; the last card wins', () => {
    const { h, step } = stepper({
      seats: [
        { row: [['5C'], [], [], []], pile: [] },
        { row: [['8H'], ['8S'], ['QC'], ['10D']], pile: ['3C'] },
      ],
      stacks: [['KD'], ['4H']],
    });
    expect(
      step({ kind: 'act', seat: 0, action: { type: 'play', slot: 0, handle: h('5C'), stack: 1, onTop: h('4H') } }),
    ).toBe("Ann played 5♣ on 4♥ (right stack) — Ann's row and pile are empty: Ann wins");
  });

  test('a stress call says who takes both stacks and how many cards', () => {
    const { h, step } = stepper({
      seats: [
        { row: [['2D', '5H'], ['9S'], ['9C'], ['KH']], pile: ['QS', '6D'] },
        { row: [['3D'], ['2H'], ['10S'], ['AS']], pile: ['10H', '8C'] },
      ],
      stacks: [
        ['3C', '9H'],
        ['QD', '9D'],
      ],
    });
    expect(step({ kind: 'act', seat: 0, action: { type: 'stress', tops: [h('9H'), h('9D')] } })).toBe(
      'Ann called stress! — Bob takes both stacks (4 cards)',
    );
  });
});

function withBoard(state: SpeedState, change: Partial<SpeedBoard>): SpeedState {
  return { ...state, board: { ...state.board, ...change } };
}

describe('describeAction', () => {
  const cards: Record<number, CardId> = { 1: '7C', 2: '8D', 3: 'AS', 4: 'KH' };
  const know = (h: Handle): CardId | null => cards[h] ?? null;
  const play = (handle: Handle, stack: 0 | 1, onTop: Handle): SpeedAction => ({
    type: 'play',
    slot: 0,
    handle,
    stack,
    onTop,
  });

  test.each<[string, SpeedAction, string, string]>([
    ['a play on the left stack', play(1, 0, 2), 'Ann', 'Ann played 7♣ on 8♦ (left stack)'],
    ['a play on the right stack', play(3, 1, 4), 'Bob', 'Bob played A♠ on K♥ (right stack)'],
    ['the covered top unknown to the viewer', play(1, 1, 9), 'Ann', 'Ann played 7♣ on the right stack'],
    ['the played card unknown to the viewer', play(9, 0, 2), 'Bob', 'Bob played a card on the left stack'],
    ['neither card known', play(9, 1, 8), 'Ann', 'Ann played a card on the right stack'],
    ['a stress call', { type: 'stress', tops: [2, 4] }, 'Bob', 'Bob called stress!'],
  ])('%s', (_name, action, who, line) => {
    expect(describeAction(action, who, know)).toBe(line);
  });
});

describe('speedEffects', () => {
  const { state, open } = position({
    seats: [
      { row: [['2D', '5H'], ['9S'], ['9C'], ['KH']], pile: ['QS', '6D'] },
      { row: [['3D'], ['2H'], ['10S'], ['AS']], pile: ['10H', '8C'] },
    ],
    stacks: [
      ['3C', '4S', '9H'],
      ['QD', '9D'],
    ],
  });
  const h = (card: string) => handleOf(state, open, card);
  const stress: Input = { kind: 'act', seat: 0, action: { type: 'stress', tops: [h('9H'), h('9D')] } };
  const playInput: Input = {
    kind: 'act',
    seat: 1,
    action: { type: 'play', slot: 1, handle: h('2H'), stack: 0, onTop: h('9H') },
  };
  const revealed: Input = { kind: 'revealed', request: 1, cards: {} };

  test('a valid call: the taker takes both stacks, all their cards counted', () => {
    const after = withBoard(state, { stresses: 1, lastStress: { caller: 0, taker: 1 }, stacks: [[], []] });
    expect(speedEffects(stress, state, after, names)).toEqual(['Bob takes both stacks (5 cards)']);
    const taken = withBoard(state, { stresses: 1, lastStress: { caller: 1, taker: 0 }, stacks: [[], []] });
    expect(speedEffects({ ...stress, seat: 1 } as Input, state, taken, names)).toEqual([
      'Ann takes both stacks (5 cards)',
    ]);
  });

  test('a call that changes nothing says so, also after an earlier valid call', () => {
    expect(speedEffects(stress, state, state, names)).toEqual(['the tops differ: the call does nothing']);
    const earlier = withBoard(state, { stresses: 1, lastStress: { caller: 0, taker: 1 } });
    expect(speedEffects(stress, earlier, earlier, names)).toEqual(['the tops differ: the call does nothing']);
  });

  test('a play or a crypto input adds no line about a call', () => {
    expect(speedEffects(playInput, state, state, names)).toEqual([]);
    expect(speedEffects(revealed, state, state, names)).toEqual([]);
    const counted = withBoard(state, { stresses: 1, lastStress: { caller: 0, taker: 1 } });
    expect(speedEffects(revealed, state, counted, names)).toEqual([]);
  });

  test.each<[string, Partial<SpeedBoard>, Partial<SpeedBoard>, string[]]>([
    [
      'a new stalemate: each deals a centre card',
      {},
      { stalemates: 1, stalemate: { kind: 'deal', seats: [0, 1] } },
      ['nobody can play: new centre cards are dealt'],
    ],
    [
      'a new stalemate with no piles: a restack',
      {},
      { stalemates: 1, stalemate: { kind: 'restack', seats: [0, 1] } },
      ['nobody can play and no pile is left: the centre stacks are shuffled into new piles'],
    ],
    [
      'a stalemate still being resolved: said once only',
      { stalemates: 1, stalemate: { kind: 'deal', seats: [0] } },
      { stalemates: 1, stalemate: { kind: 'deal', seats: [0] } },
      [],
    ],
    [
      'a stalemate resolved: nothing new',
      { stalemates: 1, stalemate: { kind: 'deal', seats: [0] } },
      { stalemates: 1, stalemate: null },
      [],
    ],
    ['a counted stalemate already over', {}, { stalemates: 1, stalemate: null }, []],
    ['the hand won', { phase: 'play' }, { phase: 'over', winner: 1 }, ["Bob's row and pile are empty: Bob wins"]],
    [
      'the hand won by seat 0',
      { phase: 'play' },
      { phase: 'over', winner: 0 },
      ["Ann's row and pile are empty: Ann wins"],
    ],
    [
      'the hand blocked',
      { phase: 'play' },
      { phase: 'over', winner: null, blocked: true },
      ['no card can ever be played: the hand ends with no winner'],
    ],
    ['over, neither won nor blocked', { phase: 'play' }, { phase: 'over', winner: null, blocked: false }, []],
    ['already over before', { phase: 'over', winner: 1 }, { phase: 'over', winner: 1 }, []],
    ['over straight from the turn phase', { phase: 'turn' }, { phase: 'over', winner: 1 }, []],
    ['still playing', { phase: 'play' }, { phase: 'play', winner: 1, blocked: true }, []],
  ])('%s', (_name, before, after, lines) => {
    expect(speedEffects(revealed, withBoard(state, before), withBoard(state, after), names)).toEqual(lines);
  });

  test('lines come in order: the call, the stalemate, the end', () => {
    const after = withBoard(state, {
      stresses: 1,
      lastStress: { caller: 0, taker: 1 },
      stalemates: 1,
      stalemate: { kind: 'deal', seats: [1] },
      phase: 'over',
      winner: 0,
    });
    expect(speedEffects(stress, state, after, ['', ''])).toEqual([
      'Seat 2 takes both stacks (5 cards)',
      'nobody can play: new centre cards are dealt',
      "Seat 1's row and pile are empty: Seat 1 wins",
    ]);
  });
});

describe('the stack sides', () => {
  test('the stack sides in the log: left is stack 0, right is stack 1 (describe.ts loaded afresh: its words are built when it loads)', async () => {
    const { describeAction } = await loadedNow(() => import('../../../src/games/stress-speed/describe.js'));
    const know = (h: number) => ({ 1: '7C', 2: '8D' })[h] ?? null;
    expect(describeAction({ type: 'play', slot: 0, handle: 1, stack: 0, onTop: 2 }, 'Ann', know)).toBe(
      'Ann played 7♣ on 8♦ (left stack)',
    );
    expect(describeAction({ type: 'play', slot: 0, handle: 1, stack: 1, onTop: 2 }, 'Ann', know)).toBe(
      'Ann played 7♣ on 8♦ (right stack)',
    );
  });
});
