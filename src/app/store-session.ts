/**
 * One open table as the app store (store.ts) holds it: the table session
 * (transport → mesh → lobby) and the link status its transport reports to,
 * made once the table's code is in (table-stack.ts); starting it (its mesh,
 * its game's rules, the table itself, a reload's seat); and closing it.
 */
import type { Envelope } from '../net/envelope.js';
import type { IceSource } from '../net/ice-servers.js';
import type { Mesh } from '../net/mesh.js';
import type { PeerJsTransport } from '../net/peerjs-transport.js';
import type { SignalingServer } from '../net/signaling.js';
import type { TableSession } from '../table/table-session.js';
import { parseTableId, peerIdFor } from '../table/table-id.js';
import type { TableConfig } from '../net/messages.js';
import { isGameId } from '../games/index.js';
import type { Identity } from './identity.js';
import { LinkStatus } from './link-status.js';
import type { BrowserStore } from './persistence.js';
import type { LogLevel } from './store-types.js';
import type { TableGame } from './store-game.js';
import type { JoinWatch } from './store-join.js';
import type { TableLog } from './store-log.js';
import type { LinkSignaling } from './table-link.js';
import type { SignalingRetry, TableSignaling } from './store-signaling.js';
import type { TabSeat } from './tab-presence.js';

export interface Session {
  readonly table: string;
  readonly mesh: Mesh;
  readonly transport: PeerJsTransport;
  readonly links: LinkStatus;
  /** The table's signaling server, whose `/ice` gives this table its ICE servers. */
  readonly server: SignalingServer;
  /** Stops following the ICE source's renewals. */
  readonly unsubscribeIce: () => void;
  readonly tableSession: TableSession;
  readonly signaling: LinkSignaling;
  readonly fromLink: boolean;
  /** Where the table's rosters and hands are kept. */
  readonly storage: BrowserStore;
  /** Peers the table's link names: through them a join reaches a creator this browser cannot link to. */
  readonly via: readonly string[];
  closed: boolean;
  /** The person chose Watch (an unseated page shows the running hand only then). */
  watching: boolean;
  /** Envelopes held, in order, while the table's game loads (a roster named a game not loaded yet); undefined otherwise. */
  held: { envelope: Envelope; via: string }[] | undefined;
  /** The game's rules could not be loaded: nothing more is taken in (Retry opens the table again). */
  gameFailed: boolean;
}

/** What a session is made of. */
export interface SessionSpec {
  readonly table: string;
  readonly identity: Identity;
  readonly storage: BrowserStore;
  /** The name sent to the table ('' sends none). */
  readonly name: string;
  /** The table's signaling server, as opening it chose it. */
  readonly signaling: TableSignaling;
  readonly via: readonly string[];
  /** The server's ICE source: its renewals apply to the connections made from then on. */
  readonly iceSource: IceSource;
  /** The ICE servers to dial with, as they are now (asked again at each renewal). */
  readonly iceServers: () => RTCIceServer[];
}

/** Where a session reports: its log lines and every change of what it shows. */
export interface SessionOut {
  log(level: LogLevel, text: string): void;
  changed(): void;
}

