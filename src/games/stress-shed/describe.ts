/**
 * How the moves of Stress (shedding) read in the table log: "Ann played 7♣
 * 7♠", "Bob picked up the stack", "Ann turned over a face-down card: 9♥"
 * (the card once the table has revealed it), "Bob is ready, putting 10♠ face
 * up". Only public cards are named.
 */
import type { Knowledge } from '../../engine/index.js';
import { cardList, cardName } from '../describe.js';
import type { StressAction } from './actions.js';

export function describeAction(action: StressAction, who: string, know: Knowledge): string {
  switch (action.type) {
    case 'play':
      return `${who} played ${cardList(action.cards.map((c) => c.card))}`;
    case 'blind': {
      const card = know(action.handle);
      return card === null ? `${who} turned over a face-down card` : `${who} turned over a face-down card: ${cardName(card)}`;
    }
    case 'pickup':
      return `${who} picked up the stack`;
    case 'ready': {
      const up = faceUpAfter(action.swaps);
      return up.length === 0 ? `${who} is ready` : `${who} is ready, putting ${cardList(up)} face up`;
    }
  }
}

/** The hand cards that end up face-up after a sequence of swaps (one swapped up and back down again is not). */
function faceUpAfter(swaps: Extract<StressAction, { type: 'ready' }>['swaps']): string[] {
  const up = new Map<number, string>();
  for (const swap of swaps) {
    up.delete(swap.faceUp);
    up.set(swap.hand, swap.card);
  }
  return [...up.values()];
}
