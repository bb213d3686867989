/**
 * The app store: the one object the UI reads and calls. It owns the identity,
 * the settings, the current route and, at a table, the session (transport →
 * mesh → lobby). It turns everything the lower layers report into plain view
 * data and log lines, and announces each change with a `change` event; the
 * components render from `store.view` and never reach below it.
 */
import { Mesh, type Rejection } from '../net/mesh.js';
import { PeerJsTransport } from '../net/peerjs-transport.js';
import { diagnoseSignaling, SignalingError } from '../net/signaling.js';
import { reconnectDelayMs } from '../net/transport.js';
import type { TableConfig } from '../net/messages.js';
import type { LobbyView } from '../table/lobby.js';
import { TableSession } from '../table/table-session.js';
import { gameById, gameTable, handOutcome, type GameTable } from '../games/index.js';
import { newTableId, peerIdFor } from '../table/table-id.js';
import { handVerdict, type VerdictSummary } from '../table/verdict.js';
import { buildTranscriptFile, transcriptJson, type HandToExport } from '../table/transcript-file.js';
import { Replay, type ReplayView } from './replay.js';
import { loadIdentity, type Identity } from './identity.js';
import { BrowserStore } from './persistence.js';
import { parseRoute, shareLink, tableHash, type Route } from './router.js';
import { cleanName, linkSignalingOf, loadSettings, saveSettings, signalingFor, type Settings } from './settings.js';
import { describeSignaling, sameSignaling, type LinkSignaling } from './table-link.js';

export type LogLevel = 'info' | 'warn' | 'error';
export interface LogEntry {
  readonly id: number;
  readonly at: number;
  readonly level: LogLevel;
  readonly text: string;
}

/** The hand in play at the open table, as the UI needs it. */
export interface HandView {
  readonly handNo: number;
  readonly game: string;
  readonly phase: string;
  /**
   * The game's own view for this seat and its legal actions, typed per game
   * (the registry's `GameTable`), or null before the deal.
   */
  readonly table: GameTable | null;
  /** Moves wait: cryptography is in flight (a deal, a reveal). */
  readonly busy: boolean;
  readonly mySeat: number | null;
  readonly names: string[];
  /** Remote seats the hand waits for now (never this page's own seat or a bot it hosts). */
  readonly waiting: { names: string[]; what: string } | null;
  /**
   * Owing seats whose connection is lost (`gone`), or, after several turn
   * timers, connected ones that have not moved; `canEnd` once the turn timer
   * has run out (table/gone-seats.ts). Thinking is never a stall.
   */
  readonly stalled: { names: string[]; seconds: number; gone: boolean; canEnd: boolean; what: string } | null;
  /** Seats whose links are silent now (their page closed or offline). */
  readonly gone: number[];
  /** Verdicts other peers reported (fault events) that this peer has not reached itself. */
  readonly reports: { reporter: string; blame: string | null; reason: string; code: string }[];
  readonly halt: { reason: string; blame: string | null; kind: string } | null;
  readonly audit: { clean: boolean; reason: string; blame: string | null } | null;
  readonly outcome: string | null;
  readonly rematchOffered: boolean;
  readonly hash: string | null;
  readonly step: number;
  /** Real time: this seat's moves that bounced so far, and those not yet ordered. */
  readonly myBounces: number;
  readonly pendingMoves: number;
  /** Every bounce, for the log and the tests. */
  readonly bounces: number;
  /** Once the hand has ended (audited or stopped): what was checked, or the first fault, in words (src/table/verdict.ts). */
  readonly verdict: VerdictSummary | null;
}

export interface AppView {
  readonly ready: boolean;
  readonly route: Route;
  readonly settings: Settings;
  readonly myKey: string | null;
  readonly lobby: LobbyView | null;
  readonly hand: HandView | null;
  readonly shareLink: string | null;
  readonly connecting: boolean;
  readonly problem: string | null;
  /** A table link nobody answers: no roster came from its creator in UNSERVED_AFTER_MS. */
  readonly unserved: boolean;
  /** The table could not reach its signaling server: what was tried, the likely cause, and Retry. */
  readonly signalingFailure: SignalingFailure | null;
  /** Which signaling server the open table uses, and whether its link chose it. */
  readonly signaling: { readonly text: string; readonly fromLink: boolean } | null;
  /** Where Settings' Back returns to. */
  readonly backHash: string;
  readonly log: readonly LogEntry[];
  readonly recentTables: readonly { table: string; game: string; savedAt: number }[];
  /** The transcript opened at #/replay, verified in the page (src/app/replay.ts). */
  readonly replay: ReplayView | null;
}

