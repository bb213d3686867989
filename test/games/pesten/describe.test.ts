/**
 * The log lines of Pesten through the registry (what the table log shows):
 * plays name their card, a J its wish, the announcement is said; the state
 * adds how many cards a draw took and whether they were owed, who an 8
 * skipped, a forgotten announcement, the round's end with the points; a pass
 * on a 10 never names the card; a reshuffle is said. When the state has moved
 * on past the input, the plain line is used (never a wrong detail).
 */
import { describe, expect, it } from 'vitest';
import type { Input, OpenCards } from '../../../src/engine/index.js';
import { describeInput, gameModule } from '../../../src/games/index.js';
import { pesten, type PestenState } from '../../../src/games/pesten/index.js';
import { position } from './helpers.js';

const names = ['Ann', 'Bob', 'Cleo'];
const handleOf = (open: OpenCards, card: string): number => {
  const found = Object.entries(open).find(([, c]) => c === card);
  if (!found) throw new Error(`no ${card}`);
  return Number(found[0]);
};
const line = (input: Input, state: PestenState | null) => describeInput('pesten', input, names, state);

const hands = [
  ['9H', '3C', '4C', '6S', '7S'],
  ['3D', '4D', '6D', '9D', 'QD'],
  ['8H', '3S', 'JS', '2C', '10S'],
];

describe('Pesten log lines', () => {
  it('names the card, the wish and the announcement from the action alone', () => {
    const { open } = position(3, { hands, discard: ['5H'] });
    const jack = {
      kind: 'act' as const,
      seat: 0,
      action: { type: 'play', handle: handleOf(open, 'JS'), card: 'JS', wish: 'H' },
    };
    expect(line(jack, null)).toBe('Ann played J♠ and wishes ♥');
    const last = { kind: 'act' as const, seat: 2, action: { type: 'play', handle: 1, card: '9H', announce: true } };
    expect(line(last, null)).toBe('Cleo played 9♥ and announces Pesten!');
    expect(line({ kind: 'act', seat: 1, action: { type: 'give', handle: handleOf(open, '9D') } }, null)).toBe(
      'Bob passes a card',
    );
    expect(line({ kind: 'act', seat: 1, action: { type: 'draw' } }, null)).toBe('Bob draws');
    expect(line({ kind: 'act', seat: 1, action: { type: 'wish', suit: 'C' } }, null)).toBe('Bob wishes ♣');
    expect(line({ kind: 'reshuffled', request: 4 }, null)).toBe('the stock is reshuffled');
  });

  it('says who an 8 skips and how many cards an owed draw took', () => {
    const eight = position(3, { hands, discard: ['5H'] }, [{ seat: 2, type: 'play', card: '8H' }]);
    const play8 = {
      kind: 'act' as const,
      seat: 2,
      action: { type: 'play', handle: handleOf(eight.open, '8H'), card: '8H' },
    };
    expect(line(play8, eight.state)).toBe('Cleo played 8♥ — Bob is skipped');
    const chain = position(3, { hands, discard: ['5C'], stock: ['KD', 'AD', 'QC'] }, [
      { seat: 2, type: 'play', card: '2C' },
      { seat: 1, type: 'draw' },
    ]);
    expect(line({ kind: 'act', seat: 1, action: { type: 'draw' } }, chain.state)).toBe('Bob draws 2 (owed)');
    // The state has moved on (Ann played since): the plain line, no wrong count.
    const later = position(3, { hands, discard: ['5C'], stock: ['KD', 'AD', 'QC'] }, [
      { seat: 2, type: 'play', card: '2C' },
      { seat: 1, type: 'draw' },
      { seat: 0, type: 'play', card: '3C' },
    ]);
    expect(line({ kind: 'act', seat: 1, action: { type: 'draw' } }, later.state)).toBe('Bob draws');
  });

  it('says the round is won, with the points, and a forgotten announcement', () => {
    const end = position(3, { hands: [['9H', '3C'], ['3D', '4D'], ['5H']], discard: ['5C'], stock: ['KD', 'AD'] }, [
      { seat: 2, type: 'play', card: '5H' },
    ]);
    const won = {
      kind: 'act' as const,
      seat: 2,
      action: { type: 'play', handle: handleOf(end.open, '5H'), card: '5H' },
    };
    expect(line(won, end.state)).toBe('Cleo played 5♥ and wins the round — 1 point');
    const forgot = position(
      3,
      {
        hands: [
          ['9H', '3C'],
          ['3D', '4D'],
          ['5H', '6H'],
        ],
        discard: ['5C'],
        stock: ['KD', 'AD'],
      },
      [{ seat: 2, type: 'play', card: '5H' }],
    );
    const play = {
      kind: 'act' as const,
      seat: 2,
      action: { type: 'play', handle: handleOf(forgot.open, '5H'), card: '5H' },
    };
    expect(line(play, forgot.state)).toBe('Cleo played 5♥ and forgot to announce Pesten and draws 2');
  });
});

describe("a 10's passes are named to the giver and the receiver only", () => {
  const deal = {
    hands: [
      ['3C', '4C', '6S', '7S', '8D'],
      ['6D', '3D', '4D', '9S', 'QD'],
      ['10H', '4S', '3H', '6C', '9D'],
    ],
    discard: ['5H'],
  };
  const played = position(3, deal, [{ seat: 2, type: 'play', card: '10H' }], { dealer: 0 });
  const h = (card: string) => handleOf(played.open, card);
  const module = gameModule('pesten')!;
  /** Seat `viewer`'s private line for `input` after `state`, knowing its own hand (and the cards the fixed deal shows it). */
  const privately = (viewer: number, input: Input, before: PestenState) => {
    const next = pesten.reduce(before, input);
    if (!next.ok) throw new Error(next.error);
    const hand = new Set([...before.board.hands[viewer]!, ...(next.state as PestenState).board.hands[viewer]!]);
    const know = (handle: number) => (hand.has(handle) ? (played.open[handle] ?? null) : null);
    return {
      line: module.describePrivate!(input, viewer, know, before, next.state, names),
      after: next.state as PestenState,
    };
  };
  const give = (seat: number, card: string): Input => ({
    kind: 'act',
    seat,
    action: { type: 'give', handle: h(card) },
  });

  it('the giver reads which card went to whom; the others read nothing until the passes land', () => {
    // Clockwise is descending: Ann (0) passes to Cleo (2).
    const first = privately(0, give(0, '3C'), played.state);
    expect(first.line).toBe('you pass 3♣ to Cleo');
    expect(privately(1, give(0, '3C'), played.state).line).toBe('');
    expect(privately(2, give(0, '3C'), played.state).line).toBe('');
    // The public line never names it.
    expect(line(give(0, '3C'), first.after)).toBe('Ann passes a card');
    const second = privately(2, give(2, '4S'), first.after);
    expect(second.line).toBe('you pass 4♠ to Bob');
    // Bob's give is the last: the passes land. Cleo receives Ann's 3♣, Ann receives Bob's 6♦, Bob receives Cleo's 4♠.
    expect(privately(2, give(1, '6D'), second.after).line).toBe('Ann passed you 3♣');
    expect(privately(0, give(1, '6D'), second.after).line).toBe('Bob passed you 6♦');
    expect(privately(1, give(1, '6D'), second.after).line).toBe('you pass 6♦ to Ann');
  });
});
