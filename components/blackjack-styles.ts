/**
 * The look of the School Blackjack table (fd-school-blackjack.ts) on top of
 * the shared table styles (table-styles.ts): the turn banner, the seats'
 * tags, the centre (deck, the pile fanned out, the turn's facts), the step
 * and previous-turn lines, my hand overlapping with each playable card's key
 * and refused cards dimmed, the suit picker, and a phone's smaller cards.
 */
import { css } from 'lit';
import { stillStyles } from './motion.js';
import { seatMarkStyles } from './seat-marks.js';
import { tableStyles } from './table-styles.js';
import { theme } from './theme.js';

export const blackjackStyles = [
  theme,
  seatMarkStyles,
  tableStyles,
  css`
    :host {
      --card-gap: -1.35rem;
    }
    .turn-banner {
      text-align: center;
      padding: 0.45rem 0.7rem;
      border-radius: var(--fd-radius);
      background: rgba(0, 0, 0, 0.25);
      margin-bottom: 0.5rem;
    }
    .turn-banner.mine {
      background: var(--fd-accent);
      color: #222;
      font-weight: 600;
      position: relative;
      isolation: isolate;
    }
    /* My turn starts with two pulses of a ring round the banner: a layer of its own whose opacity changes (the
       compositor runs it alone; a box-shadow animated on the banner repainted the page every frame). */
    .turn-banner.mine::before {
      content: '';
      position: absolute;
      inset: 0;
      z-index: -1;
      border-radius: inherit;
      box-shadow: 0 0 0 6px rgba(242, 193, 78, 0.35);
      opacity: 0;
      pointer-events: none;
      animation: pulse 1.6s ease-in-out 2;
    }
    @keyframes pulse {
      50% {
        opacity: 1;
      }
    }
    .tag {
      font-size: 0.72rem;
      border-radius: 1rem;
      padding: 0.05rem 0.45rem;
      background: rgba(255, 255, 255, 0.15);
    }
    .tag.hot {
      background: var(--fd-danger);
      color: #222;
    }
    .tag.go {
      background: var(--fd-accent);
      color: #222;
    }
    .centre {
      display: flex;
      gap: 1rem;
      justify-content: center;
      align-items: center;
      flex-wrap: wrap;
      margin: 0.4rem 0;
    }
    .pile {
      display: flex;
      align-items: flex-end;
    }
    .pile fd-card:not(:first-child) {
      margin-left: -2.4rem;
    }
    .pile fd-card.older {
      filter: brightness(0.75);
    }
    .facts {
      display: grid;
      gap: 0.15rem;
      font-size: 0.88rem;
    }
    .facts strong {
      color: var(--fd-accent);
    }
    .suit {
      font-size: 1.3rem;
      line-height: 1;
    }
    .red {
      color: #ff8f88;
    }
    .deck {
      display: flex;
      flex-direction: column;
      align-items: center;
      font-size: 0.8rem;
      color: var(--fd-muted);
    }
    .last,
    .step {
      text-align: center;
      font-size: 0.88rem;
      margin: 0.25rem 0;
      min-height: 1.2rem;
    }
    .step {
      color: var(--fd-ink);
    }
    .mine {
      padding: 0.5rem 0.6rem;
    }
    .mine-head {
      display: flex;
      justify-content: space-between;
      align-items: center;
      font-size: 0.85rem;
      color: var(--fd-muted);
      gap: 0.5rem;
    }
    .mine-head button {
      min-height: 2rem;
      padding: 0.2rem 0.6rem;
      font-size: 0.8rem;
    }
    .hand {
      display: flex;
      flex-wrap: wrap;
      padding: 0.9rem 1.6rem 0.2rem 0;
      row-gap: 0.3rem;
    }
    .slot {
      position: relative;
      margin-right: var(--card-gap);
    }
    .slot.refused fd-card {
      filter: brightness(0.55);
    }
    .slot .key {
      position: absolute;
      top: -0.85rem;
      left: 0.15rem;
      font-size: 0.65rem;
      color: var(--fd-accent);
    }
    .why {
      font-size: 0.82rem;
      color: var(--fd-muted);
      min-height: 1.1rem;
      margin-top: 0.2rem;
    }
    .actions {
      display: flex;
      gap: 0.5rem;
      flex-wrap: wrap;
      margin-top: 0.4rem;
      align-items: center;
    }
    .picker {
      display: flex;
      gap: 0.4rem;
      align-items: center;
      flex-wrap: wrap;
    }
    .picker button {
      font-size: 1.3rem;
      min-width: 3rem;
    }
    .over {
      text-align: center;
      font-size: 1.2rem;
      margin: 0.6rem 0;
    }
    @media (max-width: 600px) {
      :host {
        --card-gap: -1.1rem;
        font-size: 0.92rem;
      }
      fd-card {
        --card-w: 2.5rem;
      }
      fd-card::part(card) {
        font-size: 0.78rem;
        padding: 0.15rem 0.2rem;
      }
      .pile fd-card:not(:first-child) {
        margin-left: -1.9rem;
      }
      .centre {
        gap: 0.6rem;
        margin: 0.2rem 0;
      }
      .hand {
        padding-top: 0.8rem;
      }
    }
  `,
  stillStyles(css`
    .turn-banner.mine::before {
      animation: none;
    }
  `),
];
