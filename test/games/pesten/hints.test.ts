/**
 * Pesten's card hints (src/games/card-hints.ts with pesten/hints.ts): every
 * card in the hand of the seat to play is tried through the reducer; the
 * legal ones are exactly those `legalActions` offers, and each refused one
 * carries the reducer's reason in words with the table it met. The words of
 * each refusal exactly: the wish for every suit, the top's suit and rank for
 * every suit, a joker or no card on top, the owed sum, the drawn card, the
 * special last card, both non-play phases, a card not in hand, the engine's
 * own words and the fallback; plus the probe's cards and the play it tries
 * (a J with its own suit as the wish). hints.ts builds its suit tables when
 * it loads, so the word tests load it afresh (docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { pestenModule } from '../../../src/games/pesten/index.js';
import { position } from './helpers.js';
import type { PestenState } from '../../../src/games/pesten/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';

const hands = [
  ['3C', '4C', '6S', '7S', '8D'],
  ['3S', '4S', '6C', '9D', 'QC'],
  ['3D', '9H', 'JC', 'QD', '2S'],
];

function hintsByCard(state: ReturnType<typeof position>['state'], open: Record<number, string>, seat: number) {
  const hints = cardHints(pestenModule, state, seat, privateViewOf(state, open, seat));
  return Object.fromEntries(Object.entries(hints).map(([handle, hint]) => [open[Number(handle)]!, hint]));
}

describe('card hints', () => {
  test('on 5♥: the ♥, the J and the 5s go; the others say what would', () => {
    const { state, open } = position(3, { hands, discard: ['5H'] });
    const seat = state.board.turn;
    expect(seat).toBe(2);
    const hints = hintsByCard(state, open, seat);
    expect(hints['9H']).toEqual({ legal: true, why: null });
    expect(hints['JC']).toEqual({ legal: true, why: null });
    expect(hints['QD']).toEqual({ legal: false, why: 'Q♦ does not go on 5♥: play a ♥ or a 5, a J or a joker.' });
    expect(hints['2S']).toEqual({ legal: false, why: '2♠ does not go on 5♥: play a ♥ or a 5, a J or a joker.' });
    // Legal exactly where legalActions offers a play of that card.
    const offered = new Set(
      pestenModule.rules
        .legalActions(state, seat, privateViewOf(state, open, seat))
        .flatMap((a) => (a.type === 'play' ? [open[a.handle]] : [])),
    );
    for (const [card, hint] of Object.entries(hints)) expect(hint.legal).toBe(offered.has(card));
  });

  test('another seat’s cards: wait for your turn', () => {
    const { state, open } = position(3, { hands, discard: ['5H'] });
    const hints = hintsByCard(state, open, 0);
    expect(Object.keys(hints).sort()).toEqual([...hands[0]!].sort());
    for (const hint of Object.values(hints)) expect(hint).toEqual({ legal: false, why: 'Wait for your turn.' });
  });

  test('a wish stands: only its suit (or a J, a joker)', () => {
    const { state, open } = position(3, { hands, discard: ['5H'] }, [{ seat: 2, type: 'play', card: 'JC', wish: 'S' }]);
    const seat = state.board.turn;
    const hints = hintsByCard(state, open, seat);
    const refused = Object.entries(hints).filter(([, h]) => !h.legal);
    expect(refused.length).toBeGreaterThan(0);
    for (const [card, hint] of refused) {
      expect(card.endsWith('S')).toBe(false);
      expect(hint.why).toBe('♠ was wished: play a spade, a J or a joker.');
    }
    for (const [card, hint] of Object.entries(hints)) if (card.endsWith('S')) expect(hint.legal).toBe(true);
  });

  test('no seat, no hints', () => {
    const { state, open } = position(3, { hands, discard: ['5H'] });
    expect(cardHints(pestenModule, state, null, { known: open })).toEqual({});
  });
});

const hints = () => loadedNow(() => import('../../../src/games/pesten/hints.js'));
const wordHands = [
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
    const { state } = position(3, { hands: wordHands, discard: ['9H'] }, [
      { seat: 2, type: 'play', card: 'JC', wish: suit as never },
    ]);
    expect(pestenWhy('illegal-play', '3D', state)).toBe(`${symbol} was wished: play a ${one}, a J or a joker.`);
  });

  test.each(['7C', '8D', '10H', 'KS'])("on %s: the top's suit and rank", async (top) => {
    const { pestenWhy } = await hints();
    const { state } = position(3, { hands: wordHands, discard: [top] });
    const rank = top.slice(0, -1);
    const symbol = { C: '♣', D: '♦', H: '♥', S: '♠' }[top.slice(-1)];
    expect(pestenWhy('illegal-play', '3D', state)).toBe(
      `3♦ does not go on ${rank}${symbol}: play a ${symbol} or a ${rank}, a J or a joker.`,
    );
  });

  test('on a joker, or with no card on top, just what does not go', async () => {
    const { pestenWhy } = await hints();
    const { state } = position(3, { hands: wordHands, discard: ['JKR'] });
    expect(pestenWhy('illegal-play', '3D', state)).toBe('3♦ does not go on a joker.');
    const bare = { ...state, board: { ...state.board, discard: [] } } as PestenState;
    expect(pestenWhy('illegal-play', 'JKB', bare)).toBe('a joker does not go on the card.');
  });

  test('the other refusals', async () => {
    const { pestenWhy } = await hints();
    const { state } = position(3, { hands: wordHands, discard: ['9H'] }, [{ seat: 2, type: 'play', card: 'JKB' }]);
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
    expect(pestenWhy('not-play-phase', '3D', position(3, { hands: wordHands, discard: ['10H'] }).state)).toBe(
      'Cards are being passed: pick one to pass instead.',
    );
    expect(pestenWhy('not-play-phase', '3D', position(3, { hands: wordHands, discard: ['JH'] }).state)).toBe(
      'Wait: the start jack’s suit is being wished.',
    );
  });
});

describe('the probe', () => {
  test("a seat's hand cards; a J is tried with its own suit as the wish, other cards without one", async () => {
    const { pestenProbe } = await hints();
    const { state } = position(3, { hands: wordHands, discard: ['9H'] });
    expect(pestenProbe.cards(state, 1)).toEqual(state.board.hands[1]);
    expect(pestenProbe.cards(state, 7)).toEqual([]);
    expect(pestenProbe.play(4, 'JD', state)).toEqual({ type: 'play', handle: 4, card: 'JD', wish: 'D' });
    expect(pestenProbe.play(4, 'QD', state)).toEqual({ type: 'play', handle: 4, card: 'QD' });
    expect(pestenProbe.words('owes-cards', 'QD', state, 1)).toBe(
      'You owe 0 cards: answer with a 2 or a joker, or draw them.',
    );
  });
});
