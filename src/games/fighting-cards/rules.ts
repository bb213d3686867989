/**
 * The rules of Fighting Cards, docs/rules/fighting-cards.md, as state transitions on a draft:
 * the auction, the skat (hand game, or take and discard two in secret), the
 * trump, the ten tricks with follow-suit, and the end of the deal (the skat
 * turned over and the deal scored, see scoring.ts). The same code runs live
 * (knowing public cards only) and in the audit (knowing every card).
 *
 * Choices the spec leaves open, settled here:
 * - Seat order: "next" = seat + 1 (mod 3); the table draws ascending seats
 *   anticlockwise, so that is the player to the right (see board.ts).
 * - Auction: calls go round from the seat after the dealer; a bid must be
 *   higher than the highest bid so far and 21–40 (`bid-not-higher`,
 *   `bid-out-of-range`); a pass is not final. It ends when a bid is followed
 *   by two passes (that bidder declares at that bid), or when the first three
 *   calls are passes (thrown in: no score, the next seat deals, the match's
 *   deal count does not move).
 * - The secret discard: after "take" all seats reshuffle the declarer's ten
 *   hand handles and the two skat handles into twelve fresh handles (an
 *   ordinary `requestReshuffle`), which are revealed to the declarer alone;
 *   the declarer then discards two by handle. Nobody else can tell which
 *   cards went, nor whether they came from the skat.
 * - Trump is named after the skat decision (and the discard); jacks are
 *   ordinary cards of their suit.
 * - Follow suit: a card off the led suit records a `void` claim (the seat's
 *   remaining hidden hand). A later play of that suit by the same seat proves
 *   the renege live: the card is accepted, the deal ends at once and is
 *   scored as a renege by that seat. The audit re-runs "must follow" with
 *   every hand open and names the first renegade in play order
 *   (`must-follow-suit`). The deal is scored by that renege once the audit
 *   is in, even when play proved a later one (`resultAfterAudit`, views.ts).
 * - The deal ends after the tenth trick or a proved renege: the skat is
 *   revealed to all (`reveal-all`), then the deal is scored.
 */
import {
  publicCard,
  requestReshuffle,
  requestRevealAll,
  requestRevealTo,
  type CryptoRequest,
  type GameAwaiting,
  type Handle,
  type Knowledge,
  type Seat,
  type Suit,
} from '../../engine/index.js';
import type { FightingAction } from './actions.js';
import {
  MAX_BID,
  MIN_BID,
  PLAYERS,
  SKAT_SIZE,
  TRICKS,
  actor,
  highBid,
  nextSeat,
  sumPoints,
  suitOf,
  winningIndex,
  wonBy,
  type FightingState,
} from './board.js';
import { scoreDeal } from './scoring.js';

export type FightingError =
  'wrong-phase' | 'bid-out-of-range' | 'bid-not-higher' | 'not-in-hand' | 'duplicate-handle' | 'must-follow-suit';

function bid(draft: FightingState, seat: Seat, value: number): FightingError | null {
  const board = draft.board;
  if (board.phase !== 'bidding') return 'wrong-phase';
  if (value < MIN_BID || value > MAX_BID) return 'bid-out-of-range';
  const high = highBid(board);
  if (high !== null && high.bid !== null && value <= high.bid) return 'bid-not-higher';
  board.auction.push({ seat, bid: value });
  board.turn = nextSeat(seat);
  return null;
}

function pass(draft: FightingState, seat: Seat): FightingError | null {
  const board = draft.board;
  if (board.phase !== 'bidding') return 'wrong-phase';
  board.auction.push({ seat, bid: null });
  const calls = board.auction;
  const high = highBid(board);
  if (high === null && calls.length === PLAYERS) {
    board.thrownIn = true;
    board.phase = 'over';
    return null;
  }
  const [third, second, last] = calls.slice(-3);
  if (high !== null && high.bid !== null && third === high && second?.bid === null && last?.bid === null) {
    board.declarer = high.seat;
    board.contract = high.bid;
    board.turn = high.seat;
    board.phase = 'skat';
    return null;
  }
  board.turn = nextSeat(seat);
  return null;
}

function chooseSkat(draft: FightingState, seat: Seat, take: boolean): FightingError | null {
  const board = draft.board;
  if (board.phase !== 'skat') return 'wrong-phase';
  board.handGame = !take;
  if (!take) {
    board.phase = 'trump';
    return null;
  }
  const hand = board.hands[seat] ?? [];
  // Everyone re-masks and permutes the twelve cards; afterCrypto shows the new handles to the declarer.
  board.hands[seat] = requestReshuffle(draft, [...hand, ...board.skat]);
  board.skat = [];
  board.phase = 'discard';
  return null;
}

