/**
 * What a table's lobby (lobby.ts) is given by the table that holds it: the mesh it talks over, where it keeps its copy
 * of the roster between reloads (`RosterStore`), this peer's name, and the hooks through which it tells its table what
 * changed and asks what the table knows (the hand being played, the bots this browser hosts, who may chat).
 */
import type { EnvelopeOf } from '../net/envelope.js';
import type { Roster } from '../net/messages.js';
import type { Mesh } from '../net/mesh.js';

/** Where a peer keeps its copy of the roster between reloads. */
export interface RosterStore {
  loadRoster(table: string): Promise<Roster | undefined>;
  saveRoster(table: string, roster: Roster): Promise<void>;
}

export interface LobbyOptions {
  readonly mesh: Mesh;
  readonly store: RosterStore;
  readonly name: string;
  /** Called whenever the view may have changed. */
  readonly onChange: () => void;
  /** Lines for the table's log (seat taken, left, …). */
  readonly onLog: (line: string) => void;
  /** Keys of the bots this browser hosts (they sit, but send through this peer). */
  readonly botKeys?: () => string[];
  /** The seat keys of the hand being played (from its agreed set-up), or null between hands: a roster may not change them. */
  readonly runningSeats?: () => readonly string[] | null;
  /** Whether this peer may send its join now (a newcomer first follows the hands played: table-history.ts). */
  readonly mayJoin?: () => boolean;
  /** Who may chat and how fast (table-chat.ts `admit`): null admits a chat, else why it is dropped. */
  readonly admitChat?: (envelope: EnvelopeOf<'chat'>) => string | null;
}
