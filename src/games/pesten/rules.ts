/**
 * The rules of Pesten, docs/rules/pesten.md, as state transitions on a draft: the
 * start card's effect, plays and their effects (J wish, 2/joker draw chains,
 * 8 skip, 7/K play again, 10 pass round, A reverse), draws (with the stock
 * rebuilt from the discard pile when it runs out), the "Pesten" announcement,
 * the last card and the end of the round. Every rule is decided by public
 * cards (the played card is revealed with the move) or by where handles lie
 * (a pass names a handle of the author's hand, a `drawThenPlay` play must be
 * the drawn handle), so live play and the audit make the same decisions and
 * Pesten records no claims; the audit re-runs every round with all cards
 * open, which checks every reveal and reshuffle.
 *
 * Choices the written rules leave open, settled here (docs/rules/pesten.md §5):
 * - Direction: clockwise = descending seat order (see board.ts); the engine's
 *   ascending "next" is counter-clockwise. An A flips `direction`, except
 *   with 2 players, where it "changes nothing" and the flag stays.
 * - The start card is played by the dealer: a 7 or K gives the dealer no
 *   extra turn (docs/rules/pesten.md §2); a J makes the dealer wish before the
 *   first turn (a `wish` move); an 8 with 2 players skips the other seat, so
 *   the dealer starts; a 10 starts a pass round, then the seat after the
 *   dealer starts.
 * - An 8 with 2 players skips the opponent: the same seat plays again.
 * - Owing cards: any 2 or joker passes the sum on (a 2 on a 2 matches by
 *   rank, anything goes on a joker; a standing wish does not matter, there
 *   is none after a 2 or joker); nothing else may be played. Drawing the sum
 *   ends the turn, also with `drawThenPlay`. Afterwards the next seat plays
 *   on the 2 or joker by the normal rules.
 * - A wish is named with the J's play (`wish`, any suit, its own included);
 *   a J always wishes, so a J on a J re-wishes; every other card ends the
 *   wish (a joker too: anything may follow it).
 * - 7/K: the follow-up may be another 7 or K (the seat goes again). Declining
 *   or being unable to follow means drawing one, which ends the turn, also
 *   with `drawThenPlay` (the turn passes: docs/rules/pesten.md §3).
 * - `drawThenPlay`: after a normal draw the seat may play the drawn card
 *   (normal matching; `not-drawn-card` for any other) or `end-turn`. A draw
 *   that brings nothing (stock and discard pile exhausted) ends the turn.
 * - "Pesten": `announce: true` belongs to the play of the second-to-last
 *   card (two cards in hand before it); with any other play it is illegal
 *   (`bad-announcement`). Without it the seat draws 2 at once, before the
 *   card's effect (before a 7/K follow-up or a 10's passes).
 * - The last card may not be 2, 7, 8, 10, J, K, A or a joker
 *   (`special-last-card`); such a seat must draw (or play another card).
 * - The stock is rebuilt lazily: when a draw needs more cards than the stock
 *   has, the stock's cards are drawn first, then the discard pile minus its
 *   top is reshuffled by every seat into a new stock and the draw continues
 *   once the reshuffle is done (`afterCrypto`); if still short, the seat
 *   draws what there is. One draw reshuffles at most once (afterwards the
 *   discard pile is only its top).
 * - The 10's pass round: every seat with cards picks one (simultaneous
 *   `choices`; a pick names a handle only, checked to be in the author's
 *   hand). Once all are in, in seat order, every pick leaves its hand, then
 *   lands in the clockwise neighbour's hand by a `forward` request (a card
 *   received cannot be passed on in the same round). Play then continues
 *   with the seat after the 10's player in the current direction.
 * - Match: the dealer moves one seat clockwise each round (also after the
 *   match, for a rematch); points carry in `SetupArgs.carry`.
 */
import {
  requestForward,
  requestReshuffle,
  requestRevealTo,
  type CryptoRequest,
  type GameAwaiting,
  type Handle,
  type Knowledge,
  type Seat,
} from '../../engine/index.js';
import type { PestenAction } from './actions.js';
import {
  clockwiseOf,
  flip,
  isDrawCard,
  isSpecial,
  matches,
  owedFor,
  rankOf,
  seatAfter,
  topHandle,
  type PestenState,
} from './board.js';

