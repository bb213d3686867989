/**
 * The app store: the one object the UI reads and calls. It owns the identity,
 * the settings, the current route and, at a table, the session (transport →
 * mesh → lobby). It turns everything the lower layers report into plain view
 * data (store-view.ts, in the shape of store-types.ts) and log lines, and
 * announces each change with a `change` event; the components render from
 * `store.view` and never reach below it. Beside it, one concern each: the open
 * table's session (store-session.ts), its game's rules, loaded before it can
 * start a hand (store-game.ts), its signaling server and the retries when it
 * cannot be reached (store-signaling.ts), its ICE servers (store-ice.ts),
 * whether it answers a joiner (store-join.ts) and its log (store-log.ts); the
 * replay viewer (store-replay.ts). The table's own code (session, mesh,
 * transport) is table-stack.ts, imported when the first table opens, and the
 * hands' view and transcript (hand-stack.ts) right after it; the hand
 * protocol and its crypto load when the table sets up its first hand
 * (src/table/hand-loader.ts); the replay viewer and the verifier load when a
 * transcript is opened.
 */
import type { Mesh } from '../net/mesh.js';
import { SignalingError } from '../net/signaling.js';
import type { Reaction, TableConfig } from '../net/messages.js';
import { newTableId } from '../table/table-id.js';
import { isGameId, loadGame } from '../games/index.js';
import { loadIdentity, type Identity } from './identity.js';
import { BrowserStore } from './persistence.js';
import { parseRoute, tableHash, type Route } from './router.js';
import type { AppView, LogLevel } from './store-types.js';
import {
  cleanName,
  fromForm,
  linkSignalingOf,
  loadSettings,
  saveSettings,
  signalingServerFor,
  type HandSort,
  type Settings,
  type SettingsForm,
} from './settings.js';
import type { LinkSignaling } from './table-link.js';
import { TabPresence } from './tab-presence.js';
import { ChatState } from './chat.js';
import { moveRefusalWords } from './move-words.js';
import { TableLog } from './store-log.js';
import { IceSources, iceStartLine } from './store-ice.js';
import { SignalingRetry, tableSignaling } from './store-signaling.js';
import { endSession, makeSession, startSession, tabSeatAt, type Session, type SessionOut } from './store-session.js';
import { JoinWatch } from './store-join.js';
import { TableGame } from './store-game.js';
import { appView, recentTablesOf } from './store-view.js';
import { ReplayViewer } from './store-replay.js';
import { describeError, Stacks } from './store-stacks.js';

export type { HandView } from './store-hand-view.js';
export type { AppView, LogEntry, LogLevel, SignalingFailure } from './store-types.js';

export class AppStore extends EventTarget {
  private identity: Identity | undefined;
  private storage: BrowserStore | undefined;
  private session: Session | undefined;
  private settings: Settings = loadSettings();
  private route: Route = parseRoute(location.hash);
  /** The open table's log (each table has its own). */
  private readonly tableLog = new TableLog();
  private problem: string | null = null;
  /** The open table could not reach its signaling server: what is shown, and the retries. */
  private readonly signalingRetry = new SignalingRetry();
  private backHash = '#/';
  private connecting = false;
  private ready = false;
  private recent: AppView['recentTables'] = [];
  /** A new table's config, kept until the table opens with it. */
  private readonly pending: { config: TableConfig | undefined } = { config: undefined };
  /** The transcript opened at #/replay. */
  private readonly replay = new ReplayViewer();
  /** Why the table refused the creator's last change of options (null: none, or it went through). */
  private optionsRefusal: string | null = null;
  /** Where the open table's parts report: its log and every change. */
  private readonly out: SessionOut = { log: (level, text) => this.log(level, text), changed: () => this.changed() };
  /** The table's code and the hands' view, imported on demand (store-stacks.ts). */
  private readonly stacks = new Stacks({ ...this.out, fail: (problem) => this.fail(problem) });
  /** Whether the open table answers a joiner, and why not. */
  private readonly join = new JoinWatch(this.out);
  /** The open table's game rules: loading, held envelopes, a failed load. */
  private readonly game = new TableGame(this.out);
  /** Where this browser's other tabs sit (tab-presence.ts): a second tab at a table this browser sits at says so. */
  private readonly tabs = new TabPresence(() => this.changed());
  /** One source of ICE servers per server asked. */
  private readonly ice = new IceSources(() => this.changed());
  /** The chat's unread count and last refusal (chat.ts). */
  private readonly chat = new ChatState();

