/**
 * The rules of School Blackjack, docs/rules/school-blackjack.md ("Blackjack (school rules)", a
 * Switch / Crazy Eights relative, not casino blackjack), as state transitions
 * on a draft: one card per `play` along the seed's three-step grammar
 * (grammar.ts), `end` and `draw`, pick-ups, skips, reversals, the win, and
 * drawing with the play pile reshuffled into the deck when a draw needs it.
 * Played cards are public, so every play is checked live; the one rule that
 * hinges on hidden cards, "I cannot play" with `voluntaryDraw: false`, is
 * recorded as a claim and re-checked by the audit with every card open.
 *
 * Choices the written rules leave open, settled here (docs/rules/school-blackjack.md §5):
 * - Direction: play starts clockwise, which is *descending* seat order (the
 *   engine's ascending "next" is what the games call counter-clockwise);
 *   `board.direction` says which way play goes now.
 * - The deal: the seats first in turn (clockwise from the dealer) get the
 *   extra cards when 52 does not divide evenly.
 * - A turn is built one card at a time. When the hand is empty after a card
 *   the turn ends by itself (no further card is possible).
 * - A run of one rank after a step-1 card: with 3 or more cards the turn may
 *   end (the last card is the cap) *or* go on with a different cap (the
 *   earlier ones were all step 2); with exactly 2 it must be capped (or the
 *   player draws 1), except 2s and jacks. 3s and queens always send the turn
 *   back to step 1, wherever they are played, so they never start a step 2:
 *   "3c 3d" is two step-1 cards, each needing a follower.
 * - Every ace names a suit when played (step-2 aces too); only the top one
 *   matters. An ace lying in a scenario layout's pile counts as its own suit.
 * - A player who owes cards and answers with a 2 or jack carries the owed
 *   amount into the turn's run of pick-up cards: ending on that run passes
 *   the whole sum on; a later non-pick-up card cancels all of it.
 * - 8s and kings take effect when played and stay in effect even if the
 *   turn ends with a draw. Skips count seats in the direction current at the
 *   end of the turn; the pick-up goes to whoever gets the next turn, which
 *   may be the player themselves.
 * - Draw penalties do not stack: a turn that ends uncapped with an empty
 *   hand draws 1 card in all. Ending on a power card only matters with an
 *   empty hand (you may not win on it); otherwise it costs nothing.
 * - A player left with an empty hand because a penalty draw found no cards
 *   has not won; on their next turn they can only `draw`.
 * - `end` needs at least one card played this turn; `draw` is only for the
 *   start of a turn (it takes what is owed, else 1).
 * - The deck is refilled only when a draw needs it: the deck's cards are
 *   drawn first, then all but the top of the play pile are reshuffled into
 *   the deck and the draw continues; if still short, the rest is forgotten
 *   (the seed's option 1).
 * - `voluntaryDraw: false`: a `draw`, and an `end` that draws (uncapped, or
 *   right after a 3 or queen), both claim "no card in my hand may be played
 *   now". Where any card may be played (an empty pile, after a queen) a
 *   non-empty hand disproves it live (`has-legal-play`); otherwise the claim
 *   is recorded and the audit re-runs it with the hand open.
 * - Outcome: the winner first, everyone else shares second place; the seat
 *   clockwise of this hand's dealer deals next. No scores.
 */
import {
  publicCard,
  requestReshuffle,
  requestRevealTo,
  type CryptoRequest,
  type GameAwaiting,
  type Knowledge,
  type Seat,
} from '../../engine/index.js';
import type { BlackjackAction } from './actions.js';
import { flip, isPower, seatAfter, suited, type BlackjackState, type DrawReason } from './board.js';
import {
  afterCard,
  anythingGoes,
  endDraws,
  playRefusal,
  positionOf,
  suitToMatch,
  type PlayRefusal,
  type Position,
} from './grammar.js';

