/**
 * What one Pesten move did, in the terms the log's words need ("Bob draws 4
 * (owed)", "forgot to announce Pesten and draws 2", the start card, the end
 * of a pass round): derived from the board before the move and after it.
 * It is display data, not rules state: today's rules keep none of it, and
 * the table's log derives it (describe.ts). Rules version 1 kept it in the
 * board as `last`, which the state hash covered, so its rules (rules-v1.ts)
 * put it there again with these same functions.
 */
import type { CardId, Seat, Suit } from '../../engine/index.js';
import type { PestenAction } from './actions.js';
import { topHandle, type PestenBoard, type Phase } from './board.js';

export type LastEvent =
  /** `penalty`: the second-to-last card without "Pesten", so the seat draws 2. */
  | { kind: 'play'; seat: Seat; card: CardId; announced: boolean; penalty: boolean }
  /** `count` cards asked for (fewer arrive when stock and discard pile run out); `owed`: a 2/joker sum. */
  | { kind: 'draw'; seat: Seat; count: number; owed: boolean }
  | { kind: 'wish'; seat: Seat; suit: Suit }
  | { kind: 'end-turn'; seat: Seat }
  | { kind: 'passed' }
  | { kind: 'start'; card: CardId };

/** What a move's event depends on of the board before it. */
export interface BoardBefore {
  readonly handSize: number;
  readonly owed: number;
  readonly phase: Phase;
}

export function boardBefore(board: PestenBoard, seat: Seat): BoardBefore {
  return { handSize: board.hands[seat]?.length ?? 0, owed: board.owed, phase: board.phase };
}

/**
 * The event of `seat`'s accepted `action` (`card`: the card played, when known), or null when the move records none
 * (a pass that does not yet complete the pass round).
 */
export function actEvent(
  seat: Seat,
  action: PestenAction,
  before: BoardBefore,
  after: PestenBoard,
  card: CardId | null,
): LastEvent | null {
  switch (action.type) {
    case 'play': {
      const announced = action.announce === true;
      return { kind: 'play', seat, card: card ?? '?', announced, penalty: before.handSize === 2 && !announced };
    }
    case 'draw':
      return before.owed > 0
        ? { kind: 'draw', seat, count: before.owed, owed: true }
        : { kind: 'draw', seat, count: 1, owed: false };
    case 'end-turn':
      return { kind: 'end-turn', seat };
    case 'wish':
      return { kind: 'wish', seat, suit: action.suit };
    case 'give':
      return before.phase === 'pass' && after.phase !== 'pass' ? { kind: 'passed' } : null;
  }
}

/** The event of finished crypto work: the deal's end turns the start card (`know`: its card, once shown), or null. */
export function cryptoEvent(
  before: Phase,
  after: PestenBoard,
  know: (handle: number) => CardId | null,
): LastEvent | null {
  return before === 'deal' && after.phase !== 'deal'
    ? { kind: 'start', card: know(topHandle(after) ?? -1) ?? '?' }
    : null;
}
