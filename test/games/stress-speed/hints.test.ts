/**
 * Stress (speed)'s card hints (src/games/card-hints.ts with
 * stress-speed/hints.ts): each row top is tried on both centre stacks; a
 * card's `places` are exactly the stacks `legalActions` offers it on, and a
 * card that goes on neither says why with both tops.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { stressSpeedModule } from '../../../src/games/stress-speed/index.js';
import { position } from './helpers.js';

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
