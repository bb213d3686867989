/**
 * Stress (speed)'s card probe (src/games/card-hints.ts): the top card of each
 * of a seat's row slots is tried through the reducer on each centre stack
 * (stack 0 is drawn on the left, stack 1 on the right), so the hint says on
 * which stacks it goes now (`places`) and, when it goes on neither, why in
 * words with the tops it met (docs/rules/stress-speed.md §3: one rank up or down, aces high
 * and low; nothing goes on an empty stack).
 */
import { publicKnowledge, type CardId, type EngineError, type Handle, type Seat } from '../../engine/index.js';
import { engineWords } from '../card-hints.js';
import { cardName } from '../describe.js';
import type { CardProbe } from '../module.js';
import type { SpeedAction } from './actions.js';
import { topOf, type SpeedBoard, type SpeedState } from './board.js';
import type { SpeedOptions } from './options.js';
import type { SpeedError } from './rules.js';

/** A `SpeedError` (or the engine's refusal) for `card` on both stacks, in words. */
export function speedWhy(error: SpeedError | EngineError, card: CardId, state: SpeedState): string {
  switch (error) {
    case 'not-adjacent':
    case 'stale-top':
    case 'not-a-top': {
      const know = publicKnowledge(state);
      const tops = state.board.stacks.map((stack) => {
        const top = topOf(stack);
        const seen = top === null ? null : know(top);
        return seen === null ? null : cardName(seen);
      });
      const shown = tops.filter((t): t is string => t !== null);
      if (shown.length === 0) return 'Both stacks are empty: new cards are dealt onto them first.';
      const empty = tops.length > shown.length ? ' (the other stack is empty)' : '';
      return `${cardName(card)} is not one up or one down from ${shown.join(' or ')}${empty}: aces go both ways.`;
    }
    case 'not-play-phase':
      return 'Wait: the cards are being dealt.';
    case 'not-slot-top':
      return `${cardName(card)} is not on top of your row.`;
    default:
      return engineWords(error as EngineError) ?? `${cardName(card)} cannot be played now (${error}).`;
  }
}

/** The row slot whose top is `handle` (any seat's; -1 when none). */
function slotOf(board: SpeedBoard, handle: Handle): number {
  for (const mine of board.seats) {
    const slot = mine.row.findIndex((cards) => topOf(cards) === handle);
    if (slot >= 0) return slot;
  }
  return -1;
}

export const speedProbe: CardProbe<SpeedBoard, SpeedAction, SpeedOptions, SpeedError> = {
  cards: (state, seat: Seat) =>
    state.board.seats[seat]?.row.flatMap((slot) => (topOf(slot) === null ? [] : [topOf(slot)!])) ?? [],
  // One play per stack; an empty stack is named by the card's own handle, which the rules refuse (it is no stack's top).
  play: (handle, _card, state) =>
    ([0, 1] as const).map((stack) => ({
      type: 'play' as const,
      slot: slotOf(state.board, handle),
      handle,
      stack,
      onTop: topOf(state.board.stacks[stack] ?? []) ?? handle,
    })),
  words: (error, card, state) => speedWhy(error, card, state),
};
