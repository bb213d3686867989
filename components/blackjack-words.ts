/**
 * What the School Blackjack table (fd-school-blackjack.ts) says and counts,
 * from the view alone: a card as people write it ("7♣"), why a card of mine
 * is refused (the rules' own reason from the store's card hints), the step
 * of the turn in words, the previous turn, the banner over the table, and
 * the seats round the felt (clockwise from mine, the ones the pending skips
 * pass over, who plays next). Display only: the rules live in
 * src/games/school-blackjack.
 */
import { html, type TemplateResult } from 'lit';
import type { BlackjackAction, BlackjackView, ViewCard } from '../src/games/school-blackjack/index.js';
import type { CardHint } from '../src/games/card-hints.js';
import { clockwiseFrom, seatAfter, yourTurnCardsComing, type SeatContext } from './table-controls.js';

export type Play = Extract<BlackjackAction, { type: 'play' }>;
export type SuitLetter = 'C' | 'D' | 'H' | 'S';

export const SUITS: readonly SuitLetter[] = ['C', 'D', 'H', 'S'];
export const SYMBOL: Record<SuitLetter, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

/** The view as one seat sees it, for the words below. */
export type BlackjackSeatContext = SeatContext<BlackjackView>;

function parts(card: string | null): { rank: string; suit: SuitLetter } | null {
  const m = card ? /^(10|[2-9JQKA])([CDHS])$/.exec(card) : null;
  return m ? { rank: m[1]!, suit: m[2] as SuitLetter } : null;
}

/** A card as people write it ("7♣"), or "?". */
export function symbolised(card: string | null): string {
  const p = parts(card);
  return p ? `${p.rank}${SYMBOL[p.suit]}` : '?';
}

/** Why a card of mine may not be played now, in words; null when it may (`plays`: the plays offered to me now). */
export function refusal(
  at: BlackjackSeatContext,
  c: ViewCard,
  plays: readonly Play[],
  hint: CardHint | undefined,
): string | null {
  const v = at.view;
  if (v.phase !== 'play') return null;
  if (v.turn !== at.mySeat) return `It is ${at.name(v.turn)}'s turn.`;
  if (at.busy) return 'Wait a moment: cards are on their way.';
  if (plays.some((p) => p.handle === c.handle)) return null;
  // The rules' own reason, in words (card hints).
  return hint?.why ?? 'Not playable now.';
}

/** What the step of the current turn asks for, addressed to whoever is to play. */
export function stepLine(at: BlackjackSeatContext): string {
  const v = at.view;
  const you = v.turn === at.mySeat;
  const top = symbolised(v.top);
  const rank = parts(v.top)?.rank;
  const suit = v.suit ? SYMBOL[v.suit as SuitLetter] : '';
  switch (v.step) {
    case 'start':
      if (v.owed > 0)
        return `${you ? 'You owe' : `${at.name(v.turn)} owes`} ${v.owed}: answer with an ace or a matching 2 or jack, or draw ${v.owed}.`;
      return v.top === null
        ? 'Step 1: any card starts the pile.'
        : `Step 1: a card matching ${suit} or ${rank} (an ace goes on anything), or draw 1.`;
    case 'more':
      return `Step 2: more ${rank}s, or end the turn free.`;
    case 'cap':
      return v.endDraws
        ? `Step 3: cap the run with a card matching ${suit} or ${rank}, or more ${rank}s; ending uncapped draws 1.`
        : `Capped (${top}): end the turn free, or keep going.`;
    case 'three':
      return `A 3: follow it with a card matching ${suit} or 3 (or an ace); ending now draws 1.`;
    case 'queen':
      return 'A queen: cover it with any card; ending now draws 1.';
  }
}

/** "Previous: Ann played 7♣ 7♦ and drew 1 (uncapped)." */
export function lastLine(at: BlackjackSeatContext): string {
  const last = at.view.lastTurn;
  if (!last) return 'No turn played yet.';
  const who = at.name(last.seat);
  const played = last.played.length ? `played ${last.played.map(symbolised).join(' ')}` : '';
  const drew = last.asked > 0 ? `drew ${last.drew}${last.drew < last.asked ? ` of ${last.asked}` : ''}` : '';
  const reason =
    last.reason === 'uncapped'
      ? ' (uncapped)'
      : last.reason === 'no-follower'
        ? ' (nothing on the 3/queen)'
        : last.reason === 'power-card'
          ? ' (ended on a power card)'
          : '';
  const extra = [
    last.skipped.length ? `${last.skipped.map((s) => at.name(s)).join(', ')} skipped` : '',
    last.reshuffled ? 'pile reshuffled into the deck' : '',
  ].filter(Boolean);
  return `Previous: ${who} ${[played, drew].filter(Boolean).join(' and ')}${reason}${extra.length ? `; ${extra.join('; ')}` : ''}.`;
}

/** The banner over the table: the winner, the deal in progress, or whose turn it is. */
export function banner(at: BlackjackSeatContext): TemplateResult {
  const v = at.view;
  if (v.phase === 'over')
    return html`<div class="turn-banner" id="turn">
      ${v.winner === at.mySeat ? 'You won!' : `${at.name(v.winner)} wins.`}
    </div>`;
  if (v.turn === at.mySeat)
    return html`<div class="turn-banner mine" id="turn" data-mine="1">
      ${at.busy ? yourTurnCardsComing : 'Your turn'}
    </div>`;
  return html`<div class="turn-banner" id="turn">${at.name(v.turn)} to play</div>`;
}

/** The other seats clockwise from mine (every seat for a watcher): fixed places round the felt, whichever way play goes now. */
export function others(v: BlackjackView, mySeat: number | null): number[] {
  const all = clockwiseFrom(mySeat ?? 0, v.hands.length);
  return mySeat === null ? all : all.slice(1);
}

/** The seats the pending skips pass over, from the seat whose turn it is, the way play goes now. */
export function skipped(v: BlackjackView): Set<number> {
  if (v.turn === null) return new Set();
  const turn = v.turn;
  return new Set(
    Array.from({ length: v.skips }, (_, i) => seatAfter(turn, v.hands.length, v.direction === 'clockwise', i + 1)),
  );
}

/** Who plays after the current turn if it ended now (skips counted). */
export function nextSeat(v: BlackjackView): number {
  return seatAfter(v.turn!, v.hands.length, v.direction === 'clockwise', 1 + v.skips);
}
