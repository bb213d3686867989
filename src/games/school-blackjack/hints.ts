/**
 * School Blackjack's card probe (src/games/card-hints.ts): each hand card of
 * a seat is tried alone through the reducer as the next card of the turn (an
 * ace naming its own suit, since an ace must name one), and each
 * `BlackjackError` — the turn grammar's `PlayRefusal` above all (docs/rules/school-blackjack.md
 * §3: step 1 matches the top's suit or rank, step 2 only more of the rank,
 * a pick-up answered only by an ace or a matching 2 or jack) — is said in
 * words with the position it met: the top, the named suit, what is owed.
 */
import {
  publicKnowledge,
  type CardId,
  type EngineError,
  type Handle,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import { engineWords } from '../card-hints.js';
import { cardName } from '../describe.js';
import type { CardProbe } from '../module.js';
import type { BlackjackAction } from './actions.js';
import { suited, type BlackjackBoard, type BlackjackState } from './board.js';
import { suitToMatch } from './grammar.js';
import type { BlackjackOptions } from './options.js';
import { currentPosition, type BlackjackError } from './rules.js';

const SYMBOL: Record<Suit, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

/** A `BlackjackError` (or the engine's refusal) for playing `card` next, in words. */
export function blackjackWhy(error: BlackjackError | EngineError, card: CardId, state: BlackjackState): string {
  const position = currentPosition(state, publicKnowledge(state));
  const top = position.top ? cardName(`${position.top.rank}${position.top.suit}`) : 'the pile';
  const suit = suitToMatch(position);
  switch (error) {
    case 'owes-cards':
      return `You owe ${position.owed}: only an ace, or a 2 or jack that matches ${top}, answers it (or draw ${position.owed}).`;
    case 'not-same-rank':
      return position.top
        ? `Step 2: only more ${position.top.rank}s may follow now (or end the turn).`
        : 'Step 2: only more of the rank you just played may follow now (or end the turn).';
    case 'no-match':
      return position.top?.rank === 'A' && suit
        ? `${cardName(card)} does not match the suit the ace named, ${SYMBOL[suit]} (an ace goes on anything).`
        : `${cardName(card)} matches neither the suit nor the rank of ${top} (an ace goes on anything).`;
    case 'not-in-hand':
      return `${cardName(card)} is not in your hand.`;
    case 'not-play-phase':
      return 'The hand is not in play.';
    default:
      return engineWords(error as EngineError) ?? `${cardName(card)} cannot be played now (${error}).`;
  }
}

export const blackjackProbe: CardProbe<BlackjackBoard, BlackjackAction, BlackjackOptions, BlackjackError> = {
  cards: (state, seat: Seat) => state.board.hands[seat] ?? ([] as Handle[]),
  play: (handle, card) => {
    const ace = suited(card);
    return ace?.rank === 'A' ? { type: 'play', handle, card, suit: ace.suit } : { type: 'play', handle, card };
  },
  words: (error, card, state) => blackjackWhy(error, card, state),
};
