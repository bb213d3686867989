/**
 * ICE restarts for PeerJS links (RFC 8445 §2.4: new ICE credentials, new
 * candidates, the same DTLS and SCTP association), so a link whose network
 * changed under it (a new public address, wifi to mobile) comes back without
 * being dialled again, and what was in flight on it is not lost.
 *
 * PeerJS 1.5.5 cannot renegotiate: its `OFFER` message always makes a new
 * connection (an offer for an existing connection id closes that one), and
 * it never offers again itself. What it does leave usable: the
 * RTCPeerConnection of each DataConnection (`peerConnection`), its own ICE
 * candidate trickle (`onicecandidate`, which PeerJS sends as `CANDIDATE` with
 * the connection id, and the other side's PeerJS adds with addIceCandidate
 * whatever their ICE credentials), and the PeerServer, which relays any
 * `OFFER`/`ANSWER`/`CANDIDATE` message with its payload untouched. So the
 * restart's offer and answer travel as `ANSWER` messages PeerJS ignores
 * (ice-restart-message.ts); the new candidates go by PeerJS's trickle
 * (restored if PeerJS switched it off after ICE completed). Only the side that dialled offers, so the two never offer
 * at once; it offers again while no answer came, since the other side's
 * signaling socket may be dead and re-registering: once afresh, then the
 * last offer again (its description now holds every candidate gathered). A
 * description that would change the remote DTLS fingerprint is refused: a
 * restart moves the path, never the peer.
 *
 * When to restart, retry, keep or give up a link in trouble is the pure
 * policy of ice-restart-policy.ts; the restart's signaling message is
 * ice-restart-message.ts. `IceRestarts` applies the policy to live
 * connections.
 */
import { KEEPALIVE_PRESUMED_MS, RESTART_FRESH_OFFERS, SILENT_MS, restartStep } from './ice-restart-policy.js';
import { type RestartPayload, sdpAttribute } from './ice-restart-message.js';

/** What IceRestarts needs of a PeerJS DataConnection. */
export interface RestartableConnection {
  readonly peer: string;
  readonly connectionId: string;
  readonly open: boolean;
  readonly peerConnection: RTCPeerConnection | null;
}

export interface IceRestartHost {
  /** Sends a restart message to `remote` over signaling (PeerServer `ANSWER`). */
  send(remote: string, payload: RestartPayload): void;
  /** The link could not be restarted in time: drop it, so the mesh dials again. */
  giveUp(connection: RestartableConnection): void;
  /** A link lost its path: the signaling socket may be dead too, find out now. */
  checkSignaling(): void;
  /** A description from `remote` was refused; for the log. */
  refused(remote: string, reason: string): void;
  /** What happened to the link with `remote` (an episode's start, offers, answer, end), for the transport's journal. */
  note?(remote: string, what: string): void;
}

interface Watch {
  readonly connection: RestartableConnection;
  readonly offerer: boolean;
  /** When anything last came in on it (or it was watched, or opened, or an episode of trouble ended). */
  heardMs: number;
  /** The remote keeps up the keep-alive: its silence means something. */
  keptAlive: boolean;
  /** When this page started the keep-alive on it (the remote presumed to keep it up too for a while). */
  keepAliveSinceMs: number | undefined;
  /** PeerJS's trickle handler, put back if PeerJS removed it (it does once ICE completes). */
  readonly trickle: RTCPeerConnection['onicecandidate'];
  troubleSinceMs: number | undefined;
  lastOfferMs: number | undefined;
  answeredMs: number | undefined;
  /** The remote ICE ufrag of the last restart offer answered (an offer sent again gets the same answer again). */
  answeredUfrag: string | undefined;
  /** Answered restarts of this episode tried again. */
  retries: number;
  /** Offers of this episode made afresh. */
  freshOffers: number;
}

/** How often a link in trouble is stepped (its offers resent, its answer awaited, given up). */
const TICK_MS = 100;

export class IceRestarts {
  private readonly watches = new Map<string, Watch>();
  /**
   * The next look at the links: every TICK_MS while one is in trouble, else
   * when the first could fall silent (a link whose remote keeps it alive,
   * SILENT_MS after it was last heard). A calm page used to wake ten times a
   * second to find nothing; now about once per SILENT_MS, and a link that
   * was heard meanwhile only moves the look on.
   */
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAtMs = Infinity;

  constructor(
    private readonly host: IceRestartHost,
    private readonly nowMs: () => number = () => Date.now(),
  ) {}

  /** Follows a connection's ICE state (PeerJS's `iceStateChanged`) from now on. */
  watch(connection: RestartableConnection, offerer: boolean): void {
    const trickle = connection.peerConnection?.onicecandidate ?? null;
    this.watches.set(connection.connectionId, {
      connection,
      offerer,
      heardMs: this.nowMs(),
      keptAlive: false,
      keepAliveSinceMs: undefined,
      trickle,
      troubleSinceMs: undefined,
      lastOfferMs: undefined,
      answeredMs: undefined,
      answeredUfrag: undefined,
      retries: 0,
      freshOffers: 0,
    });
    this.schedule();
  }

