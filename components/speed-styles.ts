/**
 * The look of the Stress (speed) table (fd-stress-speed.ts) on top of the
 * shared table styles (table-styles.ts): each side's row of slots and pile,
 * a chosen slot, a play that lost its race (the slot shakes back with a red
 * flash, the note in a red band), the two centre stacks lit as targets or
 * drop zones, the big Stress! button, the stalemate countdown, and a
 * phone's smaller cards so the whole table fits a portrait screen.
 */
import { css } from 'lit';
import { stillStyles } from './motion.js';
import { cardMarkStyles } from './card-marks.js';
import { seatMarkStyles } from './seat-marks.js';
import { tableStyles, whyLineStyles } from './table-styles.js';
import { theme } from './theme.js';

export const speedStyles = [
  theme,
  seatMarkStyles,
  cardMarkStyles,
  tableStyles,
  whyLineStyles,
  css`
    .side {
      display: flex;
      align-items: center;
      gap: 1rem;
      justify-content: center;
      flex-wrap: wrap;
    }
    .row {
      display: flex;
      gap: 0.6rem;
    }
    .slot {
      min-width: 3.8rem;
      min-height: 5.2rem;
      border: 2px dashed rgba(255, 255, 255, 0.2);
      border-radius: 0.5rem;
      display: flex;
      align-items: center;
      justify-content: center;
      position: relative;
      isolation: isolate;
    }
    .slot.selected {
      border-color: var(--fd-accent);
      border-style: solid;
    }
    .slot.bounced {
      animation: bounce-back 450ms ease;
    }
    /* A play that lost its race: the slot flashes red and the note says so in a red band (still there without motion).
       The flash is a red layer behind the card whose opacity fades: it runs on the compositor, where a fading shadow or
       background would restyle and repaint the page every frame for 1.2 s. */
    .slot.bounced::after,
    .lost::after {
      content: '';
      position: absolute;
      inset: 0;
      z-index: -1;
      border-radius: inherit;
      box-shadow: 0 0 0 4px var(--fd-danger);
      background: rgba(255, 123, 114, 0.45);
      opacity: 0;
      pointer-events: none;
      animation: lost-flash 1.2s ease-out;
    }
    @keyframes lost-flash {
      0%,
      40% {
        opacity: 1;
      }
      100% {
        opacity: 0;
      }
    }
    .lost {
      position: relative;
      isolation: isolate;
      display: inline-block;
      background: rgba(255, 123, 114, 0.3);
      border: 2px solid var(--fd-danger);
      border-radius: var(--fd-radius);
      padding: 0.2rem 0.8rem;
      font-weight: 700;
    }
    @keyframes bounce-back {
      0% {
        transform: translateY(-40px);
      }
      40% {
        transform: translateY(6px);
      }
      70% {
        transform: translateX(-6px);
      }
      100% {
        transform: none;
      }
    }
    .pile {
      text-align: center;
      font-size: 0.85rem;
      color: var(--fd-muted);
    }
    .centre {
      display: flex;
      gap: 2.5rem;
      justify-content: center;
      align-items: center;
      margin: 1.2rem 0;
    }
    .stack {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 0.3rem;
      border-radius: 0.6rem;
      padding: 0.4rem;
      border: 2px solid transparent;
    }
    .stack.target {
      border-color: var(--fd-accent);
      cursor: pointer;
    }
    .stack.drop {
      background: rgba(242, 193, 78, 0.2);
    }
    .name {
      font-weight: 600;
      text-align: center;
      margin: 0.3rem 0;
    }
    button.stress {
      font-size: 1.6rem;
      padding: 0.6rem 2.2rem;
      border-radius: 2rem;
      background: var(--fd-danger);
      /* Dark on the light red (about 7:1): white on it is under 2:1, unreadable when the button lights up. */
      color: var(--fd-felt-dark);
      border: none;
      font-weight: 800;
      letter-spacing: 0.05em;
    }
    button.stress:disabled {
      background: rgba(255, 255, 255, 0.12);
      color: var(--fd-muted);
    }
    .note {
      text-align: center;
      min-height: 1.5rem;
      margin: 0.4rem 0;
    }
    .countdown {
      height: 6px;
      background: rgba(255, 255, 255, 0.15);
      border-radius: 3px;
      overflow: hidden;
      max-width: 20rem;
      margin: 0.3rem auto;
    }
    .countdown > div {
      height: 100%;
      background: var(--fd-accent);
      transform-origin: left;
      animation: drain 1.5s linear forwards;
    }
    /* A transform, not the width: it runs on the compositor instead of laying out and repainting every frame. */
    @keyframes drain {
      from {
        transform: scaleX(1);
      }
      to {
        transform: scaleX(0);
      }
    }
  `,
  stillStyles(css`
    .slot.bounced,
    .slot.bounced::after,
    .lost::after,
    .countdown > div {
      animation: none;
    }
    .slot.bounced {
      border-color: var(--fd-danger);
      border-style: solid;
    }
  `),
  css`
    /* A phone in portrait (360 px and up): smaller cards, tighter rows, a smaller Stress! button, so both rows,
     both stacks and the button fit the width and the whole table the height. */
    @media (max-width: 600px) {
      :host {
        --card-w: 2.9rem;
        --card-small-w: 1.8rem;
      }
      .side {
        gap: 0.5rem;
        flex-wrap: nowrap;
      }
      .row {
        gap: 0.3rem;
      }
      .slot {
        min-width: calc(var(--card-w) + 0.35rem);
        min-height: calc(var(--card-w) * 1.4 + 0.35rem);
      }
      .pile {
        font-size: 0.75rem;
      }
      .centre {
        gap: 0.6rem;
        margin: 0.5rem 0;
      }
      .stack {
        padding: 0.2rem;
      }
      button.stress {
        font-size: 1.1rem;
        padding: 0.5rem 1rem;
      }
      .name {
        margin: 0.15rem 0;
      }
      .note {
        font-size: 0.85rem;
        margin: 0.2rem 0;
      }
    }
  `,
];
