/**
 * How the moves of Pesten read in the table log: "Ann played J♠ and wishes
 * ♥", "Bob draws 4 (owed)", "Ann played 8♣ — Cleo is skipped", "Ann played
 * 9♥ and announces Pesten!", "Bob passes a card" (a pass on a 10 never names
 * the card: it is private), "the stock is reshuffled", "Ann played 5♦ and
 * wins the round — 1 point". `describeAction` is the module's per-action line
 * from the action alone; `describePestenInput` adds what only the state can
 * tell (how many cards a draw took, who an 8 skipped, a forgotten
 * announcement, the round's end, the start card, the reshuffle), from the
 * states right before and right after the input (last-event.ts); without
 * both, the plain line is used.
 */
import type { Input, Knowledge, Seat } from '../../engine/index.js';
import { cardName, count, seatName } from '../describe.js';
import type { PestenAction } from './actions.js';
import { clockwiseOf, rankOf, seatAfter, type PestenState } from './board.js';
import { actEvent, boardBefore, cryptoEvent } from './last-event.js';

const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' } as const;

/** One log line for one action, from the action alone. */
export function describeAction(action: PestenAction, who: string, _know: Knowledge): string {
  switch (action.type) {
    case 'play': {
      const wish = action.wish !== undefined ? ` and wishes ${SUIT_SYMBOLS[action.wish]}` : '';
      const announce = action.announce === true ? ` and announces Pesten!` : '';
      return `${who} played ${cardName(action.card)}${wish}${announce}`;
    }
    case 'draw':
      return `${who} draws`;
    case 'end-turn':
      return `${who} keeps the drawn card`;
    case 'wish':
      return `${who} wishes ${SUIT_SYMBOLS[action.suit]}`;
    case 'give':
      return `${who} passes a card`;
  }
}

/** The log line of one input at a Pesten table, with what the state adds (see the file comment). */
export function describePestenInput(
  base: (input: Input, names: readonly string[], state: PestenState | null) => string,
  input: Input,
  names: readonly string[],
  state: PestenState | null,
  before: PestenState | null = null,
): string {
  const board = state?.board;
  if (input.kind === 'reshuffled') return 'the stock is reshuffled';
  if (input.kind === 'revealed') {
    const startHandle = board?.discard[0];
    const start = startHandle !== undefined && board?.reshuffles === 0 ? input.cards[String(startHandle)] : undefined;
    const turned = before && board && cryptoEvent(before.board.phase, board, () => start ?? null);
    return start !== undefined && turned ? `the start card is ${cardName(start)}` : '';
  }
  const line = base(input, names, state);
  if (input.kind !== 'act' || !state || !board || !before || line === '') return line;
  const who = seatName(names, input.seat);
  const action = input.action as PestenAction;
  // The states must be this move's: made on its author's turn, and a play's card on the pile after it.
  if (action.type !== 'give' && before.board.turn !== input.seat) return line;
  if (action.type === 'play' && board.discard.at(-1) !== action.handle) return line;
  const played = action.type === 'play' ? action.card : null;
  const last = actEvent(input.seat, action, boardBefore(before.board, input.seat), board, played);
  if (last?.kind === 'draw')
    return last.owed ? `${who} draws ${last.count} (owed)` : `${who} draws ${count(last.count, 'card')}`;
  if (last?.kind !== 'play') return line;
  const parts = [line];
  if (last.penalty) parts.push(`forgot to announce Pesten and draws 2`);
  if (board.phase === 'over' && board.winner === input.seat) {
    const points = board.points[input.seat] ?? 0;
    const match = points >= state.options.targetPoints ? ' and the match' : '';
    parts.push(`wins the round${match} — ${points} ${points === 1 ? 'point' : 'points'}`);
    return parts.join(' and ');
  }
  const rank = rankOf(last.card);
  let after = '';
  if (rank === '8')
    after = ` — ${seatName(names, seatAfter(input.seat, 1, board.direction, state.players))} is skipped`;
  else if (rank === 'A' && state.players > 2)
    after = ` — play turns ${board.direction === 'clockwise' ? 'clockwise' : 'counter-clockwise'}`;
  else if (rank === '10' && board.phase === 'pass') after = ' — everyone passes a card';
  else if ((rank === '2' || rank === 'joker') && board.owed > 0)
    after = ` — ${seatName(names, board.turn)} owes ${board.owed}`;
  else if ((rank === '7' || rank === 'K') && board.again) after = ' and plays again';
  return parts.join(' and ') + after;
}

/**
 * The lines of a 10's passes that only the giver and the receiver may read:
 * "you pass 7♣ to Bob" on the viewer's own give, and "Ann passed you 9♦" when
 * the card the viewer receives is delivered to it (the forward of that card
 * completes: its keys have reached the viewer, so its page knows the card;
 * "a card" if not). Each seat of a pass round reads both lines, the seat
 * whose give completes the round included.
 */
export function describePestenPrivate(
  input: Input,
  viewer: Seat,
  know: Knowledge,
  before: PestenState,
  after: PestenState,
  names: readonly string[],
): string {
  if (input.kind === 'act' && input.seat === viewer && (input.action as Partial<PestenAction>).type === 'give') {
    const handle = (input.action as Extract<PestenAction, { type: 'give' }>).handle;
    const card = know(handle);
    return `you pass ${card ? cardName(card) : 'a card'} to ${seatName(names, clockwiseOf(viewer, after.players))}`;
  }
  if (input.kind === 'delivered') {
    const forward = before.requests.find((r) => r.id === input.request);
    if (forward?.kind !== 'forward' || forward.to !== viewer || forward.from === viewer) return '';
    const cards = forward.handles.map(know);
    const named = cards.every((c) => c !== null) ? cards.map((c) => cardName(c!)).join(' ') : 'a card';
    return `${seatName(names, forward.from)} passed you ${named}`;
  }
  return '';
}
