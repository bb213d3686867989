/**
 * The rules of Stress (speed), docs/rules/stress-speed.md, as state transitions on a draft:
 * the deal (rows, covering duplicates, centre cards), plays onto the centre
 * stacks, refilling row slots, stress calls, stalemates and the end of the
 * hand. Play is real time: both seats may act at any moment, the table puts
 * concurrent actions in one order, and an action that no longer fits the
 * state when its turn in that order comes is refused with a race code
 * (`stale-top`, `stale-call`: a bounce, nobody's fault). Every rule is decided
 * by public cards (row and centre cards are face-up, piles are never looked
 * at), so live play and the audit make the same decisions and no claim is
 * ever needed. Stalemates need no input: after every input the rules check
 * whether anyone can act and, if not, issue the deals (or reshuffles) at once.
 *
 * Settled by the written rules and implemented here (docs/rules/stress-speed.md §3): an emptied slot is refilled
 * at once from the owner's pile if it has a card; a slot that stayed empty
 * because the pile was empty is refilled as soon as the pile has cards again
 * (after a stress call or a stalemate restack), left to right.
 *
 * Choices the written rules leave open, settled here (docs/rules/stress-speed.md §5):
 * - Duplicates at the deal: per seat, a slot whose top shares a rank with a
 *   slot further left is a "later duplicate"; every later duplicate of both
 *   seats gets a card at once (one reveal), then the rows are checked again.
 *   The last card of a pile is kept for the centre stack, so covering stops
 *   when a pile is down to one card (duplicates may then remain).
 * - When a stress call or a restack gives a seat a pile again, its empty
 *   slots are refilled first (left to right, "as soon as the pile has
 *   cards"), then it deals its centre card from what is left; the refill and
 *   the centre cards are turned over in one reveal. A restacked pile of one
 *   card that goes into an empty slot leaves that seat's stack empty until
 *   it next deals.
 * - Nothing may be played onto an empty centre stack (the rules only allow a
 *   card one rank from "that stack's top"). A stack is empty only when its
 *   owner had no pile to deal from; it gets a card the next time its owner
 *   deals (after a stalemate or a stress call).
 * - A stress call names both tops it saw: if either is no longer the top it
 *   is `stale-call` (a race, e.g. a play landed first); if both are current
 *   but differ in rank the call is accepted and does nothing ("does
 *   nothing" as the rules say), so a mistaken press never blames anyone.
 * - While a stress call would be valid it is a legal move, so it is not a
 *   stalemate: the rules wait for a call rather than deal over the match.
 * - The stress taker's pile, both stacks (bottom first, stack 0 then 1) are
 *   one packet reshuffled by both seats into fresh handles: the new pile.
 *   Then the taker's empty slots are refilled and each seat with a pile
 *   deals one card onto its own centre stack.
 * - Stalemate with piles: every seat with a pile deals one card onto its own
 *   stack (one reveal); the rules check again after it. Stalemate without
 *   piles: each seat's own stack is reshuffled into its new pile (an empty
 *   stack gives an empty pile), then each seat with a pile deals one card.
 * - Blocked: if at a stalemate neither seat has a pile, no seat has an empty
 *   slot and a non-empty own stack (which a restack would turn into a pile
 *   that refills the slot), and no row top is one rank from any centre card,
 *   no card can ever be played again: row tops change only by plays and
 *   refills; a seat with an empty slot has an empty stack, which stays empty
 *   (its pile comes only from its own stack, or from a stress call, which
 *   needs both stacks non-empty); and the centre and pile cards are exactly
 *   the centre cards now, however often they are shuffled. So the hand ends
 *   without a winner instead of reshuffling forever. Otherwise the chain of
 *   stalemate deals stops: each restack that can refill a slot does (at most
 *   eight times without a play), and after that a card one rank from a row
 *   top reaches a centre top within one restack-and-deal cycle.
 * - What counts as a lost race. The table orders moves in rounds and a seat
 *   may send several moves in one round, each building on its own previous
 *   ones (5 onto the 4, then 6 onto that 5; or the top of a slot, then the
 *   card it uncovers). When an earlier one bounces, the later ones name a
 *   top or a slot card that is not there, through no fault of the author. So
 *   a named centre top is stale (`stale-top`, `stale-call`) if it lies lower
 *   in that stack, was retired by a reshuffle, or is still in the author's
 *   own row; a played card lying beneath the top of the author's named slot,
 *   or already on a centre stack or retired (the same card sent twice, e.g.
 *   a double click: the first landed), is `stale-top` too. Any other mismatch
 *   (the other stack's top, a pile card, the opponent's row card) is
 *   `not-a-top` / `not-slot-top`: no race explains it. A refused race changes
 *   nothing, so leniency costs nothing.
 */
