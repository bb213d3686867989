/**
 * A write-ahead journal of this page's own hand events, in localStorage: an
 * event and the secrets it depends on are written here synchronously, so the
 * event can go to the table in the same task, and to IndexedDB as before
 * (persistence.ts), which forgets the journal's copy once it has committed
 * them. What a reload reads back is IndexedDB's rows together with whatever
 * the journal still holds, so a page that reloads, or a browser that
 * restarts, finds every event it sent and can never sign a second version of
 * one (docs/SECURITY.md).
 *
 * Why: with two pages and the browser's own work sharing two cores, an
 * IndexedDB transaction took a median 15–17 ms to come back, and a real-time
 * play waits for three of them in a row (the commit, the answering commit,
 * the reveal). A localStorage write is done when `setItem` returns: the
 * renderer keeps the value and hands it to the browser process, which keeps
 * it for every later page of the origin.
 *
 * Each entry is one event, keyed by its table, hand and store key; it holds
 * the event's bytes and, when the seat had any, its newest secrets of that
 * hand, so an entry alone is enough to go on from. Bytes are base64 and
 * secrets are JSON with byte arrays tagged (`{ "$bytes": base64 }`), read
 * back as untrusted input: an entry that does not decode is dropped, and its
 * event is then fetched from the other seats like any event a page lacks.
 */
import type { HandSecrets } from '../table/hand-session.js';

const PREFIX = 'fairdeck.journal/';

/** One journaled event as read back. */
export interface JournalEntry {
  readonly table: string;
  readonly hand: number;
  readonly key: string;
  readonly bytes: Uint8Array;
  /** The seat's newest secrets of the hand when the event was journaled, if it had any. */
  readonly secrets?: { readonly seatKey: string; readonly secrets: HandSecrets; readonly order: number };
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const encodeValue = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (v instanceof Uint8Array ? { $bytes: toBase64(v) } : v));

const decodeValue = (text: string): unknown =>
  JSON.parse(text, (_, v: unknown) =>
    v !== null && typeof v === 'object' && typeof (v as { $bytes?: unknown }).$bytes === 'string'
      ? fromBase64((v as { $bytes: string }).$bytes)
      : v,
  );

/** The parts of an entry's stored form that must be there, with their types; anything else is not an entry. */
function parseEntry(name: string, text: string): JournalEntry | null {
  const where = /^fairdeck\.journal\/(.+)\/(\d+)\/([^/]+)$/.exec(name);
  if (!where) return null;
  let value: unknown;
  try {
    value = decodeValue(text);
  } catch {
    return null;
  }
  const v = value as { bytes?: unknown; seatKey?: unknown; secrets?: unknown; order?: unknown };
  if (!(v.bytes instanceof Uint8Array)) return null;
  const entry = { table: where[1]!, hand: Number(where[2]), key: where[3]!, bytes: v.bytes };
  if (v.secrets === undefined) return entry;
  const secrets = v.secrets as Partial<HandSecrets> | null;
  if (
    typeof v.seatKey !== 'string' ||
    typeof v.order !== 'number' ||
    !secrets ||
    !(secrets.sealSecret instanceof Uint8Array) ||
    !Array.isArray(secrets.packets) ||
    !secrets.packets.every((p) => p instanceof Uint8Array)
  )
    return null;
  return { ...entry, secrets: { seatKey: v.seatKey, secrets: secrets as HandSecrets, order: v.order } };
}

export class OwnJournal {
  /** Orders the entries (a seat's newest secrets win): set above every entry already there at the first write. */
  private order: number | null = null;

  constructor(private readonly storage: Storage) {}

  private nextOrder(): number {
    this.order ??= this.entries().reduce((top, e) => Math.max(top, e.secrets?.order ?? 0), 0);
    return ++this.order;
  }

  /**
   * Journals one own event and, if given, the seat's newest secrets of the hand. True once it is written: the event
   * may be sent now. False if it could not be (storage full or refused): the event must wait for IndexedDB.
   */
  write(
    table: string,
    hand: number,
    key: string,
    bytes: Uint8Array,
    secrets?: { readonly seatKey: string; readonly secrets: HandSecrets },
  ): boolean {
    const value = secrets
      ? { bytes, seatKey: secrets.seatKey, secrets: secrets.secrets, order: this.nextOrder() }
      : { bytes };
    try {
      this.storage.setItem(`${PREFIX}${table}/${hand}/${key}`, encodeValue(value));
      return true;
    } catch {
      return false;
    }
  }

  /** IndexedDB holds the event now: the journal lets go of it. */
  forget(table: string, hand: number, key: string): void {
    this.storage.removeItem(`${PREFIX}${table}/${hand}/${key}`);
  }

  /** Every entry that reads back, of one table's hand or of all. */
  entries(table?: string, hand?: number): JournalEntry[] {
    const found: JournalEntry[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const name = this.storage.key(i);
      if (name === null || !name.startsWith(PREFIX)) continue;
      const entry = parseEntry(name, this.storage.getItem(name) ?? '');
      if (entry && (table === undefined || (entry.table === table && entry.hand === hand))) found.push(entry);
    }
    return found;
  }

  /** The newest secrets a seat journaled for a hand, if any entry of it holds some. */
  secrets(table: string, hand: number, seatKey: string): HandSecrets | undefined {
    let newest: JournalEntry['secrets'];
    for (const { secrets } of this.entries(table, hand))
      if (secrets?.seatKey === seatKey && (!newest || secrets.order > newest.order)) newest = secrets;
    return newest?.secrets;
  }
}
