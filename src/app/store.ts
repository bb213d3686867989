/**
 * The app store: the one object the UI reads and calls. It owns the identity,
 * the settings, the current route and, at a table, the session (transport →
 * mesh → lobby). It turns everything the lower layers report into plain view
 * data and log lines, and announces each change with a `change` event; the
 * components render from `store.view` and never reach below it. The hand's
 * view is built in store-hand-view.ts, the match's transcript file in
 * store-transcript.ts; the shape of the view is in store-types.ts. ICE
 * servers come from the table's server (asked once per server and kept
 * fresh, src/net/ice-servers.ts) plus the player's own (ice-choice.ts); what
 * the transport reports about its links (why one did not open, whether one
 * runs through TURN) is turned into the join-failure screen, log lines and
 * the seat list's routes by link-status.ts.
 *
 * Each game's rules are a chunk of their own (src/games/index.ts `loadGame`):
 * the store loads a table's game before that table can start a hand — the
 * creator's at once, a stored table's from its stored roster, a joiner's when
 * the first roster naming it arrives, holding that roster and everything
 * after it until the rules are in (`loadingGame` says so meanwhile, or why the
 * load failed). The replay viewer and the verifier load when a transcript is
 * opened. The table's own code (session, mesh, transport, crypto) is
 * table-stack.ts, imported when the first table opens.
 */
import type { Mesh, Rejection } from '../net/mesh.js';
import type { PeerJsTransport } from '../net/peerjs-transport.js';
import { diagnoseSignaling, SignalingError, type SignalingServer } from '../net/signaling.js';
import { IceSource, iceUrlFor } from '../net/ice-servers.js';
import { fetchTablePeers, tablePeersUrlFor } from '../net/table-peers.js';
import { reconnectDelayMs } from '../net/transport.js';
import { repeatsSeatLine, watcherNames } from './log-lines.js';
import type { TableConfig } from '../net/messages.js';
import type { TableSession } from '../table/table-session.js';
import { newTableId, parseTableId, peerIdFor } from '../table/table-id.js';
import { introducersOf } from '../table/introducers.js';
import type { Replay } from './replay.js';
import type { Envelope } from '../net/envelope.js';
import { rulesHelp } from '../games/rules-help.js';
import { gameMeta, gameMetas, isGameId, isGameLoaded, loadGame, type GameId } from '../games/index.js';
import { loadIdentity, type Identity } from './identity.js';
import { BrowserStore } from './persistence.js';
import { parseRoute, shareLink, tableHash, type Route } from './router.js';
import type { AppView, LogEntry, LogLevel, SignalingFailure } from './store-types.js';
import {
  cleanName,
  linkSignalingOf,
  loadSettings,
  saveSettings,
  signalingServerFor,
  type HandSort,
  type Settings,
} from './settings.js';
import { describeSignaling, sameSignaling, type LinkSignaling } from './table-link.js';
import { UnservedWatch } from './unserved.js';
import { TabPresence } from './tab-presence.js';
import { combineIce, originOf, type IceView } from './ice-choice.js';
import { joinFailureView, LinkStatus } from './link-status.js';
import { ChatState } from './chat.js';
import type { Reaction } from '../net/messages.js';

export type { HandView } from './store-hand-view.js';
export type { AppView, LogEntry, LogLevel, SignalingFailure } from './store-types.js';

const LOG_LIMIT = 300;
/** How often a joiner still waiting for the creator asks the table's server who else is at the table. */
const TABLE_PEERS_EVERY_MS = 3000;

interface Session {
  readonly table: string;
  readonly mesh: Mesh;
  readonly transport: PeerJsTransport;
  readonly links: LinkStatus;
  /** The table's signaling server, whose `/ice` gives this table its ICE servers. */
  readonly server: SignalingServer;
  /** Stops following the ICE source's renewals. */
  unsubscribeIce: () => void;
  readonly tableSession: TableSession;
  readonly signaling: LinkSignaling;
  readonly fromLink: boolean;
  closed: boolean;
  /** The person chose Watch (an unseated page shows the running hand only then). */
  watching: boolean;
  /** Envelopes held, in order, while the table's game loads (a roster named a game not loaded yet); undefined otherwise. */
  held: { envelope: Envelope; via: string }[] | undefined;
  /** The game's rules could not be loaded: nothing more is taken in (Retry opens the table again). */
  gameFailed: boolean;
}

