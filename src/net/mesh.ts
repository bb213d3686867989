/**
 * The mesh: one table's signed conversation over a Transport. It signs what
 * this peer sends, gates everything that arrives (dropping a copy of bytes it
 * already accepted before any signature check, then `parseUnverified`,
 * signature, replay window, link binding, admission — each rejection logged
 * with a reason), floods relayed kinds so that two peers that cannot link
 * directly still hear each other through any third (but not to a peer the
 * author reaches itself), and measures liveness with an unsigned keep-alive
 * on links a signed `hello` has bound to a key (PeerJS's `close` event is
 * unreliable). On such a link it also carries the table layer's unsigned
 * `holds` frame: this peer's word that it holds table events, named by
 * signature (src/table/table-echo.ts) — a few bytes where a copy of each
 * event would cost the whole event. It knows nothing of seats or games: the
 * table layer tells it who is admitted (`authorize`) and whom to keep links
 * to (`want`).
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
import { type BodyOf, type Kind, RELAYED_KINDS, REPLAY_CHECKED_KINDS } from './messages.js';
import { peerIdFor } from './peer-id.js';
import { SeenEnvelopes } from './seen.js';
import type { Transport } from './transport.js';
import { SignatureVerifier } from './verify.js';

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

export const DEFAULT_TIMING: MeshTiming = {
  heartbeatMs: 1500,
  linkDeadAfterMs: 6000,
  presenceMs: 3000,
  presenceFreshMs: 8000,
  reconnectMs: 2500,
};
/** How far back (in µs of the author's clock) a flooded message may arrive late. */
export const REORDER_WINDOW_US = 30_000_000;
/**
 * The keep-alive frame: one zero byte, unsigned. It can never be an envelope
 * (those are CBOR maps), and it only counts on a link whose remote has proved
 * its key with a signed `hello` (WebRTC's DTLS keeps the link itself from
 * being hijacked), so it needs no signature.
 */
export const KEEPALIVE = Uint8Array.of(0);
/**
 * The `holds` frame: this byte, then one or more 64-byte event signatures
 * (at most `MAX_HOLDS`). Like the keep-alive it is never an envelope and
 * counts only on a link bound to a key by a signed `hello`: it is that
 * link's peer's word, as a copy of the event sent over the same link would
 * be, for the price of its signature.
 */
export const HOLDS_TAG = 1;
export const MAX_HOLDS = 256;
const SIG_BYTES = 64;
const SKIPPED_LIMIT = 1024;

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
  readonly relayFilter?: (envelope: Envelope, remote: string) => boolean;
}

/** Receives a `holds` frame: the peer at `via` holds the events with these signatures. */
export type HoldsListener = (sigs: Uint8Array[], via: string) => void;

export interface MeshHandlers {
  /** A verified, admitted, first-seen envelope (or a transcript event seen before: see `receive`). */
  message(envelope: Envelope, via: string): void;
  /** Something arrived and was dropped; the reason is for the log. */
  rejected(rejection: Rejection): void;
  /** Links or reachability changed; re-read `reachability`. */
  changed(): void;
  problem(description: string): void;
}

interface PeerInfo {
  /** The remote's key, once its signed `hello` proved the link's peer id is derived from it. */
  key?: string;
  lastHeardMs: number;
  lastSentMs: number;
}

/** A flooded message not passed on to some links because its author reaches them itself. */
interface Skipped {
  readonly atMs: number;
  readonly author: string;
  readonly bytes: Uint8Array;
  readonly remotes: Set<string>;
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
  private readonly highestSeq = new Map<string, number>();
  /** key hex → when last heard of, and whom it reaches directly. */
  private readonly presence = new Map<string, { atMs: number; seq: number; peerId: string; links: string[] }>();
  private skipped: Skipped[] = [];
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

