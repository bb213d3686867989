/** Rules help for Pesten, in players' words (docs/rules/pesten.md has them in full). */
import type { RulesText } from '../module.js';

export const rulesText: RulesText = {
  aim: 'Be the first to play your last card. Each round won is a point; the first to reach the target wins the match.',
  sections: [
    {
      title: 'A turn',
      points: [
        'Play a card of the same suit or rank as the top card (or of the wished suit); a jack or joker goes on anything.',
        'Or draw one card, which ends your turn (you may always draw).',
      ],
    },
    {
      title: 'Special cards',
      points: [
        'J: wish a suit for the next card. 8: the next player is skipped. A: the direction turns round.',
        '2: the next player draws 2; joker: draws 5 — unless they pass it on with a 2 or joker, adding up.',
        '7 and K: play again at once (or draw one).',
        '10: everyone passes one card to the next player clockwise, whichever way play is going; you see only the card you receive.',
      ],
    },
    {
      title: 'Last cards',
      points: [
        'When you play your second-to-last card, announce "Pesten" with it, or draw 2.',
        'Your last card may not be a special card (2, 7, 8, 10, J, K, A or joker).',
        'When the stock runs out, the discard pile (all but its top) is reshuffled.',
      ],
    },
  ],
};
