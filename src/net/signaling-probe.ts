/**
 * Is the signaling socket still alive? After a network change a WebSocket
 * can look open for minutes: its packets leave from a new address the server
 * does not know (or the router drops them), and no reset ever comes back.
 * PeerJS only finds out when its TCP connection times out. So when a link
 * loses its path, the transport sends itself a message through the PeerServer
 * (which relays any `CANDIDATE` to its destination, here our own id; PeerJS
 * ignores one whose payload has no `connectionId`); if it has not come back
 * within `PROBE_MS`, the socket is dead and the transport registers again at
 * once, so what the link's restart needs from signaling can flow.
 */

/** A live socket brings the probe back in a round trip to the server; a dead one never does. */
export const PROBE_MS = 700;

export interface ProbePayload {
  readonly fairdeck: 'probe';
  readonly nonce: string;
}

/** Whether a signaling payload is our probe coming back with this nonce. */
export function isProbeEcho(payload: unknown, nonce: string | undefined): boolean {
  if (nonce === undefined || typeof payload !== 'object' || payload === null) return false;
  const p = payload as Record<string, unknown>;
  return p.fairdeck === 'probe' && p.nonce === nonce && Object.keys(p).length === 2;
}

export class SignalingProbe {
  private nonce: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private count = 0;

  constructor(
    /** Sends the probe to our own id over signaling; false if there is no socket to send on. */
    private readonly send: (payload: ProbePayload) => boolean,
    /** The probe did not come back: the socket is dead. */
    private readonly dead: () => void,
    private readonly probeMs = PROBE_MS,
  ) {}

  /** Sends a probe unless one is out. */
  check(): void {
    if (this.timer !== undefined) return;
    const nonce = `${Date.now().toString(36)}-${(this.count++).toString(36)}`;
    if (!this.send({ fairdeck: 'probe', nonce })) return;
    this.nonce = nonce;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.nonce = undefined;
      this.dead();
    }, this.probeMs);
  }

  /** A signaling message arrived: if it is our probe, the socket lives. */
  received(type: unknown, payload: unknown): boolean {
    if (type !== 'CANDIDATE' || !isProbeEcho(payload, this.nonce)) return false;
    this.stop();
    return true;
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.nonce = undefined;
  }
}
