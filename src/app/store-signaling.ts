/**
 * A table's signaling server, for the app store (store.ts): which one it
 * uses when it opens (its link's choice, else this player's Settings), and a
 * failure to reach it as the page shows it — what was tried, the likely
 * cause once the server has been probed (src/net/signaling.ts
 * `diagnoseSignaling`), and the automatic retries, slower each time (Retry
 * tries at once, the failure kept on screen meanwhile).
 */
import { diagnoseSignaling, type SignalingError, type SignalingServer } from '../net/signaling.js';
import { reconnectDelayMs } from '../net/transport.js';
import { tableHash } from './router.js';
import { linkSignalingOf, signalingServerFor, type Settings } from './settings.js';
import type { LogLevel, SignalingFailure } from './store-types.js';
import { describeSignaling, sameSignaling, type LinkSignaling } from './table-link.js';

/** Which signaling server a table uses, as opening it decides. */
export interface TableSignaling {
  /** The link's choice, else this player's (Settings). */
  readonly choice: LinkSignaling;
  /** The link chose another server than this player's. */
  readonly fromLink: boolean;
  readonly server: SignalingServer;
  /** The table's hash naming the choice when its link named none (an old link, a recent table), so a reload keeps it. */
  readonly hash: string | null;
  /** The log line saying that the link chose the server, or null. */
  readonly line: string | null;
}

/** The signaling server for `table`, opened with `fromLink` (its link's choice, or null) and `via` (its introducers). */
export function tableSignaling(
  settings: Settings,
  table: string,
  fromLink: LinkSignaling | null,
  via: readonly string[],
): TableSignaling {
  const own = linkSignalingOf(settings);
  const choice = fromLink ?? own;
  const linkChose = fromLink !== null && !sameSignaling(fromLink, own);
  return {
    choice,
    fromLink: linkChose,
    server: signalingServerFor(settings, location, choice),
    hash: fromLink ? null : tableHash(table, choice, via),
    line: linkChose
      ? `this table uses the signaling server ${describeSignaling(choice)}, as its link says; your Settings stay the default for new tables`
      : null,
  };
}

/** Where a failure to reach a table's signaling server reports, and what it retries. */
export interface SignalingOut {
  log(level: LogLevel, text: string): void;
  changed(): void;
  /** Tries the table again (the automatic retry). */
  retry(): void;
  /** The table that failed is still the one open: else neither its retry nor the probe's advice applies. */
  current(): boolean;
}

export class SignalingRetry {
  /** The failure shown (null: none). */
  failure: SignalingFailure | null = null;
  /** Failed attempts in a row to reach the table's signaling server; paces the automatic retries. */
  attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Says what was tried at once, retries by itself (slower each time), and probes the server for the likely cause. */
  report(error: SignalingError, out: SignalingOut): void {
    const line = this.failed(error, () => {
      if (out.current()) out.retry();
    });
    if (line !== null) out.log('error', line);
    void diagnoseSignaling(error.server, location.protocol).then((diagnosis) => {
      if (!out.current()) return;
      const advised = this.advise(error.url, diagnosis.advice);
      if (!advised) return;
      if (advised.line !== null) out.log('info', advised.line);
      out.changed();
    });
  }

  /**
   * Runs `close`, which closes the table and with it this failure, keeping the failure on screen and the count (which
   * paces the next retry) while the table is tried again: no flicker to "Connecting…", the error logged once, and
   * each automatic retry slower than the last.
   */
  keepThrough(close: () => void): void {
    const { failure, attempts } = this;
    close();
    this.failure = failure;
    this.attempts = attempts;
  }

  /**
   * Shows `error` (keeping the advice the probe gave for the same server) and runs `retry` after a delay that grows
   * with each failure in a row. The line to log: the error, on the first failure in a row; null after that.
   */
  private failed(error: SignalingError, retry: () => void): string | null {
    const detail =
      error.type === 'invalid-url' ? `PeerJS could not open ${error.url}` : error.message.replace(/^.*?: /, '');
    this.failure = {
      url: error.url,
      detail,
      advice: this.failure?.url === error.url ? this.failure.advice : null,
    };
    const line = this.attempts === 0 ? error.message : null;
    this.timer = setTimeout(retry, reconnectDelayMs(this.attempts++));
    return line;
  }

  /**
   * Adds the probe's advice about the server at `url` to the failure shown. Null when no failure is shown (nothing
   * changed); else the line to log, null when the advice is not new or the failure has been retried already.
   */
  private advise(url: string, advice: string): { line: string | null } | null {
    if (!this.failure) return null;
    const repeated = this.failure.advice === advice;
    this.failure = { ...this.failure, advice };
    return { line: !repeated && this.attempts <= 1 ? `signaling server ${url}: ${advice}` : null };
  }

  /** The server answered: nothing to show or to retry. */
  succeeded(): void {
    this.attempts = 0;
    this.failure = null;
  }

  /** Cancels the automatic retry. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The table is closed: no retry, nothing shown, the count starts again. */
  reset(): void {
    this.cancel();
    this.failure = null;
    this.attempts = 0;
  }
}
