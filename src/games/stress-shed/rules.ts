/**
 * The rules of Stress (shedding), docs/rules/stress-shed.md, as state transitions on a
 * draft: the swap phase, plays from hand or face-up cards, blind face-down
 * plays (judged once the table has revealed the card), picking up, the
 * effects of 8, 9, 10 and 3, drawing up to four, finishing places and the
 * end of the game. The same code runs live (knowing public cards only) and in
 * the audit (knowing every card): the one rule that can hinge on a hidden
 * card, "I have no legal play" when picking up from the hand, is rejected
 * live if a public card disproves it, recorded as a claim otherwise, and the
 * audit re-runs it with the whole hand known.
 *
 * Settled by the written rules and implemented here (docs/rules/stress-shed.md §2–4): the turned start card has no
 * effect of its own, it is just the top (a start 10 burns nothing, a start 8
 * skips nobody, a start 9 limits the first play, a start 3 is transparent);
 * k eights played together make the next player (current + 1 + k) counted
 * round the seats still in play (with 2 players one 8 gives the same player
 * another turn, two 8s the opponent); the endless-hands rule (endless.ts) is
 * applied after every turn.
 *
 * Choices the written rules leave open, settled here (docs/rules/stress-shed.md §5):
 * - fourOfAKindBurns: when the top four or more cards of the game stack have
 *   one rank (consecutive, across plays; 3s count as a rank of their own and
 *   break a run of another rank), the stack burns like a 10.
 * - A player who goes out with a burning play is out; the next seat leads.
 * - A pickup needs a non-empty stack (on an empty stack any card is legal).
 * - With voluntaryPickup, a player whose source is face-down may pick up
 *   instead of playing blind; without it they must play blind.
 * - Swap-phase choices reveal the hand cards that go face-up when submitted
 *   (the keys travel with the move); the exchanges are applied in seat order
 *   once every seat is ready.
 */
import {
  publicCard,
  requestRevealAll,
  requestRevealTo,
  valueOf,
  type CardId,
  type CryptoRequest,
  type GameAwaiting,
  type Handle,
  type Knowledge,
  type Seat,
} from '../../engine/index.js';
import type { StressAction } from './actions.js';
import { activeSeats, cardsLeft, seatAfter, sourceOf, type StressState, type Swap } from './board.js';
import { progressMark, recordTurn, startRecord } from './endless.js';

export type StressError =
  | 'not-swap-phase'
  | 'not-play-phase'
  | 'bad-swap'
  | 'duplicate-handle'
  | 'not-in-source'
  | 'mixed-ranks'
  | 'illegal-play'
  | 'must-play-blind'
  | 'nothing-to-pick-up'
  | 'has-legal-play';

export const HAND_SIZE = 4;

/** The topmost card of the stack that is not a 3, or null (empty stack, or only 3s). */
export function effectiveTop(stack: readonly Handle[], know: Knowledge): CardId | null {
  for (let i = stack.length - 1; i >= 0; i--) {
    const card = know(stack[i] ?? -1);
    if (card !== null && valueOf(card) !== 3) return card;
  }
  return null;
}

/** Whether a card of rank value `rank` may be played on effective top `top`. */
export function canPlayOn(rank: number, top: CardId | null): boolean {
  if (rank === 2 || rank === 3) return true;
  if (top === null) return true;
  const below = valueOf(top);
  if (below === null || below === 2) return true;
  if (below === 9) return rank < 9;
  return rank >= below;
}

/** Whether a known card may be played on `top`; false for an unknown card. */
export function isLegalCard(card: CardId | null, top: CardId | null): boolean {
  const rank = card === null ? null : valueOf(card);
  return rank !== null && canPlayOn(rank, top);
}

/** How many cards of one rank lie on top of the stack, consecutively. */
function topRun(stack: readonly Handle[], know: Knowledge): number {
  const top = stack.at(-1);
  if (top === undefined) return 0;
  const rank = valueOf(know(top) ?? '');
  let run = 0;
  for (let i = stack.length - 1; i >= 0 && valueOf(know(stack[i] ?? -1) ?? '') === rank; i--) run += 1;
  return run;
}

