/**
 * Stress (speed) rules, the edges rules.test.ts leaves open (mutation
 * testing, src/games/stress-speed/rules.ts): the last card wins and ends the
 * hand, stalemates that restack, block or deal, duplicates at the deal with a
 * short pile, stress calls that name stale or foreign tops, and the phases in
 * which nothing may be played.
 */
import { describe, expect, test } from 'vitest';
import { stressSpeed, type SpeedAction, type SpeedState } from '../../../src/games/stress-speed/index.js';
import { handleOf, position } from './helpers.js';

function at(deal: Parameters<typeof position>[0]): { state: SpeedState; h: (card: string) => number } {
  const { state, open } = position(deal);
  return { state, h: (card) => handleOf(state, open, card) };
}

function step(state: SpeedState, seat: number, action: SpeedAction): SpeedState {
  const next = stressSpeed.reduce(state, { kind: 'act', seat, action });
  if (!next.ok) throw new Error(`${next.error} for ${JSON.stringify(action)}`);
  return next.state;
}

describe('the end of the hand', () => {
  test('the last card of row and pile wins at once: the hand is over, nobody may act, the winner is named', () => {
    const { state, h } = at({
      seats: [
        { row: [['5H'], [], [], []], pile: [] },
        { row: [['9S'], ['9C'], ['KH'], ['2D']], pile: ['QS', '6D'] },
      ],
      stacks: [['3C', '4C'], ['QD', 'JD']],
    });
    const won = step(state, 0, { type: 'play', slot: 0, handle: h('5H'), stack: 0, onTop: h('4C') });
    expect(won.board.phase).toBe('over');
    expect(won.board.winner).toBe(0);
    expect(won.requests).toEqual([]);
    expect(stressSpeed.awaits(won)).toEqual({ kind: 'over' });
    expect(stressSpeed.reduce(won, { kind: 'act', seat: 1, action: { type: 'stress', tops: [h('5H'), h('JD')] } })).toMatchObject({ ok: false });
  });
});
