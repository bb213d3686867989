/** Rules help for Fighting Cards, in players' words (docs/rules/fighting-cards.md has them in full). */
import type { RulesText } from '../module.js';

export const rulesText: RulesText = {
  aim: 'Three players, 32 cards. The highest bidder declares a contract and must take at least that many card points in tricks; only the declarer scores.',
  sections: [
    {
      title: 'Bidding',
      points: [
        'Card points: A 4, K 3, Q 2, J 1, others 0 (40 in all). Two cards lie face down as the skat.',
        'Bid higher than the last bid (21 to 40) or pass; a pass is not final. A bid followed by two passes wins; three passes throw the deal in.',
        'The declarer plays "hand" (skat unseen, score doubled) or takes the skat and discards two cards face down. Then they name trumps.',
      ],
    },
    {
      title: 'Tricks',
      points: [
        'The player after the declarer leads. Follow the led suit if you can; otherwise play any card.',
        'The highest trump wins the trick, else the highest card of the led suit. Ranks: A K Q J 10 9 8 7.',
        'Playing off suit while holding it (a renege) is caught live or by the audit, and the deal is scored against that player.',
      ],
    },
    {
      title: 'Scoring',
      points: [
        'The skat counts for the declarer. Made: points taken plus 50 / 200 / 500 / 1000 / 1500 by contract band (21–25 / 26–30 / 31–35 / 36–39 / 40).',
        'Failed: minus 20 / 50 / 100 / 200 / 500 times the shortfall. A hand game doubles it. Highest total after the match wins.',
      ],
    },
  ],
};
