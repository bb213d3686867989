/**
 * Pesten's card probe (src/games/card-hints.ts): a seat's hand cards are
 * tried alone through the reducer (a J with some wish, since a J must carry
 * one), and each `PestenError` the reducer returns is said in words with the
 * card and the table it met (docs/rules/pesten.md §3): the top, the wish, the owed sum,
 * the drawn card.
 */
import {
  publicKnowledge,
  type CardId,
  type EngineError,
  type Handle,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import { cardName, count } from '../describe.js';
import { engineWords } from '../card-hints.js';
import type { CardProbe } from '../module.js';
import type { PestenAction } from './actions.js';
import { rankOf, suitOf, topHandle, type PestenBoard, type PestenState } from './board.js';
import type { PestenOptions } from './options.js';
import type { PestenError } from './rules.js';

const SUIT_SYMBOL: Record<Suit, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
const SUIT_ONE: Record<Suit, string> = { C: 'club', D: 'diamond', H: 'heart', S: 'spade' };

/** The card as people say it; "the joker" for a joker. */
function named(card: CardId | null): string {
  return card === null ? 'the card' : rankOf(card) === 'joker' ? 'a joker' : cardName(card);
}

/** A `PestenError` (or the engine's refusal) for playing `card`, in words. */
export function pestenWhy(error: PestenError | EngineError, card: CardId, state: PestenState): string {
  const board = state.board;
  const top = topHandle(board);
  const topCard = top === null ? null : publicKnowledge(state)(top);
  switch (error) {
    case 'illegal-play': {
      if (board.wish) return `${SUIT_SYMBOL[board.wish]} was wished: play a ${SUIT_ONE[board.wish]}, a J or a joker.`;
      const suit = suitOf(topCard);
      const rank = rankOf(topCard);
      return suit && rank
        ? `${named(card)} does not go on ${named(topCard)}: play a ${SUIT_SYMBOL[suit]} or a ${rank}, a J or a joker.`
        : `${named(card)} does not go on ${named(topCard)}.`;
    }
    case 'owes-cards':
      return `You owe ${count(board.owed, 'card')}: answer with a 2 or a joker, or draw them.`;
    case 'not-drawn-card':
      return 'After drawing you may only play the card you drew (or keep it).';
    case 'special-last-card':
      return 'Your last card may not be a 2, 7, 8, 10, J, K, A or joker: draw instead.';
    case 'not-play-phase':
      return board.phase === 'pass'
        ? 'Cards are being passed: pick one to pass instead.'
        : 'Wait: the start jack’s suit is being wished.';
    case 'not-in-hand':
      return `${named(card)} is not in your hand.`;
    default:
      return engineWords(error as EngineError) ?? `${named(card)} cannot be played now (${error}).`;
  }
}

export const pestenProbe: CardProbe<PestenBoard, PestenAction, PestenOptions, PestenError> = {
  cards: (state, seat: Seat) => state.board.hands[seat] ?? ([] as Handle[]),
  play: (handle, card) =>
    rankOf(card) === 'J' ? { type: 'play', handle, card, wish: suitOf(card) ?? 'C' } : { type: 'play', handle, card },
  words: (error, card, state) => pestenWhy(error, card, state),
};
