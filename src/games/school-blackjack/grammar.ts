/**
 * The seed's turn grammar as pure functions of a small "position" (where the
 * turn stands, the top card and the suit an ace named, what is owed and what
 * the next seat would owe): which card may be played next and why not, what
 * a card does to the position, and whether ending the turn now costs a card.
 * The rules apply these to the board; legal-action enumeration and the bot
 * use the same functions, so all three agree by construction.
 */
import type { Suit } from '../../engine/index.js';
import { pickupValue, type BlackjackBoard, type SuitedCard, type TurnStep } from './board.js';

export interface Position {
  step: TurnStep;
  run: number;
  owed: number;
  pickup: number;
  skips: number;
  /** The top of the play pile (null: empty pile). */
  top: SuitedCard | null;
  namedSuit: Suit | null;
}

/** Why a card may not be played now. */
export type PlayRefusal =
  /** The seat owes cards and the card is neither an ace nor a matching 2/jack. */
  | 'owes-cards'
  /** A step-1 card that matches neither the top's suit (an ace's named suit) nor its rank. */
  | 'no-match'
  /** Step 2: only cards of the rank played in step 1 (an ace does not stand in for another rank). */
  | 'not-same-rank';

export function positionOf(board: BlackjackBoard, top: SuitedCard | null): Position {
  return {
    step: board.step,
    run: board.run,
    owed: board.owed,
    pickup: board.pickup,
    skips: board.skips,
    top,
    namedSuit: board.namedSuit,
  };
}

/** The suit a step-1 card must match: the top's own, or the suit the top ace named. */
export function suitToMatch(position: Position): Suit | null {
  const top = position.top;
  if (top === null) return null;
  return top.rank === 'A' ? (position.namedSuit ?? top.suit) : top.suit;
}

/** Step 1: an ace goes on anything, anything on an empty pile, else the suit (or named suit) or the rank. */
export function matchesTop(position: Position, card: SuitedCard): boolean {
  const top = position.top;
  if (top === null || card.rank === 'A') return true;
  return card.suit === suitToMatch(position) || card.rank === top.rank;
}

/** Whether `card` may be played now, and if not, why. */
export function playRefusal(position: Position, card: SuitedCard): PlayRefusal | null {
  switch (position.step) {
    case 'start':
      if (position.owed > 0) {
        if (card.rank === 'A') return null;
        if (pickupValue(card) === 0) return 'owes-cards';
      }
      return matchesTop(position, card) ? null : 'no-match';
    case 'more':
      return card.rank === position.top?.rank ? null : 'not-same-rank';
    case 'cap':
      return card.rank === position.top?.rank || matchesTop(position, card) ? null : 'no-match';
    case 'three':
      return matchesTop(position, card) ? null : 'no-match';
    case 'queen':
      return null;
  }
}

/** Whether every card in hand may be played now, whatever it is (so "I cannot play" is false with any card in hand). */
export function anythingGoes(position: Position): boolean {
  return position.step === 'queen' || (position.step === 'start' && position.owed === 0 && position.top === null);
}

/** Whether ending the turn now means drawing 1: after step 2 without a cap (unless 2s or jacks), or right after a 3 or a queen. */
export function endDraws(position: Position): boolean {
  if (position.step === 'three' || position.step === 'queen') return true;
  if (position.step !== 'cap') return false;
  const rank = position.top?.rank;
  return position.run < 3 && rank !== '2' && rank !== 'J';
}

/** The position after `card` (already checked with playRefusal) is played; `suit` is what an ace names. */
export function afterCard(position: Position, card: SuitedCard, suit: Suit | null): Position {
  let pickup: number;
  if (card.rank === 'A' || pickupValue(card) === 0) pickup = 0;
  else pickup = (position.step === 'start' ? position.owed : position.pickup) + pickupValue(card);
  let step: TurnStep;
  let run = 0;
  if (card.rank === '3') step = 'three';
  else if (card.rank === 'Q') step = 'queen';
  else if ((position.step === 'more' || position.step === 'cap') && card.rank === position.top?.rank) {
    step = 'cap';
    run = position.run + 1;
  } else {
    step = 'more';
    run = 1;
  }
  return {
    step,
    run,
    owed: 0,
    pickup,
    skips: position.skips + (card.rank === '8' ? 1 : 0),
    top: card,
    namedSuit: card.rank === 'A' ? suit : null,
  };
}
