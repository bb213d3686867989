/**
 * What a game's table draws on a seat's own box besides the game: the mark
 * of a seat whose connection is gone (its links silent: the page closed or
 * offline — `HandView.gone`, never a player who is only thinking), and the
 * attributes every seat box carries so the other parts find it: the seat
 * number (`data-seat-box`), the card source other players' plays fly from
 * (components/card-motion.ts) and `data-gone`. One place, so the five game
 * elements say it the same way.
 */
import { css, html, type TemplateResult } from 'lit';

export const seatMarkStyles = css`
  [data-gone] {
    border-style: dashed !important;
    border-color: var(--fd-danger) !important;
    opacity: 0.8;
  }
  .gone-mark {
    font-size: 0.7rem;
    background: var(--fd-danger);
    color: #222;
    border-radius: 1rem;
    padding: 0.05rem 0.45rem;
    margin-left: 0.2rem;
    font-weight: 600;
    white-space: nowrap;
  }
`;

/** The "connection lost" badge for `seat`, or nothing when its links are alive. */
export function goneMark(seat: number, gone: readonly number[]): TemplateResult | null {
  return gone.includes(seat)
    ? html`<span
        class="gone-mark"
        data-gone-mark=${seat}
        role="status"
        title="This player's page is closed or offline: their links are silent."
        >connection lost</span
      >`
    : null;
}