export interface SignalingFailure {
  /** `ws://host:port/path/`, or the text of an unexpected error. */
  readonly url: string;
  readonly detail: string;
  /** The likely cause and the setting to change, once the probe has answered. */
  readonly advice: string | null;
}

const LOG_LIMIT = 300;
/** How long a joiner waits for the table's creator before saying that nobody is serving the table. */
export const UNSERVED_AFTER_MS = 12_000;

interface Session {
  readonly table: string;
  readonly mesh: Mesh;
  readonly tableSession: TableSession;
  readonly signaling: LinkSignaling;
  readonly fromLink: boolean;
  closed: boolean;
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
  /** The table the log belongs to: each table has its own log. */
  private logTable: string | null = null;
  private unserved = false;
  private unservedTimer: ReturnType<typeof setTimeout> | undefined;

  async init(): Promise<void> {
    try {
      this.storage = await BrowserStore.open();
      this.identity = await loadIdentity(this.storage);
    } catch (error) {
      this.fail(`this browser cannot keep an identity (IndexedDB): ${describe(error)}`);
      return;
    }
    this.ready = true;
    window.addEventListener('hashchange', () => void this.navigate(parseRoute(location.hash)));
    await this.navigate(this.route);
  }

  get view(): AppView {
    const lobby = this.session?.tableSession.lobby.view() ?? null;
    return {
      hand: this.handView(),
      ready: this.ready,
      route: this.route,
      settings: this.settings,
      myKey: this.identity?.keyHex ?? null,
      lobby,
      shareLink: this.session ? shareLink(this.session.table, location, this.session.signaling, this.settings.shareIceCredentials) : null,
      connecting: this.connecting,
      problem: this.problem,
      unserved: this.unserved && (lobby?.waitingForCreator ?? true),
      signalingFailure: this.signalingFailure,
      signaling: this.session ? { text: describeSignaling(this.session.signaling), fromLink: this.session.fromLink } : null,
      backHash: this.backHash,
      log: this.logEntries,
      recentTables: this.recent,
      replay: this.replay?.view ?? null,
    };
  }

  /** The mesh of the open table: exposed for the e2e tests' hostile peer. */
  get debugMesh(): Mesh | undefined {
    return this.session?.mesh;
  }

  createTable(config: TableConfig): void {
    if (!this.identity) return;
    const table = newTableId(this.identity.keyHex);
    this.pendingConfig = config;
    location.hash = tableHash(table, linkSignalingOf(this.settings));
  }

