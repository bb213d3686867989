/**
 * The attacker suite's false claim where only a table option makes moves rest
 * on hidden-card claims: School Blackjack with `voluntaryDraw: false`, where
 * "I cannot play" (a draw, or an end that draws) is a claim about the cards a
 * seat holds (docs/rules/school-blackjack.md). The registry-wide suite
 * (cheating-peers-whole-hand.test.ts) plays each game with its default
 * options, under which School Blackjack has no such claim. Here one bot peer
 * draws while holding a playable card — a move the live rules must accept,
 * since they cannot see its hand — and every honest peer's end-of-hand audit
 * must name that seat; no honest peer may read a card the rules do not show it.
 * Two seats here; the deep suite's matrix plays the whole attacker suite.
 */
import { expect, it } from 'vitest';
import { runCheat } from '../../tools/sim/cheat-run.js';

it('school-blackjack, voluntaryDraw off, 2 peers: a false "cannot play" is caught by the audit and named', async () => {
  const report = await runCheat({
    game: 'school-blackjack',
    players: 2,
    kind: 'false-claim',
    seed: 3,
    options: { voluntaryDraw: false },
    claimsByOptions: true,
  });
  expect(report).not.toBeNull();
  expect(report!.committed, 'the cheat never happened').toBe(true);
  expect(report!.why).toBe('');
  expect(report!.ok).toBe(true);
  for (const v of report!.verdicts) {
    expect(v.blamed).toBe(report!.cheater);
    expect(v.code).toMatch(/false-claim|rules-fault|illegal-move/);
  }
  expect(report!.leaks.filter((l) => l.seat !== report!.cheater)).toEqual([]);
}, 900_000);

it('without the option there is no such claim to make: the suite offers no false-claim cheat for school-blackjack', async () => {
  expect(await runCheat({ game: 'school-blackjack', players: 2, kind: 'false-claim', seed: 3 })).toBeNull();
});
