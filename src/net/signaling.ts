/**
 * Which PeerServer introduces the peers, and what to say when it cannot be
 * reached: the config PeerJS takes, its `ws://host:port/path/` form for
 * messages, checks of the fields a person types (host without scheme or port,
 * port, path), and `diagnoseSignaling`, which probes the server over HTTP (a
 * PeerServer answers `GET <path>/peerjs/id`) to tell "nothing listening" from
 * "TLS mismatch" from "wrong path", so an error can point at the setting to fix.
 */

export interface SignalingConfig {
  readonly host: string;
  readonly port: number;
  /** Where the PeerServer is mounted (`npx peer --path`), starting with '/'. */
  readonly path: string;
  readonly secure: boolean;
  readonly iceServers: RTCIceServer[];
}

/** The PeerServer part of a config, as settings and share links hold it. */
export type SignalingServer = Omit<SignalingConfig, 'iceServers'>;

const PEERJS_KEY = 'peerjs';

function slashed(path: string): string {
  const withLead = path.startsWith('/') ? path : `/${path}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

/** `ws://host:port/path/`, as PeerJS will open it (without the query). */
export function signalingUrl(server: SignalingServer): string {
  return `${server.secure ? 'wss' : 'ws'}://${server.host}:${server.port}${slashed(server.path)}`;
}

/** Why a host is not acceptable, or null. IPv6 literals go in brackets. */
export function hostProblem(host: string): string | null {
  const h = host.trim();
  if (h === '') return 'give the PeerServer’s host name or address';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(h)) return 'leave out the scheme (ws://, https://): TLS is the checkbox below';
  if (/^\[[0-9a-f:.]+\]$/i.test(h)) return null;
  if (/:\d*$/.test(h)) return 'leave out the port: it has its own field';
  if (h.includes('/')) return 'leave out the path: it has its own field';
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(h))
    return 'a host is letters, digits, dots and dashes (or an address)';
  return null;
}

export function portProblem(port: string | number): string | null {
  const text = String(port).trim();
  if (!/^\d+$/.test(text)) return 'the port is a number, e.g. 9000';
  const n = Number(text);
  return n >= 1 && n <= 65535 ? null : 'the port must be 1–65535';
}

export function pathProblem(path: string): string | null {
  const p = path.trim();
  if (!p.startsWith('/')) return 'the path starts with / (the --path the server was started with; / if none)';
  if (/[\s?#]/.test(p)) return 'the path has no spaces, ? or #';
  return null;
}

/** What went wrong when the transport could not register with signaling. */
export class SignalingError extends Error {
  readonly url: string;
  constructor(
    readonly server: SignalingServer,
    /** PeerJS's error type ('network', 'server-error' …) or 'invalid-url'. */
    readonly type: string,
    detail: string,
  ) {
    super(`could not reach the signaling server ${signalingUrl(server)}: ${detail}`);
    this.name = 'SignalingError';
    this.url = signalingUrl(server);
  }
}

export type SignalingCause =
  'answers' | 'bad-setting' | 'mixed-content' | 'nothing-listening' | 'tls-mismatch' | 'wrong-path';

export interface Diagnosis {
  readonly cause: SignalingCause;
  /** One sentence for a person: what is likely wrong and which setting to change. */
  readonly advice: string;
}

const PROBE_TIMEOUT_MS = 4000;

async function answers(url: string, mode: RequestMode): Promise<Response | undefined> {
  try {
    return await fetch(url, { mode, cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch {
    return undefined;
  }
}

/**
 * Probes the server over HTTP(S) the way PeerJS would reach it. `pageProtocol`
 * is the app page's ('https:' blocks plain ws:// as mixed content).
 */
export async function diagnoseSignaling(server: SignalingServer, pageProtocol = 'http:'): Promise<Diagnosis> {
  const hostPort = `${server.host}:${server.port}`;
  // Settings saved before the form checked them (e.g. a host with ":9000") never reach a socket.
  const setting = hostProblem(server.host) ?? portProblem(server.port) ?? pathProblem(server.path);
  if (setting) return { cause: 'bad-setting', advice: `the signaling setting is wrong: ${setting}` };
  if (pageProtocol === 'https:' && !server.secure) {
    return {
      cause: 'mixed-content',
      advice: `this page was loaded over https, and browsers block plain ws:// from it: tick TLS (the server must speak wss), or open the app over http`,
    };
  }
  const scheme = server.secure ? 'https' : 'http';
  const other = server.secure ? 'http' : 'https';
  const idUrl = `${scheme}://${hostPort}${slashed(server.path)}${PEERJS_KEY}/id`;
  const api = await answers(idUrl, 'cors');
  if (api?.ok) return { cause: 'answers', advice: `the server at ${hostPort} answers now: try again` };
  // A PeerServer answers its root with a description; no-cors only asks "does anything speak this scheme here?".
  if (api || (await answers(`${scheme}://${hostPort}/`, 'no-cors'))) {
    return {
      cause: 'wrong-path',
      advice: `something answers at ${scheme}://${hostPort}, but no PeerServer at path ${server.path}: check the Path setting (the --path the server was started with)`,
    };
  }
  if (await answers(`${other}://${hostPort}/`, 'no-cors')) {
    return server.secure
      ? { cause: 'tls-mismatch', advice: `the server at ${hostPort} speaks plain http/ws, not TLS: untick TLS` }
      : { cause: 'tls-mismatch', advice: `the server at ${hostPort} speaks TLS (https/wss): tick TLS` };
  }
  return {
    cause: 'nothing-listening',
    advice: `nothing answers at ${hostPort}: is the PeerServer running (npm run signal), and are Host and Port right?`,
  };
}
