/**
 * The look the game tables share, as `css` fragments each game element
 * includes before its own styles (which then set only what differs: a
 * padding, a font size): the host block, the centred status line, the
 * player's own area with its turn border, the red line that says why a card
 * or move is refused, and on a phone the bar of moves fixed to the bottom
 * edge of the screen.
 */
import { css } from 'lit';

/** The host, the status line (`.status`) and the player's own area (`.mine`, bordered on their turn). */
export const tableStyles = css`
  :host {
    display: block;
    color: var(--fd-ink);
  }
  .status {
    text-align: center;
  }
  .status strong {
    color: var(--fd-accent);
  }
  .mine {
    background: rgba(0, 0, 0, 0.25);
    border-radius: var(--fd-radius);
    border: 2px solid transparent;
  }
  .mine.turn {
    border-color: var(--fd-accent);
  }
`;

/** The line under the status that says why a card or move was refused (`.why`, or `.notice`). */
export const whyLineStyles = css`
  .why,
  .notice {
    text-align: center;
    color: var(--fd-danger);
    font-size: 0.9rem;
    min-height: 1.2rem;
  }
`;

/** Phones: the moves (`.controls.bar` or `.actions.bar`) stay on screen in a bar fixed to the bottom edge. */
export const phoneBarStyles = css`
  @media (max-width: 600px) {
    :host {
      padding-bottom: 3.6rem;
    }
    .controls.bar,
    .actions.bar {
      position: fixed;
      left: 0;
      right: 0;
      bottom: 0;
      z-index: 5;
      margin: 0;
      padding: 0.5rem;
      justify-content: center;
      background: rgba(8, 40, 25, 0.96);
      box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.4);
    }
  }
`;
