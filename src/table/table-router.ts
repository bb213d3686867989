/**
 * Where a verified envelope from the mesh goes at a table: a table event to
 * the intake (the hand it belongs to: table-intake.ts), an echo to the echo
 * book (table-echo.ts), a chat line to the chat, a fetch to the catch-up
 * (which notes the hand its author is at and answers it), and everything else
 * (hello, roster, seat claims, goodbyes) to the lobby. Until the table has
 * restored its roster and hand (`open`), envelopes wait here in order; beyond
 * a limit the rest are dropped, and what they carried comes again (a seat's
 * fetch on the next hello, the catch-up's own fetch).
 */
import type { Envelope, EnvelopeOf } from '../net/envelope.js';

/** Envelopes kept while the table restores itself (the app loads the game's rules first). */
export const BEFORE_OPEN_LIMIT = 512;

/** Where each kind goes. */
export interface Routes {
  tableEvent(envelope: EnvelopeOf<'table-event'>, via: string): void;
  echo(envelope: EnvelopeOf<'echo'>): void;
  chat(envelope: EnvelopeOf<'chat'>): void;
  fetch(envelope: EnvelopeOf<'fetch'>, via: string): void;
  lobby(envelope: Envelope, via: string): void;
}

export class EnvelopeRouter {
  /**
   * Envelopes that came before `open`, in order; null once open. A seat's fetch (which hand it is at) taken before
   * then was read against no roster and lost, so a page that came back stayed blocked as "catching up" until its
   * timeout.
   */
  private waiting: { envelope: Envelope; via: string }[] | null = [];

  constructor(private readonly routes: Routes) {}

  receive(envelope: Envelope, via: string): void {
    if (this.waiting) {
      if (this.waiting.length < BEFORE_OPEN_LIMIT) this.waiting.push({ envelope, via });
      return;
    }
    this.route(envelope, via);
  }

  /** The table is restored: what waited is routed, in order, and from now on each envelope at once. */
  open(): void {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const { envelope, via } of waiting) this.route(envelope, via);
  }

  private route(envelope: Envelope, via: string): void {
    const { routes } = this;
    if (envelope.kind === 'table-event') routes.tableEvent(envelope, via);
    else if (envelope.kind === 'echo') routes.echo(envelope);
    else if (envelope.kind === 'chat') routes.chat(envelope);
    else if (envelope.kind === 'fetch') routes.fetch(envelope, via);
    else routes.lobby(envelope, via);
  }
}
