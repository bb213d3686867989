/**
 * The heuristic Stress (shedding) bot's choices, one position at a time
 * (table.ts), against what bot.ts says it does: in the swap phase the
 * strongest cards go face-up (10, 2, 3, then by rank), keeping the cards
 * where they are on a tie; in play the lowest ordinary rank with all its
 * copies, else one special card (2, 3, 10 on a small stack; 10 first on a
 * stack of five or more), a pickup only when nothing else is offered, and
 * the leftmost face-down card when only blind plays are left. bots.test.ts
 * plays whole hands; this pins each rule.
 */
import { describe, expect, test } from 'vitest';
import type { CardId, PrivateView } from '../../../src/engine/index.js';
import { stressShedHeuristic } from '../../../src/games/stress-shed/bot.js';
import type { StressAction } from '../../../src/games/stress-shed/actions.js';
import { table, type Table, type TableSpec } from './table.js';

const everything = (t: Table): PrivateView => ({ known: Object.fromEntries(t.state.deck.map((card, h) => [h, card])) });

/** The bot's choice for seat 0, in cards: 'play 5C+5D', 'pickup', 'blind KS', or the swaps as 'hand>faceUp'. */
function choice(spec: TableSpec, view?: (t: Table) => PrivateView): string | null {
  const t = table(spec);
  const action: StressAction | null = stressShedHeuristic(t.state, 0, view ? view(t) : everything(t));
  if (action === null) return null;
  switch (action.type) {
    case 'play':
      return `play ${action.cards.map((c) => c.card).join('+')}`;
    case 'blind':
      return `blind ${t.ids([action.handle]).join('')}`;
    case 'pickup':
      return 'pickup';
    case 'ready':
      return `ready ${action.swaps.map((s) => `${t.ids([s.hand]).join('')}>${t.ids([s.faceUp]).join('')}`).join(',')}`;
  }
}

const play = (hand: CardId[], stack: CardId[], more: Partial<TableSpec> = {}): TableSpec => ({
  seats: [{ hand }, { hand: ['4D'] }],
  stack,
  ...more,
});

describe('swap phase', () => {
  const swap = (hand: CardId[], faceUp: CardId[]): TableSpec => ({
    seats: [
      { hand, faceUp },
      { hand: ['4D'], faceUp: ['5D'] },
    ],
    phase: 'swap',
  });
  test.each<[string, CardId[], CardId[], string]>([
    [
      '10 and 2 go up for the lowest face-up cards',
      ['10C', '2C', '4C', '5C'],
      ['6C', '7C', 'AS', 'KS'],
      'ready 10C>6C,2C>7C',
    ],
    ['a 3 beats an ace', ['3C'], ['AS'], 'ready 3C>AS'],
    ['a 2 beats a 3', ['3C', '2C'], ['AS'], 'ready 2C>AS'],
    ['a 10 beats a 2', ['2C', '10C'], ['AS'], 'ready 10C>AS'],
    ['a king beats a queen', ['KC'], ['QS'], 'ready KC>QS'],
    ['nothing better in hand: keep', ['4C', '5C'], ['AS', 'KS'], 'ready '],
    ['a tie: keep the cards where they are', ['5D'], ['5C'], 'ready '],
    ['two equal best swaps: the first one offered', ['AD', 'AH'], ['5C'], 'ready AD>5C'],
  ])('%s', (_name, hand, faceUp, expected) => {
    expect(choice(swap(hand, faceUp))).toBe(expected);
  });

  test('once ready it has nothing to choose', () => {
    const spec = swap(['10C'], ['4S']);
    const t = table(spec);
    t.state.board.ready[0] = [];
    expect(stressShedHeuristic(t.state, 0, everything(t))).toBeNull();
  });

  test('hand cards it does not know are never swapped', () => {
    expect(choice(swap(['10C'], ['4S']), () => ({ known: {} }))).toBe('ready ');
  });
});

describe('play', () => {
  test.each<[string, TableSpec, string | null]>([
    ['the lowest ordinary rank, every copy', play(['9C', '5C', '5D', '2C'], ['4S']), 'play 5C+5D'],
    ['three copies at once', play(['6C', '6D', '6H', 'KC'], []), 'play 6C+6D+6H'],
    ['an ordinary card before any special one', play(['2C', '10C', '3C', 'JC'], ['5S']), 'play JC'],
    ['specials on a small stack: a 2 first', play(['10C', '3C', '2C'], ['5S']), 'play 2C'],
    ['then a 3', play(['10C', '3C'], ['5S']), 'play 3C'],
    ['then a 10', play(['10C', '10D'], ['5S']), 'play 10C'],
    ['one 2 at a time', play(['2C', '2D'], ['5S']), 'play 2C'],
    ['a stack of four: still a 2 first', play(['10C', '2C', '3C'], ['5S', '6S', '7S', '8S']), 'play 2C'],
    ['a stack of five: the 10 first', play(['10C', '2C', '3C'], ['4S', '5S', '6S', '7S', '8S']), 'play 10C'],
    ['a stack of five without a 10: a 2', play(['3C', '2C'], ['4S', '5S', '6S', '7S', '8S']), 'play 2C'],
    ['nothing goes: pick up', play(['4C', '5C'], ['AS']), 'pickup'],
    ['with voluntary pickup it still plays', play(['AC'], ['KS'], { options: { voluntaryPickup: true } }), 'play AC'],
    [
      'face-down only: the leftmost',
      { seats: [{ faceDown: ['KS', '4S', '9S'] }, { hand: ['4D'] }], stack: ['5H'] },
      'blind KS',
    ],
    [
      'face-down only with voluntary pickup: still blind',
      { seats: [{ faceDown: ['KS', '4S'] }, { hand: ['4D'] }], stack: ['5H'], options: { voluntaryPickup: true } },
      'blind KS',
    ],
    ['not its turn', { ...play(['5C'], []), turn: 1 }, null],
  ])('%s', (_name, spec, expected) => {
    expect(choice(spec)).toBe(expected);
  });

  test('a play is named by the card the seat knows, even when the action carries another name', () => {
    // Seat 0 knows its 5s; a view that knows only one of them still plays the known one.
    const spec = play(['9C', '5C'], ['4S']);
    expect(choice(spec, (t) => ({ known: { [t.h('9C')]: '9C' } }))).toBe('play 9C');
  });
});
