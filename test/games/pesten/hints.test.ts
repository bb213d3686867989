/**
 * Pesten's card hints (src/games/card-hints.ts with pesten/hints.ts): every
 * card in the hand of the seat to play is tried through the reducer; the
 * legal ones are exactly those `legalActions` offers, and each refused one
 * carries the reducer's reason in words with the table it met.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { pestenModule } from '../../../src/games/pesten/index.js';
import { position } from './helpers.js';

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
