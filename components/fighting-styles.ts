/**
 * The look of the Fighting Cards table (fd-fighting-cards.ts) on top of the
 * shared table styles (table-styles.ts): the seat boxes and their badges,
 * the round felt with the skat and the trick placed by seat, the contract
 * and auction lines, the bid / skat / discard / trump panels, the hand with
 * its keyboard cursor, and a phone's smaller cards.
 */
import { css } from 'lit';
import { scoreTableStyles } from './fighting-scores.js';
import { seatMarkStyles } from './seat-marks.js';
import { tableStyles, whyLineStyles } from './table-styles.js';
import { theme } from './theme.js';

export const fightingStyles = [
  theme,
  scoreTableStyles,
  seatMarkStyles,
  tableStyles,
  whyLineStyles,
  css`
    :host {
      --card-w: 3.4rem;
    }
    .seat {
      background: rgba(0, 0, 0, 0.22);
      border-radius: var(--fd-radius);
      padding: 0.45rem 0.6rem;
      border: 2px solid transparent;
      font-size: 0.9rem;
    }
    .seat.turn {
      border-color: var(--fd-accent);
      box-shadow: 0 0 12px rgba(242, 193, 78, 0.45);
    }
    .seat h4 {
      margin: 0 0 0.2rem;
      font-size: 0.95rem;
      display: flex;
      gap: 0.3rem;
      align-items: center;
      flex-wrap: wrap;
    }
    .badge {
      font-size: 0.7rem;
      background: rgba(255, 255, 255, 0.18);
      border-radius: 1rem;
      padding: 0.05rem 0.45rem;
    }
    .badge.hot {
      background: var(--fd-accent);
      color: #222;
    }
    .muted {
      color: var(--fd-muted);
      font-size: 0.8rem;
    }
    .felt {
      position: relative;
      min-height: 10.5rem;
      max-width: 46rem;
      margin: 0 auto;
      border-radius: 50%;
      background: radial-gradient(ellipse at center, rgba(255, 255, 255, 0.08), rgba(0, 0, 0, 0.15));
    }
    .slot {
      position: absolute;
      display: flex;
      flex-direction: column;
      align-items: center;
      font-size: 0.7rem;
      color: var(--fd-muted);
    }
    .slot.bottom {
      left: 50%;
      bottom: 0.2rem;
      transform: translateX(-50%);
    }
    .slot.left {
      left: 8%;
      top: 18%;
    }
    .slot.right {
      right: 8%;
      top: 18%;
    }
    .skat {
      position: absolute;
      left: 50%;
      top: 0.3rem;
      transform: translateX(-50%);
      display: flex;
      gap: 0.15rem;
      align-items: center;
    }
    .skat fd-card {
      --card-w: 1.8rem;
    }
    .status {
      margin: 0.4rem 0;
      min-height: 1.4rem;
    }
    .contract {
      text-align: center;
      font-size: 0.9rem;
    }
    .panel {
      display: flex;
      gap: 0.4rem;
      flex-wrap: wrap;
      justify-content: center;
      align-items: center;
      margin: 0.4rem 0;
    }
    .panel .value {
      min-width: 2.5rem;
      text-align: center;
      font-size: 1.3rem;
      font-weight: 700;
    }
    .auction {
      font-size: 0.85rem;
      text-align: center;
      color: var(--fd-muted);
    }
    .mine {
      padding: 0.5rem;
    }
    .hand {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem;
      justify-content: center;
    }
    .hand fd-card.illegal {
      filter: grayscale(0.4) brightness(0.75);
    }
    .hand fd-card.cursor {
      outline: 2px dashed var(--fd-accent);
      outline-offset: 2px;
      border-radius: 0.45rem;
    }
    @media (max-width: 600px) {
      :host {
        --card-w: 2.55rem;
      }
      .felt {
        min-height: 8.6rem;
      }
      .felt fd-card {
        --card-w: 2.3rem;
      }
      .felt fd-card::part(card) {
        font-size: 0.72rem;
      }
      .seat {
        padding: 0.3rem 0.45rem;
        font-size: 0.8rem;
      }
      .status {
        margin: 0.2rem 0;
        font-size: 0.9rem;
      }
      button {
        padding: 0.35rem 0.6rem;
        min-height: 2.2rem;
      }
    }
  `,
];
