/**
 * The PeerJS transport: WebRTC data channels between browsers, introduced by
 * a PeerServer (the embedded one at `/peerjs` by default). Every link is
 * `reliable: true` (ordered, retransmitted) with PeerJS's binary serialization,
 * which chunks large messages (JSON over 16 KiB would fail). PeerJS's `close`
 * event is unreliable, so liveness is the mesh's heartbeat, not this file's
 * business; this file only turns PeerJS events into TransportEvents.
 */
import { Peer, type DataConnection, type PeerError } from 'peerjs';
import { keepLinkStartedBy, type Transport, type TransportEvents } from './transport.js';

export interface SignalingConfig {
  /** Host of the PeerServer; '/' means this page's own origin. */
  readonly host: string;
  readonly port: number;
  readonly path: string;
  readonly secure: boolean;
  readonly iceServers: RTCIceServer[];
}

export interface PeerJsTransportOptions {
  readonly signaling: SignalingConfig;
  /** A stable secret per identity, so a reloaded page reclaims its id at once. */
  readonly token: string;
}

const ID_TAKEN_RETRIES = 15;
const ID_TAKEN_RETRY_MS = 2000;

export class PeerJsTransport implements Transport {
  private peer: Peer | undefined;
  private events: TransportEvents | undefined;
  /** The one open (or opening) connection per remote. */
  private readonly links = new Map<string, DataConnection>();
  /** Connections this side opened (as opposed to accepted). */
  private readonly dialled = new WeakSet<DataConnection>();
  private stopped = false;

  constructor(
    readonly localId: string,
    private readonly options: PeerJsTransportOptions,
  ) {}

  async start(events: TransportEvents): Promise<void> {
    this.events = events;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.register();
        return;
      } catch (error) {
        const type = (error as PeerError<string>).type;
        if (type !== 'unavailable-id' || attempt >= ID_TAKEN_RETRIES || this.stopped) throw error;
        // A reloaded page: the server still holds our old socket for a moment.
        events.problem(`peer id still held by the signaling server, retrying (${attempt + 1})`);
        await new Promise((resolve) => setTimeout(resolve, ID_TAKEN_RETRY_MS));
      }
    }
  }

  private register(): Promise<void> {
    const { signaling, token } = this.options;
    const host = signaling.host === '/' ? location.hostname : signaling.host;
    const peer = new Peer(this.localId, {
      host,
      port: signaling.port,
      path: signaling.path,
      secure: signaling.secure,
      token,
      debug: 1,
      config: { iceServers: signaling.iceServers },
    });
    this.peer = peer;
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      peer.on('open', () => {
        opened = true;
        resolve();
      });
      peer.on('connection', (connection) => this.adopt(connection));
      peer.on('disconnected', () => {
        if (this.stopped || peer.destroyed) return;
        this.events?.problem('lost the signaling server; reconnecting (open links keep working)');
        setTimeout(() => {
          if (!this.stopped && !peer.destroyed && peer.disconnected) peer.reconnect();
        }, 1000);
      });
      peer.on('error', (error) => {
        if (!opened) {
          peer.destroy();
          reject(error);
          return;
        }
        if (error.type === 'peer-unavailable') {
          const remote = /peer (\S+)$/.exec(error.message)?.[1];
          if (remote && this.links.get(remote)?.open === false) this.dropLink(remote);
          return;
        }
        this.events?.problem(`${error.type}: ${error.message}`);
      });
    });
  }

  connect(remote: string): void {
    if (!this.peer || this.stopped || remote === this.localId || this.links.has(remote)) return;
    const connection = this.peer.connect(remote, { reliable: true, serialization: 'binary' });
    this.dialled.add(connection);
    this.adopt(connection);
  }

  private adopt(connection: DataConnection): void {
    const remote = connection.peer;
    const existing = this.links.get(remote);
    if (existing && existing !== connection) {
      // Both sides dialled at once: keep the link started by the smaller id.
      const weKeepOurs = keepLinkStartedBy(this.localId, remote) === this.localId;
      const keepExisting = this.dialled.has(existing) === weKeepOurs;
      if (keepExisting) {
        connection.close();
        return;
      }
      this.links.delete(remote);
      existing.close();
    }
    this.links.set(remote, connection);
    connection.on('open', () => {
      if (this.links.get(remote) === connection) this.events?.linkOpen(remote);
    });
    connection.on('data', (data) => {
      if (this.links.get(remote) !== connection) return;
      const bytes = toBytes(data);
      if (bytes) this.events?.message(remote, bytes);
      else this.events?.problem(`non-binary data from ${remote} ignored`);
    });
    const closed = () => {
      if (this.links.get(remote) === connection) this.dropLink(remote);
    };
    connection.on('close', closed);
    connection.on('error', closed);
  }

  private dropLink(remote: string): void {
    const connection = this.links.get(remote);
    this.links.delete(remote);
    connection?.close();
    this.events?.linkClosed(remote);
  }

  disconnect(remote: string): void {
    if (this.links.has(remote)) this.dropLink(remote);
  }

  send(remote: string, bytes: Uint8Array): boolean {
    const connection = this.links.get(remote);
    if (!connection?.open) return false;
    void connection.send(bytes);
    return true;
  }

  openLinks(): string[] {
    return [...this.links].filter(([, c]) => c.open).map(([remote]) => remote);
  }

  stop(): void {
    this.stopped = true;
    for (const connection of this.links.values()) connection.close();
    this.links.clear();
    this.peer?.destroy();
  }
}

function toBytes(data: unknown): Uint8Array | undefined {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}