import {
  requestReshuffle,
  requestRevealAll,
  valueOf,
  type CryptoRequest,
  type GameAwaiting,
  type Handle,
  type Knowledge,
  type Seat,
} from '../../engine/index.js';
import type { SpeedAction } from './actions.js';
import { adjacent, anyoneCanAct, rowEmpty, sameRank, topOf, type SpeedState } from './board.js';

export type SpeedError =
  /** An action before the deal is done (the engine normally refuses it first, with `awaiting-crypto`). */
  | 'not-play-phase'
  /** The handle is not in that slot of the author's row, nor a card already played. */
  | 'not-slot-top'
  /** A named top that no race explains: not lower in that stack, not retired, not in the author's row. */
  | 'not-a-top'
  /** The card is not one rank above or below the stack's top (aces high and low). */
  | 'not-adjacent'
  /** Race: the stack's top changed before the play was ordered (or the author's own earlier play bounced or already landed). */
  | 'stale-top'
  /** Race: a centre top changed before the call was ordered. */
  | 'stale-call';

/**
 * Whether naming `handle` as the top of centre stack `stack` is explained by
 * a lost race: it lies lower in that stack, a reshuffle retired it, or it is
 * still in the author's row (the author's own earlier play of it bounced).
 */
function staleTop(draft: SpeedState, seat: Seat, stack: number, handle: Handle): boolean {
  const board = draft.board;
  return (
    (board.stacks[stack] ?? []).includes(handle) ||
    draft.cards[handle]?.gone === true ||
    (board.seats[seat]?.row.some((slot) => slot.includes(handle)) ?? false)
  );
}

/** Fill each seat's empty row slots from its pile, left to right, while the pile has cards. Returns the handles dealt (not yet revealed). */
function refillEmptySlots(draft: SpeedState): Handle[] {
  const dealt: Handle[] = [];
  for (const mine of draft.board.seats) {
    for (const slot of mine.row) {
      if (slot.length > 0) continue;
      const handle = mine.pile.shift();
      if (handle === undefined) break;
      slot.push(handle);
      dealt.push(handle);
    }
  }
  return dealt;
}

/**
 * Each seat with a pile deals its next card onto its own centre stack,
 * face-up (one reveal, together with `alsoReveal`). Returns the seats that dealt.
 */
function dealCentre(draft: SpeedState, alsoReveal: Handle[] = []): Seat[] {
  const board = draft.board;
  const dealt: Handle[] = [...alsoReveal];
  const seats: Seat[] = [];
  board.seats.forEach((mine, seat) => {
    const handle = mine.pile.shift();
    const stack = board.stacks[seat];
    if (handle === undefined || !stack) return;
    stack.push(handle);
    dealt.push(handle);
    seats.push(seat);
  });
  requestRevealAll(draft, dealt);
  return seats;
}

/** Deal a card onto every later duplicate in each seat's row (keeping a pile's last card for the centre). */
function coverDuplicates(draft: SpeedState, know: Knowledge): Handle[] {
  const dealt: Handle[] = [];
  for (const mine of draft.board.seats) {
    const ranks = new Set<number>();
    for (const slot of mine.row) {
      const top = topOf(slot);
      const rank = top === null ? null : valueOf(know(top) ?? '');
      if (rank === null) continue;
      if (!ranks.has(rank)) {
        ranks.add(rank);
        continue;
      }
      const handle = mine.pile.length > 1 ? mine.pile.shift() : undefined;
      if (handle === undefined) continue;
      slot.push(handle);
      dealt.push(handle);
    }
  }
  requestRevealAll(draft, dealt);
  return dealt;
}

/**
 * At a stalemate without piles: whether nothing can ever be played — no seat
 * has an empty slot that a restack of its own stack would refill, and no row
 * top is one rank from any centre card.
 */
function isBlocked(draft: SpeedState, know: Knowledge): boolean {
  const board = draft.board;
  const refillable = board.seats.some(
    (mine, seat) => mine.row.some((slot) => slot.length === 0) && (board.stacks[seat]?.length ?? 0) > 0,
  );
  if (refillable) return false;
  const centre = board.stacks.flat().map((h) => know(h));
  return board.seats.every((mine) =>
    mine.row.every((slot) => {
      const top = topOf(slot);
      return top === null || !centre.some((card) => adjacent(know(top), card));
    }),
  );
}

/**
 * After every input in play with no crypto pending: if neither seat can play
 * or call, resolve the stalemate (deal from the piles, or reshuffle the
 * stacks into piles, or end a blocked hand).
 */
