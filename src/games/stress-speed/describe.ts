/**
 * How the moves of Stress (speed) read in the table log: "Ann played 7♣ on
 * 8♦ (left stack)", "Bob called stress!". Row and centre cards are public,
 * so the played card is named from the public ledger (of the state before
 * the move: the centre top it covered is still known there). `speedEffects`
 * adds what the states before and after an input show: "Ann takes both
 * stacks (12 cards)", "nobody can play: new centre cards are dealt", "Ann's
 * row and pile are empty: Ann wins", "no card can ever be played: the hand
 * ends with no winner".
 */
import type { Input, Knowledge } from '../../engine/index.js';
import { cardName, seatName } from '../describe.js';
import type { SpeedAction } from './actions.js';
import type { SpeedState } from './board.js';

const SIDES = ['left', 'right'] as const;

export function describeAction(action: SpeedAction, who: string, know: Knowledge): string {
  switch (action.type) {
    case 'play': {
      const card = know(action.handle);
      const onto = know(action.onTop);
      const side = `${SIDES[action.stack]} stack`;
      if (card === null) return `${who} played a card on the ${side}`;
      return onto === null
        ? `${who} played ${cardName(card)} on the ${side}`
        : `${who} played ${cardName(card)} on ${cardName(onto)} (${side})`;
    }
    case 'stress':
      return `${who} called stress!`;
  }
}

/** What an input did, from the states right before and right after it (see the file comment). */
export function speedEffects(input: Input, before: SpeedState, after: SpeedState, names: readonly string[]): string[] {
  const b = before.board;
  const a = after.board;
  const out: string[] = [];
  if (input.kind === 'act' && (input.action as Partial<SpeedAction>).type === 'stress') {
    if (a.stresses > b.stresses && a.lastStress) {
      const taken = b.stacks.reduce((sum, stack) => sum + stack.length, 0);
      out.push(`${seatName(names, a.lastStress.taker)} takes both stacks (${taken} cards)`);
    } else out.push('the tops differ: the call does nothing');
  }
  if (a.stalemates > b.stalemates && a.stalemate) {
    out.push(
      a.stalemate.kind === 'deal'
        ? 'nobody can play: new centre cards are dealt'
        : 'nobody can play and no pile is left: the centre stacks are shuffled into new piles',
    );
  }
  if (b.phase === 'play' && a.phase === 'over') {
    if (a.winner !== null)
      out.push(`${seatName(names, a.winner)}'s row and pile are empty: ${seatName(names, a.winner)} wins`);
    else if (a.blocked) out.push('no card can ever be played: the hand ends with no winner');
  }
  return out;
}
