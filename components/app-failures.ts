/**
 * The shell's (fd-app.ts) screens for a table or page that cannot be shown,
 * as pure render helpers taking the view and returning a template, with
 * their styles: a link that opens no table, the table's game that could not
 * be loaded (Reload), the signaling server out of reach (Retry, Settings),
 * no roster from the creator (why, as the dials showed: Retry, Home), and
 * the line naming the signaling server in use.
 */
import { css, html, type TemplateResult } from 'lit';
import type { AppView } from '../src/app/store.js';
import type { Route } from '../src/app/router.js';

export const failureStyles = css`
  .failure {
    background: rgba(255, 123, 114, 0.12);
    border: 1px solid var(--fd-danger);
    border-radius: var(--fd-radius);
    padding: 1rem;
  }
  .failure h2 {
    margin-top: 0;
  }
  .failure .actions {
    display: flex;
    gap: 1rem;
    align-items: center;
    flex-wrap: wrap;
  }
`;

/** The route opens no table: the reason, and advice when the link can be mended. */
export function notFound(route: Extract<Route, { page: 'not-found' }>): TemplateResult {
  return route.advice
    ? html`<section class="failure" role="alert" id="bad-link">
        <h2>This link opens no table</h2>
        <p class="error" id="bad-link-problem">${route.error}</p>
        <p id="bad-link-advice">${route.advice}</p>
        <p><a href="#/" id="home">Back to the start</a></p>
      </section>`
    : html`<p class="error" role="alert">${route.error}</p>
        <p><a href="#/">Back to the start</a></p>`;
}

/**
 * The table's game could not be loaded (offline, no saved copy): what failed, what to do, Reload and Home (the
 * browser keeps a module that failed for the page's life, so only a reload fetches it again).
 */
export function gameLoadFailure(name: string, error: string): TemplateResult {
  return html`<section class="failure" role="alert" id="game-load-failed">
    <h2>${name} could not be loaded</h2>
    <p>${error}</p>
    <div class="actions">
      <button class="primary" id="reload" @click=${() => location.reload()}>Reload</button>
      <a href="#/" id="home">Home</a>
    </div>
  </section>`;
}

/** The table could not reach its signaling server: what was tried, why (once probed), Retry (`retry`), the setting. */
export function signalingFailure(view: AppView, retry: () => void): TemplateResult {
  const failure = view.signalingFailure!;
  return html`<section class="failure" role="alert" id="signaling-failure">
    <h2>Could not reach the signaling server</h2>
    <p>Tried <code id="signaling-url">${failure.url}</code>: ${failure.detail}</p>
    <p id="signaling-advice">${failure.advice ?? 'Checking what is listening there…'}</p>
    <p class="muted">Trying again by itself, less often each time.</p>
    <p class="muted">
      ${
        view.signaling?.fromLink
          ? 'This table’s link chose this server: every player must use the one its creator used.'
          : 'This server comes from your Settings; every player at a table must use the same one.'
      }
    </p>
    <div class="actions">
      <button class="primary" id="retry" @click=${retry}>Retry</button>
      <a href="#/settings" id="fix-settings">Change the signaling server in Settings</a>
    </div>
  </section>`;
}

/**
 * A well-formed link, but no roster came from the creator: why, as the dials showed — nobody serves the table
 * (`#unserved`), it needs a relay (`#needs-relay`), the relay refused (`#relay-refused`) or could not be reached
 * (`#relay-unreachable`) — with what to do, Retry (`retry`) and Home.
 */
export function joinFailure(view: AppView, retry: () => void): TemplateResult {
  const failure = view.joinFailure!;
  return html`<section class="failure" role="alert" id=${failure.cause} data-cause=${failure.cause}>
    <h2 id="join-failure-title">${failure.title}</h2>
    <p id="join-failure-advice">${failure.advice}</p>
    <p class="muted" id="join-failure-detail">Seen: ${failure.detail}.</p>
    <div class="actions">
      <button class="primary" id="retry" @click=${retry}>Retry</button>
      <a href="#/" id="home">Home</a>
      ${failure.cause === 'unserved' ? null : html`<a href="#/settings" id="fix-ice">ICE servers in Settings</a>`}
    </div>
  </section>`;
}

/** The signaling server in use, and whether the table's link chose it; nothing before one is known. */
export function signalingLine(view: AppView): TemplateResult | null {
  if (!view.signaling) return null;
  return html`<p class="muted signaling" id="signaling-in-use">
    Signaling: <code>${view.signaling.text}</code>${
      view.signaling.fromLink
        ? html` — chosen by this table’s link (your <a href="#/settings">Settings</a> stay the default for new tables)`
        : null
    }
  </p>`;
}
