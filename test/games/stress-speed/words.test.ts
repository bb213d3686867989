/**
 * The words a Stress (speed) player reads, checked as exact strings with the
 * functions called directly (describe.ts, hints.ts): a log line for each
 * kind of move (the card and the centre card it covered, or what the viewer
 * could not know), each effect line speedEffects adds from the states before
 * and after an input (who takes both stacks and how many cards, a call that
 * does nothing, a stalemate's new centre cards or restack, a winner, a
 * blocked hand) and only when it happened; and the card probe behind the
 * hints: which row tops are probed, the two plays tried for a card, and why
 * a card cannot go (RULES.md §2: one up or one down, aces both ways; nothing
 * goes on an empty stack).
 */
import { describe, expect, test } from 'vitest';
import type { CardId, Handle, Input } from '../../../src/engine/index.js';
import type { SpeedAction } from '../../../src/games/stress-speed/actions.js';
import type { SpeedBoard, SpeedState } from '../../../src/games/stress-speed/board.js';
import { describeAction, speedEffects } from '../../../src/games/stress-speed/describe.js';
import { speedProbe, speedWhy } from '../../../src/games/stress-speed/hints.js';
import { handleOf, position } from './helpers.js';

const names = ['Ann', 'Bob'];

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

describe('speedWhy', () => {
  const { state, open } = position({
    seats: [
      { row: [['AS'], ['QC'], ['2C'], ['7D']], pile: ['8C'] },
      { row: [['9H'], ['9C'], ['KD'], ['5D']], pile: ['10S'] },
    ],
    stacks: [['KH'], ['AD']],
  });
  const h = (card: string) => handleOf(state, open, card);

  test.each(['not-adjacent', 'stale-top', 'not-a-top'] as const)('%s names both tops', (error) => {
    expect(speedWhy(error, '7D', state)).toBe('7♦ is not one up or one down from K♥ or A♦: aces go both ways.');
  });

  test('one empty stack: the other top, and that the stack is empty', () => {
    expect(speedWhy('not-adjacent', '7D', withBoard(state, { stacks: [[], [h('AD')]] }))).toBe(
      '7♦ is not one up or one down from A♦ (the other stack is empty): aces go both ways.',
    );
    expect(speedWhy('stale-top', '5D', withBoard(state, { stacks: [[h('KH')], []] }))).toBe(
      '5♦ is not one up or one down from K♥ (the other stack is empty): aces go both ways.',
    );
  });

  test('a top nobody knows counts as no top', () => {
    expect(speedWhy('not-adjacent', '7D', withBoard(state, { stacks: [[h('KH')], [h('8C')]] }))).toBe(
      '7♦ is not one up or one down from K♥ (the other stack is empty): aces go both ways.',
    );
  });

  test('both stacks empty: new cards come first', () => {
    expect(speedWhy('not-a-top', '7D', withBoard(state, { stacks: [[], []] }))).toBe(
      'Both stacks are empty: new cards are dealt onto them first.',
    );
  });

  test.each<[string, string]>([
    ['not-play-phase', 'Wait: the cards are being dealt.'],
    ['not-slot-top', '7♦ is not on top of your row.'],
    ['game-over', 'The game is over.'],
    ['awaiting-crypto', 'Wait a moment: cards are on their way.'],
    ['stale-call', '7♦ cannot be played now (stale-call).'],
    ['malformed-action', '7♦ cannot be played now (malformed-action).'],
  ])('%s: %s', (error, words) => {
    expect(speedWhy(error as never, '7D', state)).toBe(words);
  });
});

describe('speedProbe', () => {
  const { state, open } = position({
    seats: [
      { row: [['3H', 'AS'], ['QC'], [], ['7D']], pile: [] },
      { row: [['9H'], ['9C'], ['KD'], ['5D']], pile: ['10S'] },
    ],
    stacks: [['KH'], ['AD']],
  });
  const h = (card: string) => handleOf(state, open, card);
  const plays = (handle: number, card: string, at: SpeedState = state) =>
    speedProbe.play(handle, card, at) as readonly SpeedAction[];

  test('probes the top of every non-empty slot of the seat, in slot order', () => {
    expect(speedProbe.cards(state, 0).map((x) => open[x])).toEqual(['AS', 'QC', '7D']);
    expect(speedProbe.cards(state, 1).map((x) => open[x])).toEqual(['9H', '9C', 'KD', '5D']);
    expect(speedProbe.cards(state, 2)).toEqual([]);
  });

  test('tries one play per stack, from the slot the card tops, onto the current tops', () => {
    expect(plays(h('7D'), '7D')).toEqual([
      { type: 'play', slot: 3, handle: h('7D'), stack: 0, onTop: h('KH') },
      { type: 'play', slot: 3, handle: h('7D'), stack: 1, onTop: h('AD') },
    ]);
    // Any seat's slot: the opponent's 9C tops its slot 1.
    expect(plays(h('9C'), '9C').map((a) => (a.type === 'play' ? a.slot : null))).toEqual([1, 1]);
    expect(plays(h('KD'), 'KD').map((a) => (a.type === 'play' ? a.slot : null))).toEqual([2, 2]);
    expect(plays(h('AS'), 'AS').map((a) => (a.type === 'play' ? a.slot : null))).toEqual([0, 0]);
    expect(plays(h('9H'), '9H').map((a) => (a.type === 'play' ? a.slot : null))).toEqual([0, 0]);
  });

  test('a card that tops no slot has slot -1; an empty stack is named by the card itself', () => {
    expect(plays(h('3H'), '3H').map((a) => (a.type === 'play' ? a.slot : null))).toEqual([-1, -1]);
    const empty = withBoard(state, { stacks: [[], [h('AD')]] });
    expect(plays(h('QC'), 'QC', empty)).toEqual([
      { type: 'play', slot: 1, handle: h('QC'), stack: 0, onTop: h('QC') },
      { type: 'play', slot: 1, handle: h('QC'), stack: 1, onTop: h('AD') },
    ]);
  });

  test('its words are speedWhy', () => {
    expect(speedProbe.words('not-adjacent', '7D', state, 0)).toBe(
      '7♦ is not one up or one down from K♥ or A♦: aces go both ways.',
    );
    expect(speedProbe.words('not-slot-top', 'QC', state, 0)).toBe('Q♣ is not on top of your row.');
  });
});
