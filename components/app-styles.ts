/**
 * The look of the shell (fd-app.ts): the felt behind every page, the header
 * with the brand and the name field, the problem banner, the table page's
 * Rules and Sound row, and its layouts — a desktop keeping a column free for
 * the end-of-hand summary, a wide desktop with the chat, seats and log
 * beside the table, and a phone with them folded behind one button.
 */
import { css } from 'lit';

/** The shell's own styles, after the theme and the failure screens' (app-failures.ts). */
export const appStyles = css`
  :host {
    display: block;
    min-height: 100vh;
    background: radial-gradient(circle at 50% 0, var(--fd-felt), var(--fd-felt-dark));
    color: var(--fd-ink);
  }
  /* A desktop with an end-of-hand summary: its column (fd-hand-summary, 24rem wide) stays free beside the table. */
  @media (min-width: 960px) {
    :host([with-summary]) header,
    :host([with-summary]) .problem {
      margin-right: 26rem;
    }
    :host([with-summary]) main {
      margin: 0 26rem 0 auto;
    }
  }
  /* A wide desktop during a hand with no summary open: the table, and beside it the chat, seats and log. */
  @media (min-width: 1400px) {
    :host([with-side]) main {
      max-width: 90rem;
    }
    :host([with-side]) .table-page {
      display: grid;
      grid-template-columns: minmax(0, 1fr) 22rem;
      gap: 1rem;
      align-items: start;
    }
    :host([with-side]) .extras {
      position: sticky;
      top: 0.5rem;
      max-height: calc(100vh - 1rem);
      overflow-y: auto;
    }
  }
  header {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.6rem 1rem;
    background: rgba(0, 0, 0, 0.3);
    flex-wrap: wrap;
  }
  /* The page's one top-level heading: the brand, a link home. */
  header h1 {
    margin: 0 auto 0 0;
    font-size: 1.25rem;
    font-weight: 700;
  }
  header a.brand {
    color: var(--fd-ink);
    text-decoration: none;
  }
  header input {
    width: 11rem;
  }
  main {
    padding: 1rem;
    max-width: 64rem;
    margin: 0 auto;
  }
  .problem {
    background: rgba(255, 123, 114, 0.15);
    border: 1px solid var(--fd-danger);
    padding: 0.75rem;
    border-radius: var(--fd-radius);
    margin: 1rem;
    display: flex;
    gap: 1rem;
    align-items: center;
    justify-content: space-between;
  }
  h3 {
    margin: 1.25rem 0 0.5rem;
    font-size: 1rem;
    color: var(--fd-muted);
  }
  .signaling {
    font-size: 0.85rem;
    margin: 0 0 0.5rem;
  }
  .tools {
    display: flex;
    gap: 0.5rem;
    justify-content: flex-end;
    margin-bottom: 0.5rem;
  }
  a {
    color: var(--fd-accent);
  }
  .extras-toggle {
    display: none;
  }
  @media (max-width: 600px) {
    header {
      padding: 0.3rem 0.6rem;
      gap: 0.3rem 0.6rem;
      font-size: 0.9rem;
    }
    header h1 {
      font-size: 1.05rem;
    }
    header input {
      width: 7.5rem;
    }
    main {
      padding: 0.5rem;
    }
    .extras-toggle {
      display: block;
      margin: 0 auto 0.5rem;
      font-size: 0.85rem;
      padding: 0.3rem 0.8rem;
    }
    .extras.folded {
      display: none;
    }
    /* The Rules and Sound buttons share one slim row, so a turn still fits a phone's screen. */
    .tools {
      margin-bottom: 0;
    }
    .tools button {
      font-size: 0.75rem;
      padding: 0.1rem 0.5rem;
    }
  }
`;
