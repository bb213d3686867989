/**
 * A keep-alive under the application, so a link whose path died is told from
 * one whose application has nothing to say. Each open PeerJS link gets a
 * second data channel on its RTCPeerConnection, negotiated out of band: both
 * sides create it with the same SCTP stream id (`negotiated: true`), so no
 * offer, answer or DCEP message is needed (RFC 8831 lets a channel be set up
 * without DCEP). It is unordered and never retransmitted; each side sends one
 * byte on it every `KEEPALIVE_MS`. While the link carries the application's
 * data both ways, a beat is not needed: the other side counts that data as
 * heard too (ice-restart.ts), so a side that sent data within the last half
 * period, and heard something within the last one and a half, leaves its
 * beat out. Only while it hears: on a path that died, data sent into it waits for
 * SCTP's retransmission timer (up to 3 s in Chromium) once the path is back,
 * where a beat arrives at once, so a side that hears nothing beats on and is
 * heard as soon as the path returns. The first beat always goes: it is how
 * the other side learns that this one keeps the link alive. What comes in on
 * the channel says the path carried something just now: ice-restart.ts calls
 * a link silent only when a remote that keeps this up went quiet (nothing
 * came on either channel).
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
  /** When (`Date.now()`) this side last sent the application's data on the link; none yet: absent or -Infinity. */
  lastSentMs?(): number;
  /** When (`Date.now()`) the application's data last came in on the link (beats are counted here). */
  lastHeardMs?(): number;
}

/** What `beatDue` weighs at a beat's time (all `Date.now()` milliseconds; never: -Infinity). */
export interface BeatMoment {
  /** Beats sent so far on this channel. */
  readonly beats: number;
  readonly nowMs: number;
  /** When this side last sent the application's data on the link. */
  readonly sentMs: number;
  /** When this side last heard the other: a beat or data. */
  readonly heardMs: number;
  readonly periodMs: number;
}

/**
 * Whether this beat goes: the first always; later ones unless this side sent
 * data within half a period and heard the other side within one and a half
 * (while data flows both ways the other side hears the data; a side that
 * hears nothing beats on, see above).
 */
export function beatDue({ beats, nowMs, sentMs, heardMs, periodMs }: BeatMoment): boolean {
  if (beats === 0) return true;
  return !(nowMs - sentMs < periodMs / 2 && nowMs - heardMs < periodMs * 1.5);
}

/**
 * Starts the keep-alive on an open connection: sends every `periodMs` (after
 * the first, not while data flows both ways: see above), says when its
 * channel opened and each beat from the other side. Returns the stop. A
 * connection that refuses the channel (closed already) gets none: nothing is
 * sent, and the link is never called silent.
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
  let beatHeardMs = -Infinity;
  channel.addEventListener('message', () => {
    beatHeardMs = Date.now();
    events.heard();
  });
  let beats = 0;
  const beat = () => {
    if (channel.readyState !== 'open') return;
    const due = beatDue({
      beats,
      nowMs: Date.now(),
      sentMs: events.lastSentMs?.() ?? -Infinity,
      heardMs: Math.max(beatHeardMs, events.lastHeardMs?.() ?? -Infinity),
      periodMs,
    });
    if (!due) return;
    beats += 1;
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
