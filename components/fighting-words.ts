/**
 * What the Fighting Cards table (fd-fighting-cards.ts) says and how it
 * orders cards, computed from the view alone: the suits' symbols and words,
 * a card as people write it, the hand's display order (trumps first, then
 * alternating colours), why a card of mine may not go now, the status line
 * of each phase and the match's end. Display only: the rules read cards in
 * src/games/fighting-cards.
 */
import { html, type TemplateResult } from 'lit';
import type { FightingAction } from '../src/games/fighting-cards/actions.js';
import type { FightingView, ViewCard } from '../src/games/fighting-cards/views.js';
import type { CardHint } from '../src/games/card-hints.js';
import { yourTurnCardsComing, type SeatContext } from './table-controls.js';

export type Suit = 'C' | 'D' | 'H' | 'S';
export const SYMBOL: Record<Suit, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
export const SUIT_WORD: Record<Suit, string> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
/** Display order with the colours alternating; trumps move to the front once named. */
export const DISPLAY_SUITS: readonly Suit[] = ['C', 'H', 'S', 'D'];
const RANK_ORDER = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'];

export function suitOf(card: string | null): Suit | null {
  const m = card ? /^(?:10|[2-9JQKA])([CDHS])/.exec(card) : null;
  return m ? (m[1] as Suit) : null;
}
function rankOf(card: string | null): string {
  return card ? (/^(10|[2-9JQKA])/.exec(card)?.[1] ?? '') : '';
}
/** A card as people write it ("10♥"), or "a hidden card". */
export function cardText(card: string | null): string {
  const suit = suitOf(card);
  return suit ? `${rankOf(card)}${SYMBOL[suit]}` : 'a hidden card';
}

/** The suits a seat has shown it lacks, as symbols ("♣♥"). */
export const voidSymbols = (voids: readonly string[]): string => voids.map((x) => SYMBOL[x as Suit]).join('');

/** A hand sorted: trumps first, then alternating colours; A K Q J 10 9 8 7 within a suit; unknown cards last. */
export function sortedHand(hand: readonly ViewCard[], trump: Suit | null): ViewCard[] {
  const suits = trump ? [trump, ...DISPLAY_SUITS.filter((s) => s !== trump)] : [...DISPLAY_SUITS];
  const key = (c: ViewCard) => {
    const suit = suitOf(c.card);
    return suit === null ? 99 : suits.indexOf(suit) * 10 + RANK_ORDER.indexOf(rankOf(c.card));
  };
  return [...hand].sort((a, b) => key(a) - key(b) || a.handle - b.handle);
}

/** The view as one seat sees it, for the words below. */
export type FightingSeatContext = SeatContext<FightingView>;

/** Why a card of mine may not go now ('' if it may): the rules' own reason (card hints), else what the view shows. */
export function whyNot(
  at: FightingSeatContext,
  card: ViewCard,
  legal: readonly FightingAction[],
  hint: CardHint | undefined,
): string {
  const v = at.view;
  if (at.busy) return 'Wait a moment: cards are on their way.';
  if (hint?.why) return hint.why;
  if (v.phase !== 'play') return '';
  if (v.turn !== at.mySeat) return `Not your turn: ${at.name(v.turn)} plays next.`;
  if (legal.some((a) => a.type === 'play' && a.handle === card.handle)) return '';
  const led = suitOf(v.trick[0]?.card ?? null);
  return led
    ? `You must follow ${SUIT_WORD[led]} ${SYMBOL[led]}: you hold ${SYMBOL[led]}, so ${cardText(card.card)} may not go.`
    : 'This card may not go now.';
}

/** "Match over after 3 deals: Ann wins the match." (equal totals share the win). */
function matchOver(at: FightingSeatContext): string {
  const { played, winners } = at.view.match;
  const names = winners.map((seat) => at.name(seat));
  const who =
    names.length === 1
      ? `${names[0]} wins the match`
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} share the match win`;
  return `Match over after ${played} ${played === 1 ? 'deal' : 'deals'}: ${who}.`;
}

/** The status line: the deal's result once over (`stopped`: the hand stopped before its audit), else who is to do what. */
export function statusLine(at: FightingSeatContext, stopped: boolean): TemplateResult {
  const v = at.view;
  if (v.phase === 'over') {
    if (v.thrownIn) return html`All passed: the deal is thrown in; ${at.name((v.dealer + 1) % 3)} deals next.`;
    const r = v.result;
    if (!r) return html`The deal is over.`;
    const score = r.score > 0 ? `+${r.score}` : `${r.score}`;
    return html`<strong>${at.name(r.declarer)}</strong> ${r.made ? 'made' : 'failed'} ${r.bid} with ${r.points} points:
      <strong>${score}</strong
      >${r.handGame ? ' (hand game, doubled)' : ''}${r.renege !== null ? ` — ${at.name(r.renege)} reneged` : ''}.
      ${
        v.awaitingAudit
          ? stopped
            ? html`<span class="muted" id="not-audited"
                >(not audited: the hand stopped before its audit, so this result was never checked for an earlier
                renege)</span
              >`
            : html`<span class="muted" id="awaiting-audit"
                >(waiting for the audit: it may find an earlier renege)</span
              >`
          : null
      }
      ${v.match.over ? html`<span id="match-over">${matchOver(at)}</span>` : null}`;
  }
  if (v.phase === 'scoring') return html`Turning the skat over…`;
  if (at.busy && v.phase === 'discard') return html`Shuffling the skat into ${at.name(v.declarer)}'s hand in secret…`;
  const who = at.name(v.turn);
  const mine = v.turn === at.mySeat;
  if (at.busy && mine) return yourTurnCardsComing;
  const you = (text: string) => html`<strong>Your turn:</strong> ${text}`;
  switch (v.phase) {
    case 'bidding':
      return mine
        ? you(`bid ${v.highBid?.bid ? `more than ${v.highBid.bid}` : '21 or more'}, or pass.`)
        : html`${who} to bid.`;
    case 'skat':
      return mine
        ? you(`you declared at ${v.contract}. Take the skat, or play a hand game (score doubled).`)
        : html`${who} declared at ${v.contract} and decides on the skat.`;
    case 'discard':
      return mine ? you('pick two cards to put away (they count for you).') : html`${who} puts two cards away.`;
    case 'trump':
      return mine ? you('name trumps.') : html`${who} names trumps.`;
    case 'play': {
      const led = suitOf(v.trick[0]?.card ?? null);
      return mine ? you(led ? `follow ${SYMBOL[led]} if you can.` : 'lead a card.') : html`${who} to play.`;
    }
    default:
      return html``;
  }
}

/** The line under the felt: the declarer's contract, trumps and card points so far, or the auction's calls. */
export function contractLine(at: FightingSeatContext): TemplateResult {
  const v = at.view;
  const trumpText = v.trump ? `trumps ${SYMBOL[v.trump as Suit]}` : 'trumps not named yet';
  return v.declarer !== null
    ? html`${at.name(v.declarer)} plays
        ${v.contract}${v.handGame === true ? ' hand' : v.handGame === false ? ' with the skat' : ''}, ${trumpText} ·
        <span id="declarer-points">${v.seats[v.declarer]?.points ?? 0}</span> card points so far`
    : html`<span class="auction" id="auction"
        >${v.auction.length ? v.auction.map((c) => `${at.name(c.seat)} ${c.bid ?? 'pass'}`).join(' · ') : 'No calls yet'}${v.highBid?.bid ? ` — high bid ${v.highBid.bid}` : ''}</span
      >`;
}
