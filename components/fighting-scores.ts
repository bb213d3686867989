/**
 * The score table of a Fighting Cards match (docs/rules/fighting-cards.md §4), drawn inside
 * fd-fighting-cards: a row per counted deal (its number, the declarer, the
 * game — bid, trumps, hand or skat —, made or failed with the points A it
 * was judged on, and what each seat scored; thrown-in deals are not counted
 * and have no row), then each seat's total. A row names the players of its
 * own deal (`rowName`: who sat in that seat then), the header and totals
 * whoever holds each seat now. The rows come from the view's
 * `match.history`: the deal's own row after those of the match's earlier
 * deals, which the table keeps with each hand's stored result outside the
 * game's state (src/games/fighting-cards/rows.ts), so the table is the same
 * after a reload. A plain function of the view, not an element of
 * its own: it shares fd-fighting-cards' seat names and style sheet.
 */
import { css, html, type TemplateResult } from 'lit';
import type { FightingView } from '../src/games/fighting-cards/views.js';

const SYMBOL: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

export const scoreTableStyles = css`
  .scores-wrap {
    max-width: 100%;
    overflow-x: auto;
  }
  table.scores {
    margin: 0.4rem auto 0;
    border-collapse: collapse;
    font-size: 0.85rem;
  }
  table.scores td,
  table.scores th {
    padding: 0.1rem 0.45rem;
    text-align: right;
    white-space: nowrap;
  }
  table.scores th {
    color: var(--fd-muted);
    font-weight: 500;
  }
  table.scores td.left,
  table.scores th.left {
    text-align: left;
  }
  table.scores tr.total td {
    border-top: 1px solid var(--fd-muted);
    font-weight: 600;
  }
  table.scores .lost {
    color: var(--fd-danger);
  }
  @media (max-width: 600px) {
    table.scores {
      font-size: 0.72rem;
    }
    table.scores td,
    table.scores th {
      padding: 0.05rem 0.25rem;
    }
  }
`;

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** The score table for `view`, naming seats with `name`. */
export function scoreTable(
  view: FightingView,
  name: (seat: number) => string,
  rowName: (deal: number, seat: number) => string = (_deal, seat) => name(seat),
): TemplateResult {
  const match = view.match;
  const current = Math.min(match.played + (view.phase === 'over' ? 0 : 1), match.deals);
  return html`<div class="scores-wrap" tabindex="0">
    <table class="scores" id="scores" aria-label="Score table">
      <caption class="muted">
        Deal ${current} of ${match.deals}
      </caption>
      <tr>
        <th class="left">Deal</th>
        <th class="left">Declarer</th>
        <th class="left">Game</th>
        <th class="left">Result</th>
        ${view.seats.map((_, s) => html`<th>${name(s)}</th>`)}
      </tr>
      ${match.history.map(
        (row) =>
          html`<tr class="deal" data-deal=${row.deal}>
            <td class="left">${row.deal}</td>
            <td class="left" data-declarer=${row.declarer}>${rowName(row.deal, row.declarer)}</td>
            <td class="left">
              ${row.bid}${row.trump ? ` ${SYMBOL[row.trump] ?? row.trump}` : ''} ${row.handGame ? 'hand' : 'skat'}
            </td>
            <td class="left ${row.made ? 'made' : 'lost'}" data-made=${row.made ? 'yes' : 'no'}>
              ${row.made ? 'won' : 'lost'}
              (${row.points})${row.renege !== null ? ` · ${rowName(row.deal, row.renege)} reneged` : ''}
            </td>
            ${row.scores.map((score, s) => html`<td data-seat=${s}>${row.declarer === s ? signed(score) : '–'}</td>`)}
          </tr>`,
      )}
      <tr class="total">
        <td class="left" colspan="4">Total</td>
        ${match.totals.map((t, s) => html`<td data-seat=${s} class="total">${t}</td>`)}
      </tr>
    </table>
  </div>`;
}
