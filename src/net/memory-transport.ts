/**
 * The in-memory transport: a hub that links transports in one process, used
 * by tests, simulations and bots. It models what the PeerJS transport meets:
 * each dial is a connection of its own (so two peers may dial each other at
 * once and must settle on one), offered through "signaling" and opened after
 * one round trip of the pair's delay; links live in the same `LinkBook` as the
 * PeerJS transport's, so crossed dials and the dial timeout follow one rule.
 * Like WebRTC data channels with `reliable: true`, each link delivers in order;
 * different links may reorder relative to each other (each pair has its own
 * delay). With `nextTurn`, a delivery with no delay runs on the event loop's
 * next turn (setImmediate), not on a timer and its 1 ms floor. Faults are
 * injected on the hub: `setDelay` (one-way, per direction), `blockPair` (two peers that
 * cannot connect directly, as behind symmetric NATs), `dropPeer` (a peer that
 * vanishes without closing anything, like a closed laptop lid), and
 * `signalingDown`/`signalingUp` (the PeerServer is gone: no new peer can
 * register, no dial can be made, an offer in flight is lost; open links keep
 * working).
 */
import { LinkBook } from './link-book.js';
import { DIAL_TIMEOUT_MS, type Transport, type TransportEvents } from './transport.js';

type Direction = `${string}>${string}`;

export interface MemoryNetworkOptions {
  readonly defaultDelayMs?: number;
  /** A connection not open by then is dropped (as in the PeerJS transport). */
  readonly dialTimeoutMs?: number;
  /**
   * A delivery with no delay, and nothing on a timer ahead of it on its link,
   * runs on the event loop's next turn (setImmediate) rather than on a timer
   * with its 1 ms floor: whole simulated hands, hundreds of hops in a row,
   * then spend their time computing, not waiting. Off by default: every
   * delivery is on a timer.
   */
  readonly nextTurn?: boolean;
}

export class MemoryNetwork {
  private readonly transports = new Map<string, MemoryTransport>();
  private readonly delays = new Map<Direction, number>();
  private readonly blocked = new Set<string>();
  private readonly dropped = new Set<string>();
  private readonly lastDelivery = new Map<Direction, number>();
  /** Deliveries per direction still waiting on a timer (a zero-delay one may not overtake them). */
  private readonly timed = new Map<Direction, number>();
  private signalingIsUp = true;
  defaultDelayMs: number;
  readonly dialTimeoutMs: number;
  private readonly nextTurn: boolean;

  constructor(options: MemoryNetworkOptions = {}) {
    this.defaultDelayMs = options.defaultDelayMs ?? 0;
    this.nextTurn = options.nextTurn ?? false;
    this.dialTimeoutMs = options.dialTimeoutMs ?? DIAL_TIMEOUT_MS;
  }

  createTransport(id: string): MemoryTransport {
    return new MemoryTransport(this, id);
  }

  /** One-way delay from `from` to `to`, in milliseconds. */
  setDelay(from: string, to: string, ms: number): void {
    this.delays.set(`${from}>${to}`, ms);
  }

  /** `a` and `b` can no longer open a direct link (existing ones close). */
  blockPair(a: string, b: string): void {
    this.blocked.add(pairKey(a, b));
    this.transports.get(a)?.closeLink(b);
    this.transports.get(b)?.closeLink(a);
  }

  /** `id` goes silent: nothing it sends arrives, nothing reaches it, nobody is told. */
  dropPeer(id: string): void {
    this.dropped.add(id);
  }

  /** The signaling server stops: every transport hears it is lost; open links are untouched. */
  signalingDown(): void {
    if (!this.signalingIsUp) return;
    this.signalingIsUp = false;
    for (const transport of this.transports.values()) transport.signalingChanged(false);
  }

  /** The signaling server is back: every transport hears so and may dial again. */
  signalingUp(): void {
    if (this.signalingIsUp) return;
    this.signalingIsUp = true;
    for (const transport of this.transports.values()) transport.signalingChanged(true);
  }

  get signaling(): boolean {
    return this.signalingIsUp;
  }

  /** @internal */ register(transport: MemoryTransport): void {
    this.dropped.delete(transport.localId);
    this.transports.set(transport.localId, transport);
  }
  /** @internal */ unregister(id: string, transport: MemoryTransport): void {
    if (this.transports.get(id) === transport) this.transports.delete(id);
  }
  /** @internal */ canLink(a: string, b: string): boolean {
    return !this.blocked.has(pairKey(a, b)) && this.transports.has(a) && this.transports.has(b);
  }
  /** @internal */ peer(id: string): MemoryTransport | undefined {
    return this.transports.get(id);
  }
  /** @internal */ deliver(from: string, to: string, run: () => void): void {
    if (this.dropped.has(from) || this.dropped.has(to)) return;
    const direction: Direction = `${from}>${to}`;
    const delay = this.delays.get(direction) ?? this.defaultDelayMs;
    // Keep each link ordered even if its delay changes mid-stream.
    const now = performance.now();
    const at = Math.max(now + delay, this.lastDelivery.get(direction) ?? 0);
    this.lastDelivery.set(direction, at);
    const arrive = () => {
      if (!this.dropped.has(from) && !this.dropped.has(to)) run();
    };
    // Nothing in flight on this link and no delay: next turn of the event loop, when asked for.
    if (this.nextTurn && at <= now && !this.timed.has(direction)) {
      nextTurn(arrive);
      return;
    }
    this.timed.set(direction, (this.timed.get(direction) ?? 0) + 1);
    setTimeout(
      () => {
        const left = this.timed.get(direction)! - 1;
        if (left === 0) this.timed.delete(direction);
        else this.timed.set(direction, left);
        arrive();
      },
      Math.max(0, at - now),
    );
  }
}

