/**
 * How the moves of Stress (shedding) read in the table log: "Ann played 7♣
 * 7♠", "Bob picked up the stack", "Ann turned over a face-down card: 9♥"
 * (the card once the table has revealed it), "Bob is ready, putting 10♠ face
 * up". Only public cards are named. `stressEffects` adds what the states
 * before and after an input show: "the stack burns (6 cards) and Ann plays
 * again", "Cleo is skipped", "Ann draws 2", "Bob picks up 5 cards", "Ann's
 * face-down card is 9♥ and does not fit", "Ann is out and wins", "Bob is
 * left with cards and loses", "everyone is ready: Ann starts".
 */
import { publicKnowledge, type Input, type Knowledge, type Seat } from '../../engine/index.js';
import { cardList, cardName, count, seatName } from '../describe.js';
import type { StressAction } from './actions.js';
import { seatAfter, type StressState } from './board.js';

/** The seats passed over between `seat` and the seat whose turn it is now (an 8's skip), in play order. */
function skippedSeats(after: StressState, seat: Seat): Seat[] {
  const board = after.board;
  const skipped: Seat[] = [];
  let next = seatAfter(board, seat, 1);
  for (let guard = 0; next !== board.turn && guard < board.seats.length; guard++) {
    skipped.push(next);
    next = seatAfter(board, next, 1);
  }
  return skipped;
}

/** What an input did, from the states right before and right after it (see the file comment). */
export function stressEffects(
  input: Input,
  before: StressState,
  after: StressState,
  names: readonly string[],
): string[] {
  const b = before.board;
  const a = after.board;
  const out: string[] = [];
  if (b.phase === 'swap' && a.phase === 'play') out.push(`everyone is ready: ${seatName(names, a.turn)} starts`);
  // The seat that moved: the author of a move, or the owner of the blind card this reveal judged.
  const seat =
    input.kind === 'act' ? input.seat : input.kind === 'revealed' && b.flipping && !a.flipping ? b.flipping.seat : null;
  if (seat === null) return out;
  const who = seatName(names, seat);
  if (input.kind === 'revealed' && b.flipping) {
    const card = input.cards[String(b.flipping.handle)] ?? publicKnowledge(after)(b.flipping.handle);
    const fits =
      a.stack.includes(b.flipping.handle) ||
      (a.cemetery.length > b.cemetery.length && a.cemetery.includes(b.flipping.handle));
    out.push(`${who}'s face-down card is ${card ? cardName(card) : 'turned'}${fits ? '' : ' and does not fit'}`);
  }
  const drawn = b.draw.length - a.draw.length;
  if (drawn > 0 && b.phase === 'play') out.push(`${who} draws ${drawn}`);
  const gained = (a.seats[seat]?.hand.length ?? 0) - (b.seats[seat]?.hand.length ?? 0) - Math.max(drawn, 0);
  if (b.stack.length > 0 && a.stack.length === 0 && a.cemetery.length === b.cemetery.length && gained > 0) {
    out.push(`${who} picks up ${count(gained, 'card')}`);
  }
  const burnt = a.cemetery.length - b.cemetery.length;
  if (burnt > 0)
    out.push(
      `the stack burns (${count(burnt, 'card')})${a.turn === seat && a.phase === 'play' ? ` and ${who} plays again` : ''}`,
    );
  const newlyOut = a.out.filter((s) => !b.out.includes(s));
  for (const s of newlyOut) {
    const place = a.out.indexOf(s) + 1;
    out.push(place === 1 ? `${seatName(names, s)} is out and wins` : `${seatName(names, s)} is out (place ${place})`);
  }
  // Only an 8 skips; what it was: the cards of a play, or the blind card just judged.
  const played =
    input.kind === 'act'
      ? (input.action as Partial<StressAction>).type === 'play'
        ? (input.action as Extract<StressAction, { type: 'play' }>).cards.map((c) => c.card)
        : []
      : b.flipping
        ? [input.kind === 'revealed' ? (input.cards[String(b.flipping.handle)] ?? '') : '']
        : [];
  if (a.phase === 'play' && burnt === 0 && played.some((c) => c.startsWith('8'))) {
    const skipped = skippedSeats(after, seat);
    if (skipped.length > 0)
      out.push(
        `${skipped.map((s) => seatName(names, s)).join(' and ')} ${skipped.length === 1 ? 'is' : 'are'} skipped`,
      );
  }
  if (b.phase !== 'over' && a.phase === 'over') {
    if (a.loser !== null) out.push(`${seatName(names, a.loser)} is left with cards and loses`);
    else if (a.endless === 'repetition') out.push('the same position came up three times: the hand ends with no loser');
    else if (a.endless === 'no-progress') out.push('no progress for too long: the hand ends with no loser');
    else out.push('the hand ends at the first winner');
  }
  return out;
}

export function describeAction(action: StressAction, who: string, know: Knowledge): string {
  switch (action.type) {
    case 'play':
      return `${who} played ${cardList(action.cards.map((c) => c.card))}`;
    case 'blind': {
      const card = know(action.handle);
      return card === null
        ? `${who} turned over a face-down card`
        : `${who} turned over a face-down card: ${cardName(card)}`;
    }
    case 'pickup':
      return `${who} picked up the stack`;
    case 'ready': {
      const up = faceUpAfter(action.swaps);
      return up.length === 0 ? `${who} is ready` : `${who} is ready, putting ${cardList(up)} face up`;
    }
  }
}

/** The hand cards that end up face-up after a sequence of swaps (one swapped up and back down again is not). */
function faceUpAfter(swaps: Extract<StressAction, { type: 'ready' }>['swaps']): string[] {
  const up = new Map<number, string>();
  for (const swap of swaps) {
    up.delete(swap.faceUp);
    up.set(swap.hand, swap.card);
  }
  return [...up.values()];
}