function checkStalemate(draft: SpeedState, know: Knowledge): void {
  const board = draft.board;
  if (board.phase !== 'play' || draft.requests.length > 0) return;
  if (anyoneCanAct(board, know)) {
    board.stalemate = null;
    return;
  }
  if (board.seats.some((mine) => mine.pile.length > 0)) {
    board.stalemate = { kind: 'deal', seats: dealCentre(draft) };
    board.stalemates += 1;
    return;
  }
  if (isBlocked(draft, know)) {
    board.phase = 'over';
    board.blocked = true;
    board.stalemate = null;
    return;
  }
  const seats: Seat[] = [];
  board.seats.forEach((mine, seat) => {
    const stack = board.stacks[seat] ?? [];
    if (stack.length === 0) return;
    mine.pile = requestReshuffle(draft, stack);
    board.stacks[seat] = [];
    seats.push(seat);
  });
  board.stalemate = { kind: 'restack', seats };
  board.stalemates += 1;
}

function play(
  draft: SpeedState,
  seat: Seat,
  action: Extract<SpeedAction, { type: 'play' }>,
  know: Knowledge,
): SpeedError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'not-play-phase';
  const mine = board.seats[seat];
  const slot = mine?.row[action.slot];
  if (!mine || !slot) return 'not-slot-top';
  if (!slot.includes(action.handle)) {
    // Already played (a double click, or two plays of one card in one round): the first landed, this one is late.
    const gone = draft.cards[action.handle]?.gone === true;
    const onAStack = board.stacks.some((stack) => stack.includes(action.handle));
    return gone || onAStack ? 'stale-top' : 'not-slot-top';
  }
  // Beneath the top: the author's own play of the card(s) above it bounced.
  if (topOf(slot) !== action.handle) return 'stale-top';
  const stack = board.stacks[action.stack];
  if (!stack) return 'not-a-top';
  if (topOf(stack) !== action.onTop)
    return staleTop(draft, seat, action.stack, action.onTop) ? 'stale-top' : 'not-a-top';
  if (!adjacent(know(action.handle), know(action.onTop))) return 'not-adjacent';
  slot.pop();
  stack.push(action.handle);
  const refill = slot.length === 0 ? mine.pile.shift() : undefined;
  if (refill !== undefined) {
    slot.push(refill);
    requestRevealAll(draft, [refill]);
  }
  if (rowEmpty(mine) && mine.pile.length === 0) {
    board.phase = 'over';
    board.winner = seat;
    return null;
  }
  checkStalemate(draft, know);
  return null;
}

function stress(draft: SpeedState, seat: Seat, tops: readonly [Handle, Handle], know: Knowledge): SpeedError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'not-play-phase';
  const current = board.stacks.map((stack) => topOf(stack));
  const changed = tops.flatMap((named, s) => (current[s] === named ? [] : [s]));
  if (changed.some((s) => !staleTop(draft, seat, s, tops[s] ?? -1))) return 'not-a-top';
  if (changed.length > 0) return 'stale-call';
  if (!sameRank(know(tops[0]), know(tops[1]))) return null; // the tops differ: the call does nothing
  const taker = (seat + 1) % draft.players;
  const loser = board.seats[taker];
  if (!loser) return 'not-play-phase';
  loser.pile = requestReshuffle(draft, [...loser.pile, ...board.stacks.flat()]);
  board.stacks = board.stacks.map(() => []);
  board.lastStress = { caller: seat, taker };
  board.stresses += 1;
  board.stalemate = null;
  return null;
}

export function act(draft: SpeedState, seat: Seat, action: SpeedAction, know: Knowledge): SpeedError | null {
  switch (action.type) {
    case 'play':
      return play(draft, seat, action, know);
    case 'stress':
      return stress(draft, seat, action.tops, know);
  }
}

/**
 * Continue once the pending crypto is all done: cover duplicates, then deal
 * the centre cards (deal phase); start play (turn phase); after a reshuffle
 * (a stress call's or a restack's) deal the new centre cards; after any
 * other reveal check for a stalemate.
 */
export function afterCrypto(draft: SpeedState, done: CryptoRequest, know: Knowledge): SpeedError | null {
  if (draft.requests.length > 0) return null;
  const board = draft.board;
  switch (board.phase) {
    case 'deal':
      if (coverDuplicates(draft, know).length === 0) {
        board.phase = 'turn';
        dealCentre(draft);
        if (draft.requests.length === 0) {
          board.phase = 'play';
          checkStalemate(draft, know);
        }
      }
      return null;
    case 'turn':
      board.phase = 'play';
      checkStalemate(draft, know);
      return null;
    case 'play':
      // A stress call or a restack gave a pile: empty slots are refilled first, then the centre cards dealt.
      if (done.kind === 'reshuffle') dealCentre(draft, refillEmptySlots(draft));
      checkStalemate(draft, know);
      return null;
    case 'over':
      return null;
  }
}

export function awaits(state: SpeedState): GameAwaiting {
  // Outside play the engine reports the pending crypto first; no seat can act then.
  return state.board.phase === 'over' ? { kind: 'over' } : { kind: 'anytime', seats: [0, 1], what: 'play' };
}
