/**
 * The look of the Stress (shedding) table (fd-stress-shed.ts) on top of the
 * shared table styles (table-styles.ts): the seats' badges and card rows,
 * the centre (draw stack, the game stack fanned out, cemetery), the Sort
 * button, the swap phase's first pick, and on a phone smaller cards with
 * each opponent on two short lines and Play / Pick up in the fixed bar.
 */
import { css } from 'lit';
import { cardMarkStyles } from './card-marks.js';
import { seatMarkStyles } from './seat-marks.js';
import { phoneBarStyles, tableStyles, whyLineStyles } from './table-styles.js';
import { theme } from './theme.js';

export const shedStyles = [
  theme,
  seatMarkStyles,
  cardMarkStyles,
  tableStyles,
  whyLineStyles,
  phoneBarStyles,
  css`
    .badge {
      font-size: 0.75rem;
      background: var(--fd-accent);
      color: #222;
      border-radius: 1rem;
      padding: 0.05rem 0.5rem;
    }
    .row {
      display: flex;
      gap: 0.3rem;
      flex-wrap: wrap;
      align-items: flex-end;
      min-height: 1rem;
    }
    .label {
      font-size: 0.75rem;
      color: var(--fd-muted);
      margin: 0.3rem 0 0.15rem;
    }
    .centre {
      display: flex;
      gap: 2rem;
      justify-content: center;
      align-items: center;
      margin: 1.25rem 0;
      flex-wrap: wrap;
    }
    .pile {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 0.3rem;
    }
    .stack {
      display: flex;
    }
    .stack fd-card:not(:first-child) {
      margin-left: -2.2rem;
    }
    .stack fd-card.dim {
      filter: brightness(0.75);
    }
    .count {
      font-size: 0.85rem;
      color: var(--fd-muted);
    }
    .mine {
      padding: 0.8rem;
    }
    .status {
      font-size: 1.05rem;
      margin: 0.5rem 0;
      min-height: 1.5rem;
    }
    .sort {
      font-size: 0.75rem;
      padding: 0.1rem 0.5rem;
      margin-left: 0.5rem;
    }
    .actions {
      display: flex;
      gap: 0.5rem;
      flex-wrap: wrap;
      margin-top: 0.75rem;
    }
    .why {
      min-height: 1.1rem;
    }
    fd-card.swap-from {
      outline: 3px dashed var(--fd-accent);
      border-radius: 0.5rem;
    }
    @media (max-width: 600px) {
      /* Phones: smaller cards, each opponent on two short lines (the hand as a count), so a turn fits the screen. */
      :host {
        --card-w: 2.5rem;
        --card-small-w: 1.45rem;
      }
      .seat .opp-hand,
      .seat .face-label {
        display: none;
      }
      .seat .row {
        flex-wrap: nowrap;
        gap: 0;
      }
      .seat .row fd-card:not(:first-child) {
        margin-left: -0.45rem;
      }
      .stack fd-card:not(:first-child) {
        margin-left: -1.6rem;
      }
      .centre {
        gap: 1rem;
        margin: 0.4rem 0;
      }
      .status {
        margin: 0.3rem 0;
        font-size: 0.95rem;
      }
      .mine {
        padding: 0.4rem 0.5rem;
      }
      .mine .label {
        margin: 0.15rem 0;
      }
    }
  `,
];