function applySwaps(hand: Handle[], faceUp: Handle[], swaps: readonly Swap[]): boolean {
  for (const swap of swaps) {
    const i = hand.indexOf(swap.hand);
    const j = faceUp.indexOf(swap.faceUp);
    if (i < 0 || j < 0) return false;
    hand[i] = swap.faceUp;
    faceUp[j] = swap.hand;
  }
  return true;
}

function ready(draft: StressState, seat: Seat, swaps: readonly Swap[]): StressError | null {
  const board = draft.board;
  if (board.phase !== 'swap') return 'not-swap-phase';
  const mine = board.seats[seat];
  if (!mine || !applySwaps([...mine.hand], [...mine.faceUp], swaps)) return 'bad-swap';
  board.ready[seat] = swaps.map(({ hand, faceUp }) => ({ hand, faceUp }));
  if (board.ready.every((choice) => choice !== null)) {
    board.ready.forEach((choice, s) => {
      const cards = board.seats[s];
      if (cards && choice) applySwaps(cards.hand, cards.faceUp, choice);
    });
    board.phase = 'play';
    startRecord(draft);
  }
  return null;
}

/** After a play from the hand: draw until four in hand while the draw stack lasts. */
function drawUp(draft: StressState, seat: Seat): void {
  const board = draft.board;
  const hand = board.seats[seat]?.hand;
  if (!hand) return;
  const drawn = board.draw.splice(0, Math.max(0, HAND_SIZE - hand.length));
  hand.push(...drawn);
  requestRevealTo(draft, seat, drawn);
}

/** End of play check: one seat left, or the first winner with stopAtFirstWinner. */
function checkOver(draft: StressState): boolean {
  const board = draft.board;
  const active = activeSeats(board);
  if (active.length <= 1 || (draft.options.stopAtFirstWinner && board.out.length > 0)) {
    board.phase = 'over';
    board.loser = active.length === 1 ? (active[0] ?? null) : null;
    return true;
  }
  return false;
}

/** Effects of an accepted play of `count` cards of rank `rank` by `seat` (already on the stack). */
function afterPlay(draft: StressState, seat: Seat, rank: number, count: number, know: Knowledge): void {
  const board = draft.board;
  const burns = rank === 10 || (draft.options.fourOfAKindBurns && topRun(board.stack, know) >= 4);
  if (burns) board.cemetery.push(...board.stack.splice(0));
  const cards = board.seats[seat];
  if (cards && cardsLeft(cards) === 0 && !board.out.includes(seat)) board.out.push(seat);
  if (checkOver(draft)) return;
  if (burns && !board.out.includes(seat)) board.turn = seat;
  else board.turn = seatAfter(board, seat, 1 + (rank === 8 ? count : 0));
}

function takeStack(draft: StressState, seat: Seat): void {
  const board = draft.board;
  board.seats[seat]?.hand.push(...board.stack.splice(0));
  board.turn = seatAfter(board, seat, 1);
}

function play(draft: StressState, seat: Seat, handles: readonly Handle[], know: Knowledge): StressError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'not-play-phase';
  const mine = board.seats[seat];
  const source = mine ? sourceOf(mine) : null;
  if (!mine || source === null) return 'not-in-source';
  if (source === 'faceDown') return 'must-play-blind';
  if (new Set(handles).size !== handles.length) return 'duplicate-handle';
  const zone = mine[source];
  if (handles.length === 0 || !handles.every((h) => zone.includes(h))) return 'not-in-source';
  const ranks = handles.map((h) => valueOf(know(h) ?? ''));
  const rank = ranks[0];
  if (rank === null || rank === undefined) return 'illegal-play';
  if (!ranks.every((r) => r === rank)) return 'mixed-ranks';
  if (!canPlayOn(rank, effectiveTop(board.stack, know))) return 'illegal-play';
  mine[source] = zone.filter((h) => !handles.includes(h));
  board.stack.push(...handles);
  if (source === 'hand') drawUp(draft, seat);
  afterPlay(draft, seat, rank, handles.length, know);
  return null;
}

