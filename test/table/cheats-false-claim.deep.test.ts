/**
 * The false claim of the attacker suite (tools/sim/cheats-moves.ts): the
 * cheater's bot plays a move legal only for fewer cards than it holds (a
 * false "no legal play"), which the live rules must accept and only the
 * audit, with every card open, disproves. It shows only once play is over,
 * so it needs a whole two-seat stress-shed hand (a few seconds): kept apart
 * from cheats-played.test.ts so that file stays quick per mutant. The
 * honest seat's verdict (the rules fault, the seat, the words) is checked
 * exactly, with a fixed seed.
 */
import { expect, it } from 'vitest';
import { runCheat } from '../../tools/sim/cheat-run.js';

it('a false "no legal play" in stress-shed is disproved by the audit, naming the cheater', async () => {
  const report = (await runCheat({ game: 'stress-shed', players: 2, kind: 'false-claim', seed: 3 }))!;
  expect(report.committed).toBe(true);
  expect(report.why).toBe('');
  expect(report.leaks).toEqual([]);
  expect(report.verdicts).toEqual([
    {
      seat: 0,
      code: 'rules-fault',
      blamed: 1,
      detail: 'rules: has-legal-play: false claim "seat 1 holds no hand card that may go on AD" (input 25)',
    },
  ]);
}, 120_000);
