/**
 * What the Stress (shedding) table (fd-stress-shed.ts) says and shows,
 * from the view alone: the status line (the swap phase, whose turn and the
 * card to beat, the winner and the loser), a finishing place in words
 * ("2nd"), the legal play made of exactly the picked cards, and my hand and
 * face-up cards as the swaps chosen so far arrange them. Display only: the
 * rules live in src/games/stress-shed.
 */
import { html, type TemplateResult } from 'lit';
import type { StressView, ViewCard } from '../src/games/stress-shed/views.js';
import type { StressAction } from '../src/games/stress-shed/actions.js';
import { cardName } from '../src/app/words.js';
import { yourTurnCardsComing, type SeatContext } from './table-controls.js';

export type Play = Extract<StressAction, { type: 'play' }>;

/** One exchange of the swap phase: the hand card (by handle, and which card it is) and the face-up card it trades with. */
export interface Swap {
  readonly hand: number;
  readonly card: string;
  readonly faceUp: number;
}

/** The view as one seat sees it, for the words below. */
export type ShedSeatContext = SeatContext<StressView>;

/** A finishing place in words: "1st", "2nd", "3rd", "4th". */
export function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/** The legal play of exactly the cards `handles`, if there is one. */
export function playFor(plays: readonly Play[], handles: readonly number[]): Play | undefined {
  const want = [...handles].sort((a, b) => a - b).join(',');
  return plays.find(
    (p) =>
      p.cards
        .map((c) => c.handle)
        .sort((a, b) => a - b)
        .join(',') === want,
  );
}

/** My hand and face-up cards with the chosen swaps applied (swap phase). */
export function arranged(
  v: StressView,
  mySeat: number | null,
  swaps: readonly Swap[],
): { hand: ViewCard[]; faceUp: ViewCard[] } {
  const mine = v.seats[mySeat ?? -1];
  if (!mine) return { hand: [], faceUp: [] };
  const hand = [...mine.hand];
  const faceUp = [...mine.faceUp];
  for (const swap of swaps) {
    const h = hand.findIndex((c) => c.handle === swap.hand);
    const f = faceUp.findIndex((c) => c.handle === swap.faceUp);
    if (h < 0 || f < 0) continue;
    [hand[h], faceUp[f]] = [faceUp[f]!, hand[h]!];
  }
  return { hand, faceUp };
}

/** The status line: the game's end, the deal, the swap phase, a face-down card turning, or whose turn it is. */
export function statusLine(at: ShedSeatContext): TemplateResult {
  const v = at.view;
  if (v.phase === 'over') {
    const winner = v.out[0];
    return html`Game over:
      <strong>${winner !== undefined ? at.name(winner) : '?'}</strong>
      won${v.loser !== null ? html`; ${at.name(v.loser)} lost` : ''}.`;
  }
  if (v.phase === 'swap') {
    const mine = v.seats[at.mySeat ?? -1];
    return mine?.ready
      ? html`Waiting for the others to be ready.`
      : html`Swap phase: click a hand card, then a face-up card, to exchange them. Press <strong>Ready</strong> when
          done.`;
  }
  if (v.flipping) return html`${at.name(v.flipping.seat)} turns over a face-down card…`;
  if (v.turn === at.mySeat && at.busy) return yourTurnCardsComing;
  if (v.turn === at.mySeat)
    return html`<strong>Your turn.</strong> ${v.effectiveTop ? `Beat ${cardName(v.effectiveTop)}.` : 'Anything goes.'}`;
  return html`${at.name(v.turn)} to play.`;
}