function blind(draft: StressState, seat: Seat, handle: Handle): StressError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'not-play-phase';
  const mine = board.seats[seat];
  if (!mine || sourceOf(mine) !== 'faceDown' || !mine.faceDown.includes(handle)) return 'not-in-source';
  mine.faceDown = mine.faceDown.filter((h) => h !== handle);
  board.flipping = { seat, handle };
  requestRevealAll(draft, [handle]);
  return null;
}

/** Judge a blind card once revealed: legal → played; not legal → onto the stack and picked up with it. */
function judgeBlind(draft: StressState, know: Knowledge): StressError | null {
  const board = draft.board;
  const flipping = board.flipping;
  if (!flipping) return null;
  board.flipping = null;
  const rank = valueOf(know(flipping.handle) ?? '');
  if (rank === null) return 'illegal-play';
  const top = effectiveTop(board.stack, know);
  board.stack.push(flipping.handle);
  if (canPlayOn(rank, top)) afterPlay(draft, flipping.seat, rank, 1, know);
  else takeStack(draft, flipping.seat);
  // A face-down card played is progress, whether it stayed on the stack or not.
  recordTurn(draft, true);
  return null;
}

function pickUp(draft: StressState, seat: Seat, know: Knowledge): StressError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'not-play-phase';
  if (board.stack.length === 0) return 'nothing-to-pick-up';
  const mine = board.seats[seat];
  const source = mine ? sourceOf(mine) : null;
  if (!mine || source === null) return 'not-in-source';
  if (!draft.options.voluntaryPickup) {
    if (source === 'faceDown') return 'must-play-blind';
    const top = effectiveTop(board.stack, know);
    const zone = mine[source];
    // On an empty effective top every card is legal, whatever it is.
    if (top === null && zone.length > 0) return 'has-legal-play';
    if (zone.some((h) => isLegalCard(know(h), top))) return 'has-legal-play';
    // Cards only their owner has seen: the claim waits for the audit.
    const hidden = zone.filter((h) => publicCard(draft, h) === null);
    if (hidden.length > 0) {
      draft.claims.push({
        step: draft.step,
        seat,
        kind: 'no-legal-play',
        handles: hidden,
        note: `seat ${seat} holds no ${source === 'hand' ? 'hand' : 'face-up'} card that may go on ${top ?? 'an empty stack'}`,
      });
    }
  }
  takeStack(draft, seat);
  return null;
}

export function act(draft: StressState, seat: Seat, action: StressAction, know: Knowledge): StressError | null {
  switch (action.type) {
    case 'ready':
      return ready(draft, seat, action.swaps);
    case 'play':
    case 'pickup': {
      const before = progressMark(draft.board);
      const error =
        action.type === 'play'
          ? play(
              draft,
              seat,
              action.cards.map((c) => c.handle),
              know,
            )
          : pickUp(draft, seat, know);
      if (error === null) recordTurn(draft, progressMark(draft.board) > before);
      return error;
    }
    case 'blind':
      // The turn ends when the card is judged (afterCrypto).
      return blind(draft, seat, action.handle);
  }
}

export function afterCrypto(draft: StressState, done: CryptoRequest, know: Knowledge): StressError | null {
  const flipping = draft.board.flipping;
  if (done.kind === 'reveal-all' && flipping && done.handles.includes(flipping.handle)) return judgeBlind(draft, know);
  return null;
}

export function awaits(state: StressState): GameAwaiting {
  const board = state.board;
  switch (board.phase) {
    case 'swap':
      return {
        kind: 'choices',
        seats: board.ready.flatMap((choice, seat) => (choice === null ? [seat] : [])),
        what: 'swap',
      };
    case 'play':
      return { kind: 'move', seat: board.turn, what: 'play' };
    case 'over':
      return { kind: 'over' };
  }
}