  sit(seat: number | null): void {
    this.session?.tableSession.lobby.sit(seat);
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

  /** "End hand": names the seat that owes a disclosure or reveal, or ends the hand without a result naming who stalled. */
  abandonHand(): void {
    this.session?.tableSession.endHand();
  }

  private handView(): HandView | null {
    const table = this.session?.tableSession;
    const current = table?.current;
    if (!table || !current) return null;
    const hand = current.session;
    const names = current.names;
    const game = gameById(hand.config.game.id);
    const state = hand.engineState;
    const waiting = hand.waiting();
    const remoteWaiting = waiting?.seats.filter((s) => !current.localSeats.includes(s)) ?? [];
    const outcome = state && game ? handOutcome(game.id, state, hand.phase === 'done' ? (hand.auditResult?.rules ?? null) : null) : null;
    return {
      handNo: current.handNo,
      game: hand.config.game.id,
      phase: hand.phase,
      table:
        state && hand.phase !== 'ready' && hand.phase !== 'dealing'
          ? gameTable(hand.config.game.id, hand.config.game.view(state, current.mySeat, hand.privateView), hand.legalActions())
          : null,
      busy: hand.phase !== 'play' && hand.phase !== 'disclose' && hand.phase !== 'done',
      mySeat: current.mySeat,
      names,
      waiting: waiting && remoteWaiting.length ? { names: remoteWaiting.map((s) => names[s] ?? `Seat ${s + 1}`), what: waiting.what } : null,
      stalled: current.stalled
        ? {
            names: current.stalled.seats.map((s) => names[s] ?? `Seat ${s + 1}`),
            seconds: Math.round(current.stalled.forMs / 1000),
            gone: current.stalled.gone,
            canEnd: current.stalled.canEnd,
            what: current.stalled.what,
          }
        : null,
      gone: current.goneSeats,
      reports: current.reports
        .filter((r) => !r.agrees)
        .map((r) => ({ reporter: names[r.reporter] ?? `Seat ${r.reporter + 1}`, blame: r.seat !== null ? (names[r.seat] ?? `Seat ${r.seat + 1}`) : null, reason: r.detail, code: r.code })),
      halt: hand.halt
        ? {
            reason: hand.halt.detail,
            blame: hand.halt.seat !== null ? (names[hand.halt.seat] ?? null) : null,
            kind: hand.halt.code === 'abandoned' ? 'abandoned' : hand.halt.code === 'desync' ? 'desync' : 'blame',
          }
        : null,
      audit: hand.auditResult
        ? { clean: hand.auditResult.clean, reason: hand.auditResult.detail, blame: hand.auditResult.seat !== null ? (names[hand.auditResult.seat] ?? null) : null }
        : null,
      outcome: outcome ? outcome.ranking.map((group, i) => `${i + 1}. ${group.map((s) => names[s]).join(', ')}`).join('  ') : null,
      rematchOffered: table.rematchOffered,
      hash: hand.hash,
      step: hand.step,
      myBounces: hand.bounces.filter((b) => b.seat === current.mySeat).length,
      pendingMoves: hand.pendingMoves,
      bounces: hand.bounces.length,
      verdict: hand.phase === 'done' || hand.phase === 'halted' ? handVerdict(hand.follower, names) : null,
    };
  }

  /** The whole match at the open table (every hand this browser stored) as a transcript file (docs/TRANSCRIPT.md). */
  async transcript(): Promise<{ name: string; text: string } | null> {
    const table = this.session?.tableSession;
    const storage = this.storage;
    const current = table?.current;
    if (!table || !storage || !current) return null;
    const hands: HandToExport[] = [];
    for (let handNo = 0; handNo <= current.handNo; handNo++) {
      const record = await storage.loadHandRecord(table.lobby.table, handNo);
      if (!record) continue;
      const envelopes = await storage.loadHandEvents(table.lobby.table, handNo);
      hands.push({ setup: record.setup, envelopes, stateHash: record.outcome?.stateHash ?? null, outcome: record.outcome });
    }
    if (hands.length === 0) return null;
    const file = buildTranscriptFile(hands, current.names);
    return { name: `fairdeck-${file.game}-${file.table}.json`, text: transcriptJson(file) };
  }

  /** Opens a transcript file for the replay viewer: verified here, in the page, then shown step by step. */
  openReplay(text: string): void {
    this.replay = new Replay(text);
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
    const url = URL.createObjectURL(new Blob([made.text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = made.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.log('info', `transcript saved as ${made.name}: check it with npm run verify -- ${made.name}`);
  }

  rename(name: string): void {
    const clean = cleanName(name);
    this.settings = { ...this.settings, name: clean };
    saveSettings(this.settings);
    this.session?.tableSession.lobby.rename(clean);
    this.changed();
  }

  updateSettings(settings: Settings): void {
    this.settings = { ...settings, name: cleanName(settings.name) };
    saveSettings(this.settings);
    this.log('info', 'settings saved; they apply to the next table you open');
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
    if (route.page !== 'table' || this.session?.table !== route.table) this.closeSession();
    if (route.page === 'table' && !this.session) await this.openSession(route.table, route.signaling);
    if (route.page === 'home') await this.loadRecent();
    this.changed();
  }

  private async loadRecent(): Promise<void> {
    const rows = (await this.storage?.recentTables()) ?? [];
    this.recent = rows.map((row) => ({ table: row.table, game: row.roster.config.game, savedAt: row.savedAt }));
  }

  private async openSession(table: string, fromLinkChoice: LinkSignaling | null): Promise<void> {
    const identity = this.identity;
    const storage = this.storage;
    if (!identity || !storage) return;
    const name = this.settings.name || `Player ${identity.keyHex.slice(0, 4)}`;
    const ownChoice = linkSignalingOf(this.settings);
    const choice = fromLinkChoice ?? ownChoice;
    // A link without a signaling choice (an old one, a recent table): name the one used, so a reload keeps it.
    if (!fromLinkChoice) {
      history.replaceState(null, '', tableHash(table, choice));
      this.backHash = location.hash;
    }
    // Each table has its own log (a retry of the same table keeps it).
    if (this.logTable !== table) {
      this.logEntries = [];
      this.logTable = table;
    }
    const fromLink = fromLinkChoice !== null && !sameSignaling(fromLinkChoice, ownChoice);
    if (fromLink) this.log('info', `this table uses the signaling server ${describeSignaling(choice)}, as its link says; your Settings stay the default for new tables`);
    const transport = new PeerJsTransport(peerIdFor(table, identity.keyHex), {
      signaling: signalingFor(this.settings, location, choice),
      token: identity.signalingToken,
    });
    const mesh = new Mesh({ table, signer: identity, transport, name });
    const tableSession = new TableSession({
      mesh,
      signer: identity,
      store: storage,
      name,
      onChange: () => this.changed(),
      onLog: (line, level) => this.log(level ?? 'info', line),
    });
    const session: Session = { table, mesh, tableSession, signaling: choice, fromLink, closed: false };
    this.session = session;
    this.connecting = true;
    this.problem = null;
    this.changed();
    try {
      await mesh.start({
        message: (envelope, via) => tableSession.receive(envelope, via),
        rejected: (rejection) => this.logRejection(rejection),
        changed: () => this.changed(),
        problem: (description) => this.log('warn', description),
      });
      if (session.closed) return;
      this.signalingAttempts = 0;
      this.signalingFailure = null;
      const config = this.pendingConfig;
      this.pendingConfig = undefined;
      await tableSession.open(tableSession.lobby.isCreator ? config : undefined);
      this.watchServed(session);
    } catch (error) {
      if (session.closed) return;
      if (error instanceof SignalingError) this.signalingFailed(session, error);
      else this.fail(describe(error));
    } finally {
      if (!session.closed) this.connecting = false;
      this.changed();
    }
  }

  /** A joiner that hears nothing from the creator for a while is told that nobody serves the table (with Retry and Home). */
  private watchServed(session: Session): void {
    this.unserved = false;
    clearTimeout(this.unservedTimer);
    this.unservedTimer = setTimeout(() => {
      if (this.session !== session || !session.tableSession.lobby.view().waitingForCreator) return;
      this.unserved = true;
      this.log('warn', 'nobody is serving this table: no answer from its creator (their page may be closed)');
    }, UNSERVED_AFTER_MS);
  }

  private closeSession(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    clearTimeout(this.unservedTimer);
    this.unserved = false;
    this.signalingFailure = null;
    this.signalingAttempts = 0;
    if (!this.session) return;
    this.session.closed = true;
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
    this.logEntries = [...this.logEntries.slice(-(LOG_LIMIT - 1)), { id: this.nextLogId++, at: Date.now(), level, text }];
    this.changed();
  }

  /** Says what was tried at once, then probes the server for the likely cause. */
  private signalingFailed(session: Session, error: SignalingError): void {
    const detail = error.type === 'invalid-url' ? `PeerJS could not open ${error.url}` : error.message.replace(/^.*?: /, '');
    this.signalingFailure = { url: error.url, detail, advice: this.signalingFailure?.url === error.url ? this.signalingFailure.advice : null };
    if (this.signalingAttempts === 0) this.log('error', error.message);
    // Try again by itself (the server may be restarting), slower each time; Retry does it at once.
    this.retryTimer = setTimeout(() => {
      if (this.session === session) this.retry();
    }, reconnectDelayMs(this.signalingAttempts++));
    void diagnoseSignaling(error.server, location.protocol).then((diagnosis) => {
      if (this.session !== session || !this.signalingFailure) return;
      const repeated = this.signalingFailure.advice === diagnosis.advice;
      this.signalingFailure = { ...this.signalingFailure, advice: diagnosis.advice };
      if (!repeated && this.signalingAttempts <= 1) this.log('info', `signaling server ${error.url}: ${diagnosis.advice}`);
      this.changed();
    });
  }

  private fail(problem: string): void {
    this.problem = problem;
    this.log('error', problem);
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
