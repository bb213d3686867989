/**
 * Stress (shedding)'s card probe (src/games/card-hints.ts): each hand and
 * face-up card of a seat is tried alone as a play through the reducer, and
 * each `StressError` it returns is said in words with the top it met
 * (docs/rules/stress-shed.md §3: 2 and 3 go on anything, a 10 burns, otherwise equal or
 * higher; the hand is played before the face-up cards).
 */
import { publicKnowledge, type CardId, type EngineError, type Handle, type Seat } from '../../engine/index.js';
import { engineWords } from '../card-hints.js';
import { cardName } from '../describe.js';
import type { CardProbe } from '../module.js';
import type { StressAction } from './actions.js';
import type { StressBoard, StressState } from './board.js';
import type { StressOptions } from './options.js';
import { effectiveTop, type StressError } from './rules.js';

/** A `StressError` (or the engine's refusal) for playing `card` alone, in words. */
export function stressWhy(error: StressError | EngineError, card: CardId, state: StressState, seat: Seat): string {
  const board = state.board;
  switch (error) {
    case 'illegal-play': {
      const top = effectiveTop(board.stack, publicKnowledge(state));
      return top
        ? `${cardName(card)} does not beat ${cardName(top)}: play an equal or higher card, a 2 or a 3 (or pick up the stack).`
        : `${cardName(card)} cannot be played now.`;
    }
    case 'not-in-source': {
      const mine = board.seats[seat];
      return mine && mine.faceUp.some((h) => publicKnowledge(state)(h) === card) && mine.hand.length > 0
        ? 'Play your hand first: the face-up cards come when it is empty.'
        : `${cardName(card)} is not where you play from now.`;
    }
    case 'not-play-phase':
      return 'Swap phase: cards are played once everyone is ready.';
    case 'must-play-blind':
      return 'Only your face-down cards are left: turn one over.';
    default:
      return engineWords(error as EngineError) ?? `${cardName(card)} cannot be played now (${error}).`;
  }
}

export const stressProbe: CardProbe<StressBoard, StressAction, StressOptions, StressError> = {
  cards: (state, seat: Seat) => {
    const mine = state.board.seats[seat];
    return mine ? [...mine.hand, ...mine.faceUp] : ([] as Handle[]);
  },
  play: (handle, card) => ({ type: 'play', cards: [{ handle, card }] }),
  words: (error, card, state, seat) => stressWhy(error, card, state, seat),
};