/** Makes (and does not start: `startSession`) the session of a table. */
export function makeSession(stack: typeof import('./table-stack.js'), spec: SessionSpec, out: SessionOut): Session {
  const { table, identity, storage, name } = spec;
  const parsedTable = parseTableId(table);
  const creatorPeerId = peerIdFor(table, parsedTable.ok ? parsedTable.value.creatorPrefix : '');
  // The table session is made after the transport the link status listens to.
  const made: { tableSession?: TableSession } = {};
  const links = new LinkStatus({
    creatorPeerId,
    amCreator: () => made.tableSession?.lobby.isCreator ?? false,
    joining: () => made.tableSession?.lobby.view().waitingForCreator ?? true,
    seatedName: (peerId) =>
      made.tableSession?.lobby.view().seats.find((seat) => seat.member?.peerId === peerId && !seat.bot)?.member?.name ??
      null,
    log: (level, text) => out.log(level, text),
    changed: () => out.changed(),
  });
  const transport = new stack.PeerJsTransport(peerIdFor(table, identity.keyHex), {
    signaling: { ...spec.signaling.server, iceServers: spec.iceServers() },
    token: identity.signalingToken,
    label: name,
    observer: links,
  });
  const mesh = new stack.Mesh({ table, signer: identity, transport, name });
  const tableSession = new stack.TableSession({
    mesh,
    signer: identity,
    store: storage,
    name,
    onChange: () => out.changed(),
    onLog: (line, level) => out.log(level ?? 'info', line),
    dealProofs: stack.dealProofs,
    stepMaker: stack.stepMaker,
    audits: stack.audits,
  });
  made.tableSession = tableSession;
  // Seats are taken on purpose: opening a link shows the table and its Take seat / Watch choice, and the join
  // waits for the person's choice (`sit`), named or not. A reload of a seated page keeps its seat (store.ts).
  tableSession.lobby.askNameFirst();
  tableSession.lobby.introduce(spec.via);
  const session: Session = {
    table,
    mesh,
    transport,
    links,
    server: spec.signaling.server,
    // Renewed credentials (or an answer that came late) apply to the connections made from then on.
    unsubscribeIce: spec.iceSource.subscribe(() => {
      if (!session.closed) transport.setIceServers(spec.iceServers());
    }),
    tableSession,
    signaling: spec.signaling.choice,
    fromLink: spec.signaling.fromLink,
    storage,
    via: spec.via,
    closed: false,
    watching: false,
    held: undefined,
    gameFailed: false,
  };
  return session;
}

/** Where this tab sits, for this browser's other tabs (tab-presence.ts): at `session` while it is open, as `key`. */
export function tabSeatAt(session: Session | undefined, key: string, name: string): TabSeat | null {
  return session && !session.closed
    ? { table: session.table, key, seat: session.tableSession.lobby.mySeat(), name }
    : null;
}

/** Closes the session: it takes nothing more in, and its mesh (and every link) stops. */
export function endSession(session: Session): void {
  session.closed = true;
  session.unsubscribeIce();
  session.tableSession.close();
  session.mesh.stop();
}

/** What starting a session uses besides the session: the store's parts it reports to. */
export interface StartParts {
  /** A new table's config, kept until its game's rules are in (so Retry after a failed load still creates it). */
  readonly pending: { config: TableConfig | undefined };
  readonly game: TableGame;
  readonly retry: SignalingRetry;
  readonly join: JoinWatch;
  readonly log: TableLog;
}

/**
 * Starts a made session: its mesh (throwing a SignalingError when the table's signaling server cannot be reached),
 * then its game's rules, then the table (the creator's new one with the pending config, or the roster this browser
 * kept) with a reload's seat asked for again; then whether the table answers a joiner is watched. It stops where the
 * session is closed meanwhile, or its game's rules could not be loaded.
 */
export async function startSession(session: Session, parts: StartParts, out: SessionOut): Promise<void> {
  const { tableSession } = session;
  await session.mesh.start({
    message: (envelope, via) => parts.game.deliver(session, envelope, via),
    rejected: (rejection) => {
      const line = parts.log.rejectionLine(rejection);
      if (line !== null) out.log('warn', line);
    },
    changed: () => out.changed(),
    problem: (description) => out.log('warn', description),
  });
  if (session.closed) return;
  parts.retry.succeeded();
  const config = parts.pending.config;
  // The game must be loaded before the table can start a hand: the new table's, or the stored roster's.
  const game =
    (tableSession.lobby.isCreator ? config?.game : undefined) ??
    (await session.storage.loadRoster(session.table))?.config.game;
  if (session.closed) return;
  if (game !== undefined && isGameId(game) && !(await parts.game.load(session, game))) return;
  if (session.closed) return;
  parts.pending.config = undefined;
  await tableSession.open(tableSession.lobby.isCreator ? config : undefined);
  // The roster this page kept seats it (a reload): it asks for that seat again, as it chose it before.
  const kept = tableSession.lobby.mySeat();
  if (!tableSession.lobby.isCreator && kept !== null) tableSession.lobby.sit(kept);
  // A joiner that hears nothing from the creator for a while is told that nobody serves the table; it asks the
  // table's server who else is at the table (store-join.ts).
  parts.join.watch(session);
}
