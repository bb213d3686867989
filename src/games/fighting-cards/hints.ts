/**
 * Fighting Cards' card probe (src/games/card-hints.ts): each card of a
 * seat's hand is tried alone through the reducer — in the play phase as a
 * play, in the discard phase as one of the two cards put away (paired with
 * another of the twelve) — with every card the seat knows open, so "follow
 * suit" (docs/rules/fighting-cards.md §3), which live play leaves to a void claim, is decided as
 * the audit decides it. Each `FightingError` is said in words with the trick
 * it met: the led suit, trumps, or the phase the deal is in.
 */
import { publicKnowledge, type CardId, type EngineError, type Handle, type Seat } from '../../engine/index.js';
import { engineWords } from '../card-hints.js';
import { cardName } from '../describe.js';
import type { CardProbe } from '../module.js';
import type { FightingAction } from './actions.js';
import { suitOf, type FightingBoard, type FightingState } from './board.js';
import { SUIT_SYMBOL } from './describe.js';
import type { FightingOptions } from './options.js';
import type { FightingError } from './rules.js';

const SUIT_WORD = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' } as const;

/** Why the deal is not taking cards now, by phase. */
function notNow(board: FightingBoard): string {
  switch (board.phase) {
    case 'bidding':
      return 'The auction is on: cards are played once trumps are named.';
    case 'skat':
      return 'The declarer is deciding on the skat: cards are played once trumps are named.';
    case 'discard':
      return 'The declarer is putting two cards away: cards are played once trumps are named.';
    case 'trump':
      return 'Trumps are being named: cards are played after that.';
    case 'scoring':
    case 'over':
      return 'The deal is over.';
    case 'play':
      return 'Cards cannot be played now.';
  }
}

/** A `FightingError` (or the engine's refusal) for playing or putting away `card`, in words. */
export function fightingWhy(error: FightingError | EngineError, card: CardId, state: FightingState): string {
  const board = state.board;
  switch (error) {
    case 'must-follow-suit': {
      const lead = board.trick[0];
      const led = lead ? suitOf(publicKnowledge(state)(lead.handle)) : null;
      if (led === null) return `${cardName(card)} may not go now.`;
      const trumps =
        board.trump === null
          ? ''
          : board.trump === led
            ? ' (trumps were led)'
            : `, not a trump ${SUIT_SYMBOL[board.trump]}`;
      return `You must follow ${SUIT_WORD[led]} ${SUIT_SYMBOL[led]}: you hold ${SUIT_SYMBOL[led]}, so play one of them${trumps}.`;
    }
    case 'wrong-phase':
      return notNow(board);
    case 'not-in-hand':
      return `${cardName(card)} is not in your hand.`;
    case 'duplicate-handle':
      return 'Pick two different cards to put away.';
    default:
      return engineWords(error as EngineError) ?? `${cardName(card)} cannot be played now (${error}).`;
  }
}

export const fightingProbe: CardProbe<FightingBoard, FightingAction, FightingOptions, FightingError> = {
  cards: (state, seat: Seat) => state.board.hands[seat] ?? ([] as Handle[]),
  play: (handle, card, state) => {
    if (state.board.phase !== 'discard') return { type: 'play', handle, card };
    // Putting a card away is a pair: try it with another card of the same hand.
    const hand = state.board.declarer === null ? [] : (state.board.hands[state.board.declarer] ?? []);
    const other = hand.find((h) => h !== handle) ?? handle;
    return { type: 'discard', handles: [handle, other] };
  },
  words: (error, card, state) => fightingWhy(error, card, state),
};