export class AppStore extends EventTarget {
  private identity: Identity | undefined;
  private storage: BrowserStore | undefined;
  private session: Session | undefined;
  private settings: Settings = loadSettings();
  private route: Route = parseRoute(location.hash);
  private logEntries: LogEntry[] = [];
  private nextLogId = 1;
  private problem: string | null = null;
  private signalingFailure: SignalingFailure | null = null;
  /** Failed attempts in a row to reach the open table's signaling server; paces the automatic retries. */
  private signalingAttempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private backHash = '#/';
  private connecting = false;
  private ready = false;
  private recent: AppView['recentTables'] = [];
  private pendingConfig: TableConfig | undefined;
  private replay: Replay | undefined;
  /** Why the table refused the creator's last change of options (null: none, or it went through). */
  private optionsRefusal: string | null = null;
  private loadingGame: AppView['loadingGame'] = null;
  /** The table's code (table-stack.ts), once a table has been opened. */
  private stack: typeof import('./table-stack.js') | undefined;
  /** The table the log belongs to: each table has its own log. */
  private logTable: string | null = null;
  private readonly served = new UnservedWatch(() => {
    // A dial to the creator that failed for a known cause has said so already (link-status.ts).
    if (!this.session?.links.creatorFailure)
      this.log(
        'warn',
        this.emptyTable
          ? `nobody is serving this table: ${this.emptyTable}`
          : 'nobody is serving this table: no answer from its creator (their page may be closed)',
      );
  });
  /** The table's server said nobody is registered at the open table (what it said), or null. */
  private emptyTable: string | null = null;
  /** Where this browser's other tabs sit (tab-presence.ts): a second tab at a table this browser sits at says so. */
  private readonly tabs = new TabPresence(() => this.changed());
  /** One source of ICE servers per server asked (its `/ice` URL). */
  private readonly iceSources = new Map<string, IceSource>();
  /** The chat's unread count and last refusal (chat.ts). */
  private readonly chat = new ChatState();

  async init(): Promise<void> {
    try {
      this.storage = await BrowserStore.open();
      this.identity = await loadIdentity(this.storage);
    } catch (error) {
      this.fail(`this browser cannot keep an identity (IndexedDB): ${describe(error)}`);
      return;
    }
    this.ready = true;
    // The server this page came from (or the one Settings names) hands out ICE servers: ask at once.
    void this.iceSource(signalingServerFor(this.settings, location)).ready();
    window.addEventListener('hashchange', () => void this.navigate(parseRoute(location.hash)));
    // The hash as it is now: a link opened while storage was opening changed it with nobody listening.
    await this.navigate(parseRoute(location.hash));
  }