/** The next turn of the event loop: setImmediate where there is one (Node), else a zero timer. */
const nextTurn: (run: () => void) => void =
  typeof setImmediate === 'function' ? (run) => void setImmediate(run) : (run) => void setTimeout(run, 0);

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** One end of one dial. */
class MemoryConnection {
  open = false;
  closed = false;
  /** The other end, once the offer has reached the remote. */
  other: MemoryConnection | undefined;
  constructor(
    readonly owner: MemoryTransport,
    readonly remote: string,
  ) {}

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.open = false;
    const other = this.other;
    if (other) this.owner.network.deliver(this.owner.localId, this.remote, () => other.remoteClosed());
  }

  /** The other end closed: this end closes too (as a data channel does). */
  remoteClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.open = false;
    this.owner.connectionClosed(this);
  }
}

export class MemoryTransport implements Transport {
  private events: TransportEvents | undefined;
  private readonly links: LinkBook<MemoryConnection>;

  constructor(
    /** @internal */ readonly network: MemoryNetwork,
    readonly localId: string,
  ) {
    this.links = new LinkBook<MemoryConnection>(localId, () => this.events, network.dialTimeoutMs);
  }

  async start(events: TransportEvents): Promise<void> {
    if (!this.network.signaling) throw new Error('could not reach the signaling server (it is down)');
    if (this.network.peer(this.localId)) {
      events.problem(`peer id ${this.localId} is taken`);
      throw new Error(`peer id ${this.localId} is taken`);
    }
    this.events = events;
    this.network.register(this);
  }

  connect(remote: string): void {
    // No dialling while signaling is down (an offer could not be delivered).
    if (!this.events || !this.network.signaling || this.links.has(remote) || remote === this.localId) return;
    const other = this.network.peer(remote);
    if (!other || !this.network.canLink(this.localId, remote)) {
      // The server answers "no such peer", or ICE fails: the dial ends at once.
      this.network.deliver(this.localId, this.localId, () => this.events?.linkClosed(remote));
      return;
    }
    const connection = new MemoryConnection(this, remote);
    this.links.adopt(remote, connection, true);
    // The offer travels through signaling; it is lost if signaling goes down meanwhile.
    this.network.deliver(this.localId, remote, () => {
      if (connection.closed || !this.network.signaling || !this.network.canLink(this.localId, remote)) return;
      this.network.peer(remote)?.offered(this.localId, connection);
    });
  }

  /** @internal A dial from `remote` arrived. */
  offered(remote: string, dialled: MemoryConnection): void {
    if (!this.events) return;
    const answer = new MemoryConnection(this, remote);
    answer.other = dialled;
    dialled.other = answer;
    if (!this.links.adopt(remote, answer, false)) return;
    // The answer goes back on the ordered pair first, ahead of anything this side sends once open.
    this.network.deliver(this.localId, remote, () => {
      const dialler = this.network.peer(remote);
      if (dialled.closed || !dialler) return;
      dialled.open = true;
      dialler.links.opened(this.localId, dialled);
    });
    answer.open = true;
    this.links.opened(remote, answer);
  }

  /** @internal */ connectionClosed(connection: MemoryConnection): void {
    this.links.closed(connection.remote, connection);
  }

  /** @internal The hub says signaling went down or came back. */
  signalingChanged(up: boolean): void {
    this.events?.problem(
      up ? 'signaling server is back' : 'lost the signaling server; reconnecting (open links keep working)',
    );
  }

  disconnect(remote: string): void {
    this.links.drop(remote);
  }

  send(remote: string, bytes: Uint8Array): boolean {
    const connection = this.links.get(remote);
    const other = connection?.other;
    if (!connection?.open || !other) return false;
    const copy = bytes.slice();
    this.network.deliver(this.localId, remote, () => {
      const receiver = this.network.peer(remote);
      if (!other.closed && receiver?.links.isCurrent(this.localId, other)) receiver.events?.message(this.localId, copy);
    });
    return true;
  }

  openLinks(): string[] {
    return this.links.openRemotes();
  }

  stop(): void {
    this.links.forgetAll();
    this.network.unregister(this.localId, this);
    this.events = undefined;
  }

  /** @internal The pair was blocked: the link closes on this side at once. */
  closeLink(remote: string): void {
    this.links.drop(remote);
  }
}
