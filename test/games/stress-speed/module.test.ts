/**
 * What Stress (speed) declares once, when its modules load (game.ts,
 * index.ts, rules-text.ts, and the tables inside describe.ts and hints.ts):
 * its id and name, two players exactly, the race codes that bounce a move
 * instead of blaming its author (RULES.md §2: both play at once), real-time
 * timing, no option fields, the heuristic bot, the blurb and the rules help
 * in the words a player reads. Every module is loaded inside the test
 * (stryker-js issue 6144: code run at load is otherwise never seen mutated;
 * test/helpers/loaded-now.ts).
 */
import { describe, expect, test } from 'vitest';
import { loadedNow } from '../../helpers/loaded-now.js';
import { position } from './helpers.js';

describe('game.ts', () => {
  test('id, name, two players, the race codes, and the parts assembled', async () => {
    const { stressSpeed } = await loadedNow(() => import('../../../src/games/stress-speed/game.js'));
    expect(stressSpeed.id).toBe('stress-speed');
    expect(stressSpeed.displayName).toBe('Stress (speed)');
    expect(stressSpeed.minPlayers).toBe(2);
    expect(stressSpeed.maxPlayers).toBe(2);
    expect(stressSpeed.raceErrors).toEqual(['stale-top', 'stale-call']);
    expect(stressSpeed.defaultOptions).toEqual({});
    expect(stressSpeed.parseOptions({}, 2)).toEqual({});
    const setup = stressSpeed.setup({ players: 2 });
    expect(setup.ok).toBe(true);
    expect(stressSpeed.deck({}, 2)).toHaveLength(52);
  });
});

describe('index.ts (the registry module)', () => {
  test('id, rules, blurb, real-time timing, no fields, the heuristic bot, words and hints', async () => {
    const index = await loadedNow(() => import('../../../src/games/stress-speed/index.js'));
    const m = index.stressSpeedModule;
    expect(m.id).toBe('stress-speed');
    expect(m.rules).toBe(index.stressSpeed);
    expect(m.blurb).toBe('No turns: both play at once, one up or one down. Call "stress!" first.');
    expect(m.timing).toBe('real-time');
    expect(m.name).toBe('Stress (speed)');
    expect(m.options.fields).toEqual({});
    expect(m.options.defaults).toEqual({});
    expect(m.raceErrors).toEqual(['stale-top', 'stale-call']);
    expect(Object.keys(m.bots)).toEqual(['heuristic']);
    expect(m.bots.heuristic).toBe(index.stressSpeedHeuristic);
    expect(m.rulesText?.aim).toMatch(/^Two players, no turns/);
    expect(typeof m.cardZones).toBe('function');
    expect(m.cardProbe).toBeDefined();
  });
});

describe('describe.ts and hints.ts, loaded now', () => {
  test('the stack sides in the log: left is stack 0, right is stack 1', async () => {
    const { describeAction } = await loadedNow(() => import('../../../src/games/stress-speed/describe.js'));
    const know = (h: number) => ({ 1: '7C', 2: '8D' })[h] ?? null;
    expect(describeAction({ type: 'play', slot: 0, handle: 1, stack: 0, onTop: 2 }, 'Ann', know)).toBe(
      'Ann played 7♣ on 8♦ (left stack)',
    );
    expect(describeAction({ type: 'play', slot: 0, handle: 1, stack: 1, onTop: 2 }, 'Ann', know)).toBe(
      'Ann played 7♣ on 8♦ (right stack)',
    );
  });

  test('the card probe: the row tops, one play per stack, the words', async () => {
    const { speedProbe } = await loadedNow(() => import('../../../src/games/stress-speed/hints.js'));
    const { state, open } = position({
      seats: [
        { row: [['AS'], ['QC'], ['2C'], ['7D']], pile: ['8C'] },
        { row: [['9H'], ['9C'], ['KD'], ['5D']], pile: ['10S'] },
      ],
      stacks: [['KH'], ['AD']],
    });
    const tops = speedProbe.cards(state, 0);
    expect(tops.map((h) => open[h])).toEqual(['AS', 'QC', '2C', '7D']);
    const plays = speedProbe.play(tops[3]!, '7D', state);
    expect(Array.isArray(plays) ? plays.map((p) => p.type === 'play' && p.stack) : null).toEqual([0, 1]);
    expect(speedProbe.words('not-adjacent', '7D', state, 0)).toBe(
      '7♦ is not one up or one down from K♥ or A♦: aces go both ways.',
    );
  });
});