  get view(): AppView {
    const lobby = this.session?.tableSession.lobby.view() ?? null;
    const watching = !!this.session?.tableSession.isWatching && this.session.watching;
    return {
      hand:
        !this.stack || (this.session?.tableSession.isWatching && !watching)
          ? null
          : this.stack.handViewOf(this.session?.tableSession),
      watching,
      otherTab:
        this.session && this.identity && lobby?.mySeat === null
          ? this.tabs.seatedElsewhere(this.session.table, this.identity.keyHex)
          : null,
      watchers: watcherNames(this.session?.tableSession.watcherList() ?? []),
      chat: this.chatView(),
      ready: this.ready,
      route: this.route,
      settings: this.settings,
      myKey: this.identity?.keyHex ?? null,
      lobby,
      seatOrder:
        lobby?.config && this.stack
          ? this.stack.seatOrderOf(lobby.config.game, lobby.seats.length, lobby.mySeat)
          : null,
      needsName: this.settings.name === '',
      shareLink: this.session
        ? shareLink(
            this.session.table,
            location,
            this.session.signaling,
            introducersOf(this.session.table, lobby?.seats ?? []),
          )
        : null,
      seatStatus: this.session?.tableSession.history.status() ?? null,
      connecting: this.connecting,
      problem: this.problem,
      joinFailure:
        this.served.unserved && (lobby?.waitingForCreator ?? true)
          ? joinFailureView(
              this.session?.links.creatorFailure ?? {
                cause: 'unserved',
                detail: this.emptyTable ?? 'no answer came from the table’s creator',
              },
            )
          : null,
      ice: this.iceView(),
      linkRoutes: this.session?.links.routeView() ?? {},
      signalingFailure: this.signalingFailure,
      signaling: this.session
        ? { text: describeSignaling(this.session.signaling), fromLink: this.session.fromLink }
        : null,
      backHash: this.backHash,
      log: this.logEntries,
      recentTables: this.recent,
      replay: this.replay?.view ?? null,
      rulesHelp: lobby?.config ? rulesHelp(lobby.config.game, lobby.config.options) : null,
      loadingGame: this.loadingGame,
      optionsRefusal: this.optionsRefusal,
    };
  }

  /** The open table's chat, with watchers named as the seat list names them. */
  private chatView(): AppView['chat'] {
    const table = this.session?.tableSession;
    if (!table) return null;
    const watchers = table.watcherList();
    const names = watcherNames(watchers);
    return this.chat.view(
      table.chat.entries,
      table.chat.closed,
      this.settings.chatHidden === true,
      watchers.map((w, i) => ({ keyHex: w.keyHex, name: names[i]! })),
    );
  }

  /** Sends a chat line; false (and the reason shown in the chat) when it was not sent. */
  say(text: string): boolean {
    return this.chatSent(this.session?.tableSession.chat.say(text));
  }

  /** Sends a quick reaction; false when it was not sent. */
  react(reaction: Reaction): boolean {
    return this.chatSent(this.session?.tableSession.chat.react(reaction));
  }

  private chatSent(refusal: string | null | undefined): boolean {
    this.chat.notice = refusal === undefined ? 'Not sent: no table is open.' : refusal;
    this.changed();
    return this.chat.notice === null;
  }

  /** The chat's Hide/Show button: remembered in Settings for every table. */
  setChatHidden(hidden: boolean): void {
    this.settings = { ...this.settings, chatHidden: hidden };
    saveSettings(this.settings);
    this.changed();
  }

  /** The ICE servers in use (at a table) or for tables this page creates, and where each comes from. */
  private iceView(): IceView {
    const server = this.session?.server ?? signalingServerFor(this.settings, location);
    const source = this.iceSources.get(iceUrlFor(server));
    const state = source?.state;
    const origin = originOf(iceUrlFor(server), location.origin);
    return {
      source: source
        ? {
            url: source.url,
            origin,
            status: state!.status,
            error: state!.status === 'none' || state!.status === 'failed' ? state!.error : null,
            expiresAt: state!.status === 'ok' ? state!.grant.expiresAt : null,
          }
        : null,
      entries: this.iceFor(server, this.session?.signaling.linkStun ?? []).entries,
    };
  }

  /** The ICE source of a signaling server (made, and asked, on first use). */
  private iceSource(server: SignalingServer): IceSource {
    const url = iceUrlFor(server);
    let source = this.iceSources.get(url);
    if (!source) {
      source = new IceSource(url);
      this.iceSources.set(url, source);
      source.subscribe(() => this.changed());
    }
    return source;
  }

  /** The servers for a table on `server`: what it hands out, then this player's own, then an older link's STUN. */
  private iceFor(server: SignalingServer, linkStun: readonly string[]) {
    const source = this.iceSources.get(iceUrlFor(server));
    return combineIce({
      server: source ? { origin: originOf(source.url, location.origin), servers: source.iceServers } : null,
      own: this.settings.iceServers,
      linkStun,
    });
  }

