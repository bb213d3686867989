/**
 * What a table's parts may read of it: one read-only port, `TableNow`, that
 * the table session (table-session.ts) builds once and hands to each part.
 * Every part names the members it reads with `Pick<TableNow, …>`, so its
 * constructor says exactly what it depends on; what it decides goes back out
 * through the few callbacks its own host interface lists. The members are
 * read when used, never copied, so the parts can be built in any order
 * (`tableNowOf` reads the session's parts only when a member is read).
 */
import type { AnyGame } from '../engine/index.js';
import type { Roster } from '../net/messages.js';
import type { HandSession } from './hand-session.js';
import type { Lobby } from './lobby.js';
import type { TableHistory } from './table-history.js';
import type { HandStarter } from './table-hand-start.js';
import { isStarting } from './table-phase.js';
import { WATCHING_SEAT } from './table-watchers.js';
import type { LobbyView } from './lobby-view.js';
import type { Seated } from './table-session-types.js';

export interface TableNow {
  /** The table's id. */
  readonly table: string;
  /** The page closed the table: nothing more is sent, stored or started. */
  readonly closed: boolean;
  /** The lobby as the UI shows it (built on each read: prefer the cheaper members below where they suffice). */
  readonly lobby: LobbyView;
  /** The table creator's key (hex), once this page knows it, and its newest roster (lobby.ts). */
  readonly creator: string | undefined;
  readonly roster: Roster | undefined;
  /** The roster's seat keys (hex; null: free). */
  readonly seatKeys: readonly (string | null)[];
  /** How many hands the roster says were started. */
  readonly handsStarted: number;
  /** This page holds a seat at the table now. */
  readonly seated: boolean;
  /** The seat this page's person holds in the roster now (null: none). */
  readonly mySeat: number | null;
  /** The hand this page is at or starting (-1: none yet). */
  readonly handNo: number;
  /** Between deciding to start a hand and having its sessions (table-phase.ts). */
  readonly starting: boolean;
  /** A hand is being started, or waits for its set-up from its seats' readies (table-history.ts `pending`). */
  readonly settingUp: boolean;
  /** The hand whose set-up waits for its seats' readies (table-history.ts `pending`), or null. */
  readonly awaitedSetup: number | null;
  /** The current hand's sessions on this page, per local seat (its person's, the bots it hosts; a watcher's under WATCHING_SEAT). */
  readonly hands: ReadonlyMap<number, Seated>;
  /** This page plays a seat of the current hand (its person's or a bot's; not a watcher's). */
  readonly playsSeat: boolean;
  /** This person's session of the current hand, else the first local one. */
  readonly current: HandSession | undefined;
  /** The current hand's game (null before the first hand). */
  readonly game: AnyGame | null;
  /** While a hand runs, its seats' keys as its agreed set-up has them (hand/setup.ts): no roster may move them. Null between hands. */
  readonly runningSeats: readonly string[] | null;
  /** The seat this person plays in the current hand (null: none, or watching). */
  readonly playingSeat: number | null;
  /** Each seat's display name, as the roster has it. */
  readonly names: readonly string[];
}

/** What the port reads: the table session's lobby, hand starter (its phase, local sessions, game), history, and whether it is closed. */
export interface NowParts {
  readonly lobby: Lobby;
  readonly starter: HandStarter;
  readonly history: TableHistory;
  readonly closed: boolean;
}

/** The port over a table session's parts, which `parts` gives when a member is read (table-session.ts). */
export function tableNowOf(parts: () => NowParts): TableNow {
  const playingSeat = (): number | null => {
    const { lobby, starter } = parts();
    const seat = lobby.mySeat();
    return seat !== null && starter.hands.has(seat) ? seat : null;
  };
  const runningSeats = (): readonly string[] | null => {
    const session = parts().starter.current()?.session;
    if (!session || session.phase === 'done' || session.phase === 'halted') return null;
    return session.config.setup.seatKeys;
  };
  // prettier-ignore
  return {
    get table() { return parts().lobby.table; },
    get closed() { return parts().closed; },
    get lobby() { return parts().lobby.view(); },
    get creator() { return parts().lobby.creator; },
    get roster() { return parts().lobby.newestRoster; },
    get seatKeys() { return parts().lobby.seatKeys(); },
    get handsStarted() { return parts().lobby.handsStarted; },
    get seated() { return parts().lobby.mySeat() !== null; },
    get mySeat() { return parts().lobby.mySeat(); },
    get handNo() { return parts().starter.handNo; },
    get starting() { return isStarting(parts().starter.phase); },
    get settingUp() { return isStarting(parts().starter.phase) || parts().history.pending !== null; },
    get awaitedSetup() { return parts().history.pending; },
    get hands() { return parts().starter.hands; },
    get playsSeat() { const { hands } = parts().starter; return hands.size > 0 && !hands.has(WATCHING_SEAT); },
    get current() { return parts().starter.current()?.session; },
    get game() { return parts().starter.game; },
    get runningSeats() { return runningSeats(); },
    get playingSeat() { return playingSeat(); },
    get names() { return [...parts().lobby.names()]; },
  };
}
