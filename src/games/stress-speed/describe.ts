/**
 * How the moves of Stress (speed) read in the table log: "Ann played 7♣ on
 * 8♦", "Bob called stress!". Row and centre cards are public, so the played
 * card is named from the public ledger.
 */
import type { Knowledge } from '../../engine/index.js';
import { cardName } from '../describe.js';
import type { SpeedAction } from './actions.js';

export function describeAction(action: SpeedAction, who: string, know: Knowledge): string {
  switch (action.type) {
    case 'play': {
      const card = know(action.handle);
      const onto = know(action.onTop);
      if (card === null) return `${who} played a card`;
      return onto === null ? `${who} played ${cardName(card)}` : `${who} played ${cardName(card)} on ${cardName(onto)}`;
    }
    case 'stress':
      return `${who} called stress!`;
  }
}