  async init(): Promise<void> {
    try {
      this.storage = await BrowserStore.open();
      this.identity = await loadIdentity(this.storage);
    } catch (error) {
      this.fail(`this browser cannot keep an identity (IndexedDB): ${describeError(error)}`);
      return;
    }
    this.ready = true;
    // The server this page came from (or the one Settings names) hands out ICE servers: ask at once.
    void this.ice.source(signalingServerFor(this.settings, location)).ready();
    window.addEventListener('hashchange', () => void this.navigate(parseRoute(location.hash)));
    // The hash as it is now: a link opened while storage was opening changed it with nobody listening.
    await this.navigate(parseRoute(location.hash));
  }

  get view(): AppView {
    return appView({
      ready: this.ready,
      route: this.route,
      settings: this.settings,
      identity: this.identity,
      session: this.session,
      stack: this.stacks.table,
      handStack: this.stacks.hand,
      tabs: this.tabs,
      chat: this.chat,
      join: this.join,
      ice: this.ice,
      connecting: this.connecting,
      problem: this.problem,
      signalingFailure: this.signalingRetry.failure,
      backHash: this.backHash,
      log: this.tableLog.entries,
      recentTables: this.recent,
      replay: this.replay.view,
      loadingGame: this.game.loading,
      optionsRefusal: this.optionsRefusal,
    });
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
    this.keepSettings({ ...this.settings, chatHidden: hidden });
    this.changed();
  }

  /** The mesh of the open table: exposed for the e2e tests' hostile peer. */
  get debugMesh(): Mesh | undefined {
    return this.session?.mesh;
  }

