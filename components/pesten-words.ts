/**
 * What the Pesten table (fd-pesten.ts) says, computed from the view alone:
 * why a card of mine cannot be played now (the rules' own reason first, from
 * the store's card hints), the status line (whose turn, what is owed, a 10's
 * passing, the round's winner), and who plays after the seat whose turn it
 * is. Display only: the rules live in src/games/pesten.
 */
import { html, type TemplateResult } from 'lit';
import type { PestenView, ViewCard } from '../src/games/pesten/views.js';
import type { CardHint } from '../src/games/card-hints.js';
import { count } from '../src/app/words.js';
import { label, parts, SPECIAL, SUIT_NAME, SYMBOL } from './pesten-cards.js';
import { seatAfter, yourTurnCardsComing, type SeatContext } from './table-controls.js';

/** The view as one seat sees it, for the words below. */
export type PestenSeatContext = SeatContext<PestenView>;

/** Why `card` cannot be played now, in words: the rules' own reason (`hint`), else what the view shows. */
export function refusal(at: PestenSeatContext, card: ViewCard, hint: CardHint | undefined): string {
  const v = at.view;
  if (at.busy) return 'Wait a moment: the table is passing cards securely.';
  if (hint?.why) return hint.why;
  const p = parts(card.card);
  const hand = at.mySeat === null ? 0 : (v.seats[at.mySeat]?.hand.length ?? 0);
  if (v.phase !== 'play' || v.turn !== at.mySeat)
    return v.turn !== null ? `Wait for your turn: ${at.name(v.turn)} is to play.` : 'Wait: no one is to play now.';
  if (v.drawn && v.drawn.handle !== card.handle)
    return 'After drawing you may only play the card you drew (or keep it).';
  if (v.owed > 0) return `You owe ${count(v.owed, 'card')}: answer with a 2 or a joker, or draw them.`;
  if (hand === 1 && p && SPECIAL.has(p.rank))
    return 'Your last card may not be a 2, 7, 8, 10, J, K, A or joker: draw instead.';
  if (v.wish) return `${SYMBOL[v.wish]} was wished: play a ${SUIT_NAME[v.wish].slice(0, -1)} (or a J or a joker).`;
  const top = parts(v.top);
  return top && top.suit
    ? `${label(card.card)} does not go on ${label(v.top)}: play a ${SYMBOL[top.suit]} or a ${top.rank} (or a J or a joker).`
    : 'That card cannot be played now.';
}

/** The seat that plays after the one whose turn it is, the way play goes now; null when nobody is to play. */
export function nextSeat(v: PestenView): number | null {
  return v.turn === null ? null : seatAfter(v.turn, v.seats.length, v.direction === 'clockwise');
}

/** The status line: the round's winner, the deal, a 10's passing, or whose turn it is and what they may do. */
export function statusLine(at: PestenSeatContext): TemplateResult {
  const v = at.view;
  const me = at.mySeat;
  if (v.phase === 'over') {
    const w = v.winner;
    return html`<span class="over"
      ><strong>${w === me ? 'You win' : `${at.name(w)} wins`}</strong> the
      round${v.matchOver ? html` and <strong>the match</strong>` : ''}.</span
    >`;
  }
  if (v.phase === 'deal') return html`Dealing…`;
  if (v.phase === 'pass') {
    const waiting = v.seats.flatMap((s, i) => (!s.passed && s.count > 0 ? [at.name(i)] : []));
    const mine = me === null ? undefined : v.seats[me];
    return mine && !mine.passed && mine.count > 0
      ? html`<strong>A 10!</strong> Pick a card to pass to ${at.name(mine.passesTo)}.`
      : html`Passing cards — still choosing: <span id="choosing">${waiting.join(', ') || 'nobody'}</span>.`;
  }
  if (v.turn !== me || me === null) {
    return html`${at.name(v.turn)}
    ${v.phase === 'wish' ? 'wishes a suit for the start jack' : 'to play'}${at.busy ? '…' : '.'}`;
  }
  if (at.busy) return yourTurnCardsComing;
  if (v.phase === 'wish') return html`<strong>Your turn:</strong> the start card is a jack — wish a suit.`;
  if (v.owed > 0)
    return html`<strong>Your turn:</strong> you owe ${v.owed} — answer with a 2 or a joker, or draw ${v.owed}.`;
  if (v.drawn) return html`<strong>Your turn:</strong> play the card you drew, or keep it.`;
  if (v.again) return html`<strong>Your turn again</strong> (${label(v.top)}): play another card or draw one.`;
  return html`<strong>Your turn:</strong> play on
    ${v.top?.startsWith('JK') ? 'the joker (anything goes)' : label(v.top)}${v.wish ? ` (wished ${SYMBOL[v.wish]})` : ''}
    or draw.`;
}
