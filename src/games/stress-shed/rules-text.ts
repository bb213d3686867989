/** Rules help for Stress (shedding), in players' words (docs/rules/stress-shed.md has them in full). */
import type { RulesText } from '../module.js';

export const rulesText: RulesText = {
  aim: 'Get rid of all your cards: first your hand, then your face-up cards, then your face-down cards, blind. The first player out wins; the last one left loses.',
  sections: [
    {
      title: 'Set-up',
      points: [
        'Everyone gets 4 face-down cards (nobody knows them), 4 face-up cards on top and 4 hand cards.',
        'Before the first play you may swap hand cards with your face-up cards; press Ready when done.',
      ],
    },
    {
      title: 'Playing',
      points: [
        'Play one or more cards of one rank, equal to or higher than the top card (3s are see-through: the card under them counts).',
        '2 and 3 go on anything. On a 9 only lower cards (or a 2 or 3) may follow.',
        '8 skips the next player (two 8s skip two). 10 burns the stack: it leaves the game and you lead again.',
        'After a play from your hand, draw back up to 4 cards while the draw stack lasts.',
        'If you cannot play, pick up the whole stack; the next player leads anything.',
        'Face-down cards are turned one at a time: if the card does not fit, it goes onto the stack and you pick the stack up.',
      ],
    },
    {
      title: 'End',
      points: [
        'A player with no cards left is out. Play goes on for the places until one player is left.',
        'A position seen three times, or long play without progress, ends the hand with no loser (if that option is on).',
        'The loser deals the next hand.',
      ],
    },
  ],
};
