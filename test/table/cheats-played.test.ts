/**
 * Each cheat of the attacker suite (src/table/cheats*.ts), played once in the
 * smallest hand that reaches it — two seats of stress-shed for the turn-based
 * cheats, of stress-speed for the real-time ones, of School Blackjack where a
 * cheat needs its moves (cards turned up only through the keys a move
 * carries) — through runCheat (cheat-run.ts), with a fixed seed. The honest
 * seat's verdict is a contract of the protocol (DESIGN.md: the halt code and
 * the seat a halt names, and the words of its detail), so it is checked
 * exactly: a cheat that changed, or did not happen, shows as another verdict.
 * One test per cheat, so a mutant in one cheat's code runs only that cheat's
 * hand (about a second each; the whole-hand cheats a few seconds).
 */
import { expect, it } from 'vitest';
import type { GameId } from '../../src/games/index.js';
import type { CheatKind } from '../../src/table/cheats.js';
import { runCheat } from '../../src/table/cheat-run.js';

const CASES: [CheatKind, GameId, string, string][] = [
  ['shuffle-linear', 'stress-shed', 'bad-step', 'bad shuffle step: shuffle argument of seat 1 does not verify (its deck is not a permutation of the input times the s_1 of S_1)'],
  ['shuffle-substitute', 'stress-shed', 'bad-step', 'bad shuffle step: shuffle argument of seat 1 does not verify (its deck is not a permutation of the input times the s_1 of S_1)'],
  ['wrong-lock', 'stress-shed', 'bad-step', 'bad lock step: Chaum–Pedersen batch of seat 1 does not verify (a lock factor does not match S_1 → K_1c)'],
  ['incomplete-keys', 'stress-shed', 'missing-key', "left out the key of seat 2's layer for packet 0 position 24"],
  ['incomplete-keys', 'school-blackjack', 'missing-key', "left out the key of seat 2's layer for packet 0 position 29"],
  ['withhold-keys', 'stress-shed', 'stalled', 'stalled: to send card keys (2)'],
  ['wrong-key', 'stress-shed', 'wrong-key', 'wrong key: seat 1 sent a key for position 4 (layer of seat 1) that does not match K_1,4'],
  ['wrong-key', 'school-blackjack', 'wrong-key', 'wrong key: seat 1 sent a key for position 29 (layer of seat 0) that does not match K_0,29'],
  ['low-order-seal-key', 'stress-shed', 'bad-seal-key', 'announced a seal key that cannot be used: seal key: X25519 public key of low order (it would give an all-zero shared secret)'],
  ['audit-junk', 'stress-shed', 'not-a-move', 'sent a move that is not a move of this game'],
  ['audit-junk', 'stress-speed', 'not-a-move', 'sent a move that is not a move of this game'],
  ['withhold-disclose', 'stress-shed', 'no-disclosure', 'did not disclose its secrets for the audit in time'],
  ['abandon-in-disclose', 'stress-shed', 'no-disclosure', 'did not disclose its secrets for the audit in time'],
  ['far-future-at', 'stress-shed', 'future-step', 'made its shuffle at step 4503599627370496, which does not exist yet (now 0)'],
  ['equivocate', 'stress-shed', 'equivocation', 'sent two different ready events for one purpose (equivocation)'],
  ['false-claim', 'stress-shed', 'rules-fault', 'rules: has-legal-play: false claim "seat 1 holds no hand card that may go on AD" (input 25)'],
  ['wrong-card', 'stress-shed', 'false-claim', 'claimed to play 2C but its keys open KS'],
  ['repeat-move', 'stress-shed', 'illegal-move', 'an illegal move: not-swap-phase'],
  ['realtime-bad-reveal', 'stress-speed', 'bad-event', 'bad reveal event: actions.0: a move must be plain JSON data'],
  ['replay', 'stress-shed', 'clean', 'audit clean'],
  ['forged-signature', 'stress-shed', 'stalled', 'stalled: to shuffle the deck (2)'],
];

it.each(CASES)('%s in %s: the honest seat concludes %s', async (kind, game, code, detail) => {
  const report = await runCheat({ game, players: 2, kind, seed: 3 });
  expect(report!.committed).toBe(true);
  expect(report!.why).toBe('');
  expect(report!.ok).toBe(true);
  expect(report!.leaks).toEqual([]);
  expect(report!.verdicts).toEqual([{ seat: 0, code, blamed: code === 'clean' ? null : 1, detail }]);
}, 120_000);
