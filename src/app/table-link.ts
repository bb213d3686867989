/**
 * The signaling part of a table's link: `#/t/<table>?signal=…`. Every player
 * must use the same PeerServer, so the link names the one the table uses —
 * `signal=here` for the page's own embedded server, or
 * `signal=ws://host:port/path` (wss for TLS) for another. ICE servers come
 * from that server (`/ice` beside its path), so a link never carries them,
 * nor any credential. Links made before carried `ice=<base64url JSON>`: they
 * still open; their STUN URLs are used, anything else in it (TURN servers,
 * whose credentials links no longer carry) is left out, and an unreadable
 * `ice` is ignored. A link without `signal` means "use my Settings".
 */
import { hostProblem, pathProblem, portProblem, signalingUrl, type SignalingServer } from '../net/signaling.js';
import type { Result } from '../result.js';

export interface LinkSignaling {
  /** 'embedded': the PeerServer at /peerjs on the page's own origin. */
  readonly server: SignalingServer | 'embedded';
  /** STUN URLs an older link carried in its `ice` (absent: none). */
  readonly linkStun?: readonly string[];
}

export type LinkParse = Result<LinkSignaling | null, string>;

const STUN_URL = /^stuns?:[^\s?#/@]{1,250}$/;
const MAX_LINK_STUN = 4;

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The STUN URLs of an older link's `ice` (base64url JSON of RTCIceServer[]); anything else, or garbage, gives none. */
export function stunOfOldIce(ice: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(fromBase64Url(ice));
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const urls = json.flatMap((server: unknown) => {
    const value = typeof server === 'object' && server !== null ? (server as { urls?: unknown }).urls : undefined;
    return (Array.isArray(value) ? value : [value]).filter(
      (url): url is string => typeof url === 'string' && STUN_URL.test(url),
    );
  });
  return [...new Set(urls)].slice(0, MAX_LINK_STUN);
}

/** The query (without '?') a link carries for this choice: the signaling server only. */
export function signalingQuery(choice: LinkSignaling): string {
  const params = new URLSearchParams();
  params.set('signal', choice.server === 'embedded' ? 'here' : signalingUrl(choice.server).replace(/\/$/, '') || '/');
  return params.toString();
}

/** Reads `signal` (and an older link's `ice`) from a link's query; an invalid `signal` is an error, not a fallback. */
export function parseSignalingQuery(query: string): LinkParse {
  const params = new URLSearchParams(query);
  const signal = params.get('signal');
  if (signal === null) return { ok: true, value: null };
  let server: LinkSignaling['server'];
  if (signal === 'here') server = 'embedded';
  else {
    const match = /^(wss?):\/\/(\[[0-9a-fA-F:.]+\]|[^/:?#]+):(\d+)(\/[^?#]*)?$/.exec(signal);
    if (!match)
      return { ok: false, error: `the link’s signaling server "${signal.slice(0, 80)}" is not ws://host:port/path` };
    const [, scheme, host, port, path] = match as unknown as [string, string, string, string, string | undefined];
    const problem = hostProblem(host) ?? portProblem(port) ?? pathProblem(path ?? '/');
    if (problem) return { ok: false, error: `the link’s signaling server ${signal.slice(0, 80)}: ${problem}` };
    server = { host, port: Number(port), path: path || '/', secure: scheme === 'wss' };
  }
  const ice = params.get('ice');
  const linkStun = ice === null ? [] : stunOfOldIce(ice);
  return { ok: true, value: linkStun.length > 0 ? { server, linkStun } : { server } };
}

/** The same choice? (an older link's STUN URLs compared too, absent = []). */
export function sameSignaling(a: LinkSignaling, b: LinkSignaling): boolean {
  return (
    JSON.stringify(a.server) === JSON.stringify(b.server) &&
    JSON.stringify(a.linkStun ?? []) === JSON.stringify(b.linkStun ?? [])
  );
}

/** For messages: "this page's server (/peerjs)" or the ws:// URL. */
export function describeSignaling(choice: LinkSignaling): string {
  return choice.server === 'embedded' ? 'the server this page came from (/peerjs)' : signalingUrl(choice.server);
}
