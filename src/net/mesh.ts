/**
 * The mesh: one table's signed conversation over a Transport. It signs what
 * this peer sends, gates everything that arrives (dropping a copy of bytes it
 * already accepted before any signature check, then `parseUnverified`,
 * signature, replay window and link binding (gate.ts), admission — each rejection logged
 * with a reason), floods relayed kinds as relay.ts decides, keeps each
 * peer's flooded presence (presence-book.ts), and measures liveness with an
 * unsigned keep-alive on links a signed `hello` has bound to a key (PeerJS's
 * `close` event is unreliable). On such a link it also carries the table
 * layer's unsigned `holds` frame (link-frames.ts): this peer's word that it
 * holds table events, named by signature (src/table/table-echo.ts) — a few
 * bytes where a copy of each event would cost the whole event. It knows
 * nothing of seats or games: the table layer tells it who is admitted
 * (`authorize`) and whom to keep links to (`want`); its options, timing and
 * handlers are the shapes of mesh-types.ts.
 */
import {
  encodeEnvelope,
  keyHex,
  MAX_ENVELOPE_BYTES,
  parseUnverified,
  signEnvelope,
  verifyEnvelope,
  type Envelope,
  type EnvelopeOf,
  type Signer,
} from './envelope.js';
import { originRefusal, ReplayWindow } from './gate.js';
import { type BodyOf, type Kind, RELAYED_KINDS } from './messages.js';
import { decodeHolds, encodeHolds, isHoldsFrame, isKeepAlive, KEEPALIVE } from './link-frames.js';
import { PresenceBook } from './presence-book.js';
import type { HoldsListener, MeshHandlers, MeshOptions, MeshTiming, Reachability } from './mesh-types.js';
import { Relay } from './relay.js';
import { SeenEnvelopes } from './seen.js';
import type { Transport } from './transport.js';
import { SignatureVerifier } from './verify.js';

export const DEFAULT_TIMING: MeshTiming = {
  heartbeatMs: 1500,
  linkDeadAfterMs: 6000,
  presenceMs: 3000,
  presenceFreshMs: 8000,
  reconnectMs: 2500,
};

interface PeerInfo {
  /** The remote's key, once its signed `hello` proved the link's peer id is derived from it. */
  key?: string;
  lastHeardMs: number;
  lastSentMs: number;
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
  private readonly verifier = new SignatureVerifier();
  private readonly seen = new SeenEnvelopes();
  private readonly replays = new ReplayWindow();
  private readonly presence: PresenceBook;
  /** The presence last announced as a change (presenceChanged). */
  private presenceShown = '';
  private readonly relay: Relay;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private readonly relayFilter: MeshOptions['relayFilter'];
  private holdsListener: HoldsListener = () => {};

  constructor(options: MeshOptions) {
    this.relayFilter = options.relayFilter;
    this.table = options.table;
    this.signer = options.signer;
    this.transport = options.transport;
    this.name = options.name;
    this.selfKey = keyHex(options.signer.publicKey);
    this.clockUs = options.clockUs ?? (() => Date.now() * 1000);
    this.nowMs = options.nowMs ?? (() => Date.now());
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.presence = new PresenceBook(this.timing.presenceFreshMs);
    this.relay = new Relay(this.presence, this.timing);
  }

  get peerId(): string {
    return this.transport.localId;
  }

