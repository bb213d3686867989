/**
 * The attacker suite's false claim where only a table option makes moves rest
 * on hidden-card claims: School Blackjack with `voluntaryDraw: false`, where
 * "I cannot play" (a draw, or an end that draws) is a claim about the cards a
 * seat holds (docs/rules/school-blackjack.md). The attacker matrix
 * (cheat-matrix.ts) plays each game with its default options, under which
 * School Blackjack has no such claim: here the suite must offer none. The
 * hand with the option on, where one bot peer draws while holding a playable
 * card and every honest peer's end-of-hand audit must name that seat with no
 * card leaked, is played once in `npm test`, in
 * test/table/cheat-run-verdicts.deep.test.ts (two seats, seed 3, its whole report
 * checked); the deep suite's matrix plays the whole attacker suite.
 */
import { expect, it } from 'vitest';
import { runCheat } from '../../tools/sim/cheat-run.js';

it('without the option there is no such claim to make: the suite offers no false-claim cheat for school-blackjack', async () => {
  expect(await runCheat({ game: 'school-blackjack', players: 2, kind: 'false-claim', seed: 3 })).toBeNull();
});
