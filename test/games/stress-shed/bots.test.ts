/**
 * Bots play through the same API as a person: the random bot only ever
 * chooses among the legal actions of what its seat knows, reproducibly from
 * its seed; the heuristic bot swaps strong cards face-up, sheds its lowest
 * ordinary rank, keeps 2s, 3s and 10s for need, and beats random play.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, runScenario, type ScenarioFile } from '../../../src/engine/index.js';
import { heuristicBot, makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { stressShed, type StressAction, type StressState } from '../../../src/games/stress-shed/index.js';
import { play } from './helpers.js';

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