export type BlackjackError =
  | PlayRefusal
  | 'not-play-phase'
  | 'not-in-hand'
  | 'must-name-suit'
  | 'suit-without-ace'
  | 'nothing-played'
  | 'turn-started'
  | 'has-legal-play';

/** The current position, its top card read through `know` (pile cards are public, so live and audit agree). */
export function currentPosition(state: BlackjackState, know: Knowledge): Position {
  const top = state.board.pile.at(-1);
  return positionOf(state.board, top === undefined ? null : suited(know(top)));
}

/** Readable: what a card must go on now, for claims and views. */
export function describePosition(position: Position): string {
  const top = position.top ? `${position.top.rank}${position.top.suit}` : 'an empty pile';
  const named = position.top?.rank === 'A' ? ` (named ${suitToMatch(position)})` : '';
  const owing = position.step === 'start' && position.owed > 0 ? ` while owing ${position.owed}` : '';
  return `${top}${named}${owing}`;
}

function resetTurn(state: BlackjackState): void {
  const board = state.board;
  board.step = 'start';
  board.run = 0;
  board.pickup = 0;
  board.skips = 0;
  board.played = [];
}

/** Draw `count` for `seat`: from the deck, then (if short) reshuffle all but the pile's top and finish in afterCrypto. */
function drawCards(draft: BlackjackState, seat: Seat, count: number): void {
  const board = draft.board;
  const hand = board.hands[seat];
  if (!hand) return;
  const now = board.deck.splice(0, count);
  hand.push(...now);
  requestRevealTo(draft, seat, now);
  if (board.lastTurn?.seat === seat) board.lastTurn.drew += now.length;
  const left = count - now.length;
  if (left > 0 && board.pile.length > 1) {
    const into = requestReshuffle(draft, board.pile.splice(0, board.pile.length - 1));
    board.deck.push(...into);
    board.reshuffles += 1;
    board.drawing = { seat, count: left };
    if (board.lastTurn?.seat === seat) board.lastTurn.reshuffled = true;
  }
}

/** "I cannot play now" (voluntaryDraw: false): refused if a known card disproves it, else a claim for the audit. */
function claimCannotPlay(
  draft: BlackjackState,
  seat: Seat,
  position: Position,
  know: Knowledge,
): BlackjackError | null {
  const hand = draft.board.hands[seat] ?? [];
  if (hand.length === 0) return null;
  if (anythingGoes(position)) return 'has-legal-play';
  for (const handle of hand) {
    const card = suited(know(handle));
    if (card !== null && playRefusal(position, card) === null) return 'has-legal-play';
  }
  const hidden = hand.filter((handle) => publicCard(draft, handle) === null);
  if (hidden.length > 0) {
    draft.claims.push({
      step: draft.step,
      seat,
      kind: 'cannot-play',
      handles: hidden,
      note: `seat ${seat} holds no card that may be played on ${describePosition(position)}`,
    });
  }
  return null;
}

/** End `seat`'s turn after cards were played: penalty draw, win, or the next turn with skips and the pick-up. */
function finishTurn(draft: BlackjackState, seat: Seat, position: Position): void {
  const board = draft.board;
  const hand = board.hands[seat] ?? [];
  let reason: DrawReason = null;
  if (hand.length === 0 && position.top !== null && isPower(position.top)) reason = 'power-card';
  else if (endDraws(position)) reason = position.step === 'cap' ? 'uncapped' : 'no-follower';
  const turn = { seat, played: [...board.played], reason, asked: reason === null ? 0 : 1, drew: 0, reshuffled: false };
  if (reason === null && hand.length === 0) {
    board.lastTurn = { ...turn, skipped: [], next: null, owes: 0 };
    board.phase = 'over';
    board.winner = seat;
    return;
  }
  const skipped = Array.from({ length: position.skips }, (_, i) =>
    seatAfter(draft.players, seat, 1 + i, board.direction),
  );
  board.turn = seatAfter(draft.players, seat, 1 + position.skips, board.direction);
  board.owed = position.pickup;
  board.lastTurn = { ...turn, skipped, next: board.turn, owes: position.pickup };
  resetTurn(draft);
  if (reason !== null) drawCards(draft, seat, 1);
}

