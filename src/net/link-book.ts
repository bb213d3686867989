/**
 * The book of links one transport keeps: at most one connection per remote,
 * open or opening. Both transports (PeerJS and in-memory) keep their links
 * here, so the rules that make two peers converge on one open link are one
 * piece of code, tested over the in-memory transport's delays and outages:
 * crossed dials are settled by `keepExistingLink`; a connection that has not
 * opened within the dial timeout is dropped (the mesh dials again), so an
 * offer lost in signaling cannot pin a remote as "opening" for ever; and only
 * the current connection of a remote may open, deliver or close its link.
 */
import { keepExistingLink, type TransportEvents } from './transport.js';

/** What the book needs of a connection. */
export interface BookConnection {
  readonly open: boolean;
  close(): void;
}

interface Entry<C> {
  readonly connection: C;
  readonly startedByUs: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class LinkBook<C extends BookConnection> {
  private readonly entries = new Map<string, Entry<C>>();

  constructor(
    private readonly localId: string,
    private readonly events: () => Pick<TransportEvents, 'linkOpen' | 'linkClosed'> | undefined,
    private readonly dialTimeoutMs: number,
  ) {}

  has(remote: string): boolean {
    return this.entries.has(remote);
  }

  /** The current connection to `remote` (open or opening). */
  get(remote: string): C | undefined {
    return this.entries.get(remote)?.connection;
  }

  isCurrent(remote: string, connection: C): boolean {
    return this.entries.get(remote)?.connection === connection;
  }

  /**
   * Takes a new connection (ours, or one the remote started). Returns false if
   * it was refused (and closed) in favour of the one already held.
   */
  adopt(remote: string, connection: C, startedByUs: boolean): boolean {
    const existing = this.entries.get(remote);
    if (existing && existing.connection !== connection) {
      if (keepExistingLink(this.localId, remote, existing.startedByUs)) {
        connection.close();
        return false;
      }
      // Replace quietly if it never opened; otherwise the mesh must hear the old one is gone.
      if (existing.connection.open) this.drop(remote);
      else this.forget(remote);
    }
    const entry: Entry<C> = { connection, startedByUs, timer: undefined };
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (this.entries.get(remote) === entry && !connection.open) this.drop(remote);
    }, this.dialTimeoutMs);
    this.entries.set(remote, entry);
    return true;
  }

  /** The connection opened: the link is up if it is still the current one (else it is closed). */
  opened(remote: string, connection: C): void {
    const entry = this.entries.get(remote);
    if (entry?.connection !== connection) {
      connection.close();
      return;
    }
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = undefined;
    this.events()?.linkOpen(remote);
  }

  /** The connection closed or failed: the link is down if it was the current one. */
  closed(remote: string, connection: C): void {
    if (this.isCurrent(remote, connection)) this.drop(remote);
  }

  /** Removes and closes the link without telling anyone (it never opened). */
  forget(remote: string): C | undefined {
    const entry = this.entries.get(remote);
    if (!entry) return undefined;
    this.entries.delete(remote);
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.connection.close();
    return entry.connection;
  }

  /** Removes and closes the link, and says so. */
  drop(remote: string): void {
    if (this.forget(remote)) this.events()?.linkClosed(remote);
  }

  openRemotes(): string[] {
    return [...this.entries].filter(([, entry]) => entry.connection.open).map(([remote]) => remote);
  }

  forgetAll(): void {
    for (const remote of [...this.entries.keys()]) this.forget(remote);
  }
}
