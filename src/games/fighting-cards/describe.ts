/**
 * How the moves of Fighting Cards read in the table log: "Ann bids 23", "Bob
 * passes", "Cleo declares at 25 and takes the skat", "Cleo discards two
 * cards" (never which), "Cleo names trumps: ♠", "Ann plays A♥ — Ann wins the
 * trick with A♥ (7 points)", and, when the skat is turned over at the end,
 * "skat: K♠ 7♦ — Cleo made 25 with 31 points: +81". A live renege reads
 * "Bob reneged: ♣ on a ♥ lead while holding ♥". Only public cards are named.
 * `describeAction` needs the action alone; `describeInput` adds what the
 * board says (contract, trick winner, result), from any state at or after
 * the input (a trick's cards and a deal's result do not change later).
 */
import { publicKnowledge, type Handle, type Input, type Knowledge, type Seat, type Suit } from '../../engine/index.js';
import { cardList, cardName, count, seatName } from '../describe.js';
import { parseAction, type FightingAction } from './actions.js';
import { pointsOf, suitOf, winningIndex, type DealResult, type FightingState } from './board.js';

export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = { C: '♣', D: '♦', H: '♥', S: '♠' };

export function describeAction(action: FightingAction, who: string, know: Knowledge): string {
  switch (action.type) {
    case 'bid':
      return `${who} bids ${action.bid}`;
    case 'pass':
      return `${who} passes`;
    case 'hand':
      return `${who} plays a hand game (the skat stays face down)`;
    case 'take':
      return `${who} takes the skat`;
    case 'discard':
      return `${who} discards two cards`;
    case 'trump':
      return `${who} names trumps: ${SUIT_SYMBOL[action.suit]}`;
    case 'play':
      return `${who} plays ${cardName(know(action.handle) ?? action.card)}`;
  }
}

/** "Cleo made 25 with 31 points: +81", "Cleo failed 25 with 20 points: −100" (hand games say so). */
export function resultText(result: DealResult, names: readonly string[]): string {
  const who = seatName(names, result.declarer);
  const score = result.score > 0 ? `+${result.score}` : result.score < 0 ? `−${-result.score}` : '0';
  const hand = result.handGame ? ' (hand game, doubled)' : '';
  const renege = result.renege === null ? '' : ` — ${seatName(names, result.renege)} reneged`;
  return `${who} ${result.made ? 'made' : 'failed'} ${result.bid} with ${count(result.points, 'point')}: ${score}${hand}${renege}`;
}

/** The trick `handle` completed, as "Ann wins the trick with A♥ (7 points)", or '' if it did not complete one. */
function trickLine(state: FightingState, handle: Handle, names: readonly string[], know: Knowledge): string {
  const trick = state.board.tricks.find((t) => t.cards.at(-1) === handle);
  if (!trick) return '';
  const cards = trick.cards.map(know);
  const best = cards[winningIndex(cards, state.board.trump)] ?? null;
  const points = cards.reduce((sum, c) => sum + pointsOf(c), 0);
  return `${seatName(names, trick.winner)} wins the trick with ${best ? cardName(best) : 'a card'} (${count(points, 'point')})`;
}

/** "Bob reneged: ♣ on a ♥ lead while holding ♥", when `handle` is the card that proved it live. */
function renegeLine(
  state: FightingState,
  seat: Seat,
  handle: Handle,
  names: readonly string[],
  know: Knowledge,
): string {
  const renege = state.board.renege;
  if (!renege || renege.seat !== seat || state.board.trick.at(-1)?.handle !== handle) return '';
  // The earlier trick where this seat played off the suit it then showed it held.
  const offence = state.board.tricks.find((t) => {
    const i = t.cards.findIndex((_, k) => (t.leader + k) % 3 === seat);
    return suitOf(know(t.cards[0] ?? -1)) === renege.suit && i > 0 && suitOf(know(t.cards[i] ?? -1)) !== renege.suit;
  });
  const offIndex = offence ? offence.cards.findIndex((_, k) => (offence.leader + k) % 3 === seat) : -1;
  const off = offence ? suitOf(know(offence.cards[offIndex] ?? -1)) : null;
  const lead = SUIT_SYMBOL[renege.suit];
  return `${seatName(names, seat)} reneged: ${off ? SUIT_SYMBOL[off] : 'another suit'} on a ${lead} lead while holding ${lead}`;
}

/** The log line of one input at a Fighting Cards table ('' for crypto steps that say nothing). */
export function describeInput(input: Input, names: readonly string[], state: FightingState | null): string {
  const know: Knowledge = state ? publicKnowledge(state) : () => null;
  if (input.kind === 'revealed') {
    const result = state?.board.result;
    const skat = state?.board.skat ?? [];
    const revealed = Object.keys(input.cards).map(Number);
    if (!state || !result || skat.length === 0 || !skat.every((h) => revealed.includes(h))) return '';
    // Written before the audit, which may still find an earlier renege (views.ts `resultAfterAudit`).
    return `skat: ${cardList(skat.map((h) => input.cards[String(h)] ?? '?'))} — ${resultText(result, names)} (waiting for the audit)`;
  }
  if (input.kind !== 'act') return '';
  const who = seatName(names, input.seat);
  const action = parseAction(input.action);
  if (action === null) return `${who} moved`;
  const line = describeAction(action, who, know);
  if (!state) return line;
  const board = state.board;
  switch (action.type) {
    case 'hand':
    case 'take':
      return board.contract === null
        ? line
        : `${who} declares at ${board.contract} and ${action.type === 'take' ? 'takes the skat' : 'plays a hand game (the skat stays face down)'}`;
    case 'pass':
      return board.thrownIn && board.auction.at(-1)?.seat === input.seat
        ? `${line} — all passed: the deal is thrown in`
        : line;
    case 'play': {
      const extra =
        renegeLine(state, input.seat, action.handle, names, know) || trickLine(state, action.handle, names, know);
      return extra ? `${line} — ${extra}` : line;
    }
    default:
      return line;
  }
}
