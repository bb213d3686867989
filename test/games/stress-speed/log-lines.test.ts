/**
 * The log lines of Stress (speed) through the registry, with the states
 * before and after each input (as the table's narrator passes them): which
 * card went on which centre stack, a stress call and who takes the stacks
 * (how many cards), a stalemate's new centre cards, and the winner.
 */
import { describe, expect, test } from 'vitest';
import { settle, type Input } from '../../../src/engine/index.js';
import { describeInput } from '../../../src/games/index.js';
import { stressSpeed, type SpeedState } from '../../../src/games/stress-speed/index.js';
import { handleOf, position } from './helpers.js';

const names = ['Ann', 'Bob'];

function stepper(deal: object) {
  const { state, open } = position(deal);
  let current: SpeedState = state;
  const h = (card: string) => handleOf(state, open, card);
  const step = (input: Input): string => {
    const next = stressSpeed.reduce(current, input);
    if (!next.ok) throw new Error(next.error);
    const line = describeInput('stress-speed', input, names, next.state, current);
    const settled = settle(stressSpeed, next.state, open);
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
