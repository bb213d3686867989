/**
 * What a browser keeps between reloads, in IndexedDB (via `idb`, a small,
 * well-kept promise wrapper, except the hands' rows, whose writer runs at
 * every event and uses IndexedDB itself): its identities (one per tab slot),
 * and per table the roster it last saw. Later layers add transcripts and
 * secrets here, always written before anything that depends on them is sent:
 * an own event first to the synchronous journal in localStorage
 * (own-journal.ts), which the loads here read back with the rows, then here.
 */
import { openDB, unwrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { Roster } from '../net/messages.js';
import type { HandSecrets } from '../table/hand-session.js';
import type { SeatSecrets, TableStore } from '../table/table-outbox.js';
import type { HandRecord } from '../table/hand/setup.js';
import { GroupCommit } from './group-commit.js';
import type { OwnJournal } from './own-journal.js';

export interface StoredIdentity {
  readonly slot: number;
  readonly secretKey: Uint8Array;
  readonly createdAt: number;
}

interface FairdeckDB extends DBSchema {
  identities: { key: number; value: StoredIdentity };
  rosters: { key: string; value: { table: string; roster: Roster; savedAt: number } };
  /** Signed transcript events, keyed `table/hand/author:n`. */
  events: {
    key: string;
    value: { id: string; table: string; hand: number; bytes: Uint8Array };
    indexes: { byHand: [string, number] };
  };
  /** A seat's secrets of a hand (its keys), keyed `table/hand/seatKey`. */
  secrets: { key: string; value: { id: string; secrets: HandSecrets } };
  /** A hand's agreed set-up and outcome, keyed `table/hand`. */
  records: { key: string; value: { id: string; record: HandRecord } };
  /** Secret keys of the bots this browser hosts at a table. */
  bots: { key: string; value: { id: string; table: string; secretKey: Uint8Array }; indexes: { byTable: string } };
}

const DB_NAME = 'fairdeck';
const DB_VERSION = 3;

/** One row a hand's write puts: an event, or a seat's secrets. */
type HandRow =
  | { readonly store: 'events'; readonly value: FairdeckDB['events']['value'] }
  | { readonly store: 'secrets'; readonly value: FairdeckDB['secrets']['value'] };

export class BrowserStore implements TableStore {
  /**
   * Hand events and a seat's secrets, stored as they are made and as they
   * arrive, in one transaction per group (group-commit.ts): a peer's event
   * taken in and this page's answer, with the secrets the answer depends on,
   * commit together, so the answer waits for one transaction, not three. The
   * completion of each comes back through the main thread, behind whatever a
   * page renders meanwhile: each one avoided is a hop of a real-time move
   * that is not delayed by a frame.
   */
  private readonly hands = new GroupCommit<HandRow>(
    (rows) =>
      // IndexedDB itself here, not idb's wrappers: this runs for every event a page takes in or makes, and the
      // wrappers' proxies, a promise and listeners per request, were about a third of its cost in a page's profile.
      new Promise<void>((resolve, reject) => {
        const tx = unwrap(this.db).transaction(['events', 'secrets'], 'readwrite');
        // A put that fails aborts the transaction, which rejects for every row of it; so does one that cannot even
        // be asked (a value IndexedDB cannot clone throws at once): all or nothing.
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error ?? new DOMException('the write was aborted', 'AbortError'));
        try {
          for (const row of rows) tx.objectStore(row.store).put(row.value);
        } catch (error) {
          tx.onabort = null;
          tx.abort();
          reject(error);
        }
      }),
  );

  /**
   * Own events written ahead of IndexedDB, so they can be sent at once (own-journal.ts), and read back with the rows.
   * Its module loads apart, as the store opens, so that it is not part of the first load (the first page's budget):
   * until it is in, an own event waits for its IndexedDB write as before, and every read waits for the module.
   */
  private journal: OwnJournal | null = null;
  private journalLoad: Promise<OwnJournal>;
  /** Ids of own events journaled by this page whose IndexedDB write has not committed yet. */
  private readonly journaled = new Set<string>();

  private constructor(
    private readonly db: IDBPDatabase<FairdeckDB>,
    private readonly storage: Storage,
  ) {
    this.journalLoad = this.loadJournal();
  }

  /** The journal, once its module is in; a failed import is tried again by the next read that needs it. */
  private loadJournal(): Promise<OwnJournal> {
    return import('./own-journal.js').then(
      ({ OwnJournal }) => (this.journal = new OwnJournal(this.storage)),
      (error: unknown) => {
        this.journalLoad = this.loadJournal();
        throw error;
      },
    );
  }

  /** Opens the store, with its journal in `storage` (the page's localStorage). */
  static async open(storage: Storage = localStorage): Promise<BrowserStore> {
    const db = await openDB<FairdeckDB>(DB_NAME, DB_VERSION, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          database.createObjectStore('identities', { keyPath: 'slot' });
          database.createObjectStore('rosters', { keyPath: 'table' });
        }
        if (oldVersion < 2) {
          database.createObjectStore('events', { keyPath: 'id' }).createIndex('byHand', ['table', 'hand']);
          database.createObjectStore('secrets', { keyPath: 'id' });
          database.createObjectStore('bots', { keyPath: 'id' }).createIndex('byTable', 'table');
        }
        if (oldVersion < 3) database.createObjectStore('records', { keyPath: 'id' });
      },
    });
    const store = new BrowserStore(db, storage);
    store.tidied = store.tidyJournal().catch(() => {});
    return store;
  }

  /** The tidying of the journal as the store opened (the tests wait for it). */
  tidied: Promise<void> = Promise.resolve();

  /**
   * Lets go of journal entries whose event IndexedDB holds: that event's write committed with the secrets it carried,
   * and any later secrets are written after it. An entry whose event is not there (a page closed right after
   * sending) stays, and is read back with its hand.
   */
  private async tidyJournal(): Promise<void> {
    const journal = await this.journalLoad;
    for (const entry of journal.entries()) {
      if (await this.db.getKey('events', `${entry.table}/${entry.hand}/${entry.key}`))
        journal.forget(entry.table, entry.hand, entry.key);
    }
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

  /** The hand's stored events, and any own event the journal holds that IndexedDB does not (yet). */
  async loadHandEvents(table: string, hand: number): Promise<Uint8Array[]> {
    const journal = await this.journalLoad;
    const rows = await this.db.getAllFromIndex('events', 'byHand', [table, hand]);
    const ids = new Set(rows.map((row) => row.id));
    const ahead = journal.entries(table, hand).filter((e) => !ids.has(`${table}/${hand}/${e.key}`));
    return [...rows.map((row) => row.bytes), ...ahead.map((e) => e.bytes)];
  }

  saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array): Promise<void> {
    return this.hands.add(eventRow(table, hand, key, bytes));
  }

  async saveOwnEvent(
    table: string,
    hand: number,
    key: string,
    bytes: Uint8Array,
    secrets?: SeatSecrets,
  ): Promise<void> {
    // Asked together, so one transaction carries both: the event is never stored without its secrets.
    const rows = secrets ? [secretsRow(table, hand, secrets.seatKey, secrets.secrets)] : [];
    await Promise.all([...rows, eventRow(table, hand, key, bytes)].map((row) => this.hands.add(row)));
    const id = `${table}/${hand}/${key}`;
    if (this.journaled.delete(id)) this.journal?.forget(table, hand, key);
  }

  journalOwnEvent(table: string, hand: number, key: string, bytes: Uint8Array, secrets?: SeatSecrets): boolean {
    if (!this.journal?.write(table, hand, key, bytes, secrets)) return false;
    this.journaled.add(`${table}/${hand}/${key}`);
    return true;
  }

  /** The seat's newest secrets: a journal entry's when one holds some (it is newer than any row), else the row's. */
  async loadHandSecrets(table: string, hand: number, seatKey: string): Promise<HandSecrets | undefined> {
    const journal = await this.journalLoad;
    const row = (await this.db.get('secrets', `${table}/${hand}/${seatKey}`))?.secrets;
    return journal.secrets(table, hand, seatKey) ?? row;
  }

  async loadHandRecord(table: string, hand: number): Promise<HandRecord | undefined> {
    return (await this.db.get('records', `${table}/${hand}`))?.record;
  }

  async saveHandRecord(table: string, hand: number, record: HandRecord): Promise<void> {
    await this.db.put('records', { id: `${table}/${hand}`, record });
  }

  saveHandSecrets(table: string, hand: number, seatKey: string, secrets: HandSecrets): Promise<void> {
    return this.hands.add(secretsRow(table, hand, seatKey, secrets));
  }

  async loadBots(table: string): Promise<Uint8Array[]> {
    return (await this.db.getAllFromIndex('bots', 'byTable', table)).map((row) => row.secretKey);
  }

  async saveBot(table: string, secretKey: Uint8Array): Promise<void> {
    await this.db.put('bots', { id: `${table}/${Array.from(secretKey.subarray(0, 8)).join('.')}`, table, secretKey });
  }

  /** Tables this browser has sat at, newest first, for the home screen. */
  async recentTables(limit = 8): Promise<{ table: string; roster: Roster; savedAt: number }[]> {
    const all = await this.db.getAll('rosters');
    return all.sort((a, b) => b.savedAt - a.savedAt).slice(0, limit);
  }
}

const eventRow = (table: string, hand: number, key: string, bytes: Uint8Array): HandRow => ({
  store: 'events',
  value: { id: `${table}/${hand}/${key}`, table, hand, bytes },
});

const secretsRow = (table: string, hand: number, seatKey: string, secrets: HandSecrets): HandRow => ({
  store: 'secrets',
  value: { id: `${table}/${hand}/${seatKey}`, secrets },
});