  forget(connection: RestartableConnection): void {
    this.watches.delete(connection.connectionId);
    if (this.watches.size === 0) this.stopTicking();
  }

  /** Something came in on the connection: it works, whatever was wrong is over. */
  heard(connection: RestartableConnection): void {
    const watch = this.watches.get(connection.connectionId);
    if (!watch) return;
    watch.heardMs = this.nowMs();
    if (watch.troubleSinceMs === undefined) return;
    this.host.note?.(connection.peer, 'heard again');
    watch.troubleSinceMs = undefined;
    watch.lastOfferMs = undefined;
    watch.answeredMs = undefined;
  }

  /** A keep-alive beat came in on the connection: it works, and from now on its silence is trouble. */
  keptAlive(connection: RestartableConnection): void {
    const watch = this.watches.get(connection.connectionId);
    if (!watch) return;
    if (!watch.keptAlive) {
      this.host.note?.(connection.peer, `first keep-alive on ${connection.connectionId}`);
      watch.keptAlive = true;
      this.heard(connection);
      this.schedule();
      return;
    }
    this.heard(connection);
  }

  /** This page started the keep-alive on the connection: until a beat proves it, its remote is presumed to keep it up too. */
  keepAliveStarted(connection: RestartableConnection): void {
    const watch = this.watches.get(connection.connectionId);
    if (!watch) return;
    watch.keepAliveSinceMs = this.nowMs();
    this.schedule();
  }

  /** The remote keeps the link alive: a beat came, or the keep-alive is young enough to presume it. */
  private alive(watch: Watch, nowMs: number): boolean {
    return (
      watch.keptAlive ||
      (watch.keepAliveSinceMs !== undefined && nowMs - watch.keepAliveSinceMs < KEEPALIVE_PRESUMED_MS)
    );
  }

  /** Whether some link is waiting for a restart. */
  get troubled(): boolean {
    return [...this.watches.values()].some((w) => w.troubleSinceMs !== undefined);
  }

  /** PeerJS's `iceStateChanged`: a path ICE calls disconnected (or failed) is trouble at once. */
  iceState(connection: RestartableConnection, state: RTCIceConnectionState): void {
    const watch = this.watches.get(connection.connectionId);
    if (!watch) return;
    this.host.note?.(connection.peer, `ice ${state}`);
    if (state === 'disconnected' || state === 'failed') this.trouble(watch, `ice ${state}`);
  }

  /** Only a link that was up, over an RTCPeerConnection, can be restarted; one still opening is the dial timeout's. */
  private trouble(watch: Watch, why: string): void {
    if (!watch.connection.open || !watch.connection.peerConnection || watch.troubleSinceMs !== undefined) return;
    this.host.note?.(watch.connection.peer, `trouble: ${why}`);
    watch.troubleSinceMs = this.nowMs();
    // An answer that came after an earlier episode ended belongs to that one.
    watch.lastOfferMs = undefined;
    watch.answeredMs = undefined;
    watch.retries = 0;
    watch.freshOffers = 0;
    this.host.checkSignaling();
    this.step(watch);
    this.schedule();
  }

  private tick(): void {
    this.timer = undefined;
    this.timerAtMs = Infinity;
    const now = this.nowMs();
    for (const watch of [...this.watches.values()]) {
      if (watch.troubleSinceMs !== undefined) this.step(watch);
      else if (this.alive(watch, now) && now - watch.heardMs >= SILENT_MS) this.trouble(watch, 'silent');
    }
    this.schedule();
  }

  /** Sets the next look (see `timer`) if none is due by then already. */
  private schedule(): void {
    const now = this.nowMs();
    let at = Infinity;
    for (const watch of this.watches.values()) {
      if (watch.troubleSinceMs !== undefined) at = Math.min(at, now + TICK_MS);
      // Only a link `trouble` would take: one closing under us (its close not yet heard) is not looked at again.
      else if (this.alive(watch, now) && watch.connection.open && watch.connection.peerConnection)
        at = Math.min(at, watch.heardMs + SILENT_MS);
    }
    // A look that is due already found nothing it could do: the next comes a tick later, never at once in a loop.
    if (at !== Infinity && at <= now) at = now + TICK_MS;
    if (at >= this.timerAtMs) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timerAtMs = at;
    this.timer = at === Infinity ? undefined : setTimeout(() => this.tick(), at - now);
  }

  /** Signaling is registered again: an offer waiting for an answer goes out at once. */
  signalingBack(): void {
    for (const watch of this.watches.values()) {
      if (watch.troubleSinceMs === undefined || !watch.offerer || watch.answeredMs !== undefined) continue;
      watch.lastOfferMs = undefined;
      this.step(watch);
    }
  }

