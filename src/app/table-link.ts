/**
 * The signaling part of a table's link: `#/t/<table>?signal=…&ice=…`. Every
 * player must use the same PeerServer, so the link names the one the table
 * uses — `signal=here` for the page's own embedded server, or
 * `signal=ws://host:port/path` (wss for TLS) for another — and, if set, the
 * ICE servers (base64url JSON), without TURN credentials unless the creator
 * opted in. A link without `signal` means "use my Settings" (older links).
 */
import * as v from 'valibot';
import { hostProblem, pathProblem, portProblem, signalingUrl, type SignalingServer } from '../net/signaling.js';
import { iceServersSchema } from './settings.js';

export interface LinkSignaling {
  /** 'embedded': the PeerServer at /peerjs on the page's own origin. */
  readonly server: SignalingServer | 'embedded';
  /** Absent: the link does not say; the joiner's own Settings apply. */
  readonly iceServers?: RTCIceServer[];
}

export type LinkParse = { ok: true; value: LinkSignaling | null } | { ok: false; error: string };

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** ICE servers with every username and credential removed. */
function withoutCredentials(servers: readonly RTCIceServer[]): RTCIceServer[] {
  return servers.map(({ urls }) => ({ urls }));
}

/** The query (without '?') a link carries for this choice. */
export function signalingQuery(choice: LinkSignaling, includeCredentials = false): string {
  const params = new URLSearchParams();
  params.set('signal', choice.server === 'embedded' ? 'here' : signalingUrl(choice.server).replace(/\/$/, '') || '/');
  const ice = choice.iceServers;
  if (ice && ice.length > 0)
    params.set('ice', toBase64Url(JSON.stringify(includeCredentials ? ice : withoutCredentials(ice))));
  return params.toString();
}

/** Reads `signal` and `ice` from a link's query; an invalid one is an error, not a fallback. */
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
  if (ice === null) return { ok: true, value: { server } };
  let json: unknown;
  try {
    json = JSON.parse(fromBase64Url(ice));
  } catch {
    return { ok: false, error: 'the link’s ICE servers are not readable (a truncated link?)' };
  }
  const parsed = v.safeParse(iceServersSchema, json);
  if (!parsed.success) return { ok: false, error: `the link’s ICE servers: ${parsed.issues[0]?.message ?? 'invalid'}` };
  return { ok: true, value: { server, iceServers: parsed.output as RTCIceServer[] } };
}

/** The same choice? (ICE servers compared as JSON, absent = []). */
export function sameSignaling(a: LinkSignaling, b: LinkSignaling): boolean {
  return (
    JSON.stringify(a.server) === JSON.stringify(b.server) &&
    JSON.stringify(a.iceServers ?? []) === JSON.stringify(b.iceServers ?? [])
  );
}

/** For messages: "this page's server (/peerjs)" or the ws:// URL. */
export function describeSignaling(choice: LinkSignaling): string {
  return choice.server === 'embedded' ? 'the server this page came from (/peerjs)' : signalingUrl(choice.server);
}
