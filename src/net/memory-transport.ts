/**
 * The in-memory transport: a hub that links transports in one process, used
 * by tests, simulations and bots. Like WebRTC data channels with
 * `reliable: true`, each link delivers in order; different links may reorder
 * relative to each other (each pair has its own delay). Faults are injected on
 * the hub: `setDelay` (one-way, per direction), `blockPair` (two peers that
 * cannot connect directly, as behind symmetric NATs), and `dropPeer` (a peer
 * that vanishes without closing anything, like a closed laptop lid).
 */
import type { Transport, TransportEvents } from './transport.js';

type Direction = `${string}>${string}`;

export class MemoryNetwork {
  private readonly transports = new Map<string, MemoryTransport>();
  private readonly delays = new Map<Direction, number>();
  private readonly blocked = new Set<string>();
  private readonly dropped = new Set<string>();
  private readonly lastDelivery = new Map<Direction, number>();
  defaultDelayMs: number;

  constructor(options: { defaultDelayMs?: number } = {}) {
    this.defaultDelayMs = options.defaultDelayMs ?? 0;
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

  /** @internal */ register(transport: MemoryTransport): void {
    this.dropped.delete(transport.localId);
    this.transports.set(transport.localId, transport);
  }
  /** @internal */ unregister(id: string): void {
    this.transports.delete(id);
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
    setTimeout(() => {
      if (!this.dropped.has(from) && !this.dropped.has(to)) run();
    }, Math.max(0, at - now));
  }
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export class MemoryTransport implements Transport {
  private events: TransportEvents | undefined;
  private readonly links = new Set<string>();

  constructor(
    private readonly network: MemoryNetwork,
    readonly localId: string,
  ) {}

  async start(events: TransportEvents): Promise<void> {
    if (this.network.peer(this.localId)) {
      events.problem(`peer id ${this.localId} is taken`);
      throw new Error(`peer id ${this.localId} is taken`);
    }
    this.events = events;
    this.network.register(this);
  }

  connect(remote: string): void {
    if (this.links.has(remote) || remote === this.localId) return;
    const other = this.network.peer(remote);
    if (!other || !this.network.canLink(this.localId, remote)) {
      this.network.deliver(this.localId, this.localId, () => this.events?.linkClosed(remote));
      return;
    }
    // Both ends learn of the link after one round of the delay, like an ICE exchange.
    this.network.deliver(this.localId, remote, () => {
      if (!this.network.canLink(this.localId, remote)) return;
      // Queue our side's "open" before anything the other side sends on the new link.
      this.network.deliver(remote, this.localId, () => this.acceptLink(remote));
      other.acceptLink(this.localId);
    });
  }

  disconnect(remote: string): void {
    if (!this.links.has(remote)) return;
    this.closeLink(remote);
    const other = this.network.peer(remote);
    this.network.deliver(this.localId, remote, () => other?.closeLink(this.localId));
  }

  send(remote: string, bytes: Uint8Array): boolean {
    if (!this.links.has(remote)) return false;
    const other = this.network.peer(remote);
    if (!other) return false;
    const copy = bytes.slice();
    this.network.deliver(this.localId, remote, () => other.receive(this.localId, copy));
    return true;
  }

  openLinks(): string[] {
    return [...this.links];
  }

  stop(): void {
    for (const remote of [...this.links]) this.disconnect(remote);
    this.network.unregister(this.localId);
    this.events = undefined;
  }

  /** @internal */ acceptLink(remote: string): void {
    if (this.links.has(remote) || !this.events) return;
    this.links.add(remote);
    this.events.linkOpen(remote);
  }
  /** @internal */ closeLink(remote: string): void {
    if (!this.links.delete(remote)) return;
    this.events?.linkClosed(remote);
  }
  /** @internal */ receive(remote: string, bytes: Uint8Array): void {
    if (this.links.has(remote)) this.events?.message(remote, bytes);
  }
}