export type PestenError =
  /** A play or draw outside the turns (the start J's wish or a pass round is awaited). */
  | 'not-play-phase'
  /** A wish outside the start J's wish. */
  | 'not-wish-phase'
  /** A pass outside a pass round. */
  | 'not-pass-phase'
  /** The handle is not in the author's hand. */
  | 'not-in-hand'
  /** The card does not match the top (suit, rank or wish; J and joker go anywhere). */
  | 'illegal-play'
  /** The seat owes cards: only a 2 or a joker may be played (or draw the sum). */
  | 'owes-cards'
  /** With drawThenPlay, after a draw: only the drawn card may be played. */
  | 'not-drawn-card'
  /** A second draw in one turn (with drawThenPlay: play the drawn card or end the turn). */
  | 'already-drawn'
  /** `end-turn` without a drawn card to keep. */
  | 'nothing-drawn'
  /** A J without a wished suit. */
  | 'missing-wish'
  /** A wish with a card that is not a J. */
  | 'unexpected-wish'
  /** "Pesten" with a play that does not leave exactly one card. */
  | 'bad-announcement'
  /** The last card may not be 2, 7, 8, 10, J, K, A or a joker. */
  | 'special-last-card';

/** Move the turn `steps` seats on from `from` in the current direction; the turn's extras end. */
function advance(draft: PestenState, from: Seat, steps: number): void {
  const board = draft.board;
  board.turn = seatAfter(from, steps, board.direction, draft.players);
  board.again = false;
  board.drawn = null;
}

/** Take `count` cards from the stock into `seat`'s hand (shown to it only), rebuilding the stock if it is short. */
function drawCards(draft: PestenState, seat: Seat, count: number, thenPlay: boolean): void {
  const board = draft.board;
  const hand = board.hands[seat];
  if (!hand || count <= 0) return;
  const now = board.stock.splice(0, count);
  hand.push(...now);
  requestRevealTo(draft, seat, now);
  if (thenPlay && now[0] !== undefined) board.drawn = now[0];
  const short = count - now.length;
  const top = board.discard.at(-1);
  if (short > 0 && top !== undefined && board.discard.length > 1) {
    board.stock = requestReshuffle(draft, board.discard.slice(0, -1));
    board.discard = [top];
    board.reshuffles += 1;
    board.pendingDraw = { seat, count: short, thenPlay: thenPlay && now.length === 0 };
  }
}

/** Finish a draw cut short by the reshuffle: the new stock is ready. */
function finishDraw(draft: PestenState): void {
  const board = draft.board;
  const pending = board.pendingDraw;
  if (!pending) return;
  board.pendingDraw = null;
  const hand = board.hands[pending.seat];
  const now = board.stock.splice(0, pending.count);
  hand?.push(...now);
  requestRevealTo(draft, pending.seat, now);
  if (pending.thenPlay && now[0] !== undefined) board.drawn = now[0];
}

function startPassRound(draft: PestenState, from: Seat): void {
  const board = draft.board;
  board.phase = 'pass';
  board.passFrom = from;
  board.passes = board.hands.map(() => null);
  board.again = false;
  board.drawn = null;
}

/** The effect of a card just put on the discard pile by `seat` (a play, or the start card by the dealer). */
function applyEffect(
  draft: PestenState,
  seat: Seat,
  card: string | null,
  played: Extract<PestenAction, { type: 'play' }> | null,
  atStart: boolean,
): void {
  const board = draft.board;
  const rank = rankOf(card);
  if (rank !== 'J') board.wish = null;
  switch (rank) {
    case 'J':
      if (atStart) {
        board.phase = 'wish';
        board.turn = seat;
        return;
      }
      board.wish = played?.wish ?? null;
      return advance(draft, seat, 1);
    case '2':
    case 'joker':
      board.owed += owedFor(card);
      return advance(draft, seat, 1);
    case '8':
      return advance(draft, seat, 2);
    case '7':
    case 'K':
      if (atStart) return advance(draft, seat, 1);
      board.again = true;
      board.drawn = null;
      board.turn = seat;
      return;
    case '10':
      return startPassRound(draft, seat);
    case 'A':
      if (draft.players > 2) board.direction = flip(board.direction);
      return advance(draft, seat, 1);
    default:
      return advance(draft, seat, 1);
  }
}

function play(
  draft: PestenState,
  seat: Seat,
  action: Extract<PestenAction, { type: 'play' }>,
  know: Knowledge,
): PestenError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'not-play-phase';
  const hand = board.hands[seat] ?? [];
  if (!hand.includes(action.handle)) return 'not-in-hand';
  if (board.drawn !== null && action.handle !== board.drawn) return 'not-drawn-card';
  const card = know(action.handle);
  const top = know(topHandle(board) ?? -1);
  if (board.owed > 0) {
    if (!isDrawCard(card)) return 'owes-cards';
  } else if (!matches(card, top, board.wish)) {
    return 'illegal-play';
  }
  const jack = rankOf(card) === 'J';
  if (jack && action.wish === undefined) return 'missing-wish';
  if (!jack && action.wish !== undefined) return 'unexpected-wish';
  if (hand.length === 1 && isSpecial(card)) return 'special-last-card';
  const announced = action.announce === true;
  if (announced && hand.length !== 2) return 'bad-announcement';
  const penalty = hand.length === 2 && !announced;
  board.hands[seat] = hand.filter((h) => h !== action.handle);
  board.discard.push(action.handle);
  board.drawn = null;
  board.again = false;
  if (board.hands[seat]?.length === 0) {
    board.phase = 'over';
    board.winner = seat;
    board.points[seat] = (board.points[seat] ?? 0) + 1;
    return null;
  }
  if (penalty) drawCards(draft, seat, 2, false);
  applyEffect(draft, seat, card, action, false);
  return null;
}

