/**
 * Shared design tokens for every element: colours, radii and the focus ring,
 * and no motion when there is to be none (motion.ts), as one style group each
 * element includes in its own styles.
 */
import { css } from 'lit';
import { stillStyles } from './motion.js';

/** The rules that keep words in the accessibility tree but off the screen (a card's name, an icon's label). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const tokens = css`
  :host {
    --fd-felt: #0f5132;
    --fd-felt-dark: #0a3622;
    --fd-ink: #f4f1e8;
    --fd-muted: #b9c9bf;
    --fd-card: #fffdf7;
    --fd-card-ink: #1b1b1b;
    --fd-accent: #f2c14e;
    --fd-danger: #ffa39c;
    --fd-ok: #7ee2a8;
    --fd-radius: 10px;
    box-sizing: border-box;
    font-family:
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      sans-serif;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    cursor: pointer;
    border: 1px solid rgba(255, 255, 255, 0.25);
    border-radius: 8px;
    padding: 0.5rem 0.9rem;
    background: rgba(255, 255, 255, 0.1);
    color: var(--fd-ink);
    min-height: 2.5rem;
  }
  button.primary {
    background: var(--fd-accent);
    color: #222;
    border-color: transparent;
    font-weight: 600;
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  button:hover:not(:disabled) {
    filter: brightness(1.1);
  }
  :focus-visible {
    outline: 3px solid var(--fd-accent);
    outline-offset: 2px;
  }
  input,
  select,
  textarea {
    font: inherit;
    border-radius: 8px;
    border: 1px solid rgba(255, 255, 255, 0.3);
    background: rgba(0, 0, 0, 0.25);
    color: var(--fd-ink);
    padding: 0.45rem 0.6rem;
    min-height: 2.5rem;
  }
  /* Links in the accent colour (5.6:1 on the felt): the browser's default blue is 2:1 there. */
  a {
    color: var(--fd-accent);
  }
  .error {
    color: var(--fd-danger);
  }
  .muted {
    color: var(--fd-muted);
  }
  /* Words for a screen reader only, beside an icon that says the same to the eye. */
  .visually-hidden {
    ${visuallyHidden}
  }
  /* A key hint on a button, e.g. "(D)": not on touch screens, which have no keys to press. */
  kbd.key {
    font: inherit;
    opacity: 0.75;
  }
  @media (hover: none), (pointer: coarse) {
    kbd.key {
      display: none;
    }
  }
`;

/**
 * Every element's tokens, and nothing in its shadow root moving while there is
 * to be no motion (motion.ts: the device's setting or the player's).
 */
export const theme = [
  tokens,
  stillStyles(css`
    *,
    *::before,
    *::after {
      transition: none !important;
      animation: none !important;
    }
  `),
];
