/**
 * What the table looks like for one seat or a spectator (the UI's input),
 * the named zones every card handle lies in (for invariants and scenario
 * deals), the outcome of a finished game (places; who deals next), and the
 * compact summary the scenario runner prints and checks.
 */
import {
  compareCards,
  viewKnowledge,
  type CardId,
  type Claim,
  type Handle,
  type Json,
  type Outcome,
  type PrivateView,
  type Seat,
} from '../../engine/index.js';
import { activeSeats, sourceOf, type EndlessEnd, type Phase, type Source, type StressState } from './board.js';
import { quietTurns, repeatsOfCurrent } from './endless.js';
import { effectiveTop } from './rules.js';

export interface ViewCard {
  handle: Handle;
  /** null: this viewer does not know the card. */
  card: CardId | null;
}

export interface SeatView {
  hand: ViewCard[];
  faceUp: ViewCard[];
  faceDown: ViewCard[];
  /** Swap phase: has pressed "ready". */
  ready: boolean;
  /** Where this seat must play from next; null once out. */
  source: Source | null;
  /** Finishing place (1 = winner), or null while playing (and for the loser). */
  place: number | null;
}

export interface StressView {
  phase: Phase;
  /** Whose move it is; null in the swap phase and when over. */
  turn: Seat | null;
  /** The game stack, bottom first. */
  stack: CardId[];
  /** The card the next play must beat (3s are invisible); null: anything goes. */
  effectiveTop: CardId | null;
  drawCount: number;
  cemeteryCount: number;
  /** A blind card being turned over. */
  flipping: { seat: Seat; card: CardId | null } | null;
  seats: SeatView[];
  out: Seat[];
  loser: Seat | null;
  /** Set when the endless-hands rule ended the hand: the seats still in share the last place, nobody lost. */
  endless: EndlessEnd | null;
  /** Endless-hands rule: how often the current position has occurred (the third time ends the hand); 0 with the option off. */
  repeats: number;
  /** Endless-hands rule: turns since the last progress (100 × the players still in end the hand). */
  quietTurns: number;
  /** Claims the end-of-hand audit will check. */
  claims: Claim[];
}

export function zones(state: StressState): Record<string, Handle[]> {
  const board = state.board;
  const named: Record<string, Handle[]> = {};
  board.seats.forEach((cards, seat) => {
    named[`hand@${seat}`] = cards.hand;
    named[`faceUp@${seat}`] = cards.faceUp;
    named[`faceDown@${seat}`] = cards.faceDown;
  });
  named.stack = board.stack;
  named.draw = board.draw;
  named.cemetery = board.cemetery;
  named.flipping = board.flipping ? [board.flipping.handle] : [];
  return named;
}

export function view(state: StressState, _viewer: Seat | null, privateView: PrivateView): StressView {
  const board = state.board;
  const know = viewKnowledge(state, privateView);
  const cards = (handles: Handle[]): ViewCard[] => handles.map((handle) => ({ handle, card: know(handle) }));
  return {
    phase: board.phase,
    turn: board.phase === 'play' ? board.turn : null,
    stack: board.stack.map((h) => know(h) ?? '?'),
    effectiveTop: effectiveTop(board.stack, know),
    drawCount: board.draw.length,
    cemeteryCount: board.cemetery.length,
    flipping: board.flipping ? { seat: board.flipping.seat, card: know(board.flipping.handle) } : null,
    seats: board.seats.map((mine, seat) => {
      const place = board.out.indexOf(seat);
      return {
        hand: cards(mine.hand),
        faceUp: cards(mine.faceUp),
        faceDown: cards(mine.faceDown),
        ready: board.ready[seat] !== null,
        source: sourceOf(mine),
        place: place >= 0 ? place + 1 : null,
      };
    }),
    out: [...board.out],
    loser: board.loser,
    endless: board.endless,
    repeats: repeatsOfCurrent(board),
    quietTurns: quietTurns(board),
    claims: state.claims,
  };
}

/**
 * Places, best first (the seats still in share the last place), and the next
 * dealer (docs/rules/stress-shed.md §4): the loser; with no loser (`stopAtFirstWinner`, or an
 * endless hand) the seat after this hand's dealer.
 */
export function outcome(state: StressState): Outcome | null {
  const board = state.board;
  if (board.phase !== 'over') return null;
  const rest = activeSeats(board);
  const ranking = [...board.out.map((seat) => [seat]), ...(rest.length > 0 ? [rest] : [])];
  const nextDealer = board.loser ?? (state.dealer + 1) % state.players;
  const winner = board.out[0];
  const how =
    board.endless !== null
      ? `the hand ended ${board.endless === 'repetition' ? 'by repetition (a position occurred a third time)' : 'without progress'}` +
        `${winner !== undefined ? `; seat ${winner} won` : ''}; seat${rest.length > 1 ? 's' : ''} ${rest.join(', ')} share${rest.length > 1 ? '' : 's'} the last place; nobody lost`
      : `seat ${winner ?? '?'} won` +
        (board.loser !== null ? `; seat ${board.loser} lost` : '; play stopped at the first winner');
  return { ranking, nextDealer, scores: null, carry: null, summary: `${how}; seat ${nextDealer} deals next` };
}

/** Readable: cards by id (hidden ones as '??'), hands and face-up/face-down cards sorted, piles as counts. */
export function summarize(v: StressView): Json {
  const ids = (cards: ViewCard[]): string[] => {
    const known = cards.flatMap((c) => (c.card === null ? [] : [c.card])).sort(compareCards);
    return [...known, ...cards.filter((c) => c.card === null).map(() => '??')];
  };
  return {
    phase: v.phase,
    turn: v.turn,
    stack: v.stack,
    top: v.effectiveTop,
    draw: v.drawCount,
    cemetery: v.cemeteryCount,
    seats: v.seats.map((s) => ({
      hand: ids(s.hand),
      faceUp: ids(s.faceUp),
      faceDown: ids(s.faceDown),
      place: s.place,
    })),
    out: v.out,
    loser: v.loser,
    endless: v.endless,
    repeats: v.repeats,
    quietTurns: v.quietTurns,
    claims: v.claims.map((c) => c.note),
  };
}
