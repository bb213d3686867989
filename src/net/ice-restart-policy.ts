/**
 * When a PeerJS link in trouble is offered an ICE restart (RFC 8445 §2.4),
 * offered it again, tried again with fresh credentials, kept or given up:
 * the policy ice-restart.ts applies to live connections, pure (a state and
 * the time in, a step out).
 *
 * A link is in trouble when ICE calls its path disconnected or failed, or
 * when nothing came in on it for `SILENT_MS` from a remote that keeps up the
 * transport's keep-alive (keep-alive.ts: a beat every 0.5 s under the
 * application unless its own data just went, so silence means the path,
 * never an application with nothing to say; Chrome's ICE calls a dead path
 * disconnected only seconds later). It is back when anything comes in again. The dialling side offers a
 * restart at once. A restart answered that brought nothing back within
 * `RESTART_SETTLE_MS` (from a remote that keeps up the keep-alive, nothing
 * heard; or ICE with no path) is tried once more with fresh ICE credentials:
 * Chrome keeps calling a dead path connected for seconds, and one restart in
 * a few in the NAT lab found no path where the next found one at once. After
 * that an episode of trouble ends `RESTART_SETTLE_MS` after the restart was
 * answered, or `RESTART_GIVE_UP_MS` after it began, and then ICE
 * decides: a link whose ICE is connected again (or never stopped being) is
 * kept — a restart that found a new path leaves SCTP to resend what it holds
 * (its retransmission timer doubled into the dead path; in the NAT lab it
 * sends again 1–2.3 s after the answer), and a link that was only quiet was
 * never broken. Only a link whose ICE still says it has no path (disconnected,
 * failed, or checking after the restart) is given up: the owner drops it and
 * the mesh dials again. So a quiet link, or one whose restart cannot be
 * signalled while signaling is down, is never dropped while ICE carries it.
 * `restartStep` is that policy.
 */

/**
 * A link whose remote keeps up the keep-alive (a beat every 0.5 s, or, while
 * it hears us, data of its own in the last 0.25 s before a beat: something at
 * least every 0.75 s) and from which nothing came for this long is in
 * trouble: two such gaps. A remote page merely slow (a background tab's
 * timers run once a second at most) costs at most a restart offer and its
 * answer; the link works on meanwhile and is kept while ICE has a path.
 */
export const SILENT_MS = 1500;
/**
 * A link on which this page started the keep-alive counts its remote as
 * keeping it up too for this long before the first beat came: a new link
 * whose path dies within seconds of opening (a network change just after a
 * redial; the first beats held up behind a busy deal) is noticed by its
 * silence as an older one is. A remote that sent no beat by then is an older
 * build without the keep-alive, and its silence means nothing.
 */
export const KEEPALIVE_PRESUMED_MS = 5000;
/** The dialling side offers again this often while no answer came. */
export const RESTART_RESEND_MS = 300;
/**
 * Offers per episode made afresh (new ICE credentials, new candidates); later
 * ones send the last again. In the NAT lab a restart whose offer was answered
 * only when sent again, 0.75 s after it was made (the other side's signaling
 * socket had died with its address), found no path, where a fresh offer found
 * one at once; each fresh offer gathers again (a new TURN allocation), so
 * their number is bounded.
 */
export const RESTART_FRESH_OFFERS = 2;
/** This long after a restart was answered, ICE has found the new path or there is none. */
export const RESTART_SETTLE_MS = 1500;
/** An episode of trouble with no answered restart ends this long after it began. */
export const RESTART_GIVE_UP_MS = 3000;
/** Answered restarts that brought nothing back, tried again with fresh credentials, per episode. */
export const RESTART_RETRIES = 1;

/**
 * `keep`: the episode is over and the link stays (ICE has a path); `give-up`:
 * it is over and the link goes (ICE has none); `retry`: the restart answered
 * brought nothing back, start again with fresh credentials.
 */
export type RestartStep = 'wait' | 'offer' | 'retry' | 'keep' | 'give-up';

export interface RestartState {
  /** When the link's trouble began (silence, or ICE disconnected). */
  readonly troubleSinceMs: number;
  /** Whether this side dialled the link (the one that offers). */
  readonly offerer: boolean;
  /** When this side last sent a restart offer, if it did. */
  readonly lastOfferMs: number | undefined;
  /** When the restart was answered (by the other side, or by this side if it answers), if it was. */
  readonly answeredMs: number | undefined;
  /** Whether ICE says the link has a path now (`connected` or `completed`). */
  readonly iceConnected: boolean;
  /** The remote keeps up the keep-alive: an episode still open (nothing heard since it began) means no path, whatever ICE says. */
  readonly keptAlive: boolean;
  /** Answered restarts of this episode already tried again. */
  readonly retries: number;
}

/** What to do now for a link in trouble. */
export function restartStep(state: RestartState, nowMs: number): RestartStep {
  const settled = state.answeredMs !== undefined && nowMs - state.answeredMs >= RESTART_SETTLE_MS;
  if (settled && state.retries < RESTART_RETRIES && (state.keptAlive || !state.iceConnected)) return 'retry';
  if (settled || nowMs - state.troubleSinceMs >= RESTART_GIVE_UP_MS) return state.iceConnected ? 'keep' : 'give-up';
  if (state.answeredMs !== undefined || !state.offerer) return 'wait';
  if (state.lastOfferMs === undefined || nowMs - state.lastOfferMs >= RESTART_RESEND_MS) return 'offer';
  return 'wait';
}