function draw(draft: PestenState, seat: Seat): PestenError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'not-play-phase';
  if (board.drawn !== null) return 'already-drawn';
  if (board.owed > 0) {
    const owed = board.owed;
    board.owed = 0;
    drawCards(draft, seat, owed, false);
    advance(draft, seat, 1);
    return null;
  }
  const thenPlay = draft.options.drawThenPlay && !board.again;
  drawCards(draft, seat, 1, thenPlay);
  if (thenPlay && (board.drawn !== null || board.pendingDraw !== null)) {
    board.again = false;
    return null;
  }
  advance(draft, seat, 1);
  return null;
}

function endTurn(draft: PestenState, seat: Seat): PestenError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'not-play-phase';
  if (board.drawn === null) return 'nothing-drawn';
  advance(draft, seat, 1);
  return null;
}

function dealerWish(draft: PestenState, seat: Seat, suit: Extract<PestenAction, { type: 'wish' }>): PestenError | null {
  const board = draft.board;
  if (board.phase !== 'wish') return 'not-wish-phase';
  board.wish = suit.suit;
  board.phase = 'play';
  advance(draft, seat, 1);
  return null;
}

/** Seats that take part in a pass round: every seat with cards. */
export function passingSeats(state: PestenState): Seat[] {
  return state.board.hands.flatMap((hand, seat) => (hand.length > 0 ? [seat] : []));
}

function give(draft: PestenState, seat: Seat, handle: Handle): PestenError | null {
  const board = draft.board;
  if (board.phase !== 'pass') return 'not-pass-phase';
  if (!(board.hands[seat] ?? []).includes(handle)) return 'not-in-hand';
  board.passes[seat] = handle;
  const seats = passingSeats(draft);
  if (!seats.every((s) => board.passes[s] !== null)) return null;
  const picks = seats.map((from) => ({ from, to: clockwiseOf(from, draft.players), handle: board.passes[from] ?? -1 }));
  for (const pick of picks) board.hands[pick.from] = (board.hands[pick.from] ?? []).filter((h) => h !== pick.handle);
  for (const pick of picks) {
    board.hands[pick.to]?.push(pick.handle);
    requestForward(draft, pick.from, pick.to, [pick.handle]);
  }
  const from = board.passFrom ?? draft.dealer;
  board.phase = 'play';
  board.passFrom = null;
  board.passes = board.hands.map(() => null);
  advance(draft, from, 1);
  return null;
}

export function act(draft: PestenState, seat: Seat, action: PestenAction, know: Knowledge): PestenError | null {
  switch (action.type) {
    case 'play':
      return play(draft, seat, action, know);
    case 'draw':
      return draw(draft, seat);
    case 'end-turn':
      return endTurn(draft, seat);
    case 'wish':
      return dealerWish(draft, seat, action);
    case 'give':
      return give(draft, seat, action.handle);
  }
}

/**
 * Continue once crypto work is done: after the stock's reshuffle, finish the
 * draw it interrupted; once the deal is done, the start card takes effect as
 * if the dealer had played it.
 */
export function afterCrypto(draft: PestenState, done: CryptoRequest, know: Knowledge): PestenError | null {
  const board = draft.board;
  if (done.kind === 'reshuffle') finishDraw(draft);
  if (board.phase === 'deal' && draft.requests.length === 0) {
    const top = topHandle(board);
    const card = know(top ?? -1);
    board.phase = 'play';
    applyEffect(draft, draft.dealer, card, null, true);
  }
  return null;
}

export function awaits(state: PestenState): GameAwaiting {
  const board = state.board;
  switch (board.phase) {
    case 'deal':
      // Only while the deal's crypto is pending, which the engine reports first.
      return { kind: 'move', seat: state.dealer, what: 'deal' };
    case 'wish':
      return { kind: 'move', seat: board.turn, what: 'wish' };
    case 'play': {
      const what =
        board.drawn !== null ? 'play-drawn' : board.again ? 'play-again' : board.owed > 0 ? 'answer-draw' : 'play';
      return { kind: 'move', seat: board.turn, what };
    }
    case 'pass':
      return {
        kind: 'choices',
        seats: passingSeats(state).filter((seat) => board.passes[seat] === null),
        what: 'pass',
      };
    case 'over':
      return { kind: 'over' };
  }
}
