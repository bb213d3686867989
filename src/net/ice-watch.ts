/**
 * Why a WebRTC link did not open, and how an open one travels. PeerJS hides
 * its RTCPeerConnection but leaves it on the DataConnection
 * (`peerConnection`, set when the connection is made); this file listens on
 * it beside PeerJS (addEventListener, never PeerJS's own `on…` handlers) and
 * keeps the evidence: whether the other side answered the offer (a page was
 * there), the ICE and connection states, the local candidates gathered
 * (a `relay` one means the TURN server gave an address) and every
 * `icecandidateerror` (a TURN server's STUN error code such as 401, or 701
 * when it could not be reached). A link not open just before the dial timeout
 * (or whose ICE failed) is classified by `classifyLinkFailure`:
 *
 * - `unserved`: nobody answered the offer (the page it was for is not open);
 * - `relay-refused`: a TURN server answered with an error (401: wrong
 *   credentials), or the browser refused the TURN settings themselves;
 * - `needs-relay`: the other page answered, no direct path worked, and no
 *   TURN server was configured;
 * - `relay-unreachable`: TURN was configured, but it gave no address (no
 *   answer), or gave one and still nothing came through.
 *
 * An open link is sampled with `getStats()`: the selected candidate pair is
 * `turn` when either end of it is a relay candidate, else `direct`.
 */
import { DIAL_TIMEOUT_MS } from './transport.js';

export type LinkFailureCause = 'unserved' | 'needs-relay' | 'relay-refused' | 'relay-unreachable';
export type LinkRoute = 'direct' | 'turn';

export interface LinkFailure {
  readonly cause: LinkFailureCause;
  /** What was seen, in words (the URL and error code of a TURN server, the browser's words …). */
  readonly detail: string;
  /** The other page started this connection (we are the one dialled). */
  readonly incoming: boolean;
  /** The name the other page gave in its dial (unverified, cleaned), if any. */
  readonly label: string | null;
}

/** What the transport tells about its links beyond open and closed. */
export interface LinkObserver {
  linkFailed(remote: string, failure: LinkFailure): void;
  linkRoute(remote: string, route: LinkRoute): void;
}

export interface CandidateError {
  readonly url: string;
  readonly errorCode: number;
  readonly errorText: string;
}

/** What one connection attempt showed. */
export interface IceEvidence {
  /** The other side answered our offer (or offered itself): a page was there. */
  readonly answered: boolean;
  /** TURN URLs this connection was configured with. */
  readonly turnUrls: readonly string[];
  /** TURN servers the browser would not even take (RTCPeerConnection's constructor refused them), with its words. */
  readonly refused: readonly { readonly url: string; readonly reason: string }[];
  /** A relay candidate was gathered: a TURN server gave an address. */
  readonly relayGathered: boolean;
  readonly candidateErrors: readonly CandidateError[];
}

const TURN = /^turns?:/;
/** STUN error codes are 300–699; 701 is the browser's own "could not reach it". */
const isServerError = (code: number) => code >= 300 && code < 700;

/** Why the attempt failed (table-driven tests: test/net/ice-watch.test.ts). */
export function classifyLinkFailure(e: IceEvidence): { cause: LinkFailureCause; detail: string } {
  if (!e.answered)
    return {
      cause: 'unserved',
      detail:
        'no page answered: the page this table lives in is not open (or not reachable through the signaling server)',
    };
  const refusedByServer = e.candidateErrors.find((err) => TURN.test(err.url) && isServerError(err.errorCode));
  if (refusedByServer)
    return {
      cause: 'relay-refused',
      detail: `${refusedByServer.url} answered ${refusedByServer.errorCode}${refusedByServer.errorText ? ` ${refusedByServer.errorText}` : ''}${refusedByServer.errorCode === 401 || refusedByServer.errorCode === 441 ? ' (the credentials are wrong or expired)' : ''}`,
    };
  const refusedByBrowser = e.refused[0];
  if (refusedByBrowser && !e.relayGathered)
    return {
      cause: 'relay-refused',
      detail: `the browser refused ${refusedByBrowser.url}: ${refusedByBrowser.reason}`,
    };
  if (e.turnUrls.length === 0)
    return {
      cause: 'needs-relay',
      detail:
        'the other page answered, but no direct path between the two browsers worked, and no relay (TURN) server is set',
    };
  if (!e.relayGathered) {
    const unreachable = e.candidateErrors.find((err) => TURN.test(err.url));
    return {
      cause: 'relay-unreachable',
      detail: unreachable
        ? `${unreachable.url} could not be reached (${unreachable.errorCode}${unreachable.errorText ? ` ${unreachable.errorText}` : ''})`
        : `no answer from ${e.turnUrls.join(', ')}`,
    };
  }
  return {
    cause: 'relay-unreachable',
    detail: `${e.turnUrls.join(', ')} gave a relay address, but nothing came through it (are the relay ports open on its host?)`,
  };
}

