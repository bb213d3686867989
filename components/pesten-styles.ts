/**
 * The look of the Pesten table (fd-pesten.ts) on top of the shared table
 * styles (table-styles.ts): the match line, the seats' round wins and
 * badges, the centre (stock, discard pile, wished suit, draw owed, direction
 * arrow), the glow round my hand on my turn, the move buttons and suit
 * picker, and a phone's smaller cards.
 */
import { css } from 'lit';
import { stillStyles } from './motion.js';
import { cardMarkStyles } from './card-marks.js';
import { seatMarkStyles } from './seat-marks.js';
import { phoneBarStyles, tableStyles, whyLineStyles } from './table-styles.js';
import { theme } from './theme.js';

export const pestenStyles = [
  theme,
  seatMarkStyles,
  tableStyles,
  whyLineStyles,
  cardMarkStyles,
  phoneBarStyles,
  css`
    :host {
      --card-w: 3.4rem;
    }
    .scores {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3rem 0.8rem;
      font-size: 0.85rem;
      color: var(--fd-muted);
      justify-content: center;
    }
    .scores strong {
      color: var(--fd-ink);
    }
    .seat .wins {
      font-size: 0.75rem;
      color: var(--fd-muted);
      margin-top: 0.15rem;
    }
    .badge {
      font-size: 0.7rem;
      background: var(--fd-accent);
      color: #222;
      border-radius: 1rem;
      padding: 0.05rem 0.45rem;
      margin-left: 0.2rem;
    }
    .badge.wait {
      background: rgba(255, 255, 255, 0.2);
      color: var(--fd-ink);
    }
    .centre {
      display: flex;
      gap: 1.2rem;
      justify-content: center;
      align-items: center;
      margin: 0.6rem 0;
      flex-wrap: wrap;
    }
    .pile {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 0.2rem;
      font-size: 0.8rem;
      color: var(--fd-muted);
    }
    .wish {
      font-size: 1.6rem;
      line-height: 1;
      background: #fffdf7;
      border-radius: 50%;
      width: 2.4rem;
      height: 2.4rem;
      display: grid;
      place-items: center;
      color: #1b1b1b;
    }
    .wish.red {
      color: #c0262d;
    }
    .owed {
      font-size: 1.2rem;
      font-weight: 700;
      color: var(--fd-danger);
    }
    .arrow {
      font-size: 2rem;
      line-height: 1;
    }
    .status {
      font-size: 1.02rem;
      margin: 0.4rem 0;
      min-height: 1.5rem;
    }
    .mine {
      padding: 0.6rem;
      position: relative;
      isolation: isolate;
    }
    /* My turn: a glow round my hand that breathes. It is a layer of its own whose opacity changes, which the
       compositor runs alone; a box-shadow animated on the hand itself repainted the page every frame of the turn. */
    .mine.turn::before {
      content: '';
      position: absolute;
      inset: 0;
      z-index: -1;
      border-radius: inherit;
      box-shadow: 0 0 14px rgba(242, 193, 78, 0.55);
      opacity: 0;
      pointer-events: none;
      animation: glow 1.6s ease-in-out infinite alternate;
    }
    @keyframes glow {
      to {
        opacity: 1;
      }
    }
  `,
  stillStyles(css`
    .mine.turn::before {
      animation: none;
      opacity: 1;
    }
  `),
  css`
    .hand {
      display: flex;
      gap: 0.3rem;
      flex-wrap: wrap;
      justify-content: center;
      min-height: 3rem;
      padding-top: 0.7rem;
    }
    .hand fd-card {
      position: relative;
    }
    .controls {
      display: flex;
      gap: 0.4rem;
      flex-wrap: wrap;
      justify-content: center;
      margin-top: 0.5rem;
    }
    .controls button[aria-pressed='true'] {
      background: var(--fd-ok);
      color: #111;
    }
    .picker button {
      font-size: 1.2rem;
      min-width: 3rem;
    }
    .picker button.red {
      color: #ff9a94;
    }
    .over {
      text-align: center;
      font-size: 1.1rem;
    }
    @media (max-width: 600px) {
      :host {
        --card-w: 2.7rem;
      }
      .seat .wins {
        display: inline;
        margin: 0;
      }
      .centre {
        gap: 0.8rem;
        margin: 0.3rem 0;
      }
      .controls button {
        padding: 0.4rem 0.6rem;
      }
    }
  `,
];
