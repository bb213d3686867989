/**
 * A part of the page whose element is imported on demand, so the first page
 * does not carry it (docs/ARCHITECTURE.md §2): not asked for yet, on its
 * way, defined, or failed, with the lines to show meanwhile. A failed import
 * stays failed: the browser keeps a module that failed to load for the
 * page's life, so the remedy said is to reconnect, then reload the page.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';

export type LazyState = 'idle' | 'loading' | 'ready' | 'failed';

/** What a part that could not be loaded says: what failed, why, and what to do (`after` ends the sentence). */
export function lazyFailureText(subject: string, error: string, after = '.'): string {
  return `${subject} (${error}): this page is offline, or its server cannot be reached, and has no saved copy of it. Reconnect, then reload the page${after}`;
}

/** How a part is named while it loads and when it failed (`id` is the failure line's). */
export interface LazyLines {
  /** e.g. "Loading the settings…" */
  readonly loading: string;
  /** e.g. "The settings could not be loaded" (the cause and the remedy follow). */
  readonly failed: string;
  readonly id: string;
  /** How the failure's sentence ends: "." unless told ("; the hand waits for you."). */
  readonly after?: string;
}

export class LazyPart {
  state: LazyState = 'idle';
  /** Why the import failed (its message), once it has. */
  error = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly load: () => Promise<unknown>,
  ) {}

  /** Starts the import, once; the host renders again when it settles. Safe to call while rendering. */
  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'loading';
    this.load().then(
      () => {
        this.state = 'ready';
        this.host.requestUpdate();
      },
      (error: unknown) => {
        this.state = 'failed';
        this.error = error instanceof Error ? error.message : String(error);
        this.host.requestUpdate();
      },
    );
  }

  /** The part (`ready`) once its element is defined; until then a line saying it loads, or what failed and what to do. */
  show(lines: LazyLines, ready: () => TemplateResult): TemplateResult {
    this.start();
    if (this.state === 'failed')
      return html`<p class="error" role="alert" id=${lines.id}>
        ${lazyFailureText(lines.failed, this.error, lines.after)}
      </p>`;
    if (this.state !== 'ready') return html`<p class="muted" role="status" style="padding:1rem">${lines.loading}</p>`;
    return ready();
  }
}