/** The route of an open link from its `getStats()` report: the selected candidate pair, relay at either end → `turn`. */
export function routeOfStats(report: ReadonlyMap<string, Record<string, unknown>>): LinkRoute | null {
  const stats = [...report.values()];
  const transport = stats.find((s) => s.type === 'transport' && typeof s.selectedCandidatePairId === 'string');
  const pair =
    (transport ? report.get(transport.selectedCandidatePairId as string) : undefined) ??
    stats.find((s) => s.type === 'candidate-pair' && s.selected === true) ??
    stats.find((s) => s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded');
  if (!pair) return null;
  const local = report.get(String(pair.localCandidateId));
  const remote = report.get(String(pair.remoteCandidateId));
  if (!local || !remote) return null;
  return local.candidateType === 'relay' || remote.candidateType === 'relay' ? 'turn' : 'direct';
}

/** A name another page sent in its dial's metadata, cleaned for a log line (null if there is none worth showing). */
export function labelOf(metadata: unknown): string | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const name = (metadata as { name?: unknown }).name;
  if (typeof name !== 'string') return null;
  const clean = name
    .replace(/[\p{C}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 32);
  return clean === '' ? null : clean;
}

/** The parts of a PeerJS DataConnection the watch reads. */
export interface WatchedConnection {
  readonly peerConnection: RTCPeerConnection | null | undefined;
  readonly metadata?: unknown;
  readonly open: boolean;
  on(event: 'open', listener: () => void): unknown;
}

export interface WatchOptions {
  readonly remote: string;
  readonly incoming: boolean;
  readonly observer: LinkObserver;
  /** The TURN servers the browser refused for this page's configuration (ice-config.ts). */
  readonly refused: readonly { readonly url: string; readonly reason: string }[];
  /** When a connection still not open counts as failed: just before the link book gives it up. */
  readonly giveUpMs?: number;
  /** How often an open link's route is sampled. */
  readonly routeEveryMs?: number;
}

const ROUTE_FIRST_MS = 500;
const ROUTE_EVERY_MS = 15_000;

/** Watches one connection: a failure is reported once, the route of an open link each time it changes. */
export function watchConnection(connection: WatchedConnection, options: WatchOptions): void {
  const pc = connection.peerConnection;
  if (!pc || typeof pc.addEventListener !== 'function') return;
  const turnUrls = (pc.getConfiguration().iceServers ?? [])
    .flatMap((server) => (Array.isArray(server.urls) ? server.urls : [server.urls]))
    .filter((url) => TURN.test(url));
  let answered = options.incoming;
  let relayGathered = false;
  let done = false;
  const candidateErrors: CandidateError[] = [];
  const closed = () => pc.signalingState === 'closed';

  const fail = () => {
    if (done || connection.open) return;
    done = true;
    clearTimeout(giveUp);
    const { cause, detail } = classifyLinkFailure({
      answered,
      turnUrls,
      refused: options.refused,
      relayGathered,
      candidateErrors,
    });
    options.observer.linkFailed(options.remote, {
      cause,
      detail,
      incoming: options.incoming,
      label: options.incoming ? labelOf(connection.metadata) : null,
    });
  };

  pc.addEventListener('signalingstatechange', () => {
    if (pc.remoteDescription) answered = true;
  });
  pc.addEventListener('icecandidate', (event) => {
    const candidate = event.candidate;
    if (candidate && (candidate.type === 'relay' || / typ relay /.test(candidate.candidate))) relayGathered = true;
  });
  pc.addEventListener('icecandidateerror', (event) => {
    const error = event as RTCPeerConnectionIceErrorEvent;
    // Chrome ends its words with a period; they go inside a sentence here.
    const errorText = (error.errorText ?? '').replace(/[.\s]+$/, '');
    candidateErrors.push({ url: error.url ?? '', errorCode: error.errorCode, errorText });
  });
  pc.addEventListener('iceconnectionstatechange', () => {
    if (pc.iceConnectionState === 'failed') fail();
  });
  pc.addEventListener('connectionstatechange', () => {
    if (pc.connectionState === 'failed') fail();
  });
  // A connection closed on purpose (a crossed dial settled, the page leaving) before then is no failure.
  const giveUp = setTimeout(
    () => {
      if (!closed()) fail();
    },
    options.giveUpMs ?? DIAL_TIMEOUT_MS - 300,
  );

  let lastRoute: LinkRoute | null = null;
  const sample = () => {
    if (closed() || !connection.open) return;
    pc.getStats()
      .then((report) => {
        const route = routeOfStats(report as unknown as ReadonlyMap<string, Record<string, unknown>>);
        if (route && route !== lastRoute) {
          lastRoute = route;
          options.observer.linkRoute(options.remote, route);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        if (!closed() && connection.open) setTimeout(sample, options.routeEveryMs ?? ROUTE_EVERY_MS);
      });
  };
  connection.on('open', () => {
    done = true;
    clearTimeout(giveUp);
    setTimeout(sample, ROUTE_FIRST_MS);
  });
}
