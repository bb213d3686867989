/**
 * A keep-alive under the application, so a link whose path died is told from
 * one whose application has nothing to say. Each open PeerJS link gets a
 * second data channel on its RTCPeerConnection, negotiated out of band: both
 * sides create it with the same SCTP stream id (`negotiated: true`), so no
 * offer, answer or DCEP message is needed (RFC 8831 lets a channel be set up
 * without DCEP). It is unordered and never retransmitted; each side sends one
 * byte on it every `KEEPALIVE_MS`. What comes in on it says the path carried
 * something just now: ice-restart.ts calls a link silent only when a remote
 * that keeps this up went quiet.
 *
 * A page without it (an older build) creates no channel with that id, and
 * its browser drops what arrives for a stream it has no channel on; its
 * links are simply never called silent.
 */

/** How often each side sends its keep-alive byte. */
export const KEEPALIVE_MS = 500;
/**
 * The SCTP stream id both sides give the channel. PeerJS's own channel is
 * the first one opened (stream 0 or 1, by DTLS role) and nothing else opens
 * channels, so this one is far from any id the browser assigns; Chromium
 * allows ids up to 1023.
 */
export const KEEPALIVE_STREAM_ID = 1001;
const BEAT = Uint8Array.of(1);

export interface KeepAliveEvents {
  /** A beat came from the other side. */
  heard(): void;
  /** The channel is open: this side's beats go out from now on. */
  opened?(): void;
  /** What became of the channel (refused, open, closed), for the transport's journal. */
  note?(what: string): void;
}

/**
 * Starts the keep-alive on an open connection: sends every `periodMs`, says
 * when its channel opened and each beat from the other side. Returns the
 * stop. A connection that refuses the channel (closed already) gets none:
 * nothing is sent, and the link is never called silent.
 */
export function startKeepAlive(pc: RTCPeerConnection, events: KeepAliveEvents, periodMs = KEEPALIVE_MS): () => void {
  const note = (what: string) => events.note?.(what);
  let channel: RTCDataChannel;
  try {
    channel = pc.createDataChannel('fairdeck-keepalive', {
      negotiated: true,
      id: KEEPALIVE_STREAM_ID,
      ordered: false,
      maxRetransmits: 0,
    });
  } catch (error) {
    note(`keep-alive refused: ${error instanceof Error ? error.message : String(error)}`);
    return () => {};
  }
  const opened = () => {
    note('keep-alive open');
    events.opened?.();
  };
  if (channel.readyState === 'open') opened();
  else channel.addEventListener('open', opened);
  channel.addEventListener('close', () => note('keep-alive closed'));
  channel.binaryType = 'arraybuffer';
  channel.addEventListener('message', () => events.heard());
  const beat = () => {
    if (channel.readyState !== 'open') return;
    try {
      channel.send(BEAT);
    } catch {
      // Closing under us: the link's own close ends this.
    }
  };
  const timer = setInterval(beat, periodMs);
  const stop = () => {
    clearInterval(timer);
    channel.close();
  };
  channel.addEventListener('close', () => clearInterval(timer));
  return stop;
}
