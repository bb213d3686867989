/**
 * The mesh: one table's signed conversation over a Transport. It signs what
 * this peer sends, gates everything that arrives through `decodeEnvelope`
 * (rejecting, with a logged reason, what is malformed, wrongly signed,
 * replayed, or from an author the table does not admit), floods relayed kinds
 * so that two peers that cannot link directly still hear each other through
 * any third, and measures liveness with its own heartbeat (PeerJS's `close`
 * event is unreliable). It knows nothing of seats or games: the table layer
 * tells it who is admitted (`authorize`) and whom to keep links to (`want`).
 */
import { decodeEnvelope, encodeEnvelope, keyHex, signEnvelope, type Envelope, type EnvelopeOf, type Signer } from './envelope.js';
import { type BodyOf, type Kind, RELAYED_KINDS, REPLAY_CHECKED_KINDS } from './messages.js';
import type { Transport } from './transport.js';

export interface MeshTiming {
  readonly heartbeatMs: number;
  /** A link that has said nothing (not even pong) for this long is dead. */
  readonly linkDeadAfterMs: number;
  readonly presenceMs: number;
  /** A peer heard of (directly or relayed) within this long is reachable. */
  readonly presenceFreshMs: number;
  readonly reconnectMs: number;
}

export const DEFAULT_TIMING: MeshTiming = {
  heartbeatMs: 1500,
  linkDeadAfterMs: 6000,
  presenceMs: 3000,
  presenceFreshMs: 8000,
  reconnectMs: 2500,
};
/** How far back (in µs of the author's clock) a flooded message may arrive late. */
export const REORDER_WINDOW_US = 30_000_000;
const SEEN_LIMIT = 4096;

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
}

export interface MeshHandlers {
  /** A verified, admitted, first-seen envelope. */
  message(envelope: Envelope, via: string): void;
  /** Something arrived and was dropped; the reason is for the log. */
  rejected(rejection: Rejection): void;
  /** Links or reachability changed; re-read `reachability`. */
  changed(): void;
  problem(description: string): void;
}

interface PeerInfo {
  key?: string;
  lastHeardMs: number;
}