  /** Sends an already-signed envelope (ours, or a bot's hosted here) to everyone. */
  broadcast(envelope: EnvelopeOf<Kind>): void {
    const bytes = encodeEnvelope(envelope);
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
    const sigs = (filter ? events.filter((e) => filter(e as Envelope, remote)) : events).map((e) => e.sig);
    if (sigs.length === 0) return false;
    let sent = true;
    for (let i = 0; i < sigs.length; i += MAX_HOLDS) {
      const part = sigs.slice(i, i + MAX_HOLDS);
      const frame = new Uint8Array(1 + part.length * SIG_BYTES);
      frame[0] = HOLDS_TAG;
      part.forEach((sig, j) => frame.set(sig, 1 + j * SIG_BYTES));
      sent = this.sendOn(remote, frame) && sent;
    }
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
    this.highestSeq.set(author, Math.max(this.highestSeq.get(author) ?? 0, envelope.seq));
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
    if (bytes.length === KEEPALIVE.length && bytes[0] === KEEPALIVE[0]) return;
    if (bytes.length > 0 && bytes[0] === HOLDS_TAG) return this.receiveHolds(remote, bytes, link);
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
    if (
      REPLAY_CHECKED_KINDS.has(envelope.kind) &&
      envelope.seq + REORDER_WINDOW_US < (this.highestSeq.get(author) ?? 0)
    ) {
      return this.reject(remote, `replayed: seq ${envelope.seq} is older than this author's recent messages`, author);
    }
    const relayed = RELAYED_KINDS.has(envelope.kind);
    if (!relayed && envelope.kind !== 'hello' && link?.key !== author) {
      return this.reject(remote, `${envelope.kind} must come over the author's own link`, author);
    }
    if (envelope.kind === 'hello' || envelope.kind === 'presence' || envelope.kind === 'join') {
      const owned = peerIdFor(this.table, author);
      if (envelope.body.peerId !== owned) {
        this.reject(
          remote,
          `${envelope.kind} names peer id ${envelope.body.peerId}, but key ${author.slice(0, 16)}… owns ${owned}`,
          author,
        );
        if (envelope.kind === 'hello') this.dropLink(remote);
        return;
      }
    }
    if (envelope.kind === 'hello') {
      if (!link || remote !== envelope.body.peerId) {
        this.reject(remote, `hello from ${envelope.body.peerId} came over the link of ${remote}: not its own`, author);
        this.dropLink(remote);
        return;
      }
      link.key = author;
      link.lastHeardMs = this.nowMs();
    }
    const refusal = this.authorizer(envelope);
    if (refusal) return this.reject(remote, refusal, author);
    this.remember(envelope, digest);
    // Flooded presence can arrive out of order (an old copy by a longer path): keep the newest.
    if (envelope.kind === 'presence' && envelope.seq > (this.presence.get(author)?.seq ?? -1)) {
      this.presence.set(author, {
        atMs: this.nowMs(),
        seq: envelope.seq,
        peerId: envelope.body.peerId,
        links: envelope.body.links,
      });
      this.catchUp();
      handlers.changed();
    }
    if (relayed) this.forward(bytes, envelope, remote);
    // A table event is the hand's public record: every page takes it whatever its `to` says (its author could
    // otherwise keep a signed event, a fault report say, on one page, where it would never take effect).
    if (envelope.to === null || envelope.kind === 'table-event' || keyHex(envelope.to) === this.selfKey)
      handlers.message(envelope, remote);
  }

