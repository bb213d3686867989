/**
 * The shapes the mesh (mesh.ts) is built from and reports through: its
 * options and timing, the handlers the table layer gives it, why something
 * that arrived was dropped (`Rejection`), and how a peer is reached
 * (`Reachability`).
 */
import type { Envelope, Signer } from './envelope.js';
import type { RelayFilter } from './relay.js';
import type { Transport } from './transport.js';

export interface MeshTiming {
  /** A link we have sent nothing on for half this long gets a keep-alive. */
  readonly heartbeatMs: number;
  /** A link that has said nothing (not even a keep-alive) for this long is dead. */
  readonly linkDeadAfterMs: number;
  readonly presenceMs: number;
  /** A peer heard of (directly or relayed) within this long is reachable. */
  readonly presenceFreshMs: number;
  readonly reconnectMs: number;
}

export type Reachability = 'self' | 'direct' | 'relayed' | 'offline';

export interface Rejection {
  /** The peer id of the link it came over. */
  readonly via: string;
  /** The author's key, when the envelope got far enough to name one. */
  readonly author?: string;
  readonly reason: string;
}

export interface MeshOptions {
  readonly table: string;
  readonly signer: Signer;
  readonly transport: Transport;
  readonly name: string;
  /** Microseconds, strictly increasing; injectable for tests. */
  readonly clockUs?: () => number;
  /** Milliseconds for timers and liveness; injectable for tests. */
  readonly nowMs?: () => number;
  readonly timing?: Partial<MeshTiming>;
  /** Tests that play a hostile relay: false keeps a message this peer would pass on from one link. */
  readonly relayFilter?: RelayFilter;
}

/** Receives a `holds` frame: the peer at `via` holds the events with these signatures. */
export type HoldsListener = (sigs: Uint8Array[], via: string) => void;

export interface MeshHandlers {
  /** A verified, admitted, first-seen envelope (or a transcript event seen before: see `receive` in mesh.ts). */
  message(envelope: Envelope, via: string): void;
  /** Something arrived and was dropped; the reason is for the log. */
  rejected(rejection: Rejection): void;
  /** Links or reachability changed; re-read `reachability`. */
  changed(): void;
  problem(description: string): void;
}