  /** The mesh of the open table: exposed for the e2e tests' hostile peer. */
  get debugMesh(): Mesh | undefined {
    return this.session?.mesh;
  }

  createTable(config: TableConfig): void {
    if (!this.identity) return;
    const table = newTableId(this.identity.keyHex);
    this.pendingConfig = config;
    // Start fetching the game's rules while the table opens (openSession waits for them).
    if (isGameId(config.game)) loadGame(config.game).catch(() => undefined);
    location.hash = tableHash(table, linkSignalingOf(this.settings));
  }

  /** Sits down (any free seat when `seat` is null); with `name`, under that name, saved as this person's name first. */
  sit(seat: number | null, name?: string): void {
    if (name !== undefined && cleanName(name) !== '') this.rename(name);
    this.session?.tableSession.lobby.sit(seat);
  }

  /** Watches the table instead of sitting (a seated player gives the seat back first, as with Leave): the hands are shown without actions. */
  watch(): void {
    if (!this.session) return;
    if (this.session.tableSession.lobby.mySeat() !== null) this.session.tableSession.leave();
    this.session.watching = true;
    this.session.tableSession.lobby.watch();
    this.changed();
  }

  /** Gives the seat back; a hand being played ends without a result. */
  leaveSeat(): void {
    this.session?.tableSession.leave();
  }

  addBot(seat: number, replace = false): void {
    void this.session?.tableSession.addBot(seat, replace);
  }

  act(action: unknown): void {
    const error = this.session?.tableSession.act(action);
    if (error) this.log('warn', `move not made: ${error}`);
  }

  rematch(): void {
    this.session?.tableSession.rematch();
  }

  /**
   * The creator's change of the table's options for the next hand (lobby.ts `changeOptions`): every page shows it and
   * no seat plays under it before it has agreed (Rematch). False, with the reason in the view, when the table refused
   * it (another player's page, a hand being played, an option the game does not take for this many seats).
   */
  changeOptions(options: TableConfig['options']): boolean {
    const refusal = this.session ? this.session.tableSession.lobby.changeOptions(options) : 'no table is open';
    this.optionsRefusal = refusal === null ? null : `The options were not changed: ${refusal}.`;
    if (refusal !== null) this.log('warn', `options not changed: ${refusal}`);
    this.changed();
    return refusal === null;
  }

  /** "End hand": names the seat that owes a disclosure or reveal, or ends the hand without a result naming who stalled. */
  abandonHand(): void {
    this.session?.tableSession.endHand();
  }

  /** The whole match at the open table (every hand this browser stored) as a transcript file (docs/TRANSCRIPT.md). */
  async transcript(): Promise<{ name: string; text: string } | null> {
    return this.stack?.matchTranscript(this.session?.tableSession, this.storage) ?? null;
  }

  /**
   * Opens a transcript file for the replay viewer: verified here, in the page, then shown step by step. The verifier
   * and every game's rules are loaded first (on demand: the first page carries neither).
   */
  async openReplay(text: string): Promise<void> {
    let replay: typeof import('./replay.js');
    try {
      [replay] = await Promise.all([import('./replay.js'), ...gameMetas.map((meta) => loadGame(meta.id))]);
    } catch (error) {
      this.fail(
        `the transcript verifier could not be loaded (${describe(error)}): this page is offline, or its server cannot be reached, and has no saved copy of it; reconnect, then open the file again`,
      );
      this.changed();
      return;
    }
    this.replay = new replay.Replay(text);
    this.changed();
  }

  replayStep(delta: number): void {
    this.replay?.stepBy(delta);
    this.changed();
  }

  replayHand(index: number): void {
    this.replay?.showHand(index);
    this.changed();
  }

  /** Saves the match's transcript as a file (one click in the verdict panel). */
  async downloadTranscript(): Promise<void> {
    const made = await this.transcript();
    if (!made) {
      this.log('warn', 'no hand to save yet');
      return;
    }
    this.stack?.saveJsonFile(made.name, made.text);
    this.log('info', `transcript saved as ${made.name}: check it with npm run verify -- ${made.name}`);
  }

