/**
 * The PeerJS transport: WebRTC data channels between browsers, introduced by
 * a PeerServer (the embedded one at `/peerjs` by default). Every link is
 * `reliable: true` (ordered, retransmitted) with PeerJS's binary serialization,
 * which chunks large messages (JSON over 16 KiB would fail). PeerJS's `close`
 * event is unreliable, so liveness is the mesh's heartbeat; this file turns
 * PeerJS events into TransportEvents and keeps the links sane around it: it
 * never dials while its signaling socket is down (PeerJS would drop the offer
 * without a word), drops a dial that has not opened within `DIAL_TIMEOUT_MS`
 * (the mesh dials again), settles crossed dials by `keepExistingLink`, and
 * rides out a signaling outage — one line when it is lost, one when it is back,
 * reconnection with backoff in between, open links untouched. A registration
 * the server never answers is given up (peerjs-register.ts) and tried again,
 * like an id still held. ICE servers
 * the browser refuses are left out and named (ice-config.ts); each connection
 * is watched for why it did not open and, once open, whether it runs through
 * a TURN relay (ice-watch.ts), for the `observer`; `setIceServers` changes
 * the servers of the connections made from then on (renewed credentials).
 * Each open link carries a keep-alive beside the application's data
 * (keep-alive.ts). A link whose path died (silent although the other side
 * keeps it alive, or ICE disconnected: a new address, another network) is
 * first restarted in place (ice-restart.ts), with the signaling socket
 * checked and, if dead or already lost, registered again at once (the
 * `journal` keeps each step, for whoever debugs a slow one); a link whose
 * ICE still has no path after that is dropped and the mesh dials again. A
 * link ICE carries is never dropped here, however quiet, nor while
 * signaling is down.
 */
import type { DataConnection, Peer, PeerError } from 'peerjs';
import { IceRestarts } from './ice-restart.js';
import { readRestartPayload } from './ice-restart-message.js';
import { startKeepAlive } from './keep-alive.js';
import { LinkBook } from './link-book.js';
import { registerPeer } from './peerjs-register.js';
import { SignalingProbe } from './signaling-probe.js';
import { DIAL_TIMEOUT_MS, reconnectDelayMs, type Transport, type TransportEvents } from './transport.js';
import { SignalingError, signalingUrl, type SignalingConfig } from './signaling.js';
import { checkIceServers, type RefusedIceServer } from './ice-config.js';
import { watchConnection, type LinkObserver } from './ice-watch.js';

export type { SignalingConfig } from './signaling.js';

export interface PeerJsTransportOptions {
  readonly signaling: SignalingConfig;
  /** A stable secret per identity, so a reloaded page reclaims its id at once. */
  readonly token: string;
  /** The name this page gives in its dials' metadata, so a page it cannot link to can say who tried. */
  readonly label?: string;
  /** Told why a connection did not open and how an open one travels (ice-watch.ts). */
  readonly observer?: LinkObserver;
}

const JOURNAL_SIZE = 100;
/** A link's data that resumes after this long a gap is noted in the journal. */
const DATA_GAP_NOTED_MS = 1000;
const ID_TAKEN_RETRIES = 15;
const ID_TAKEN_RETRY_MS = 2000;

export class PeerJsTransport implements Transport {
  private peer: Peer | undefined;
  private events: TransportEvents | undefined;
  /** The one open (or opening) connection per remote; crossed dials and dial timeouts are settled there. */
  private readonly links = new LinkBook<DataConnection>(this.localId, () => this.events, DIAL_TIMEOUT_MS);
  private stopped = false;
  /** When signaling was lost (ms since epoch), while it is. */
  private lostAt: number | undefined;
  private reconnectAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly reported = new Map<string, number>();
  /** The keep-alive of each open connection, by connection id: its stop. */
  private readonly keepAlives = new Map<string, () => void>();
  /** When each connection last carried bytes this page sent: its keep-alive need not beat meanwhile (keep-alive.ts). */
  private readonly sentAtMs = new WeakMap<DataConnection, number>();
  private readonly restarts = new IceRestarts({
    // PeerServer relays ANSWER with any payload; PeerJS ignores one without a connectionId (ice-restart.ts).
    send: (remote, payload) => this.peer?.socket.send({ type: 'ANSWER', dst: remote, payload }),
    giveUp: (connection) => this.links.closed(connection.peer, connection as DataConnection),
    checkSignaling: () => this.signalingNeeded(),
    refused: (remote, reason) => this.report(`${remote}: ${reason}`),
    note: (remote, what) => this.note(`${remote}: ${what}`),
  });
  /**
   * The last things that happened to this page's links and signaling socket,
   * each `<ms since epoch> <what>`: how a link rode out a network change, for
   * whoever debugs one that did not (the NAT lab's tests print it).
   */
  readonly journal: string[] = [];
  /** After a network change the signaling socket may be dead without a word: a probe to ourselves finds out. */
  private readonly probe = new SignalingProbe(
    (payload) => {
      const peer = this.peer;
      if (!peer || peer.destroyed || peer.disconnected) return false;
      peer.socket.send({ type: 'CANDIDATE', dst: this.localId, payload });
      return true;
    },
    // Dead: drop it; 'disconnected' registers again at once while a link waits (scheduleReconnect).
    () => {
      this.note('signaling probe unanswered');
      if (this.peer && !this.peer.destroyed && !this.peer.disconnected) this.peer.disconnect();
    },
  );
  /** PeerJS reads `config` on every new RTCPeerConnection: `setIceServers` changes it in place. */
  private readonly rtcConfig: RTCConfiguration = { iceServers: [] };
  private refusedIce: RefusedIceServer[] = [];

