/**
 * Stress (shedding) bots play through the same API as a person: the random
 * bot only ever chooses among the legal actions of what its seat knows,
 * reproducibly from its seed; the heuristic bot swaps strong cards face-up,
 * sheds its lowest ordinary rank, keeps 2s, 3s and 10s for need, and beats
 * random play. Each rule of the heuristic one position at a time (table.ts):
 * in the swap phase the strongest cards go face-up (10, 2, 3, then by rank),
 * keeping the cards where they are on a tie; in play the lowest ordinary
 * rank with all its copies, else one special card (2, 3, 10 on a small
 * stack; 10 first on a stack of five or more), a pickup only when nothing
 * else is offered, and the leftmost face-down card when only blind plays
 * are left.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type ScenarioFile } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { heuristicBot, makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { stressShed, type StressAction, type StressState } from '../../../src/games/stress-shed/index.js';
import { play } from './helpers.js';
import type { CardId, PrivateView } from '../../../src/engine/index.js';
import { stressShedHeuristic } from '../../../src/games/stress-shed/bot.js';
import { table, type Table, type TableSpec } from './table.js';

/** A position from a readable deal (2 seats, seat 1 to move after the given steps). */
function position(
  deal: ScenarioFile['deal'],
  actions: ScenarioFile['actions'] = [],
): { state: StressState; open: Record<number, string> } {
  const run = runScenario(stressShed, { game: 'stress-shed', seats: 2, deal, actions });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  return { state: run.state as StressState, open: run.open };
}

const ready: ScenarioFile['actions'] = [
  { seat: 0, type: 'ready' },
  { seat: 1, type: 'ready' },
];

function cardsOf(action: unknown): string[] {
  const a = action as StressAction;
  return a.type === 'play' ? a.cards.map((c) => c.card) : [a.type];
}

describe('randomBot', () => {
  test('chooses only legal actions, the same ones for the same seed, and nothing when not awaited', () => {
    const { state, open } = position(
      {
        seats: [
          { hand: ['4C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
          { hand: ['5D', '5H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
        ],
        stack: ['4H'],
      },
      ready,
    );
    const view = privateViewOf(state, open, 1);
    const legal = stressShed.legalActions(state, 1, view);
    const picks = Array.from({ length: 30 }, (_, i) => randomBot(makeRng(i))(stressShed, state, 1, view));
    for (const pick of picks) expect(legal).toContainEqual(pick);
    expect(new Set(picks.map((p) => JSON.stringify(p))).size).toBeGreaterThan(2);
    expect(randomBot(makeRng(7))(stressShed, state, 1, view)).toEqual(
      randomBot(makeRng(7))(stressShed, state, 1, view),
    );
    expect(randomBot(makeRng(7))(stressShed, state, 0, privateViewOf(state, open, 0))).toBeNull();
  });
});

describe('heuristicBot', () => {
  const bot: Bot = heuristicBot();

  test('swap phase: 10, 2, A and K go face-up, low cards go to the hand', () => {
    const { state, open } = position({
      seats: [
        { hand: ['10H', '2C', 'AS', 'KD'], faceUp: ['4C', '5C', '6C', '7C'], faceDown: ['QC', 'KC', 'AC', '8C'] },
        { hand: ['5D', '5H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
      ],
      stack: ['4H'],
    });
    const action = bot(stressShed, state, 0, privateViewOf(state, open, 0)) as Extract<StressAction, { type: 'ready' }>;
    expect(action.type).toBe('ready');
    expect(action.swaps.map((s) => s.card).sort()).toEqual(['10H', '2C', 'AS', 'KD']);
  });

  test.each<[string, string[], string[], string[]]>([
    ['sheds the lowest ordinary rank, every copy', ['5D', '5H', '9S', 'KH'], ['4H'], ['5D', '5H']],
    ['keeps a 2 while an ordinary card is legal', ['2D', '9S', 'KH', 'AH'], ['8H'], ['9S']],
    ['plays a single 2 before a 3 when nothing ordinary goes', ['2D', '2H', '3S', '4D'], ['AS'], ['2D']],
    ['burns with a 10 first on a big stack', ['2D', '10H', '3S', '4D'], ['QH', 'KH', 'KD', 'AC', '7H'], ['10H']],
    ['plays a 2 rather than burn a small stack', ['2D', '10H', '3S', '4D'], ['7H'], ['2D']],
    ['picks up when nothing goes', ['4D', '5D', '6D', '7D'], ['AS'], ['pickup']],
  ])('%s', (_name, hand, stack, expected) => {
    const { state, open } = position(
      {
        seats: [
          { hand: ['4C', '8D', 'QD', 'JH'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', '8C', '7C'] },
          { hand, faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
        ],
        stack,
      },
      ready,
    );
    expect(cardsOf(bot(stressShed, state, 1, privateViewOf(state, open, 1)))).toEqual(expected);
  });

  test('beats uniformly random play in most 2-player hands', () => {
    let wins = 0;
    const hands = 30;
    for (let seed = 1; seed <= hands; seed++) {
      const bots: Bot[] = [heuristicBot(), randomBot(makeRng(seed))];
      const result = play({ players: 2, dealer: seed % 2 }, seed, bots, { maxInputs: 20_000 });
      expect(result.ok && result.finished).toBe(true);
      if ((result.state as StressState).board.out[0] === 0) wins += 1;
    }
    expect(wins).toBeGreaterThanOrEqual(0.7 * hands);
  });
});

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

const playing = (hand: CardId[], stack: CardId[], more: Partial<TableSpec> = {}): TableSpec => ({
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
    ['the lowest ordinary rank, every copy', playing(['9C', '5C', '5D', '2C'], ['4S']), 'play 5C+5D'],
    ['three copies at once', playing(['6C', '6D', '6H', 'KC'], []), 'play 6C+6D+6H'],
    ['an ordinary card before any special one', playing(['2C', '10C', '3C', 'JC'], ['5S']), 'play JC'],
    ['specials on a small stack: a 2 first', playing(['10C', '3C', '2C'], ['5S']), 'play 2C'],
    ['then a 3', playing(['10C', '3C'], ['5S']), 'play 3C'],
    ['then a 10', playing(['10C', '10D'], ['5S']), 'play 10C'],
    ['one 2 at a time', playing(['2C', '2D'], ['5S']), 'play 2C'],
    ['a stack of four: still a 2 first', playing(['10C', '2C', '3C'], ['5S', '6S', '7S', '8S']), 'play 2C'],
    ['a stack of five: the 10 first', playing(['10C', '2C', '3C'], ['4S', '5S', '6S', '7S', '8S']), 'play 10C'],
    ['a stack of five without a 10: a 2', playing(['3C', '2C'], ['4S', '5S', '6S', '7S', '8S']), 'play 2C'],
    ['nothing goes: pick up', playing(['4C', '5C'], ['AS']), 'pickup'],
    [
      'with voluntary pickup it still plays',
      playing(['AC'], ['KS'], { options: { voluntaryPickup: true } }),
      'play AC',
    ],
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
    ['not its turn', { ...playing(['5C'], []), turn: 1 }, null],
  ])('%s', (_name, spec, expected) => {
    expect(choice(spec)).toBe(expected);
  });

  test('a play is named by the card the seat knows, even when the action carries another name', () => {
    // Seat 0 knows its 5s; a view that knows only one of them still plays the known one.
    const spec = playing(['9C', '5C'], ['4S']);
    expect(choice(spec, (t) => ({ known: { [t.h('9C')]: '9C' } }))).toBe('play 9C');
  });
});