  rename(name: string): void {
    const clean = cleanName(name);
    this.settings = { ...this.settings, name: clean };
    saveSettings(this.settings);
    this.session?.tableSession.lobby.rename(clean);
    this.changed();
  }

  /** The table's Sort toggle: remembered in Settings for every table and game. */
  sortHand(by: HandSort): void {
    this.settings = { ...this.settings, sortHandBy: by };
    saveSettings(this.settings);
    this.changed();
  }

  updateSettings(settings: Settings): void {
    this.settings = { ...settings, name: cleanName(settings.name) };
    saveSettings(this.settings);
    this.log('info', 'settings saved; they apply to the next table you open');
    this.changed();
  }

  /** The table's sound button: saved like any setting, in effect at once. */
  setSound(on: boolean): void {
    this.settings = { ...this.settings, sound: on };
    saveSettings(this.settings);
    this.changed();
  }

  clearProblem(): void {
    this.problem = null;
    this.changed();
  }

  /** Tries the open table's signaling server again (after a failure). */
  retry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.route.page !== 'table') return;
    // Keep the failure (and the count) on screen while trying again: no flicker to "Connecting…".
    const failure = this.signalingFailure;
    const attempts = this.signalingAttempts;
    this.closeSession();
    this.signalingFailure = failure;
    this.signalingAttempts = attempts;
    void this.navigate(this.route);
  }

  private async navigate(route: Route): Promise<void> {
    // Settings' Back returns to the page it was opened from (with the table link's query, if any).
    if (route.page !== 'settings') this.backHash = location.hash || '#/';
    this.route = route;
    // Settings opened from a table keeps the table (and the hand) running: its Back returns to it. A table that
    // could not reach its signaling server is closed instead, so it reopens with what Settings changed.
    const keep =
      (route.page === 'settings' && !this.signalingFailure) ||
      (route.page === 'table' && this.session?.table === route.table);
    if (!keep) this.closeSession();
    if (route.page === 'table' && !this.session) await this.openSession(route.table, route.signaling, route.via ?? []);
    if (route.page === 'home') await this.loadRecent();
    this.changed();
  }

  private async loadRecent(): Promise<void> {
    const rows = (await this.storage?.recentTables()) ?? [];
    this.recent = rows.map((row) => ({
      table: row.table,
      game: row.roster.config.game,
      players: row.roster.seats.flatMap((seat, i) => (seat ? [seat.name || `Seat ${i + 1}`] : [])),
      savedAt: row.savedAt,
    }));
  }

  private async openSession(
    table: string,
    fromLinkChoice: LinkSignaling | null,
    via: readonly string[] = [],
  ): Promise<void> {
    const identity = this.identity;
    const storage = this.storage;
    if (!identity || !storage) return;
    // No name yet: none is sent (never a key's digits); the other pages number such a watcher ("Watcher 1").
    const name = this.settings.name;
    const ownChoice = linkSignalingOf(this.settings);
    const choice = fromLinkChoice ?? ownChoice;
    // A link without a signaling choice (an old one, a recent table): name the one used, so a reload keeps it.
    if (!fromLinkChoice) {
      history.replaceState(null, '', tableHash(table, choice, via));
      this.backHash = location.hash;
    }
    // Each table has its own log (a retry of the same table keeps it).
    if (this.logTable !== table) {
      this.logEntries = [];
      this.logTable = table;
    }
    // A new table session numbers its chat lines afresh.
    this.chat.reset(table);
    const fromLink = fromLinkChoice !== null && !sameSignaling(fromLinkChoice, ownChoice);
    if (fromLink)
      this.log(
        'info',
        `this table uses the signaling server ${describeSignaling(choice)}, as its link says; your Settings stay the default for new tables`,
      );
    const server = signalingServerFor(this.settings, location, choice);
    const source = this.iceSource(server);
    this.connecting = true;
    this.changed();
    const [stack] = await Promise.all([this.tableStack(), source.ready()]);
    if (!stack) {
      this.connecting = false;
      return;
    }
    // Navigated away (or retried, and that attempt got here first) while asking.
    if (this.route.page !== 'table' || this.route.table !== table || this.session) {
      if (!this.session) this.connecting = false;
      return;
    }
    const iceState = source.state;
    if (
      iceState.status === 'failed' ||
      (iceState.status === 'none' && originOf(source.url, location.origin) === 'table-server')
    )
      this.log(
        iceState.status === 'failed' ? 'warn' : 'info',
        `no ICE servers from the table’s server: ${iceState.error}; using your own (Settings)`,
      );
    else if (iceState.status === 'asking')
      this.log('warn', `no answer yet from ${source.url}; the table starts with your own ICE servers (Settings)`);
    const parsedTable = parseTableId(table);
    const creatorPeerId = peerIdFor(table, parsedTable.ok ? parsedTable.creatorPrefix : '');
    // The table session is made after the transport the link status listens to.
    const made: { tableSession?: TableSession } = {};
    const links = new LinkStatus({
      creatorPeerId,
      amCreator: () => made.tableSession?.lobby.isCreator ?? false,
      joining: () => made.tableSession?.lobby.view().waitingForCreator ?? true,
      seatedName: (peerId) =>
        made.tableSession?.lobby.view().seats.find((seat) => seat.member?.peerId === peerId && !seat.bot)?.member
          ?.name ?? null,
      log: (level, text) => this.log(level, text),
      changed: () => this.changed(),
    });
    const transport = new stack.PeerJsTransport(peerIdFor(table, identity.keyHex), {
      signaling: { ...server, iceServers: this.iceFor(server, choice.linkStun ?? []).iceServers },
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
      onChange: () => this.changed(),
      onLog: (line, level) => this.log(level ?? 'info', line),
    });
    made.tableSession = tableSession;
    // Seats are taken on purpose: opening a link shows the table and its Take seat / Watch choice, and the join
    // waits for the person's choice (`sit`), named or not. A reload of a seated page keeps its seat (below).
    tableSession.lobby.askNameFirst();
    // Peers the link names: through them a join reaches a creator this browser cannot link to.
    tableSession.lobby.introduce(via);
    const session: Session = {
      table,
      mesh,
      transport,
      links,
      server,
      unsubscribeIce: () => undefined,
      tableSession,
      signaling: choice,
      fromLink,
      closed: false,
      watching: false,
      held: undefined,
      gameFailed: false,
    };
    // Renewed credentials (or an answer that came late) apply to the connections made from then on.
    session.unsubscribeIce = source.subscribe(() => {
      if (!session.closed) transport.setIceServers(this.iceFor(server, choice.linkStun ?? []).iceServers);
    });
    this.session = session;
    this.problem = null;
    this.changed();
    try {
      await mesh.start({
        message: (envelope, via) => this.deliver(session, envelope, via),
        rejected: (rejection) => this.logRejection(rejection),
        changed: () => this.changed(),
        problem: (description) => this.log('warn', description),
      });
      if (session.closed) return;
      this.signalingAttempts = 0;
      this.signalingFailure = null;
      const config = this.pendingConfig;
      // The game must be loaded before the table can start a hand: the new table's, or the stored roster's. (A new
      // table's config is kept until then, so Retry after a failed load still creates it.)
      const game =
        (tableSession.lobby.isCreator ? config?.game : undefined) ?? (await storage.loadRoster(table))?.config.game;
      if (session.closed) return;
      if (game !== undefined && isGameId(game) && !(await this.loadTableGame(session, game))) return;
      if (session.closed) return;
      this.pendingConfig = undefined;
      await tableSession.open(tableSession.lobby.isCreator ? config : undefined);
      // The roster this page kept seats it (a reload): it asks for that seat again, as it chose it before.
      const kept = tableSession.lobby.mySeat();
      if (!tableSession.lobby.isCreator && kept !== null) tableSession.lobby.sit(kept);
      // A joiner that hears nothing from the creator for a while is told that nobody serves the table (unserved.ts).
      this.served.start(() => this.session === session && session.tableSession.lobby.view().waitingForCreator);
      // Whoever else the table's server knows at this table, so a joiner reaches the creator through any of them
      // (and learns at once when nobody is there).
      if (!tableSession.lobby.isCreator) void this.askTablePeers(session, via);
    } catch (error) {
      if (session.closed) return;
      if (error instanceof SignalingError) this.signalingFailed(session, error);
      else this.fail(describe(error));
    } finally {
      if (!session.closed) this.connecting = false;
      this.changed();
    }
  }

  /**
   * While this page waits for the creator (no roster yet), asks the table's
   * server every few seconds who is registered at the table and links to
   * them beside the link's `via=`, so its join reaches the creator through
   * any seat it can reach (src/net/table-peers.ts). A server that names
   * nobody at the table (its signaling works: this page registered with it)
   * makes the page say at once that nobody serves it. A server that cannot
   * say (a bare PeerServer) is noted once; the link's `via=` and the creator
   * remain, and the timed wait of unserved.ts.
   */
  private async askTablePeers(session: Session, via: readonly string[]): Promise<void> {
    const known = new Set(via);
    let noted = false;
    while (!session.closed && session.tableSession.lobby.view().waitingForCreator) {
      const answer = await fetchTablePeers(session.server, session.table, session.mesh.peerId);
      if (session.closed) return;
      if (answer.ok) {
        // Nobody registered at the table but this page: nobody can answer its join, so say so now (unserved.ts).
        // Someone registered but unreachable keeps the timed wait, whose dials name the cause (link-status.ts).
        if (answer.prefixes.length === 0 && !this.served.unserved) {
          this.emptyTable = `the table’s server (${tablePeersUrlFor(session.server, session.table)}) has nobody registered at this table`;
          this.served.now();
          this.changed();
        } else if (answer.prefixes.length > 0 && this.emptyTable) {
          this.emptyTable = null;
          this.served.start(() => this.session === session && session.tableSession.lobby.view().waitingForCreator);
          this.changed();
        }
        const before = known.size;
        for (const prefix of answer.prefixes) known.add(prefix);
        if (known.size > before) session.tableSession.lobby.introduce([...known]);
      } else if (!noted) {
        noted = true;
        this.log('info', `the table's server did not say who else is at this table: ${answer.error}`);
      }
      await new Promise((resolve) => setTimeout(resolve, TABLE_PEERS_EVERY_MS));
    }
  }

  /** The table's code, imported on the first table opened; undefined (and the failure shown) when it cannot be loaded. */
  private async tableStack(): Promise<typeof import('./table-stack.js') | undefined> {
    try {
      this.stack ??= await import('./table-stack.js');
      return this.stack;
    } catch (error) {
      this.fail(
        `the table could not be loaded (${describe(error)}): this page is offline, or the server it came from cannot be reached, and has no saved copy of it; reconnect, then reload the page`,
      );
      return undefined;
    }
  }

  /**
   * Hands a verified envelope to the table session, unless the table's game is still loading: a roster that names a
   * game not loaded here starts holding (that roster and every envelope after it, in order) until its rules are in.
   */
  private deliver(session: Session, envelope: Envelope, via: string): void {
    if (session.closed || session.gameFailed) return;
    if (session.held) {
      session.held.push({ envelope, via });
      return;
    }
    const game = envelope.kind === 'roster' ? envelope.body.config.game : null;
    if (game === null || !isGameId(game) || isGameLoaded(game)) {
      session.tableSession.receive(envelope, via);
      return;
    }
    session.held = [{ envelope, via }];
    void this.loadTableGame(session, game).then((loaded) => {
      const held = session.held ?? [];
      session.held = undefined;
      if (!loaded || session.closed) return;
      for (const { envelope, via } of held) session.tableSession.receive(envelope, via);
    });
  }

  /**
   * Loads the open table's game (its rules: a chunk of its own). Meanwhile the view says "Loading <game>…"; a failure
   * (offline with no saved copy) is shown with its cause and what to do, and the table takes nothing more in. The
   * browser remembers a module that failed to load for the rest of the page's life, so the remedy is a reload. True
   * once loaded.
   */
  private async loadTableGame(session: Session, game: GameId): Promise<boolean> {
    if (isGameLoaded(game)) return true;
    const name = gameMeta(game)?.name ?? game;
    this.loadingGame = { name, error: null };
    this.changed();
    try {
      await loadGame(game);
    } catch (error) {
      if (session.closed) return false;
      session.gameFailed = true;
      const text = `${name} could not be loaded (${describe(error)}): this page is offline, or the server it came from cannot be reached, and has no saved copy of ${name}. Reconnect, then reload the page.`;
      this.loadingGame = { name, error: text };
      this.log('error', text);
      return false;
    }
    if (!session.closed) this.loadingGame = null;
    this.changed();
    return !session.closed;
  }

  private closeSession(): void {
    this.optionsRefusal = null;
    clearTimeout(this.retryTimer);
    this.loadingGame = null;
    this.retryTimer = undefined;
    this.served.stop();
    this.emptyTable = null;
    this.signalingFailure = null;
    this.signalingAttempts = 0;
    if (!this.session) return;
    this.session.closed = true;
    this.session.unsubscribeIce();
    this.session.tableSession.close();
    this.session.mesh.stop();
    this.session = undefined;
    this.connecting = false;
  }

  private logRejection(rejection: Rejection): void {
    const who = rejection.author ? `${rejection.author.slice(0, 8)}… via ${rejection.via}` : rejection.via;
    const text = `rejected a message from ${who}: ${rejection.reason}`;
    console.warn(`[fairdeck] ${text}`);
    // One line per distinct reason and sender is enough for a person.
    if (this.logEntries.slice(-20).some((e) => e.text === text)) return;
    this.log('warn', text);
  }

  private log(level: LogLevel, text: string): void {
    if (repeatsSeatLine(this.logEntries, text)) return;
    this.logEntries = [
      ...this.logEntries.slice(-(LOG_LIMIT - 1)),
      { id: this.nextLogId++, at: Date.now(), level, text },
    ];
    this.changed();
  }

  /** Says what was tried at once, then probes the server for the likely cause. */
  private signalingFailed(session: Session, error: SignalingError): void {
    const detail =
      error.type === 'invalid-url' ? `PeerJS could not open ${error.url}` : error.message.replace(/^.*?: /, '');
    this.signalingFailure = {
      url: error.url,
      detail,
      advice: this.signalingFailure?.url === error.url ? this.signalingFailure.advice : null,
    };
    if (this.signalingAttempts === 0) this.log('error', error.message);
    // Try again by itself (the server may be restarting), slower each time; Retry does it at once.
    this.retryTimer = setTimeout(() => {
      if (this.session === session) this.retry();
    }, reconnectDelayMs(this.signalingAttempts++));
    void diagnoseSignaling(error.server, location.protocol).then((diagnosis) => {
      if (this.session !== session || !this.signalingFailure) return;
      const repeated = this.signalingFailure.advice === diagnosis.advice;
      this.signalingFailure = { ...this.signalingFailure, advice: diagnosis.advice };
      if (!repeated && this.signalingAttempts <= 1)
        this.log('info', `signaling server ${error.url}: ${diagnosis.advice}`);
      this.changed();
    });
  }

  private fail(problem: string): void {
    this.problem = problem;
    this.log('error', problem);
  }

  private changed(): void {
    const session = this.session;
    if (this.identity)
      this.tabs.set(
        session && !session.closed
          ? {
              table: session.table,
              key: this.identity.keyHex,
              seat: session.tableSession.lobby.mySeat(),
              name: this.settings.name,
            }
          : null,
      );
    this.dispatchEvent(new Event('change'));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
