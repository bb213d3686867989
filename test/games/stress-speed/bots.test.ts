/**
 * Bots in Stress (speed) play through the same API as a person: the random
 * bot only ever chooses among the legal actions of its seat and has nothing
 * to say when its seat has no move (real time: the other seat may still act);
 * the heuristic bot calls "stress!" whenever it is valid, otherwise plays the
 * card that leaves the opponent fewest plays (then itself the most), and wins
 * more hands than it loses against random play. Its choice, position by
 * position: a valid stress call first (naming the current tops), nothing
 * without a move; then, where exactly one part of its rule decides, fewest
 * plays left to the opponent first (for either seat), then most follow-up
 * plays for itself, counting the card a play uncovers beneath it in its
 * slot; a play on either centre stack; and the first play in slot and stack
 * order on a full tie. Each position is worked out by hand from the rule in
 * the file comment of bot.ts.
 */
import { describe, expect, test } from 'vitest';
import { heuristicBot, makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { stressSpeed, type SpeedAction } from '../../../src/games/stress-speed/index.js';
import { stressSpeedHeuristic } from '../../../src/games/stress-speed/bot.js';
import { dealtHand, handleOf, playRealTime, position } from './helpers.js';

function cardOf(action: unknown, open: Record<number, string>): string {
  const a = action as SpeedAction | null;
  if (a === null) return 'nothing';
  return a.type === 'stress' ? 'stress' : `${open[a.handle] ?? '?'} on ${a.stack}`;
}

describe('randomBot', () => {
  test('chooses only legal actions, reproducibly, and nothing when its seat has no move', () => {
    const { state, open } = position({
      seats: [
        { row: [['5H'], ['3S'], ['KC'], ['QH']], pile: ['2C'] },
        { row: [['7C'], ['8D'], ['9S'], ['KD']], pile: ['2D'] },
      ],
      stacks: [['4C'], ['JD']],
    });
    const legal = stressSpeed.legalActions(state, 0);
    const picks = Array.from({ length: 20 }, (_, i) => randomBot(makeRng(i))(stressSpeed, state, 0, { known: {} }));
    for (const pick of picks) expect(legal).toContainEqual(pick);
    expect(new Set(picks.map((p) => JSON.stringify(p))).size).toBe(legal.length);
    expect(randomBot(makeRng(7))(stressSpeed, state, 0, { known: {} })).toEqual(
      randomBot(makeRng(7))(stressSpeed, state, 0, { known: {} }),
    );
    expect(cardOf(randomBot(makeRng(1))(stressSpeed, state, 1, { known: {} }), open)).toBe('nothing');
  });
});

describe('heuristicBot', () => {
  const bot: Bot = heuristicBot();

  test.each<[string, string[][], string[][], string[][], string]>([
    [
      'calls stress whenever it is valid, even with a play at hand',
      [['10C'], ['3S'], ['KC'], ['QH']],
      [['7C'], ['8D'], ['2S'], ['KD']],
      [['9H'], ['9D']],
      'stress',
    ],
    // 5H on 4C lets the opponent's 6s go; 3S on 4C leaves it nothing.
    [
      'keeps the opponent from playing',
      [['5H'], ['3S'], ['2C'], ['7C']],
      [['6S'], ['6D'], ['KC'], ['9H']],
      [['4C'], ['JD']],
      '3S on 0',
    ],
    // Neither play gives the opponent a move; 5H leaves 6C a follow-up, 3S leaves nothing.
    [
      'then leaves itself a follow-up',
      [['3S'], ['5H'], ['6C'], ['7D']],
      [['KC'], ['KS'], ['8S'], ['8D']],
      [['4C'], ['JD']],
      '5H on 0',
    ],
    [
      'says nothing without a move',
      [['7H'], ['8H'], ['9C'], ['KH']],
      [['5S'], ['6D'], ['KC'], ['9H']],
      [['4C'], ['JD']],
      'nothing',
    ],
  ])('%s', (_name, mine, theirs, stacks, expected) => {
    const { state, open } = position({
      seats: [
        { row: mine, pile: ['2H'] },
        { row: theirs, pile: ['2D'] },
      ],
      stacks,
    });
    expect(cardOf(bot(stressSpeed, state, 0, { known: {} }), open)).toBe(expected);
  });

  test('a stress call names the current tops', () => {
    const { state, open } = position({
      seats: [
        { row: [['10C'], ['3S'], ['KC'], ['QH']], pile: ['2H'] },
        { row: [['7C'], ['8D'], ['2S'], ['KD']], pile: ['2D'] },
      ],
      stacks: [['9H'], ['9D']],
    });
    expect(bot(stressSpeed, state, 1, { known: {} })).toEqual({
      type: 'stress',
      tops: [handleOf(state, open, '9H'), handleOf(state, open, '9D')],
    });
  });

  test('wins more hands than it loses against uniformly random play (real time, random order, moves in flight)', () => {
    const hands = 150;
    let wins = 0;
    for (let seed = 1; seed <= hands; seed++) {
      const { state, open } = dealtHand(seed);
      const result = playRealTime(state, open, [heuristicBot(), randomBot(makeRng(seed))], {
        maxInputs: 5000,
        orderRng: makeRng(seed),
        lag: 0.2,
      });
      expect(result.ok && result.finished ? '' : result.reason || 'unfinished').toBe('');
      if (result.state.board.winner === 0) wins += 1;
    }
    // Measured: 92 of these 150 (about 64 % over 300 hands). Stress (speed) is mostly speed and luck.
    expect(wins).toBeGreaterThanOrEqual(0.55 * hands);
  });
});

function choice(mine: string[][], theirs: string[][], stacks: string[][], seat: 0 | 1 = 0): string {
  const rows = seat === 0 ? [mine, theirs] : [theirs, mine];
  const { state, open } = position({
    seats: rows.map((row) => ({ row, pile: ['2H'] })).map((s, i) => (i === 1 ? { ...s, pile: ['2D'] } : s)),
    stacks,
  });
  const a = stressSpeedHeuristic(state, seat, { known: {} }) as SpeedAction | null;
  if (a === null) return 'nothing';
  return a.type === 'stress' ? 'stress' : `${open[a.handle]} on ${a.stack}`;
}

describe('stressSpeedHeuristic', () => {
  const quiet = [['9S'], ['9D'], ['8C'], ['8S']]; // no play on 3 to 6 or J, whatever is played

  test.each<[string, string[][], string[][], string[][], 0 | 1, string]>([
    [
      'it calls stress whenever it is valid, even with a play at hand',
      [['10C'], ['3S'], ['KC'], ['QH']],
      [['7C'], ['8D'], ['2S'], ['KD']],
      [['9H'], ['9D']],
      0,
      'stress',
    ],
    [
      'it says nothing without a move',
      [['7H'], ['8H'], ['9C'], ['KH']],
      [['5S'], ['6D'], ['KC'], ['9H']],
      [['4C'], ['JD']],
      0,
      'nothing',
    ],
    [
      'its only play',
      [['7H'], ['8H'], ['3C'], ['KH']],
      [['5S'], ['6D'], ['KC'], ['9H']],
      [['4C'], ['JD']],
      0,
      '3C on 0',
    ],
    // 5H on 4C gives seat 0's 6s a play; 3S on 4C gives nothing.
    [
      'as seat 1 it keeps seat 0 from playing',
      [['5H'], ['3S'], ['2C'], ['7C']],
      [['6S'], ['6D'], ['KC'], ['9H']],
      [['4C'], ['JD']],
      1,
      '3S on 0',
    ],
    // The same on the right-hand stack.
    [
      'it keeps the opponent from playing on stack 1 too',
      [['5H'], ['3S'], ['2C'], ['7C']],
      [['6S'], ['6D'], ['KC'], ['9H']],
      [['JD'], ['4C']],
      0,
      '3S on 1',
    ],
    // Neither play gives the opponent anything; 3S uncovers 2C, which then goes on 3S; 5H leaves nothing.
    [
      'it counts the card a play uncovers as a follow-up',
      [['5H'], ['2C', '3S'], ['KC'], ['KS']],
      quiet,
      [['4C'], ['JD']],
      0,
      '3S on 0',
    ],
    // Both plays leave (0, 0): the first in slot order.
    ['on a full tie it takes the first play', [['5H'], ['3S'], ['KC'], ['KS']], quiet, [['4C'], ['JD']], 0, '5H on 0'],
    // 5H would leave itself 6C but the opponent its two 6s: fewer for the opponent comes first.
    [
      'the opponent comes before its own follow-ups',
      [['3S'], ['5H'], ['6C'], ['KS']],
      [['6S'], ['6D'], ['8C'], ['9S']],
      [['4C'], ['JD']],
      0,
      '3S on 0',
    ],
    [
      'the opponent comes before its own follow-ups (later play better for it)',
      [['5H'], ['3S'], ['6C'], ['KS']],
      [['6S'], ['6D'], ['8C'], ['9S']],
      [['4C'], ['JD']],
      0,
      '3S on 0',
    ],
    // Neither play gives the opponent a move; 5H leaves its other slot's 6C a follow-up, 3S leaves nothing.
    [
      'its other slot tops count as follow-ups',
      [['3S'], ['5H'], ['6C'], ['7D']],
      [['KC'], ['KS'], ['8S'], ['8D']],
      [['4C'], ['JD']],
      0,
      '5H on 0',
    ],
    // 3S on 4C leaves J♦ on the other stack for the opponent's 10S; Q♥ on J♦ leaves 4C, where it has nothing.
    [
      'the stack not played on still counts for the opponent',
      [['3S'], ['QH'], ['7H'], ['7D']],
      [['10S'], ['8C'], ['8S'], ['9S']],
      [['4C'], ['JD']],
      0,
      'QH on 1',
    ],
    // 5H leaves 6C a follow-up and 3S leaves 2C one: an equal score keeps the first.
    [
      'an equal follow-up count keeps the first play',
      [['5H'], ['3S'], ['6C'], ['2C']],
      quiet,
      [['4C'], ['JD']],
      0,
      '5H on 0',
    ],
    // 5H leaves the opponent 3 plays, 3S 2, Q♥ on J♦ none: each better play replaces the best so far.
    [
      'the best of three plays, each better than the last',
      [['5H'], ['3S'], ['QH'], ['7D']],
      [['6S'], ['6D'], ['2S'], ['10C']],
      [['4C'], ['JD']],
      0,
      'QH on 1',
    ],
  ])('%s', (_name, mine, theirs, stacks, seat, expected) => {
    expect(choice(mine, theirs, stacks, seat)).toBe(expected);
  });
});

describe('stressSpeedHeuristic, the call', () => {
  test('a stress call names the current tops, stack 0 first', () => {
    const { state, open } = position({
      seats: [
        { row: [['10C'], ['3S'], ['KC'], ['QH']], pile: ['2H'] },
        { row: [['7C'], ['8D'], ['2S'], ['KD']], pile: ['2D'] },
      ],
      stacks: [['9H'], ['9D']],
    });
    const call = stressSpeedHeuristic(state, 1, { known: {} });
    expect(call?.type).toBe('stress');
    expect(call?.type === 'stress' ? call.tops.map((h) => open[h]) : null).toEqual(['9H', '9D']);
  });
});