  private receiveHolds(remote: string, bytes: Uint8Array, link: PeerInfo | undefined): void {
    if (link?.key === undefined) return this.reject(remote, 'holds frame on a link no signed hello has bound to a key');
    const count = (bytes.length - 1) / SIG_BYTES;
    if (!Number.isInteger(count) || count < 1 || count > MAX_HOLDS)
      return this.reject(remote, `holds frame of ${bytes.length} bytes: not 1 + 64 × (1 to ${MAX_HOLDS})`);
    const sigs: Uint8Array[] = [];
    for (let i = 0; i < count; i++) sigs.push(bytes.slice(1 + i * SIG_BYTES, 1 + (i + 1) * SIG_BYTES));
    this.holdsListener(sigs, remote);
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
    const now = this.nowMs();
    const out: string[] = [];
    for (const [key, heard] of this.presence) {
      if (key === this.selfKey || now - heard.atMs >= this.timing.presenceFreshMs) continue;
      if (!this.links.has(heard.peerId)) out.push(heard.peerId);
    }
    return out;
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

  /**
   * Floods to every link but the one it came from and the author's own. A
   * message that came straight from its author is not passed to a peer the
   * author also links to (it sent it there itself) — by both sides' fresh
   * presence, which each peer also sends the moment its links change, ahead
   * of anything else on the same ordered links; if that link turns out to
   * have been dead already, `catchUp` sends it after all. A
   * message that came over a relay goes on to everyone else. A message for one
   * key goes straight to it if linked — but a table event goes to everyone
   * whatever its `to` says: it is the hand's public record.
   */
  private forward(bytes: Uint8Array, envelope: EnvelopeOf<Kind>, cameFrom: string | undefined): void {
    if (envelope.to && envelope.kind !== 'table-event') {
      const target = keyHex(envelope.to);
      if (target === this.selfKey) return;
      for (const [remote, info] of this.links) {
        if (info.key === target) {
          this.sendOn(remote, bytes);
          return;
        }
      }
    }
    const author = keyHex(envelope.from);
    const fromAuthor = cameFrom !== undefined && this.links.get(cameFrom)?.key === author;
    const skipped = new Set<string>();
    for (const [remote, info] of this.links) {
      if (remote === cameFrom || info.key === author) continue;
      if (cameFrom !== undefined && this.relayFilter && !this.relayFilter(envelope as Envelope, remote)) continue;
      if (fromAuthor && this.linkedToAuthor(author, remote)) skipped.add(remote);
      else this.sendOn(remote, bytes);
    }
    if (skipped.size > 0) {
      this.skipped.push({ atMs: this.nowMs(), author, bytes, remotes: skipped });
      if (this.skipped.length > SKIPPED_LIMIT) this.skipped.shift();
    }
  }

  /** Both the author and `remote` said (in fresh presence) that they link to each other. */
  private linkedToAuthor(author: string, remote: string): boolean {
    const now = this.nowMs();
    const fresh = (key: string | undefined) => {
      const heard = key === undefined ? undefined : this.presence.get(key);
      return heard && now - heard.atMs < this.timing.presenceFreshMs ? heard : undefined;
    };
    const authorSays = fresh(author);
    const remoteSays = fresh(this.links.get(remote)?.key);
    return (
      !!authorSays && !!remoteSays && authorSays.links.includes(remote) && remoteSays.links.includes(authorSays.peerId)
    );
  }

  /** Sends skipped messages to peers that (by newer presence) no longer link to their author. */
  private catchUp(): void {
    for (const record of this.skipped) {
      for (const remote of record.remotes) {
        if (this.linkedToAuthor(record.author, remote)) continue;
        record.remotes.delete(remote);
        if (this.links.has(remote)) this.sendOn(remote, record.bytes);
      }
    }
    this.skipped = this.skipped.filter((record) => record.remotes.size > 0);
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
    // A skipped message is owed to a peer only until the link it relied on would have been declared dead and said so.
    const keepMs = this.timing.linkDeadAfterMs + 2 * this.timing.presenceMs;
    this.skipped = this.skipped.filter((record) => now - record.atMs < keepMs);
  }

  private announcePresence(): void {
    if (!this.handlers || this.links.size === 0) return;
    this.send('presence', { peerId: this.peerId, name: this.name, links: this.openLinks() });
    this.handlers?.changed();
  }

  private reconnectWanted(): void {
    for (const id of this.wanted) if (!this.links.has(id)) this.transport.connect(id);
  }
}
