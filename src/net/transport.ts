/**
 * The transport interface: reliable, ordered, binary links between this peer
 * and others, named by peer id. Two implementations behave the same: PeerJS
 * over WebRTC (peerjs-transport.ts) for real tables, and in-memory
 * (memory-transport.ts) for tests and bots, with injectable delay, a pair that
 * cannot connect, the loss of a peer, and a signaling outage. Both keep their
 * links in a LinkBook (link-book.ts), so crossed dials settle the same way. Everything above (mesh.ts) sees only
 * this interface; heartbeats, signatures and relaying live there, not here.
 */
export interface TransportEvents {
  /** A direct link to `remote` is open (either side may have started it). */
  linkOpen(remote: string): void;
  /** The link to `remote` is gone (or was never made). */
  linkClosed(remote: string): void;
  /** Bytes arrived from `remote`, in the order it sent them. */
  message(remote: string, bytes: Uint8Array): void;
  /** A problem worth telling the person (signaling unreachable, id taken …). */
  problem(description: string): void;
}

export interface Transport {
  readonly localId: string;
  /** Registers with signaling (or the in-memory hub); resolves once others can reach us. */
  start(events: TransportEvents): Promise<void>;
  /** Opens a link to `remote` unless one is open or opening. */
  connect(remote: string): void;
  /** Drops the link to `remote` (the heartbeat decided it is dead). */
  disconnect(remote: string): void;
  /** Sends on an open link; false if there is none. */
  send(remote: string, bytes: Uint8Array): boolean;
  /** Remote ids with an open link. */
  openLinks(): string[];
  /** Leaves signaling and closes every link. */
  stop(): void;
}

/**
 * When both sides open a link at once, each ends up with two. Both keep the
 * one started by the lexicographically smaller id, so they agree without a word.
 */
export function keepLinkStartedBy(a: string, b: string): string {
  return a < b ? a : b;
}

/**
 * A connection from `remote` arrives while we hold `existing` to it: keep the
 * existing one (and refuse the newcomer) or replace it? If `remote` started
 * both, its new dial supersedes its old one (it reloaded, or its heartbeat gave
 * the old one up), open or not. If we started the existing one, the two dials
 * crossed: both sides keep the one started by the smaller id. A dial of ours
 * whose offer never arrived (lost while the remote's signaling socket was
 * reconnecting) is not special-cased: it cannot open, so the dial timeout drops
 * it and the next dial from either side wins.
 */
export function keepExistingLink(localId: string, remote: string, existingStartedByUs: boolean): boolean {
  if (!existingStartedByUs) return false;
  return keepLinkStartedBy(localId, remote) === localId;
}

/** A connection (ours or theirs) that has not opened by then is given up; the mesh dials again. */
export const DIAL_TIMEOUT_MS = 6000;

/** Delay before the n-th (0-based) attempt to reach signaling again: 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}