export class Mesh {
  readonly table: string;
  readonly selfKey: string;
  private readonly transport: Transport;
  private readonly signer: Signer;
  private readonly clockUs: () => number;
  private readonly nowMs: () => number;
  private readonly timing: MeshTiming;
  private name: string;
  private handlers: MeshHandlers | undefined;
  private authorizer: (envelope: Envelope) => string | null = () => null;
  private lastSeq = 0;
  private readonly links = new Map<string, PeerInfo>();
  private readonly wanted = new Set<string>();
  private readonly seen = new Set<string>();
  private readonly highestSeq = new Map<string, number>();
  /** key hex → when last heard of, and whom it reaches directly. */
  private readonly presence = new Map<string, { atMs: number; peerId: string; links: string[] }>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];

  constructor(options: MeshOptions) {
    this.table = options.table;
    this.signer = options.signer;
    this.transport = options.transport;
    this.name = options.name;
    this.selfKey = keyHex(options.signer.publicKey);
    this.clockUs = options.clockUs ?? (() => Date.now() * 1000);
    this.nowMs = options.nowMs ?? (() => Date.now());
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
  }

  get peerId(): string {
    return this.transport.localId;
  }

  async start(handlers: MeshHandlers): Promise<void> {
    this.handlers = handlers;
    await this.transport.start({
      linkOpen: (remote) => {
        this.links.set(remote, { lastHeardMs: this.nowMs() });
        this.sendDirect(remote, 'hello', { peerId: this.peerId, name: this.name });
        handlers.changed();
      },
      linkClosed: (remote) => {
        this.links.delete(remote);
        handlers.changed();
      },
      message: (remote, bytes) => this.receive(remote, bytes),
      problem: (description) => handlers.problem(description),
    });
    this.timers.push(
      setInterval(() => this.heartbeat(), this.timing.heartbeatMs),
      setInterval(() => this.announcePresence(), this.timing.presenceMs),
      setInterval(() => this.reconnectWanted(), this.timing.reconnectMs),
    );
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    this.transport.stop();
    this.links.clear();
    this.handlers = undefined;
  }

  setName(name: string): void {
    this.name = name;
  }

  /** Decides whether an author may speak at this table; returns a reason to reject, or null. */
  authorize(check: (envelope: Envelope) => string | null): void {
    this.authorizer = check;
  }

  /** Keep a link to these peer ids (full mesh); others are not dialled, but accepted. */
  want(peerIds: Iterable<string>): void {
    this.wanted.clear();
    for (const id of peerIds) if (id !== this.peerId) this.wanted.add(id);
    this.reconnectWanted();
  }

  /** Signs and sends to everyone (flooded), or to one key (direct if linked, else flooded). */
  send<K extends Kind>(kind: K, body: BodyOf<K>, to: Uint8Array | null = null): EnvelopeOf<K> {
    const envelope = signEnvelope(this.signer, { kind, table: this.table, seq: this.nextSeq(), to, body });
    const bytes = encodeEnvelope(envelope);
    this.remember(envelope);
    this.forward(bytes, envelope, undefined);
    return envelope;
  }

  /** Signs an envelope of ours without sending it (the caller persists it first, then broadcasts). */
  sign<K extends Kind>(kind: K, body: BodyOf<K>, to: Uint8Array | null = null): EnvelopeOf<K> {
    return signEnvelope(this.signer, { kind, table: this.table, seq: this.nextSeq(), to, body });
  }

  /** Sends an already-signed envelope (ours, or a bot's hosted here) to everyone. */
  broadcast(envelope: EnvelopeOf<Kind>): void {
    this.remember(envelope);
    this.forward(encodeEnvelope(envelope), envelope, undefined);
  }

  /** Sends an already-signed envelope (someone's transcript event) on one link, unchanged. */
  resend(remote: string, envelope: EnvelopeOf<Kind>): boolean {
    return this.transport.send(remote, encodeEnvelope(envelope));
  }

  /** Sends raw bytes on one link, unchecked: for tests that play a hostile peer. */
  sendRaw(remote: string, bytes: Uint8Array): boolean {
    return this.transport.send(remote, bytes);
  }

  reachability(key: string): Reachability {
    if (key === this.selfKey) return 'self';
    const now = this.nowMs();
    for (const info of this.links.values()) {
      if (info.key === key && now - info.lastHeardMs < this.timing.linkDeadAfterMs) return 'direct';
    }
    const heard = this.presence.get(key);
    if (heard && now - heard.atMs < this.timing.presenceFreshMs) return 'relayed';
    return 'offline';
  }

  openLinks(): string[] {
    return [...this.links.keys()];
  }

  nextSeq(): number {
    this.lastSeq = Math.max(this.lastSeq + 1, Math.floor(this.clockUs()));
    return this.lastSeq;
  }

  private sendDirect<K extends Kind>(remote: string, kind: K, body: BodyOf<K>): void {
    const envelope = signEnvelope(this.signer, { kind, table: this.table, seq: this.nextSeq(), to: null, body });
    this.transport.send(remote, encodeEnvelope(envelope));
  }

  private remember(envelope: EnvelopeOf<Kind>): void {
    const author = keyHex(envelope.from);
    this.seen.add(keyHex(envelope.sig));
    if (this.seen.size > SEEN_LIMIT) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.highestSeq.set(author, Math.max(this.highestSeq.get(author) ?? 0, envelope.seq));
  }

  private receive(remote: string, bytes: Uint8Array): void {
    const handlers = this.handlers;
    if (!handlers) return;
    const link = this.links.get(remote);
    if (link) link.lastHeardMs = this.nowMs();
    const decoded = decodeEnvelope(bytes, this.table);
    if (!decoded.ok) {
      handlers.rejected({ via: remote, reason: decoded.error });
      return;
    }
    const envelope = decoded.value;
    const author = keyHex(envelope.from);
    // A flooded copy we already have. Keyed by signature, not (author, seq): two
    // different envelopes under one seq must both reach the layer that blames equivocation.
    if (this.seen.has(keyHex(envelope.sig))) {
      // Never forwarded twice; but a transcript event sent again (a fetch answer) is handed up
      // again, because the layer above may have been unable to take it the first time.
      if (envelope.kind === 'table-event' && !this.authorizer(envelope)) handlers.message(envelope, remote);
      return;
    }
    if (REPLAY_CHECKED_KINDS.has(envelope.kind) && envelope.seq + REORDER_WINDOW_US < (this.highestSeq.get(author) ?? 0)) {
      handlers.rejected({ via: remote, author, reason: `replayed: seq ${envelope.seq} is older than this author's recent messages` });
      return;
    }
    const relayed = RELAYED_KINDS.has(envelope.kind);
    if (!relayed && envelope.kind !== 'hello' && link?.key !== author) {
      handlers.rejected({ via: remote, author, reason: `${envelope.kind} must come over the author's own link` });
      return;
    }
    if (envelope.kind === 'hello') {
      if (link && envelope.body.peerId === remote) link.key = author;
      else {
        handlers.rejected({ via: remote, author, reason: `hello names peer id ${String(envelope.body.peerId)} but came from ${remote}` });
        return;
      }
    }
    const refusal = this.authorizer(envelope);
    if (refusal) {
      handlers.rejected({ via: remote, author, reason: refusal });
      return;
    }
    this.remember(envelope);
    if (envelope.kind === 'ping') {
      this.sendDirect(remote, 'pong', { nonce: envelope.body.nonce });
      return;
    }
    if (envelope.kind === 'pong') return;
    if (envelope.kind === 'presence') {
      this.presence.set(author, { atMs: this.nowMs(), peerId: envelope.body.peerId, links: envelope.body.links });
      handlers.changed();
    }
    if (relayed) this.forward(bytes, envelope, remote);
    if (envelope.to === null || keyHex(envelope.to) === this.selfKey) handlers.message(envelope, remote);
  }

  /** Floods to every link but the one it came from; a message for one key goes straight to it if linked. */
  private forward(bytes: Uint8Array, envelope: EnvelopeOf<Kind>, cameFrom: string | undefined): void {
    if (envelope.to) {
      const target = keyHex(envelope.to);
      if (target === this.selfKey) return;
      for (const [remote, info] of this.links) {
        if (info.key === target) {
          this.transport.send(remote, bytes);
          return;
        }
      }
    }
    for (const remote of this.links.keys()) {
      if (remote !== cameFrom) this.transport.send(remote, bytes);
    }
  }

  private heartbeat(): void {
    const now = this.nowMs();
    for (const [remote, info] of this.links) {
      if (now - info.lastHeardMs > this.timing.linkDeadAfterMs) {
        this.transport.disconnect(remote);
        this.links.delete(remote);
        this.handlers?.changed();
        continue;
      }
      this.sendDirect(remote, 'ping', { nonce: now });
    }
  }

  private announcePresence(): void {
    if (this.links.size === 0) return;
    this.send('presence', { peerId: this.peerId, name: this.name, links: this.openLinks() });
    this.handlers?.changed();
  }

  private reconnectWanted(): void {
    for (const id of this.wanted) if (!this.links.has(id)) this.transport.connect(id);
  }
}
