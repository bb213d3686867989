/** Rules help for Blackjack (school rules), in players' words (docs/rules/school-blackjack.md has them in full). */
import type { RulesText } from '../module.js';

export const rulesText: RulesText = {
  aim: 'Not casino blackjack: a Crazy Eights relative. Empty your hand first — but not on a power card (A 2 3 8 J Q K).',
  sections: [
    {
      title: 'A turn',
      points: [
        'Play a card matching the top card by suit or rank (an ace on anything), or draw 1 and end the turn.',
        'Then you may add cards of the same rank. After adding, you must "cap off" with one more matching card, or draw 1 (not needed after jacks or 2s).',
      ],
    },
    {
      title: 'Power cards',
      points: [
        '2s and jacks at the end of a turn make the next player pick up: 2 per 2, 3 per red jack, 5 per black jack. They may cancel with an ace or add with a matching 2 or jack.',
        'A: name a suit. 3: the next card must match (or draw 1). Q: anything may follow (or draw 1).',
        '8: skip one more player. K: reverse the direction.',
      ],
    },
    {
      title: 'End',
      points: [
        'Ending on a power card means drawing 1 instead of winning.',
        'When the deck runs out, the play pile (but its top) is reshuffled into it.',
      ],
    },
  ],
};
