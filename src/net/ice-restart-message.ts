/**
 * The signaling message of an ICE restart (ice-restart.ts), and the SDP
 * attributes a restart compares. PeerJS 1.5.5 cannot renegotiate, but the
 * PeerServer relays any `OFFER`/`ANSWER`/`CANDIDATE` message with its payload
 * untouched, so a restart's offer and answer travel as `ANSWER` messages
 * whose payload has no `connectionId` — PeerJS ignores those — but a
 * `fairdeck: 'ice-restart'` marker, the connection id under `link`, and the
 * description (RFC 8866 SDP, bounded in size). `readRestartPayload` tells
 * such a payload from anything else the PeerServer relays, hostile shapes
 * included.
 */
import * as v from 'valibot';

const MAX_SDP_CHARS = 64 * 1024;
const restartPayloadSchema = v.strictObject({
  fairdeck: v.literal('ice-restart'),
  link: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  description: v.strictObject({
    type: v.picklist(['offer', 'answer']),
    sdp: v.pipe(v.string(), v.maxLength(MAX_SDP_CHARS)),
  }),
});
export type RestartPayload = v.InferOutput<typeof restartPayloadSchema>;

/** A restart message's payload, or null if `payload` is not one (anything else PeerServer relays). */
export function readRestartPayload(payload: unknown): RestartPayload | null {
  const parsed = v.safeParse(restartPayloadSchema, payload);
  return parsed.success ? parsed.output : null;
}

/** An SDP's session- or first media-level attribute `a=<name>:` value, or null. */
export function sdpAttribute(sdp: string, name: string): string | null {
  const match = new RegExp(`^a=${name}:(.*?)\\r?$`, 'm').exec(sdp);
  return match ? match[1]!.trim() : null;
}