  /** A restart message from `remote` (already read by readRestartPayload). */
  async receive(remote: string, payload: RestartPayload): Promise<void> {
    const watch = this.watches.get(payload.link);
    const pc = watch?.connection.peerConnection;
    if (!watch || !pc || watch.connection.peer !== remote) return;
    const current = pc.remoteDescription?.sdp ?? '';
    const fingerprint = sdpAttribute(payload.description.sdp, 'fingerprint');
    if (fingerprint === null || fingerprint !== sdpAttribute(current, 'fingerprint'))
      return this.host.refused(remote, 'an ICE restart that would change the DTLS fingerprint');
    try {
      if (payload.description.type === 'answer') {
        if (!watch.offerer || pc.signalingState !== 'have-local-offer') return;
        watch.answeredMs = this.nowMs();
        this.host.note?.(remote, 'answer in');
        await pc.setRemoteDescription(payload.description);
        return;
      }
      if (watch.offerer) return;
      const ufrag = sdpAttribute(payload.description.sdp, 'ice-ufrag');
      if (ufrag !== null && ufrag === watch.answeredUfrag && pc.signalingState === 'stable' && pc.localDescription) {
        this.answer(watch, pc.localDescription);
        return;
      }
      this.host.note?.(remote, 'offer in');
      if (watch.troubleSinceMs === undefined) {
        watch.troubleSinceMs = this.nowMs();
        this.schedule();
      }
      this.restoreTrickle(watch, pc);
      await pc.setRemoteDescription(payload.description);
      await pc.setLocalDescription(await pc.createAnswer());
      watch.answeredUfrag = ufrag ?? undefined;
      watch.answeredMs = this.nowMs();
      if (pc.localDescription) this.answer(watch, pc.localDescription);
    } catch (error) {
      this.host.refused(remote, `ICE restart: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  stop(): void {
    this.watches.clear();
    this.stopTicking();
  }

  private answer(watch: Watch, description: RTCSessionDescription): void {
    this.host.send(watch.connection.peer, {
      fairdeck: 'ice-restart',
      link: watch.connection.connectionId,
      description: { type: 'answer', sdp: description.sdp },
    });
  }

  private step(watch: Watch): void {
    if (watch.troubleSinceMs === undefined) return;
    const ice = watch.connection.peerConnection?.iceConnectionState;
    const step = restartStep(
      {
        troubleSinceMs: watch.troubleSinceMs,
        offerer: watch.offerer,
        lastOfferMs: watch.lastOfferMs,
        answeredMs: watch.answeredMs,
        iceConnected: ice === 'connected' || ice === 'completed',
        keptAlive: this.alive(watch, this.nowMs()),
        retries: watch.retries,
      },
      this.nowMs(),
    );
    if (step !== 'wait') this.host.note?.(watch.connection.peer, `${step} (ice ${ice ?? 'none'})`);
    if (step === 'give-up') {
      this.forget(watch.connection);
      this.host.giveUp(watch.connection);
    } else if (step === 'keep') {
      // ICE carries the link: the episode ends, and silence counts afresh from now. An offer still unanswered stays
      // the pending one; a later episode sends it again.
      watch.troubleSinceMs = undefined;
      watch.lastOfferMs = undefined;
      watch.answeredMs = undefined;
      watch.heardMs = this.nowMs();
    } else if (step === 'retry') {
      // A new episode of the same trouble: the dialling side offers fresh credentials at once, the other waits for them.
      watch.retries++;
      watch.freshOffers = 0;
      watch.troubleSinceMs = this.nowMs();
      watch.lastOfferMs = undefined;
      watch.answeredMs = undefined;
      this.step(watch);
    } else if (step === 'offer') {
      watch.lastOfferMs = this.nowMs();
      void this.offer(watch);
    }
  }

  private async offer(watch: Watch): Promise<void> {
    const pc = watch.connection.peerConnection;
    if (!pc) return;
    try {
      // A fresh offer with new ICE credentials, the first time and once more (RESTART_FRESH_OFFERS); later the last
      // one again, which by now holds every candidate gathered.
      const fresh = watch.freshOffers < RESTART_FRESH_OFFERS;
      if (fresh && pc.signalingState === 'have-local-offer') await pc.setLocalDescription({ type: 'rollback' });
      if (pc.signalingState === 'stable') {
        watch.freshOffers++;
        this.restoreTrickle(watch, pc);
        await pc.setLocalDescription(await pc.createOffer({ iceRestart: true }));
      }
      const offer = pc.localDescription;
      if (pc.signalingState !== 'have-local-offer' || !offer) return;
      this.host.send(watch.connection.peer, {
        fairdeck: 'ice-restart',
        link: watch.connection.connectionId,
        description: { type: 'offer', sdp: offer.sdp },
      });
    } catch (error) {
      this.host.refused(
        watch.connection.peer,
        `ICE restart: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private restoreTrickle(watch: Watch, pc: RTCPeerConnection): void {
    if (watch.trickle && pc.onicecandidate !== watch.trickle) pc.onicecandidate = watch.trickle;
  }

  private stopTicking(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAtMs = Infinity;
  }
}
