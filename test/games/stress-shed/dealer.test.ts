/**
 * Who deals, docs/rules/stress-shed.md, at engine level: seat 0 deals the first hand;
 * then the previous hand's loser; with no loser (`stopAtFirstWinner`, or a
 * hand ended by the endless-hands rule) the seat after the previous dealer.
 * The game reports it as `outcome().nextDealer`; a table sets up the next
 * hand with it, and the set-up (players, options, dealer) plus the inputs
 * rebuild that hand exactly, as a page reloaded in the 2nd hand must.
 */
import { describe, expect, test } from 'vitest';
import { stateHash, type SetupArgs } from '../../../src/engine/index.js';
import { heuristicBot, makeRng } from '../../../src/bots/index.js';
import { stressShed, type StressState } from '../../../src/games/stress-shed/index.js';
import { play } from './helpers.js';

function hand(args: SetupArgs, seed: number): { state: StressState; inputs: unknown[] } {
  const bots = Array.from({ length: args.players }, (_, seat) =>
    heuristicBot({ rng: makeRng(seed * 7 + seat), noise: 0.2 }),
  );
  const result = play(args, seed, bots, { maxInputs: 5000 });
  if (!result.ok || !result.finished) throw new Error(`seed ${seed}: the hand did not finish`);
  expect(stressShed.audit(args, result.inputs, result.open)).toMatchObject({ verdict: 'clean' });
  return { state: result.state as StressState, inputs: result.inputs };
}

describe('a match: the loser of each hand deals the next', () => {
  test.each([2, 3, 4])('%i players, four hands', (players) => {
    let dealer = 0; // game 1
    for (let game = 1; game <= 4; game++) {
      const args: SetupArgs = { players, dealer, options: {} };
      const { state, inputs } = hand(args, players * 100 + game);
      expect(state.dealer).toBe(dealer);
      const outcome = stressShed.outcome(state);
      if (!outcome) throw new Error('no outcome');
      const expected = state.board.loser ?? (dealer + 1) % players;
      expect(outcome.nextDealer).toBe(expected);
      if (state.board.endless === null) expect(outcome.nextDealer).toBe(state.board.loser);
      // The agreed set-up and the inputs rebuild the hand exactly (a reload in a later hand).
      const rebuilt = stressShed.replay(args, inputs);
      expect(rebuilt.ok && stateHash(rebuilt.value)).toBe(stateHash(state));
      // The next hand: dealt by nextDealer, the seat after it plays first.
      const next = stressShed.setup({ players, dealer: outcome.nextDealer, options: {} });
      expect(next.ok && next.value.board.turn).toBe((outcome.nextDealer + 1) % players);
      dealer = outcome.nextDealer;
    }
  });
});

describe('with no loser the seat after the dealer deals next', () => {
  test.each([
    [3, 0],
    [3, 1],
    [3, 2],
    [5, 4],
  ])('stopAtFirstWinner, %i players, dealer %i', (players, dealer) => {
    const { state } = hand({ players, dealer, options: { stopAtFirstWinner: true } }, 40 + players * 10 + dealer);
    expect(state.board.loser).toBeNull();
    expect(state.board.out).toHaveLength(1);
    expect(stressShed.outcome(state)?.nextDealer).toBe((dealer + 1) % players);
  });
});
