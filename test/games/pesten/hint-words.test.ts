/**
 * Pesten's card probe words (src/games/pesten/hints.ts), each refusal said
 * exactly: the wish for every suit, the top's suit and rank for every suit,
 * a joker or no card on top, the owed sum, the drawn card, the special last
 * card, both non-play phases, a card not in hand, the engine's own words
 * and the fallback; plus the probe's cards and the play it tries (a J with
 * its own suit as the wish). Loaded inside the test (stryker-js issue 6144:
 * the suit tables are built at load time).
 */
import { describe, expect, test } from 'vitest';
import type { PestenState } from '../../../src/games/pesten/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { position } from './helpers.js';

const hints = () => loadedNow(() => import('../../../src/games/pesten/hints.js'));
const hands = [
  ['3C', '4C', '6S'],
  ['3D', '4D', '9S'],
  ['5H', 'JC', 'QS', 'JKB'],
];

describe('why a card cannot be played', () => {
  test.each<[string, string, string]>([
    ['C', '♣', 'club'],
    ['D', '♦', 'diamond'],
    ['H', '♥', 'heart'],
    ['S', '♠', 'spade'],
  ])('a wish of %s', async (suit, symbol, one) => {
    const { pestenWhy } = await hints();
    const { state } = position(3, { hands, discard: ['9H'] }, [
      { seat: 2, type: 'play', card: 'JC', wish: suit as never },
    ]);
    expect(pestenWhy('illegal-play', '3D', state)).toBe(`${symbol} was wished: play a ${one}, a J or a joker.`);
  });

  test.each(['7C', '8D', '10H', 'KS'])("on %s: the top's suit and rank", async (top) => {
    const { pestenWhy } = await hints();
    const { state } = position(3, { hands, discard: [top] });
    const rank = top.slice(0, -1);
    const symbol = { C: '♣', D: '♦', H: '♥', S: '♠' }[top.slice(-1)];
    expect(pestenWhy('illegal-play', '3D', state)).toBe(
      `3♦ does not go on ${rank}${symbol}: play a ${symbol} or a ${rank}, a J or a joker.`,
    );
  });

  test('on a joker, or with no card on top, just what does not go', async () => {
    const { pestenWhy } = await hints();
    const { state } = position(3, { hands, discard: ['JKR'] });
    expect(pestenWhy('illegal-play', '3D', state)).toBe('3♦ does not go on a joker.');
    const bare = { ...state, board: { ...state.board, discard: [] } } as PestenState;
    expect(pestenWhy('illegal-play', 'JKB', bare)).toBe('a joker does not go on the card.');
  });

  test('the other refusals', async () => {
    const { pestenWhy } = await hints();
    const { state } = position(3, { hands, discard: ['9H'] }, [{ seat: 2, type: 'play', card: 'JKB' }]);
    expect(pestenWhy('owes-cards', '3D', state)).toBe('You owe 5 cards: answer with a 2 or a joker, or draw them.');
    expect(pestenWhy('not-drawn-card', '3D', state)).toBe(
      'After drawing you may only play the card you drew (or keep it).',
    );
    expect(pestenWhy('special-last-card', 'KS', state)).toBe(
      'Your last card may not be a 2, 7, 8, 10, J, K, A or joker: draw instead.',
    );
    expect(pestenWhy('not-in-hand', 'JKR', state)).toBe('a joker is not in your hand.');
    expect(pestenWhy('not-in-hand', 'QS', state)).toBe('Q♠ is not in your hand.');
    expect(pestenWhy('not-your-turn', 'QS', state)).toBe('Wait for your turn.');
    expect(pestenWhy('bad-announcement', 'QS', state)).toBe('Q♠ cannot be played now (bad-announcement).');
  });

  test("outside the turns: the pass round, the start J's wish", async () => {
    const { pestenWhy } = await hints();
    expect(pestenWhy('not-play-phase', '3D', position(3, { hands, discard: ['10H'] }).state)).toBe(
      'Cards are being passed: pick one to pass instead.',
    );
    expect(pestenWhy('not-play-phase', '3D', position(3, { hands, discard: ['JH'] }).state)).toBe(
      'Wait: the start jack’s suit is being wished.',
    );
  });
});

describe('the probe', () => {
  test("a seat's hand cards; a J is tried with its own suit as the wish, other cards without one", async () => {
    const { pestenProbe } = await hints();
    const { state } = position(3, { hands, discard: ['9H'] });
    expect(pestenProbe.cards(state, 1)).toEqual(state.board.hands[1]);
    expect(pestenProbe.cards(state, 7)).toEqual([]);
    expect(pestenProbe.play(4, 'JD', state)).toEqual({ type: 'play', handle: 4, card: 'JD', wish: 'D' });
    expect(pestenProbe.play(4, 'QD', state)).toEqual({ type: 'play', handle: 4, card: 'QD' });
    expect(pestenProbe.words('owes-cards', 'QD', state, 1)).toBe(
      'You owe 0 cards: answer with a 2 or a joker, or draw them.',
    );
  });
});
