/**
 * What a page makes of its transport's link reports (src/net/ice-watch.ts):
 * for a joiner, why its link to the table's creator did not open — the cause
 * its failure screen names, with what to do; for any page, one log line per
 * peer and cause when a page that dialled it could not connect ("Bob tried to
 * join but could not connect (needs a relay server)", the name being the one
 * the dialling page sent, or the seat's name from the roster); and for the
 * seat list, whether each open link runs directly or through a TURN relay.
 */
import type { LinkFailure, LinkFailureCause, LinkObserver, LinkRoute } from '../net/ice-watch.js';
import { PEER_ID_KEY_HEX } from '../net/peer-id.js';
import type { LogLevel } from './store-types.js';

/** The joiner's failure screen: the cause (also the element's id), a title, what was seen, what to do. */
export interface JoinFailureView {
  readonly cause: LinkFailureCause;
  readonly title: string;
  readonly detail: string;
  readonly advice: string;
}

export const JOIN_FAILURE_TITLE: Record<LinkFailureCause, string> = {
  unserved: 'Nobody is serving this table',
  'needs-relay': 'This table needs a relay (TURN) server',
  'relay-refused': 'The relay (TURN) server refused the credentials',
  'relay-unreachable': 'The relay (TURN) server could not be reached',
};

export const JOIN_FAILURE_ADVICE: Record<LinkFailureCause, string> = {
  unserved:
    'No answer came from the table’s creator. Check the link: one character changed names another table. Or the creator’s page may be closed: a table lives in the pages of its players, so ask the creator to reopen their page with the table. Or keep this page open and watch for it: the table appears here by itself as soon as someone serves it (Retry asks again at once).',
  'needs-relay':
    'The creator’s page answered, but your two browsers could not reach each other directly: one of you is behind a strict NAT or firewall (mobile networks, many offices and campuses). Whoever runs the table’s server can add a relay (TURN) server (README, “Play over the internet”); or add a TURN server of your own in Settings; or open a link copied by a player who is already seated.',
  'relay-refused':
    'The creator’s page answered, but the relay (TURN) server would not relay for this page. If the table’s server handed out the credentials, its TURN_SECRET is not coturn’s static-auth-secret (or the two clocks differ by hours): whoever runs it must make them the same. If the relay server is one of your own (Settings), check its username and credential.',
  'relay-unreachable':
    'The creator’s page answered and no direct path worked, and the relay (TURN) server did not help: is coturn running, and are its port (3478, UDP and TCP) and its relay port range open in the host’s firewall?',
};

/** The cause in a few words, for the other page's log line. */
const SHORT: Record<LinkFailureCause, string> = {
  unserved: 'no answer',
  'needs-relay': 'needs a relay server',
  'relay-refused': 'the relay (TURN) server refused this page’s credentials',
  'relay-unreachable': 'the relay (TURN) server could not be reached',
};

export function joinFailureView(failure: Pick<LinkFailure, 'cause' | 'detail'>): JoinFailureView {
  return {
    cause: failure.cause,
    title: JOIN_FAILURE_TITLE[failure.cause],
    detail: failure.detail,
    advice: JOIN_FAILURE_ADVICE[failure.cause],
  };
}

/** "Bob", or "a player (key 1a2b3c4d…)" when the dial gave no name. */
function who(remote: string, name: string | null): string {
  if (name) return name;
  const key = remote.slice(-PEER_ID_KEY_HEX);
  return /^[0-9a-f]+$/.test(key) ? `a player (key ${key.slice(0, 8)}…)` : 'a player';
}

/** The log line of a page that a dial to it failed, or that failed to dial a seated peer. */
export function otherPeerLine(
  remote: string,
  failure: LinkFailure,
  context: { readonly amCreator: boolean; readonly seatedName: string | null },
): string {
  const name = who(remote, context.seatedName ?? failure.label);
  if (failure.incoming && context.amCreator && context.seatedName === null)
    return `${name} tried to join but could not connect (${SHORT[failure.cause]})`;
  return `${name} could not connect to this page directly (${SHORT[failure.cause]}): ${failure.detail}; messages still go through any player both can reach`;
}

export interface LinkStatusDeps {
  readonly creatorPeerId: string;
  readonly amCreator: () => boolean;
  /** This page has no roster yet: it is joining, and the creator is whom it must reach. */
  readonly joining: () => boolean;
  /** The seat name of the peer with this id, if it is seated. */
  readonly seatedName: (peerId: string) => string | null;
  readonly log: (level: LogLevel, text: string) => void;
  readonly changed: () => void;
}

export class LinkStatus implements LinkObserver {
  private readonly routes = new Map<string, LinkRoute>();
  private readonly logged = new Set<string>();
  private creator: LinkFailure | null = null;

  constructor(private readonly deps: LinkStatusDeps) {}

  /** Why the last dial to the creator did not open (null: none failed). */
  get creatorFailure(): LinkFailure | null {
    return this.creator;
  }

  /** Peer id → route of its open link, as last sampled. */
  routeView(): Readonly<Record<string, LinkRoute>> {
    return Object.fromEntries(this.routes);
  }

  linkFailed(remote: string, failure: LinkFailure): void {
    const amCreator = this.deps.amCreator();
    // Only a joining page depends on the creator; a page that holds the table (a reload) treats it as any seat.
    if (remote === this.deps.creatorPeerId && !amCreator && !failure.incoming && this.deps.joining()) {
      this.creator = failure;
      this.once(
        `creator ${failure.cause}`,
        'warn',
        `no link to the table’s creator — ${JOIN_FAILURE_TITLE[failure.cause]}: ${failure.detail}`,
      );
      this.deps.changed();
      return;
    }
    // A dial of ours to a page that is not open says nothing worth a line: the mesh dials seats that come and go.
    if (failure.cause === 'unserved') return;
    const line = otherPeerLine(remote, failure, { amCreator, seatedName: this.deps.seatedName(remote) });
    this.once(`${remote} ${failure.cause}`, 'warn', line);
  }

  linkRoute(remote: string, route: LinkRoute): void {
    if (this.routes.get(remote) === route) return;
    this.routes.set(remote, route);
    this.deps.changed();
  }

  private once(key: string, level: LogLevel, text: string): void {
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.deps.log(level, text);
  }
}
