/**
 * What Stress (speed) declares once, when its modules load (game.ts and
 * index.ts): its id and name, two players exactly, the race codes that
 * bounce a move instead of blaming its author (docs/rules/stress-speed.md: both play at
 * once), real-time timing, no option fields, the heuristic bot, the blurb,
 * and the words and hints wired in. The modules are loaded inside the test
 * (test/helpers/loaded-now.ts, docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import { loadedNow } from '../../helpers/loaded-now.js';

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
    expect(await m.loadBot()).toBe((await import('../../../src/games/stress-speed/bot.js')).stressSpeedHeuristic);
    expect(m.rulesText?.aim).toMatch(/^Two players, no turns/);
    expect(typeof m.cardZones).toBe('function');
    expect(m.cardProbe).toBeDefined();
  });
});
