/**
 * Stress (speed)'s card hints (src/games/card-hints.ts with
 * stress-speed/hints.ts): each row top is tried on both centre stacks; a
 * card's `places` are exactly the stacks `legalActions` offers it on, and a
 * card that goes on neither says why with both tops. And the probe behind
 * them, called directly: which row tops are probed, the two plays tried for
 * a card, and why a card cannot go (docs/rules/stress-speed.md: one up or one down, aces
 * both ways; nothing goes on an empty stack).
 */
import { loadedNow } from '../../helpers/loaded-now.js';
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { stressSpeedModule } from '../../../src/games/stress-speed/index.js';
import { position, handleOf } from './helpers.js';
import type { SpeedAction } from '../../../src/games/stress-speed/actions.js';
import type { SpeedBoard, SpeedState } from '../../../src/games/stress-speed/board.js';
import { speedProbe, speedWhy } from '../../../src/games/stress-speed/hints.js';

describe('card hints', () => {
  test('on K♥ and A♦: A♠ and Q♣ go left, 2♣ right, 7♦ on neither (it says why)', () => {
    const { state, open } = position({
      seats: [
        { row: [['AS'], ['QC'], ['2C'], ['7D']], pile: ['8C'] },
        { row: [['9H'], ['9C'], ['KD'], ['5D']], pile: ['10S'] },
      ],
      stacks: [['KH'], ['AD']],
    });
    const view = privateViewOf(state, open, 0);
    const hints = Object.fromEntries(
      Object.entries(cardHints(stressSpeedModule, state, 0, view)).map(([h, hint]) => [open[Number(h)]!, hint]),
    );
    expect(Object.keys(hints).sort()).toEqual(['2C', '7D', 'AS', 'QC']);
    expect(hints['AS']).toEqual({ legal: true, why: null, places: [0] });
    expect(hints['2C']).toEqual({ legal: true, why: null, places: [1] });
    expect(hints['QC']).toEqual({ legal: true, why: null, places: [0] });
    expect(hints['7D']).toEqual({
      legal: false,
      why: '7♦ is not one up or one down from K♥ or A♦: aces go both ways.',
      places: [],
    });
    const offered = stressSpeedModule.rules
      .legalActions(state, 0, view)
      .flatMap((a) => (a.type === 'play' ? [`${open[a.handle]}@${a.stack}`] : []));
    const hinted = Object.entries(hints).flatMap(([card, hint]) =>
      (hint.places ?? []).map((stack) => `${card}@${stack}`),
    );
    expect(hinted.sort()).toEqual(offered.sort());
  });
});

function withBoard(state: SpeedState, change: Partial<SpeedBoard>): SpeedState {
  return { ...state, board: { ...state.board, ...change } };
}

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

describe('the probe as loaded', () => {
  test('the card probe: the row tops, one play per stack, the words (hints.ts loaded afresh: the probe is built when it loads)', async () => {
    const { speedProbe } = await loadedNow(() => import('../../../src/games/stress-speed/hints.js'));
    const { state, open } = position({
      seats: [
        { row: [['AS'], ['QC'], ['2C'], ['7D']], pile: ['8C'] },
        { row: [['9H'], ['9C'], ['KD'], ['5D']], pile: ['10S'] },
      ],
      stacks: [['KH'], ['AD']],
    });
    const tops = speedProbe.cards(state, 0);
    expect(tops.map((h) => open[h])).toEqual(['AS', 'QC', '2C', '7D']);
    const plays = speedProbe.play(tops[3]!, '7D', state);
    expect(Array.isArray(plays) ? plays.map((p) => p.type === 'play' && p.stack) : null).toEqual([0, 1]);
    expect(speedProbe.words('not-adjacent', '7D', state, 0)).toBe(
      '7♦ is not one up or one down from K♥ or A♦: aces go both ways.',
    );
  });
});
