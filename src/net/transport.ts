/**
 * The transport interface: reliable, ordered, binary links between this peer
 * and others, named by peer id. Two implementations behave the same: PeerJS
 * over WebRTC (peerjs-transport.ts) for real tables, and in-memory
 * (memory-transport.ts) for tests and bots, with injectable delay, a pair that
 * cannot connect, and the loss of a peer. Everything above (mesh.ts) sees only
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