  constructor(
    readonly localId: string,
    private readonly options: PeerJsTransportOptions,
  ) {}

  /** `ws://host:port/path/` of the signaling server this transport uses. */
  get signalingUrl(): string {
    return signalingUrl(this.options.signaling);
  }

  async start(events: TransportEvents): Promise<void> {
    this.events = events;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.register();
        return;
      } catch (error) {
        const type = (error as PeerError<string>).type;
        const refusal = new SignalingError(
          this.options.signaling,
          typeof type === 'string' ? type : 'unknown',
          error instanceof Error ? error.message : String(error),
        );
        if (type !== 'unavailable-id' || attempt >= ID_TAKEN_RETRIES || this.stopped) throw refusal;
        // A reloaded page: the server still holds our old socket for a moment.
        if (attempt === 0) events.problem('peer id still held by the signaling server (a reloaded page); retrying');
        await new Promise((resolve) => setTimeout(resolve, ID_TAKEN_RETRY_MS));
        // Stopped while waiting: no new Peer (it would register an id nobody destroys).
        if (this.stopped) throw refusal;
      }
    }
  }

  private register(): Promise<void> {
    const { signaling, token } = this.options;
    this.setIceServers(signaling.iceServers);
    return registerPeer(this.localId, signaling, token, this.rtcConfig, {
      created: (peer) => (this.peer = peer),
      socketMessage: (message) => {
        if (this.probe.received(message.type, message.payload)) return;
        const restart = message.type === 'ANSWER' ? readRestartPayload(message.payload) : null;
        if (restart && typeof message.src === 'string') void this.restarts.receive(message.src, restart);
      },
      connection: (connection) => this.adopt(connection, false),
      registeredAgain: () => {
        this.note('signaling registered again');
        this.probe.stop();
        this.signalingBack();
        this.restarts.signalingBack();
      },
      lost: () => {
        if (!this.stopped) this.signalingLost();
      },
      error: (error) => {
        if (error.type === 'peer-unavailable') {
          const remote = /peer (\S+)$/.exec(error.message)?.[1];
          if (remote && this.links.get(remote)?.open === false) {
            this.links.drop(remote);
            this.options.observer?.linkFailed(remote, {
              cause: 'unserved',
              detail: 'the signaling server knows no page by that id: it is not open',
              incoming: false,
              label: null,
            });
          }
          return;
        }
        this.report(`${error.type}: ${error.message}`);
      },
    });
  }

  private signalingLost(): void {
    this.note('signaling lost');
    this.probe.stop();
    if (this.lostAt === undefined) {
      this.lostAt = Date.now();
      this.reconnectAttempt = 0;
      this.events?.problem(`lost the signaling server ${this.signalingUrl}; reconnecting (open links keep working)`);
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== undefined || this.stopped) return;
    // Lost with a link in trouble: the network changed, and the link's restart needs signaling now.
    const delay = this.restarts.troubled && this.reconnectAttempt === 0 ? 0 : reconnectDelayMs(this.reconnectAttempt);
    this.reconnectAttempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      const peer = this.peer;
      if (this.stopped || !peer || peer.destroyed || !peer.disconnected) return;
      try {
        this.note(`signaling: registering again (try ${this.reconnectAttempt})`);
        peer.reconnect();
      } catch {
        this.scheduleReconnect();
      }
    }, delay);
  }

  /**
   * A link lost its path, and its restart needs signaling now: a socket that
   * looks open is probed; one already lost, waiting out its first back-off, is
   * registered again at once (a network change often closes it a moment before
   * the link falls silent).
   */
  private signalingNeeded(): void {
    const peer = this.peer;
    if (!peer || peer.destroyed || this.stopped) return;
    if (!peer.disconnected) return this.probe.check();
    if (this.reconnectTimer === undefined || this.reconnectAttempt > 1) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.reconnectAttempt = 0;
    this.scheduleReconnect();
  }

  private signalingBack(): void {
    if (this.lostAt === undefined) return;
    const seconds = Math.round((Date.now() - this.lostAt) / 1000);
    this.lostAt = undefined;
    this.reconnectAttempt = 0;
    this.events?.problem(`signaling server ${this.signalingUrl} is back after ${seconds} s`);
  }

  private note(what: string): void {
    this.journal.push(`${Date.now()} ${what}`);
    if (this.journal.length > JOURNAL_SIZE) this.journal.shift();
  }

  /** The same problem at most once a minute: a flapping network must not flood the log. */
  private report(text: string): void {
    const now = Date.now();
    if (now - (this.reported.get(text) ?? -Infinity) < 60_000) return;
    this.reported.set(text, now);
    this.events?.problem(text);
  }

  connect(remote: string): void {
    const peer = this.peer;
    // While the socket is down or still reconnecting, PeerJS would drop the offer silently.
    if (!peer || this.stopped || !peer.open || peer.disconnected || remote === this.localId || this.links.has(remote))
      return;
    const label = this.options.label;
    let connection: DataConnection | undefined;
    try {
      connection = peer.connect(remote, {
        reliable: true,
        serialization: 'binary',
        ...(label ? { metadata: { name: label } } : {}),
      }) as DataConnection | undefined;
    } catch (error) {
      // RTCPeerConnection's constructor refused the configuration (checkIceServers missed it).
      const reason = error instanceof Error ? error.message : String(error);
      this.options.observer?.linkFailed(remote, {
        cause: 'relay-refused',
        detail: `the browser refused the ICE servers: ${reason}`,
        incoming: false,
        label: null,
      });
      this.report(`could not dial ${remote}: ${reason}`);
      return;
    }
    if (connection) this.adopt(connection, true);
  }

  /** The ICE servers for connections made from now on; those the browser refuses are left out and named. */
  setIceServers(servers: readonly RTCIceServer[]): void {
    const checked = checkIceServers(servers);
    this.rtcConfig.iceServers = checked.usable;
    this.refusedIce = checked.refused;
    for (const { url, reason } of checked.refused)
      this.report(`ICE server ${url} left out: the browser refused it (${reason})`);
  }

  private adopt(connection: DataConnection, startedByUs: boolean): void {
    const remote = connection.peer;
    if (!this.links.adopt(remote, connection, startedByUs)) return;
    const observer = this.options.observer;
    if (observer) watchConnection(connection, { remote, incoming: !startedByUs, observer, refused: this.refusedIce });
    /** When data last came in on the connection (none yet: -Infinity); its keep-alive beats while nothing does. */
    let dataHeardMs = -Infinity;
    connection.on('open', () => {
      this.note(`${remote}: open ${connection.connectionId} (${startedByUs ? 'we dialled' : 'they dialled'})`);
      this.links.opened(remote, connection);
      this.restarts.heard(connection);
      const pc = connection.peerConnection;
      if (pc && !this.keepAlives.has(connection.connectionId))
        this.keepAlives.set(
          connection.connectionId,
          startKeepAlive(pc, {
            heard: () => this.restarts.keptAlive(connection),
            opened: () => this.restarts.keepAliveStarted(connection),
            note: (what) => this.note(`${remote}: ${what} on ${connection.connectionId}`),
            lastSentMs: () => this.sentAtMs.get(connection) ?? -Infinity,
            lastHeardMs: () => dataHeardMs,
          }),
        );
    });
    this.restarts.watch(connection, startedByUs);
    connection.on('iceStateChanged', (state) => this.restarts.iceState(connection, state));
    let lastDataMs = Date.now();
    connection.on('data', (data) => {
      const now = Date.now();
      if (now - lastDataMs >= DATA_GAP_NOTED_MS) this.note(`${remote}: data again after ${now - lastDataMs} ms`);
      lastDataMs = now;
      dataHeardMs = now;
      this.restarts.heard(connection);
      if (!this.links.isCurrent(remote, connection)) return;
      const bytes = toBytes(data);
      if (bytes) this.events?.message(remote, bytes);
      else this.report(`non-binary data from ${remote} ignored`);
    });
    const closed = (why: string) => {
      this.note(`${remote}: closed ${connection.connectionId} (${why})`);
      this.keepAlives.get(connection.connectionId)?.();
      this.keepAlives.delete(connection.connectionId);
      this.restarts.forget(connection);
      this.links.closed(remote, connection);
    };
    connection.on('close', () => closed('close'));
    connection.on('error', (error: { type?: unknown; message?: unknown }) =>
      closed(`error ${String(error?.type)}: ${String(error?.message)}`),
    );
  }

  disconnect(remote: string): void {
    if (this.links.has(remote)) this.note(`${remote}: dropped by the mesh`);
    this.links.drop(remote);
  }

  send(remote: string, bytes: Uint8Array): boolean {
    const connection = this.links.get(remote);
    if (!connection?.open) return false;
    void connection.send(bytes);
    this.sentAtMs.set(connection, Date.now());
    return true;
  }

  openLinks(): string[] {
    return this.links.openRemotes();
  }

  stop(): void {
    this.stopped = true;
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.restarts.stop();
    for (const stop of this.keepAlives.values()) stop();
    this.keepAlives.clear();
    this.probe.stop();
    this.links.forgetAll();
    this.peer?.destroy();
  }
}

function toBytes(data: unknown): Uint8Array | undefined {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}