  createTable(config: TableConfig): void {
    if (!this.identity) return;
    const table = newTableId(this.identity.keyHex);
    this.pending.config = config;
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
    const made = this.session?.tableSession.act(action);
    if (made && !made.ok) this.log('warn', `move not made: ${moveRefusalWords(made.error)}`);
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

  /**
   * Opens a transcript file for the replay viewer: verified here, in the page, then shown step by step. The verifier
   * and every game's rules are loaded first (on demand: the first page carries neither).
   */
  async openReplay(text: string): Promise<void> {
    const problem = await this.replay.open(text, () => import('./replay.js'));
    if (problem !== null) this.fail(problem);
    this.changed();
  }

  replayStep(delta: number): void {
    this.replay.stepBy(delta);
    this.changed();
  }

  replayHand(index: number): void {
    this.replay.showHand(index);
    this.changed();
  }

  /**
   * Saves the whole match at the open table (every hand this browser stored) as a transcript file (docs/TRANSCRIPT.md):
   * one click in the verdict panel.
   */
  async downloadTranscript(): Promise<void> {
    await this.stacks.saveTranscript(this.session?.tableSession, this.storage);
  }

  rename(name: string): void {
    const clean = cleanName(name);
    this.keepSettings({ ...this.settings, name: clean });
    this.session?.tableSession.lobby.rename(clean);
    this.changed();
  }

  /** The table's Sort toggle: remembered in Settings for every table and game. */
  sortHand(by: HandSort): void {
    this.keepSettings({ ...this.settings, sortHandBy: by });
    this.changed();
  }

  /** The Settings page's Save: its fields saved, the choices made at the table kept. */
  updateSettings(form: SettingsForm): void {
    this.keepSettings(fromForm(this.settings, form));
    this.log(
      'info',
      'settings saved: sound and card animations at once, the server and ICE servers from the next table you open',
    );
    this.changed();
  }

  /** The table's sound button: saved like any setting, in effect at once. */
  setSound(on: boolean): void {
    this.keepSettings({ ...this.settings, sound: on });
    this.changed();
  }

  /** Settings as changed here, saved for every table and the next visit (the caller announces the change). */
  private keepSettings(settings: Settings): void {
    this.settings = settings;
    saveSettings(settings);
  }

  clearProblem(): void {
    this.problem = null;
    this.changed();
  }

  /** Tries the open table's signaling server again (after a failure). */
  retry(): void {
    this.signalingRetry.cancel();
    if (this.route.page !== 'table') return;
    // Not through `navigate`, which closes the table again and with it the count: the failure and the count stay on
    // screen while trying again (`keepThrough`).
    const route = this.route;
    this.signalingRetry.keepThrough(() => this.closeSession());
    void this.openSession(route.table, route.signaling, route.via ?? []).then(() => this.changed());
  }

  private async navigate(route: Route): Promise<void> {
    // Settings' Back returns to the page it was opened from (with the table link's query, if any).
    if (route.page !== 'settings') this.backHash = location.hash || '#/';
    this.route = route;
    // Settings opened from a table keeps the table (and the hand) running: its Back returns to it. A table that
    // could not reach its signaling server is closed instead, so it reopens with what Settings changed.
    const keep =
      (route.page === 'settings' && !this.signalingRetry.failure) ||
      (route.page === 'table' && this.session?.table === route.table);
    if (!keep) this.closeSession();
    if (route.page === 'table' && !this.session) await this.openSession(route.table, route.signaling, route.via ?? []);
    if (route.page === 'home') this.recent = recentTablesOf((await this.storage?.recentTables()) ?? []);
    this.changed();
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
    const signaling = tableSignaling(this.settings, table, fromLinkChoice, via);
    if (signaling.hash !== null) {
      history.replaceState(null, '', signaling.hash);
      this.backHash = location.hash;
    }
    // Each table has its own log (a retry of the same table keeps it).
    this.tableLog.openTable(table);
    // A new table session numbers its chat lines afresh.
    this.chat.reset(table);
    if (signaling.line !== null) this.log('info', signaling.line);
    const source = this.ice.source(signaling.server);
    this.connecting = true;
    this.changed();
    const [stack] = await Promise.all([this.stacks.loadTable(), source.ready()]);
    if (!stack) {
      this.connecting = false;
      return;
    }
    // Navigated away (or retried, and that attempt got here first) while asking.
    if (this.route.page !== 'table' || this.route.table !== table || this.session) {
      if (!this.session) this.connecting = false;
      return;
    }
    const iceLine = iceStartLine(source);
    if (iceLine) this.log(iceLine.level, iceLine.text);
    const ice = this.ice.forTable(signaling, () => this.settings.iceServers);
    const session = makeSession(stack, { table, identity, storage, name, signaling, via, ...ice }, this.out);
    this.session = session;
    this.join.opened(session);
    this.problem = null;
    this.changed();
    try {
      const { pending, game, signalingRetry: retry, join, tableLog: log } = this;
      await startSession(session, { pending, game, retry, join, log }, this.out);
    } catch (error) {
      if (session.closed) return;
      if (error instanceof SignalingError)
        this.signalingRetry.report(error, {
          ...this.out,
          retry: () => this.retry(),
          current: () => this.session === session,
        });
      else this.fail(describeError(error));
    } finally {
      if (!session.closed) this.connecting = false;
      this.changed();
    }
  }

  private closeSession(): void {
    this.optionsRefusal = null;
    this.game.loading = null;
    this.signalingRetry.reset();
    this.join.stop();
    if (!this.session) return;
    endSession(this.session);
    this.session = undefined;
    this.connecting = false;
  }

  private log(level: LogLevel, text: string): void {
    if (this.tableLog.add(level, text)) this.changed();
  }

  private fail(problem: string): void {
    this.problem = problem;
    this.log('error', problem);
  }

  private changed(): void {
    if (this.identity) this.tabs.set(tabSeatAt(this.session, this.identity.keyHex, this.settings.name));
    this.dispatchEvent(new Event('change'));
  }
}
