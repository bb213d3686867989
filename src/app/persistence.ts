/**
 * What a browser keeps between reloads, in IndexedDB (via `idb`, a small,
 * well-kept promise wrapper): its identities (one per tab slot), and per table
 * the roster it last saw. Later layers add transcripts and secrets here, always
 * written before anything that depends on them is sent.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Roster } from '../net/messages.js';
import type { RosterStore } from '../table/lobby.js';

export interface StoredIdentity {
  readonly slot: number;
  readonly secretKey: Uint8Array;
  readonly createdAt: number;
}

interface FairdeckDB extends DBSchema {
  identities: { key: number; value: StoredIdentity };
  rosters: { key: string; value: { table: string; roster: Roster; savedAt: number } };
}

const DB_NAME = 'fairdeck';
const DB_VERSION = 1;

export class BrowserStore implements RosterStore {
  private constructor(private readonly db: IDBPDatabase<FairdeckDB>) {}

  static async open(): Promise<BrowserStore> {
    const db = await openDB<FairdeckDB>(DB_NAME, DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('identities', { keyPath: 'slot' });
        database.createObjectStore('rosters', { keyPath: 'table' });
      },
    });
    return new BrowserStore(db);
  }

  loadIdentity(slot: number): Promise<StoredIdentity | undefined> {
    return this.db.get('identities', slot);
  }

  async saveIdentity(identity: StoredIdentity): Promise<void> {
    await this.db.put('identities', identity);
  }

  async loadRoster(table: string): Promise<Roster | undefined> {
    return (await this.db.get('rosters', table))?.roster;
  }

  async saveRoster(table: string, roster: Roster): Promise<void> {
    await this.db.put('rosters', { table, roster, savedAt: Date.now() });
  }

  /** Tables this browser has sat at, newest first, for the home screen. */
  async recentTables(limit = 8): Promise<{ table: string; roster: Roster; savedAt: number }[]> {
    const all = await this.db.getAll('rosters');
    return all.sort((a, b) => b.savedAt - a.savedAt).slice(0, limit);
  }
}