function discard(draft: FightingState, seat: Seat, handles: readonly Handle[]): FightingError | null {
  const board = draft.board;
  if (board.phase !== 'discard') return 'wrong-phase';
  if (new Set(handles).size !== handles.length) return 'duplicate-handle';
  const hand = board.hands[seat] ?? [];
  if (!handles.every((h) => hand.includes(h))) return 'not-in-hand';
  board.hands[seat] = hand.filter((h) => !handles.includes(h));
  board.skat = [...handles];
  board.phase = 'trump';
  return null;
}

function nameTrump(draft: FightingState, suit: Suit): FightingError | null {
  const board = draft.board;
  if (board.phase !== 'trump' || board.declarer === null) return 'wrong-phase';
  board.trump = suit;
  board.phase = 'play';
  board.turn = nextSeat(board.declarer);
  return null;
}

/** End the deal: turn the skat over; afterCrypto scores once it is public. */
function endDeal(draft: FightingState): void {
  draft.board.phase = 'scoring';
  requestRevealAll(draft, draft.board.skat);
}

function play(draft: FightingState, seat: Seat, handle: Handle, know: Knowledge): FightingError | null {
  const board = draft.board;
  if (board.phase !== 'play') return 'wrong-phase';
  const hand = board.hands[seat] ?? [];
  if (!hand.includes(handle)) return 'not-in-hand';
  const suit = suitOf(know(handle));
  const rest = hand.filter((h) => h !== handle);
  const lead = board.trick[0];
  const led = lead ? suitOf(know(lead.handle)) : null;
  const voids = board.voids[seat] ?? [];
  // A card of a suit this seat claimed to lack proves that claim false.
  const provesRenege = suit !== null && voids.includes(suit);
  if (led !== null && suit !== led) {
    // Off the led suit: decided now if a card of the hand is known (always, in the audit), else claimed.
    if (rest.some((h) => suitOf(know(h)) === led)) return 'must-follow-suit';
    const hidden = rest.filter((h) => publicCard(draft, h) === null);
    if (hidden.length > 0) {
      draft.claims.push({
        step: draft.step,
        seat,
        kind: 'void',
        handles: hidden,
        note: `seat ${seat} holds no ${led} card`,
      });
    }
    if (!voids.includes(led)) voids.push(led);
  }
  board.hands[seat] = rest;
  board.trick.push({ seat, handle });
  if (provesRenege && suit !== null) {
    board.renege = { seat, suit, step: draft.step };
    endDeal(draft);
    return null;
  }
  if (board.trick.length < PLAYERS) {
    board.turn = nextSeat(seat);
    return null;
  }
  const cards = board.trick.map((c) => c.handle);
  const winner = board.trick[winningIndex(cards.map(know), board.trump)]?.seat ?? seat;
  board.tricks.push({ leader: board.trick[0]?.seat ?? seat, cards, winner });
  board.trick = [];
  board.turn = winner;
  if (board.tricks.length === TRICKS) endDeal(draft);
  return null;
}

function score(draft: FightingState, know: Knowledge): void {
  const board = draft.board;
  if (board.declarer === null || board.contract === null) return;
  board.result = scoreDeal({
    declarer: board.declarer,
    bid: board.contract,
    handGame: board.handGame === true,
    trickPoints: sumPoints(wonBy(board, board.declarer), know),
    skatPoints: sumPoints(board.skat, know),
    renege: board.renege?.seat ?? null,
  });
  board.phase = 'over';
}

export function act(draft: FightingState, seat: Seat, action: FightingAction, know: Knowledge): FightingError | null {
  switch (action.type) {
    case 'bid':
      return bid(draft, seat, action.bid);
    case 'pass':
      return pass(draft, seat);
    case 'hand':
      return chooseSkat(draft, seat, false);
    case 'take':
      return chooseSkat(draft, seat, true);
    case 'discard':
      return discard(draft, seat, action.handles);
    case 'trump':
      return nameTrump(draft, action.suit);
    case 'play':
      return play(draft, seat, action.handle, know);
  }
}

export function afterCrypto(draft: FightingState, done: CryptoRequest, know: Knowledge): FightingError | null {
  const board = draft.board;
  if (done.kind === 'reshuffle' && board.phase === 'discard' && board.declarer !== null) {
    requestRevealTo(draft, board.declarer, done.into);
  } else if (done.kind === 'reveal-all' && board.phase === 'scoring' && board.skat.length === SKAT_SIZE) {
    score(draft, know);
  }
  return null;
}

export function awaits(state: FightingState): GameAwaiting {
  const seat = actor(state.board);
  if (seat === null) return { kind: 'over' };
  return { kind: 'move', seat, what: state.board.phase };
}
