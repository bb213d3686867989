/**
 * With the endless-hands rule (RULES.md §1, on by default) every hand of
 * Stress (shedding) ends, even between fixed strategies that would cycle
 * for ever: the heuristic bot with no random slips (noise 0) plays seeded
 * hands at 2, 3 and 4 players through the engine-level autoplay, and every
 * hand must be over, with an outcome, and audit clean. The seeds include
 * hands where the bots do loop (found by search: of 400 seeded hands 7
 * loop at two players, 2 at three, 1 at four); those must end by the rule, with no loser, and
 * with the option off the same hand must still be going long after, which
 * shows it is the rule that ends them.
 */
import { describe, expect, test } from 'vitest';
import { census, shuffledDeal, type SetupArgs } from '../../../src/engine/index.js';
import { autoplay, heuristicBot, makeRng, type AutoplayResult } from '../../../src/bots/index.js';
import { stressShed, type StressState } from '../../../src/games/stress-shed/index.js';

/** Every hand ends well inside this (the longest measured noise-free hand took 257 inputs). */
const MAX_INPUTS = 20_000;
/** With the rule off, a looping hand is still going after this many inputs. */
const LOOP_INPUTS = 2_000;

function noiseFree(args: SetupArgs, seed: number, maxInputs: number): AutoplayResult {
  const setup = stressShed.setup(args);
  if (!setup.ok) throw new Error(`setup: ${setup.error}`);
  const rng = makeRng(seed);
  const open = shuffledDeal(setup.state.deck, () => rng.next());
  const bots = Array.from({ length: args.players }, () => heuristicBot({ noise: 0 }));
  return autoplay(stressShed, setup.state, open, bots, { maxInputs });
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('noise-free heuristic bots end every hand', () => {
  test.each<[number, number[]]>([
    [2, range(1, 60)],
    [3, [...range(1, 60), 281, 304]],
    [4, [...range(1, 60), 184]],
  ])('%i players', (players, seeds) => {
    const loops: number[] = [];
    for (const seed of seeds) {
      const args = { players, dealer: seed % players };
      const result = noiseFree(args, seed, MAX_INPUTS);
      expect(result.ok ? '' : result.reason, `seed ${seed}`).toBe('');
      expect(result.ok && result.finished, `seed ${seed} ended`).toBe(true);
      const state = result.state as StressState;
      const outcome = stressShed.outcome(state);
      expect(outcome, `seed ${seed} outcome`).not.toBeNull();
      expect(outcome?.ranking.flat().sort()).toEqual(range(0, players - 1));
      expect(census(stressShed, state, result.open)).toEqual([]);
      expect(stressShed.audit(args, result.inputs, result.open), `seed ${seed} audit`).toMatchObject({
        verdict: 'clean',
      });
      if (state.board.endless === null) {
        expect(state.board.out).toHaveLength(players - 1);
        expect(outcome?.nextDealer).toBe(state.board.loser);
        continue;
      }
      loops.push(seed);
      expect(state.board.loser).toBeNull();
      expect(outcome?.ranking.at(-1)?.length).toBeGreaterThanOrEqual(2);
      expect(outcome?.nextDealer).toBe((args.dealer + 1) % players);
      const without = noiseFree({ ...args, options: { endlessHandsEnd: false } }, seed, LOOP_INPUTS);
      expect(without.ok && !without.finished, `seed ${seed} loops without the rule`).toBe(true);
    }
    expect(loops.length, 'some of these hands loop, so the rule is exercised').toBeGreaterThan(0);
  });
});
