/**
 * The cheats of the attacker suite (tools/sim/cheats*.ts) that need a live
 * hand to cheat at all — the shuffle cheats (they rewrite a step with the
 * seat's own secrets), the lock cheat, the card a move claims, the real-time
 * commit and reveal — each played once in the smallest hand that reaches it
 * (two seats of stress-shed, or of stress-speed for the real-time cheat)
 * through runCheat (cheat-run.ts), with a fixed seed, to the honest seat's
 * verdict. What each cheat rewrites is pinned without playing in
 * cheats.test.ts. The verdict is a contract of the protocol (docs/PROTOCOL.md §10: the
 * halt code and the seat a halt names, and the words of its detail), so it
 * is checked exactly: a cheat that changed, or did not happen, shows as
 * another verdict. The false claim, which needs a whole hand, is played in
 * cheats-false-claim.deep.test.ts.
 */
import { expect, it } from 'vitest';
import type { GameId } from '../../src/games/index.js';
import type { CheatKind } from '../../tools/sim/cheats.js';
import { runCheat } from '../../tools/sim/cheat-run.js';

const CASES: [CheatKind, GameId, string, string][] = [
  [
    'shuffle-linear',
    'stress-shed',
    'bad-step',
    'bad shuffle step: shuffle argument of seat 2 does not verify (its deck is not a permutation of the input times the s_2 of S_2)',
  ],
  [
    'shuffle-substitute',
    'stress-shed',
    'bad-step',
    'bad shuffle step: shuffle argument of seat 2 does not verify (its deck is not a permutation of the input times the s_2 of S_2)',
  ],
  [
    'wrong-lock',
    'stress-shed',
    'bad-step',
    'bad lock step: Chaum–Pedersen batch of seat 2 does not verify (a lock factor does not match S_2 → K_2c)',
  ],
  ['audit-junk', 'stress-speed', 'not-a-move', 'sent a move that is not a move of this game'],
  ['wrong-card', 'stress-shed', 'false-claim', 'claimed to play 2C but its keys open KS'],
];

it.each(CASES)(
  '%s in %s: the honest seat concludes %s',
  async (kind, game, code, detail) => {
    const report = await runCheat({ game, players: 2, kind, seed: 3 });
    expect(report!.committed).toBe(true);
    expect(report!.why).toBe('');
    expect(report!.ok).toBe(true);
    expect(report!.leaks).toEqual([]);
    expect(report!.verdicts).toEqual([{ seat: 0, code, blamed: code === 'clean' ? null : 1, detail }]);
  },
  120_000,
);
