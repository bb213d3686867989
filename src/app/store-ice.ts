/**
 * The app store's ICE servers (store.ts): one source per signaling server
 * asked (its `/ice`, kept fresh: src/net/ice-servers.ts), combined with the
 * player's own servers and an older link's STUN (ice-choice.ts) for the
 * transport and for Settings, a table's servers as its session dials with
 * them, and the line a table's log starts with when that server gave none.
 */
import { IceSource, iceUrlFor } from '../net/ice-servers.js';
import type { SignalingServer } from '../net/signaling.js';
import { combineIce, originOf, type IceView } from './ice-choice.js';
import type { SessionSpec } from './store-session.js';
import type { TableSignaling } from './store-signaling.js';
import type { LogLevel } from './store-types.js';

export class IceSources {
  /** One source per server asked, by its `/ice` URL. */
  private readonly sources = new Map<string, IceSource>();

  /** `changed` runs whenever a source's answer changes (a first answer, renewed credentials, a failure). */
  constructor(private readonly changed: () => void) {}

  /** The ICE source of a signaling server (made, and asked, on first use). */
  source(server: SignalingServer): IceSource {
    const url = iceUrlFor(server);
    let source = this.sources.get(url);
    if (!source) {
      source = new IceSource(url);
      this.sources.set(url, source);
      source.subscribe(() => this.changed());
    }
    return source;
  }

  /** The servers for a table on `server`: what it hands out, then the player's `own`, then an older link's STUN. */
  private serversFor(server: SignalingServer, own: readonly RTCIceServer[], linkStun: readonly string[]) {
    const source = this.sources.get(iceUrlFor(server));
    return combineIce({
      server: source ? { origin: originOf(source.url, location.origin), servers: source.iceServers } : null,
      own,
      linkStun,
    });
  }

  /**
   * The ICE servers of a table on `signaling`'s server, as its session takes them: the source whose renewals it
   * follows, and the servers to dial with as they are at each dial (with the player's `own` as Settings has them then).
   */
  forTable(
    signaling: TableSignaling,
    own: () => readonly RTCIceServer[],
  ): Pick<SessionSpec, 'iceSource' | 'iceServers'> {
    const linkStun = signaling.choice.linkStun ?? [];
    return {
      iceSource: this.source(signaling.server),
      iceServers: () => this.serversFor(signaling.server, own(), linkStun).iceServers,
    };
  }

  /**
   * The last view built and what it was built from: the store builds its view at every change (a move's each
   * message), and these inputs change only when a server answers or the player edits Settings.
   */
  private built: {
    readonly url: string;
    readonly state: IceSource['state'] | undefined;
    /** The source's servers as they were (an expired grant gives a new, empty list). */
    readonly servers: readonly RTCIceServer[] | undefined;
    readonly own: readonly RTCIceServer[];
    readonly linkStun: string;
    readonly view: IceView;
  } | null = null;

  /** What Settings shows for a table on `server`: the server asked, its answer, and every ICE server in use. */
  view(server: SignalingServer, own: readonly RTCIceServer[], linkStun: readonly string[]): IceView {
    const url = iceUrlFor(server);
    const source = this.sources.get(url);
    const state = source?.state;
    const servers = source?.iceServers;
    const last = this.built;
    if (
      last &&
      last.url === url &&
      last.state === state &&
      last.servers === servers &&
      last.own === own &&
      last.linkStun === linkStun.join(' ')
    )
      return last.view;
    const view: IceView = {
      source: source
        ? {
            url: source.url,
            origin: originOf(url, location.origin),
            status: source.state.status,
            error: source.state.status === 'none' || source.state.status === 'failed' ? source.state.error : null,
            expiresAt: source.state.status === 'ok' ? source.state.grant.expiresAt : null,
          }
        : null,
      entries: this.serversFor(server, own, linkStun).entries,
    };
    this.built = { url, state, servers, own, linkStun: linkStun.join(' '), view };
    return view;
  }
}

/** The log line a table starts with when its server gave no ICE servers (or has not answered yet), or null. */
export function iceStartLine(source: IceSource): { level: LogLevel; text: string } | null {
  const state = source.state;
  if (
    state.status === 'failed' ||
    (state.status === 'none' && originOf(source.url, location.origin) === 'table-server')
  )
    return {
      level: state.status === 'failed' ? 'warn' : 'info',
      text: `no ICE servers from the table’s server: ${state.error}; using your own (Settings)`,
    };
  if (state.status === 'asking')
    return {
      level: 'warn',
      text: `no answer yet from ${source.url}; the table starts with your own ICE servers (Settings)`,
    };
  return null;
}
