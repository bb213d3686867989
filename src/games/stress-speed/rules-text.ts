/** Rules help for Stress (speed), in players' words (docs/rules/stress-speed.md has them in full). */
import type { RulesText } from '../module.js';

export const rulesText: RulesText = {
  aim: 'Two players, no turns: both play as fast as they can. The first to empty their row and their pile wins.',
  sections: [
    {
      title: 'Set-up',
      points: [
        'Each player has a face-down pile of 26 and a row of four face-up cards; each deals one card onto their centre stack.',
      ],
    },
    {
      title: 'Playing',
      points: [
        'Move a row card onto either centre stack if it is one rank above or below its top; aces are high and low (K–A–2).',
        'An emptied row slot is refilled from your pile at once.',
        'If both of you aimed at the same top, one play lands and the other bounces back: the table orders them fairly.',
      ],
    },
    {
      title: 'Stress!',
      points: [
        'While both centre tops show the same rank, call "Stress!": the first valid call wins, and the other player takes both stacks into their pile.',
        'When nobody can play, each player deals a new card onto their centre stack (with no piles left, the stacks become new piles).',
      ],
    },
  ],
};
