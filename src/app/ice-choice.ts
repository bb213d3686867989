/**
 * Which ICE servers (STUN/TURN) a table uses, and where each comes from, for
 * the transport and for the Settings pane. Three sources, in this order:
 * the table's server (`GET /ice` beside its signaling path, with fresh TURN
 * credentials: src/net/ice-servers.ts) — "this server" when that is the
 * server the page came from, "the table's server" when a link named another
 * one; the player's own servers from Settings; and the STUN URLs an older
 * link carried (links no longer carry ICE servers, and never credentials).
 */
import type { IceSourceState } from '../net/ice-servers.js';

export type IceOrigin = 'this-server' | 'table-server' | 'own' | 'link';

export interface IceEntry {
  readonly urls: readonly string[];
  readonly origin: IceOrigin;
  /** It carries a username and credential (never shown). */
  readonly withCredential: boolean;
}

export interface IceParts {
  readonly server: {
    readonly origin: 'this-server' | 'table-server';
    readonly servers: readonly RTCIceServer[];
  } | null;
  readonly own: readonly RTCIceServer[];
  readonly linkStun: readonly string[];
}

/** What Settings shows: the server asked, its answer, and every server in use with its origin. */
export interface IceView {
  readonly source: {
    readonly url: string;
    readonly origin: 'this-server' | 'table-server';
    readonly status: IceSourceState['status'];
    readonly error: string | null;
    readonly expiresAt: number | null;
  } | null;
  readonly entries: readonly IceEntry[];
}

export const ICE_ORIGIN_TEXT: Record<IceOrigin, string> = {
  'this-server': 'from this server',
  'table-server': 'from the table’s server',
  own: 'your own (below)',
  link: 'from the table’s link (an older link)',
};

const urlsOf = (server: RTCIceServer): string[] => (Array.isArray(server.urls) ? [...server.urls] : [server.urls]);

/** The servers for RTCPeerConnection and, entry by entry, where each came from; a URL already in use is not repeated. */
export function combineIce(parts: IceParts): { iceServers: RTCIceServer[]; entries: IceEntry[] } {
  const iceServers: RTCIceServer[] = [];
  const entries: IceEntry[] = [];
  const seen = new Set<string>();
  const add = (server: RTCIceServer, origin: IceOrigin) => {
    const urls = urlsOf(server).filter((url) => !seen.has(url));
    if (urls.length === 0) return;
    for (const url of urls) seen.add(url);
    iceServers.push({ ...server, urls });
    entries.push({ urls, origin, withCredential: server.credential !== undefined });
  };
  for (const server of parts.server?.servers ?? []) add(server, parts.server!.origin);
  for (const server of parts.own) add(server, 'own');
  if (parts.linkStun.length > 0) add({ urls: [...parts.linkStun] }, 'link');
  return { iceServers, entries };
}

/** Whether the server at `iceUrl` is the one the page at `pageOrigin` came from. */
export function originOf(iceUrl: string, pageOrigin: string): 'this-server' | 'table-server' {
  try {
    return new URL(iceUrl).origin === new URL(pageOrigin).origin ? 'this-server' : 'table-server';
  } catch {
    return 'table-server';
  }
}
