/**
 * How the moves of School Blackjack read in the table log. Each card is its
 * own action: "Ann played 9♥", "Ann names ♠ with A♠", "Ann played K♣;
 * direction reversed". The consequences of a finished turn are read from the
 * state the table passes in, right after the action (the board's `lastTurn`):
 * "Ann played 9♥ 9♣ 3♣ 4♣ and ends the turn", "Ann ends the turn uncapped
 * and draws 1", "Cleo is skipped", "Bob owes 5", "Bob draws 5", "the pile is
 * reshuffled into the deck", "Ann wins". When the state is no longer the one
 * right after the action (the next turn has begun) only the action itself is
 * described, never a guess. Only public cards are named.
 */
import {
  publicKnowledge,
  type AnyState,
  type Input,
  type Knowledge,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import { cardList, cardName, seatName } from '../describe.js';
import { parseAction, type BlackjackAction } from './actions.js';
import type { BlackjackState, LastTurn } from './board.js';

const SUIT_SYMBOLS: Record<Suit, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

/** The line of one action alone (no state): what was played, an ace's suit, a king's reversal. */
export function describeAction(action: BlackjackAction, who: string, _know: Knowledge, turn: string | null): string {
  switch (action.type) {
    case 'play': {
      const line =
        action.suit !== undefined
          ? `${who} names ${SUIT_SYMBOLS[action.suit]} with ${cardName(action.card)}`
          : `${who} played ${cardName(action.card)}`;
      const reversed = action.card.startsWith('K') ? '; direction reversed' : '';
      return `${line}${reversed}${turn ?? ''}`;
    }
    case 'end':
      return turn ?? `${who} ends the turn`;
    case 'draw':
      return turn ?? `${who} draws`;
  }
}

function names(seats: readonly Seat[], all: readonly string[]): string {
  const words = seats.map((s) => seatName(all, s));
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** "; Cleo is skipped; Bob owes 5; the pile is reshuffled into the deck" — what follows from a finished turn. */
function consequences(last: LastTurn, state: BlackjackState, all: readonly string[]): string {
  const parts: string[] = [];
  if (state.board.winner === last.seat) parts.push(`${seatName(all, last.seat)} wins`);
  if (last.skipped.length > 0)
    parts.push(`${names(last.skipped, all)} ${last.skipped.length === 1 ? 'is' : 'are'} skipped`);
  if (last.next !== null && last.owes > 0) parts.push(`${seatName(all, last.next)} owes ${last.owes}`);
  if (last.reshuffled) parts.push('the pile is reshuffled into the deck');
  return parts.map((p) => `; ${p}`).join('');
}

const DRAW_WORDS: Record<string, string> = {
  uncapped: ' uncapped and draws 1',
  'no-follower': ' with nothing on its last card and draws 1',
  'power-card': ' on a power card and draws 1',
};

/**
 * The turn `action` finished, as words, if `state` is the state right after it (the turn just
 * ended and the next has not begun); null otherwise (a play in mid-turn, or a later state).
 */
function finishedTurn(
  action: BlackjackAction,
  seat: Seat,
  state: BlackjackState,
  all: readonly string[],
  know: Knowledge,
): string | null {
  const board = state.board;
  const last = board.lastTurn;
  if (last === null || last.seat !== seat) return null;
  if (board.phase === 'play' && (board.step !== 'start' || board.turn !== last.next)) return null;
  const who = seatName(all, seat);
  if (action.type === 'draw') {
    if (last.played.length > 0) return null;
    return `${who} draws ${last.asked}${consequences(last, state, all)}`;
  }
  if (last.played.length === 0) return null;
  const drawing = last.reason !== null ? (DRAW_WORDS[last.reason] ?? '') : '';
  if (action.type === 'play') {
    if (last.played.at(-1) !== action.handle) return null;
    if (board.winner === seat) return `; ${who} wins`;
    return `; that was the last card: ${who} ends the turn${drawing}${consequences(last, state, all)}`;
  }
  const cards = last.played.flatMap((h) => know(h) ?? []);
  return `${who} played ${cardList(cards)} and ends the turn${drawing}${consequences(last, state, all)}`;
}

/** The module's log line for one input, using the state right after it when the table passes it. */
export function describeInput(
  game: { readonly id: string },
  input: Input,
  all: readonly string[],
  state: AnyState | null,
): string {
  if (input.kind !== 'act') return '';
  const who = seatName(all, input.seat);
  const action = parseAction(input.action);
  if (action === null) return `${who} moved`;
  const ours = state !== null && state.game === game.id ? (state as BlackjackState) : null;
  const know: Knowledge = ours ? publicKnowledge(ours) : () => null;
  const turn = ours ? finishedTurn(action, input.seat, ours, all, know) : null;
  return describeAction(action, who, know, turn);
}
