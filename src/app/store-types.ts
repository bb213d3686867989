/**
 * What the app store (store.ts) shows the UI: the shape of `store.view`
 * (`AppView`), its log lines, and a signaling failure with its advice. The
 * components render from these plain values and never reach below them.
 */
import type { LobbyView } from '../table/lobby.js';
import type { ReplayView } from './replay.js';
import type { RulesHelpView } from '../games/rules-help.js';
import type { HandView } from './store-hand-view.js';
import type { Route } from './router.js';
import type { Settings } from './settings.js';
import type { IceView } from './ice-choice.js';
import type { JoinFailureView } from './link-status.js';
import type { LinkRoute } from '../net/ice-watch.js';
import type { ChatView } from './chat.js';

export type LogLevel = 'info' | 'warn' | 'error';
export interface LogEntry {
  readonly id: number;
  readonly at: number;
  readonly level: LogLevel;
  readonly text: string;
}

export interface AppView {
  readonly ready: boolean;
  readonly route: Route;
  readonly settings: Settings;
  readonly myKey: string | null;
  readonly lobby: LobbyView | null;
  /** The lobby's seats round the table in the game's play order, from this viewer's seat. */
  readonly seatOrder: readonly number[] | null;
  /** No name yet: the lobby asks for one before this person sits. */
  readonly needsName: boolean;
  readonly hand: HandView | null;
  /** This page holds no seat of the running hand and chose Watch: it follows the hand without acting. */
  readonly watching: boolean;
  /** Another tab of this browser sits at this table (this page has no seat): where and as whom (tab-presence.ts). */
  readonly otherTab: { readonly seat: number | null; readonly name: string } | null;
  /** Names of the peers linked to the table without a seat (its spectators). */
  readonly watchers: readonly string[];
  /** The open table's chat (chat.ts), or null at no table. */
  readonly chat: ChatView | null;
  readonly shareLink: string | null;
  /** An unseated page at a started table: checking the hands played before it may sit, or why it cannot (table-history.ts). */
  readonly seatStatus: string | null;
  readonly connecting: boolean;
  readonly problem: string | null;
  /**
   * A joiner that got no roster from the creator in UNSERVED_AFTER_MS (unserved.ts): why, as far as its dials to
   * the creator showed (link-status.ts: nobody serves the table, it needs a relay, the relay refused or is unreachable).
   */
  readonly joinFailure: JoinFailureView | null;
  /** The ICE servers in use (or for tables this page creates) and where each comes from. */
  readonly ice: IceView;
  /** Peer id → whether its open link runs directly or through a TURN relay. */
  readonly linkRoutes: Readonly<Record<string, LinkRoute>>;
  /** The table could not reach its signaling server: what was tried, the likely cause, and Retry. */
  readonly signalingFailure: SignalingFailure | null;
  /** Which signaling server the open table uses, and whether its link chose it. */
  readonly signaling: { readonly text: string; readonly fromLink: boolean } | null;
  /** Where Settings' Back returns to. */
  readonly backHash: string;
  readonly log: readonly LogEntry[];
  /** Tables this browser sat at, newest first: the game, who sat there (in seat order) and when. */
  readonly recentTables: readonly { table: string; game: string; players: readonly string[]; savedAt: number }[];
  /** The transcript opened at #/replay, verified in the page (src/app/replay.ts). */
  readonly replay: ReplayView | null;
  /** The open table's game rules and chosen options, for its Rules button (src/games/rules-help.ts). */
  readonly rulesHelp: RulesHelpView | null;
  /**
   * The open table's game while its rules load (each game is a chunk of its own, loaded when a table of it opens):
   * its name, and once a load failed, what failed and what to do (`error`). Null when loaded or at no table.
   */
  readonly loadingGame: { readonly name: string; readonly error: string | null } | null;
  /** Why the table refused the creator's last change of its options (null: none, or it went through). */
  readonly optionsRefusal: string | null;
}

export interface SignalingFailure {
  /** `ws://host:port/path/`, or the text of an unexpected error. */
  readonly url: string;
  readonly detail: string;
  /** The likely cause and the setting to change, once the probe has answered. */
  readonly advice: string | null;
}