  async start(handlers: MeshHandlers): Promise<void> {
    this.handlers = handlers;
    await this.transport.start({
      linkOpen: (remote) => {
        const now = this.nowMs();
        this.links.set(remote, { lastHeardMs: now, lastSentMs: now });
        this.sendDirect(remote, 'hello', { peerId: this.peerId, name: this.name });
        this.announcePresence();
        handlers.changed();
      },
      linkClosed: (remote) => {
        const info = this.links.get(remote);
        if (this.links.delete(remote)) this.announcePresence();
        this.redialLost(remote, info);
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
    this.handlers = undefined;
    this.links.clear();
    this.transport.stop();
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
    this.broadcast(envelope);
    return envelope;
  }

  /** Signs an envelope of ours without sending it (the caller persists it first, then broadcasts). */
  sign<K extends Kind>(kind: K, body: BodyOf<K>, to: Uint8Array | null = null): EnvelopeOf<K> {
    return signEnvelope(this.signer, { kind, table: this.table, seq: this.nextSeq(), to, body });
  }

  /**
   * Sends an already-signed envelope (ours, or a bot's hosted here) to everyone; `bytes`, when the caller
   * has them (the outbox stored them), must be its `encodeEnvelope`.
   */
  broadcast(envelope: EnvelopeOf<Kind>, bytes: Uint8Array = encodeEnvelope(envelope)): void {
    this.remember(envelope as Envelope, SeenEnvelopes.digest(bytes));
    this.forward(bytes, envelope, undefined);
  }

  /** Sends an already-signed envelope (someone's transcript event) on one link, unchanged. */
  resend(remote: string, envelope: EnvelopeOf<Kind>): boolean {
    if (this.relayFilter && !this.relayFilter(envelope as Envelope, remote)) return false;
    return this.sendOn(remote, encodeEnvelope(envelope));
  }

  /** Who hears `holds` frames (the table layer). */
  onHolds(listener: HoldsListener): void {
    this.holdsListener = listener;
  }

  /**
   * Tells the peer at `remote` that this peer holds these table events, by
   * signature (one frame per `MAX_HOLDS`); false if the link is not open or
   * not yet bound to the remote's key. A hostile relay's filter (tests) keeps
   * back its word as it keeps back a copy.
   */
  sendHolds(remote: string, events: readonly EnvelopeOf<'table-event'>[]): boolean {
    if (this.links.get(remote)?.key === undefined) return false;
    const filter = this.relayFilter;
    const frames = encodeHolds(
      (filter ? events.filter((e) => filter(e as Envelope, remote)) : events).map((e) => e.sig),
    );
    if (frames.length === 0) return false;
    let sent = true;
    for (const frame of frames) sent = this.sendOn(remote, frame) && sent;
    return sent;
  }

  /** Sends raw bytes on one link, unchecked: for tests that play a hostile peer. */
  sendRaw(remote: string, bytes: Uint8Array): boolean {
    return this.sendOn(remote, bytes);
  }

  reachability(key: string): Reachability {
    if (key === this.selfKey) return 'self';
    const now = this.nowMs();
    for (const info of this.links.values()) {
      if (info.key === key && now - info.lastHeardMs < this.timing.linkDeadAfterMs) return 'direct';
    }
    return this.presence.fresh(key, now) ? 'relayed' : 'offline';
  }

  openLinks(): string[] {
    return [...this.links.keys()];
  }

  nextSeq(): number {
    this.lastSeq = Math.max(this.lastSeq + 1, Math.floor(this.clockUs()));
    return this.lastSeq;
  }

  private sendOn(remote: string, bytes: Uint8Array): boolean {
    const link = this.links.get(remote);
    if (link) link.lastSentMs = this.nowMs();
    return this.transport.send(remote, bytes);
  }

  private sendDirect<K extends Kind>(remote: string, kind: K, body: BodyOf<K>): void {
    const envelope = signEnvelope(this.signer, { kind, table: this.table, seq: this.nextSeq(), to: null, body });
    this.sendOn(remote, encodeEnvelope(envelope));
  }

  private remember(envelope: Envelope, digest: string | undefined): void {
    const author = keyHex(envelope.from);
    this.seen.remember(envelope, digest);
    this.replays.note(author, envelope.seq);
  }

  private reject(remote: string, reason: string, author?: string): void {
    this.handlers?.rejected(author === undefined ? { via: remote, reason } : { via: remote, author, reason });
  }

  private receive(remote: string, bytes: Uint8Array): void {
    const handlers = this.handlers;
    if (!handlers) return;
    const link = this.links.get(remote);
    // Only a link bound to a key by its hello is kept alive by what it says.
    if (link?.key !== undefined) link.lastHeardMs = this.nowMs();
    if (isKeepAlive(bytes)) return;
    if (isHoldsFrame(bytes)) return this.receiveHolds(remote, bytes, link);
    // Bytes accepted before, bit for bit: their signature was checked then. A transcript
    // event seen before is handed up again (a fetch answer may repair an event the table
    // could not take the first time) but never forwarded twice.
    const digest =
      bytes instanceof Uint8Array && bytes.length <= MAX_ENVELOPE_BYTES ? SeenEnvelopes.digest(bytes) : undefined;
    const known = digest === undefined ? undefined : this.seen.acceptedBytes(digest);
    if (known) {
      if (known.kind === 'table-event' && !this.authorizer(known)) handlers.message(known, remote);
      return;
    }
    const parsed = parseUnverified(bytes, this.table);
    if (!parsed.ok) return this.reject(remote, parsed.error);
    const envelope = parsed.value;
    if (!verifyEnvelope(envelope, this.verifier)) return this.reject(remote, 'bad signature');
    const author = keyHex(envelope.from);
    // Another encoding of an envelope we have (same signature). Keyed by signature, not
    // (author, seq): two different envelopes under one seq must both reach the layer that
    // blames equivocation.
    if (this.seen.hasSignature(envelope)) {
      if (envelope.kind === 'table-event' && !this.authorizer(envelope)) handlers.message(envelope, remote);
      return;
    }
    const replayed = this.replays.refusal(envelope, author);
    if (replayed) return this.reject(remote, replayed, author);
    const wrongLink = originRefusal(envelope, author, this.table, { remote, open: !!link, key: link?.key });
    if (wrongLink) {
      this.reject(remote, wrongLink.reason, author);
      if (wrongLink.dropLink) this.dropLink(remote);
      return;
    }
    if (envelope.kind === 'hello' && link) {
      // originRefusal made sure it came over its author's own link.
      const bound = link.key !== author;
      link.key = author;
      link.lastHeardMs = this.nowMs();
      if (bound) handlers.changed();
    }
    const refusal = this.authorizer(envelope);
    if (refusal) return this.reject(remote, refusal, author);
    this.remember(envelope, digest);
    // Flooded presence can arrive out of order (an old copy by a longer path): keep the newest.
    if (envelope.kind === 'presence' && this.presence.note(author, envelope.seq, envelope.body, this.nowMs())) {
      for (const [to, owed] of this.relay.owed(this.links, this.nowMs())) this.sendOn(to, owed);
      this.presenceChanged();
    }
    if (RELAYED_KINDS.has(envelope.kind)) this.forward(bytes, envelope, remote);
    // A table event is the hand's public record: every page takes it whatever its `to` says (its author could
    // otherwise keep a signed event, a fault report say, on one page, where it would never take effect).
    if (envelope.to === null || envelope.kind === 'table-event' || keyHex(envelope.to) === this.selfKey)
      handlers.message(envelope, remote);
  }

  private receiveHolds(remote: string, bytes: Uint8Array, link: PeerInfo | undefined): void {
    if (link?.key === undefined) return this.reject(remote, 'holds frame on a link no signed hello has bound to a key');
    const sigs = decodeHolds(bytes);
    if (!sigs.ok) return this.reject(remote, sigs.error);
    this.holdsListener(sigs.value, remote);
  }

  private dropLink(remote: string): void {
    const info = this.links.get(remote);
    if (!this.links.delete(remote)) return;
    this.transport.disconnect(remote);
    this.announcePresence();
    this.redialLost(remote, info);
    this.handlers?.changed();
  }

  /** Peers heard of (fresh presence) that have no direct link to this one: they learn what it holds only from its signed word. */
  unlinkedPeers(): string[] {
    return this.presence.unlinked(this.selfKey, this.links, this.nowMs());
  }

  /**
   * A link that had proved its key (a signed hello) and died is dialled again
   * right away, not at the next reconnect tick: a network change costs no more
   * than it must. One that never proved a key waits for the tick, so a peer id
   * registered by an impostor is not dialled in a loop. Not from inside the
   * transport's event (a link replaced by the remote's new dial is reported
   * closed before the new one is in place): once it returns, and only if no
   * link came back meanwhile.
   */
  private redialLost(remote: string, info: PeerInfo | undefined): void {
    if (info?.key === undefined || !this.wanted.has(remote)) return;
    setTimeout(() => {
      if (this.handlers && this.wanted.has(remote) && !this.links.has(remote)) this.transport.connect(remote);
    }, 0);
  }

  /** Sends on the links relay.ts picks: see there for who gets a message and who does not. */
  private forward(bytes: Uint8Array, envelope: EnvelopeOf<Kind>, cameFrom: string | undefined): void {
    const to = this.relay.route(bytes, envelope, cameFrom, this.links, this.selfKey, this.nowMs(), this.relayFilter);
    for (const remote of to) this.sendOn(remote, bytes);
  }

  private heartbeat(): void {
    const now = this.nowMs();
    for (const [remote, info] of this.links) {
      if (now - info.lastHeardMs > this.timing.linkDeadAfterMs) {
        this.dropLink(remote);
        continue;
      }
      if (now - info.lastSentMs >= this.timing.heartbeatMs / 2) this.sendOn(remote, KEEPALIVE);
    }
    this.relay.expire(now);
    this.presenceChanged();
  }

  private announcePresence(): void {
    if (!this.handlers || this.links.size === 0) return;
    this.send('presence', { peerId: this.peerId, name: this.name, links: this.openLinks() });
  }

  /**
   * Says "changed" when what the peers' presence tells (who is fresh, under
   * which peer id, linked to whom) is not what it last said: every peer
   * repeats its presence every few seconds, and each repeat used to make
   * every page build its view again to show nothing new. Run on each new
   * presence and on the heartbeat, which sees a word go stale.
   */
  private presenceChanged(): void {
    const words = this.presence.freshWords(this.nowMs());
    if (words === this.presenceShown) return;
    this.presenceShown = words;
    this.handlers?.changed();
  }

  private reconnectWanted(): void {
    for (const id of this.wanted) if (!this.links.has(id)) this.transport.connect(id);
  }
}
