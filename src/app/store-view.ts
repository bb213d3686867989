/**
 * The app store's view (store.ts): `AppView` (store-types.ts), everything the
 * UI renders, assembled from the store's parts — the open table's session
 * and lobby, the hand (hand-stack.ts, once the hands' view is in), the
 * chat, where this browser's other tabs sit, the join-failure screen, the ICE
 * servers, the log, the tables this browser sat at — as plain values.
 */
import { rulesHelp } from '../games/rules-help.js';
import { introducersOf } from '../table/introducers.js';
import type { Roster } from '../net/messages.js';
import type { ChatState } from './chat.js';
import type { Identity } from './identity.js';
import { watcherNames } from './log-lines.js';
import type { ReplayView } from './replay.js';
import { shareLink, type Route } from './router.js';
import { signalingServerFor, type Settings } from './settings.js';
import type { IceSources } from './store-ice.js';
import type { JoinWatch } from './store-join.js';
import type { Session } from './store-session.js';
import type { AppView, LogEntry, SignalingFailure } from './store-types.js';
import type { TabPresence } from './tab-presence.js';
import { describeSignaling } from './table-link.js';

/** What the view is made from: the store's state and parts, as they are now. */
export interface ViewParts {
  readonly ready: boolean;
  readonly route: Route;
  readonly settings: Settings;
  readonly identity: Identity | undefined;
  /** The open table (undefined at none). */
  readonly session: Session | undefined;
  /** The table's code, once a table has been opened. */
  readonly stack: typeof import('./table-stack.js') | undefined;
  /** The hands' view, once in (hand-stack.ts): until then a hand in play shows as none. */
  readonly handStack: typeof import('./hand-stack.js') | undefined;
  readonly tabs: TabPresence;
  readonly chat: ChatState;
  readonly join: JoinWatch;
  readonly ice: IceSources;
  readonly connecting: boolean;
  readonly problem: string | null;
  readonly signalingFailure: SignalingFailure | null;
  readonly backHash: string;
  readonly log: readonly LogEntry[];
  readonly recentTables: AppView['recentTables'];
  readonly replay: ReplayView | null;
  readonly loadingGame: AppView['loadingGame'];
  readonly optionsRefusal: string | null;
}

export function appView(parts: ViewParts): AppView {
  const { session, stack, handStack, identity, settings } = parts;
  const lobby = session?.tableSession.lobby.view() ?? null;
  const watching = !!session?.tableSession.isWatching && session.watching;
  return {
    hand:
      !stack || !handStack || (session?.tableSession.isWatching && !watching)
        ? null
        : handStack.handViewOf(session?.tableSession),
    watching,
    otherTab:
      session && identity && lobby?.mySeat === null ? parts.tabs.seatedElsewhere(session.table, identity.keyHex) : null,
    watchers: watcherNames(session?.tableSession.watcherList() ?? []),
    chat: chatView(session, parts.chat, settings),
    ready: parts.ready,
    route: parts.route,
    settings,
    myKey: identity?.keyHex ?? null,
    lobby,
    seatOrder: lobby?.config && stack ? stack.seatOrderOf(lobby.config.game, lobby.seats.length, lobby.mySeat) : null,
    needsName: settings.name === '',
    shareLink: session ? shareLinkOf(session, introducersOf(session.table, lobby?.seats ?? [])) : null,
    seatStatus: session?.tableSession.history.status() ?? null,
    connecting: parts.connecting,
    problem: parts.problem,
    joinFailure: parts.join.view(lobby),
    // The ICE servers in use (at a table) or for tables this page creates, and where each comes from.
    ice: parts.ice.view(
      session?.server ?? signalingServerFor(settings, location),
      settings.iceServers,
      session?.signaling.linkStun ?? [],
    ),
    linkRoutes: session?.links.routeView() ?? {},
    signalingFailure: parts.signalingFailure,
    signaling: session ? { text: describeSignaling(session.signaling), fromLink: session.fromLink } : null,
    backHash: parts.backHash,
    log: parts.log,
    recentTables: parts.recentTables,
    replay: parts.replay,
    rulesHelp: lobby?.config ? rulesHelp(lobby.config.game, lobby.config.options) : null,
    loadingGame: parts.loadingGame,
    optionsRefusal: parts.optionsRefusal,
  };
}

/** The last share link made for a session, and the introducers it names: a view is built at every change, the link rarely changes. */
const builtLinks = new WeakMap<Session, { readonly page: string; readonly via: string; readonly link: string }>();

/** The link that opens `session`'s table, naming `via` as introducers (router.ts `shareLink`). */
function shareLinkOf(session: Session, via: readonly string[]): string {
  const page = location.origin + location.pathname;
  const last = builtLinks.get(session);
  if (last && last.page === page && last.via === via.join(' ')) return last.link;
  const link = shareLink(session.table, location, session.signaling, via);
  builtLinks.set(session, { page, via: via.join(' '), link });
  return link;
}

/** The open table's chat, with watchers named as the seat list names them. */
function chatView(session: Session | undefined, chat: ChatState, settings: Settings): AppView['chat'] {
  const table = session?.tableSession;
  if (!table) return null;
  const watchers = table.watcherList();
  const names = watcherNames(watchers);
  return chat.view(
    table.chat.entries,
    table.chat.closed,
    settings.chatHidden === true,
    watchers.map((w, i) => ({ keyHex: w.keyHex, name: names[i]! })),
  );
}

/** Tables this browser sat at (persistence.ts `recentTables`), newest first: the game, who sat there, and when. */
export function recentTablesOf(
  rows: readonly { table: string; roster: Roster; savedAt: number }[],
): AppView['recentTables'] {
  return rows.map((row) => ({
    table: row.table,
    game: row.roster.config.game,
    players: row.roster.seats.flatMap((seat, i) => (seat ? [seat.name || `Seat ${i + 1}`] : [])),
    savedAt: row.savedAt,
  }));
}