function play(
  draft: BlackjackState,
  seat: Seat,
  action: Extract<BlackjackAction, { type: 'play' }>,
  know: Knowledge,
): BlackjackError | null {
  const board = draft.board;
  const hand = board.hands[seat];
  if (!hand || !hand.includes(action.handle)) return 'not-in-hand';
  const card = suited(know(action.handle));
  if (card === null) return 'not-in-hand';
  if (card.rank === 'A' && action.suit === undefined) return 'must-name-suit';
  if (card.rank !== 'A' && action.suit !== undefined) return 'suit-without-ace';
  const position = currentPosition(draft, know);
  const refusal = playRefusal(position, card);
  if (refusal !== null) return refusal;
  const next = afterCard(position, card, action.suit ?? null);
  board.hands[seat] = hand.filter((h) => h !== action.handle);
  board.pile.push(action.handle);
  board.played.push(action.handle);
  board.step = next.step;
  board.run = next.run;
  board.owed = next.owed;
  board.pickup = next.pickup;
  board.skips = next.skips;
  board.namedSuit = next.namedSuit;
  if (card.rank === 'K') board.direction = flip(board.direction);
  if (board.hands[seat]?.length === 0) finishTurn(draft, seat, next);
  return null;
}

function end(draft: BlackjackState, seat: Seat, know: Knowledge): BlackjackError | null {
  const position = currentPosition(draft, know);
  if (position.step === 'start') return 'nothing-played';
  if (endDraws(position) && !draft.options.voluntaryDraw) {
    const error = claimCannotPlay(draft, seat, position, know);
    if (error) return error;
  }
  finishTurn(draft, seat, position);
  return null;
}

function draw(draft: BlackjackState, seat: Seat, know: Knowledge): BlackjackError | null {
  const board = draft.board;
  const position = currentPosition(draft, know);
  if (position.step !== 'start') return 'turn-started';
  if (!draft.options.voluntaryDraw) {
    const error = claimCannotPlay(draft, seat, position, know);
    if (error) return error;
  }
  const count = board.owed > 0 ? board.owed : 1;
  board.owed = 0;
  board.turn = seatAfter(draft.players, seat, 1, board.direction);
  const reason = position.owed > 0 ? 'pick-up' : 'draw';
  board.lastTurn = {
    seat,
    played: [],
    reason,
    asked: count,
    drew: 0,
    skipped: [],
    next: board.turn,
    owes: 0,
    reshuffled: false,
  };
  resetTurn(draft);
  drawCards(draft, seat, count);
  return null;
}

export function act(
  draft: BlackjackState,
  seat: Seat,
  action: BlackjackAction,
  know: Knowledge,
): BlackjackError | null {
  if (draft.board.phase !== 'play') return 'not-play-phase';
  switch (action.type) {
    case 'play':
      return play(draft, seat, action, know);
    case 'end':
      return end(draft, seat, know);
    case 'draw':
      return draw(draft, seat, know);
  }
}

/** A reshuffle for a draw is done: deal the rest of that draw from the new deck (as far as it goes). */
export function afterCrypto(draft: BlackjackState, done: CryptoRequest): BlackjackError | null {
  const board = draft.board;
  if (done.kind !== 'reshuffle' || board.drawing === null) return null;
  const { seat, count } = board.drawing;
  board.drawing = null;
  const now = board.deck.splice(0, count);
  board.hands[seat]?.push(...now);
  requestRevealTo(draft, seat, now);
  if (board.lastTurn?.seat === seat) board.lastTurn.drew += now.length;
  return null;
}

export function awaits(state: BlackjackState): GameAwaiting {
  const board = state.board;
  if (board.phase === 'over') return { kind: 'over' };
  const what = board.step === 'start' ? (board.owed > 0 ? 'answer-pick-up' : 'play') : 'continue-turn';
  return { kind: 'move', seat: board.turn, what };
}
