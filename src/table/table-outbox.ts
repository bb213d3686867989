/**
 * What a table stores, and in which order: the `TableStore` interface (IndexedDB
 * in the browser, memory in tests) and `TableOutbox`, the persist-then-send
 * queue of one table on one peer. Each of our own events and the secrets it
 * depends on is written before the event is sent (by a fetch answer too:
 * `withheld`), in order, so a reload can never produce a second, different
 * event for the same slot. A store that keeps a synchronous journal
 * (`journalOwnEvent`: the browser's, in localStorage) has the event written
 * there, with the seat's newest secrets of the hand, and the event goes in
 * the same task; the store's own write follows as before. A failed write
 * is retried with backoff and, if it still fails, the hand stops with this
 * peer's own failure named. Events received from peers are stored as they
 * come (best effort: a peer can fetch them again), and a hand's stored events
 * are read back, verified again, when the hand is (re)started.
 */
import { decodeEnvelope, encodeEnvelope, keyHex, type EnvelopeOf } from '../net/envelope.js';
import { SignatureVerifier } from '../net/verify.js';
import type { HandSecrets } from './hand-session.js';
import type { HandRecord } from './hand/setup.js';
import type { RosterStore } from './lobby.js';
import type { TableNow } from './table-now.js';

/** Where a table keeps its hands between reloads (IndexedDB in the browser, memory in tests). */
export interface TableStore extends RosterStore {
  loadHandEvents(table: string, hand: number): Promise<Uint8Array[]>;
  saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array): Promise<void>;
  loadHandSecrets(table: string, hand: number, seatKey: string): Promise<HandSecrets | undefined>;
  /** A hand's agreed set-up, and its outcome once finished (hand/setup.ts). */
  loadHandRecord(table: string, hand: number): Promise<HandRecord | undefined>;
  saveHandRecord(table: string, hand: number, record: HandRecord): Promise<void>;
  saveHandSecrets(table: string, hand: number, seatKey: string, secrets: HandSecrets): Promise<void>;
  /**
   * A seat's own event, and the secrets it depends on when given: the event is never stored without them (IndexedDB:
   * one transaction; memory: the secrets first).
   */
  saveOwnEvent(table: string, hand: number, key: string, bytes: Uint8Array, secrets?: SeatSecrets): Promise<void>;
  /**
   * Writes a seat's own event, and its newest secrets of the hand when given, where a reload reads them back with the
   * stored events and secrets, before returning: true once written (the event may be sent now, ahead of
   * `saveOwnEvent`, which follows), false if it could not be (the event waits for `saveOwnEvent`). Optional: a store
   * without it has every own event wait for its write.
   */
  journalOwnEvent?(table: string, hand: number, key: string, bytes: Uint8Array, secrets?: SeatSecrets): boolean;
  loadBots(table: string): Promise<Uint8Array[]>;
  saveBot(table: string, secretKey: Uint8Array): Promise<void>;
}

/** A seat's secrets of a hand, by the seat's key. */
export interface SeatSecrets {
  readonly seatKey: string;
  readonly secrets: HandSecrets;
}

/** Secrets a seat kept, for the write that will carry them. */
interface Kept extends SeatSecrets {
  readonly seat: number;
  readonly hand: number;
}

/** What the outbox needs from its table session. */
export interface OutboxHost {
  readonly store: TableStore;
  /** The table's id, and whether the page closed it. */
  readonly now: Pick<TableNow, 'table' | 'closed'>;
  /** First wait before retrying a failed save of our own event (ms; doubles each try). */
  readonly retryMs: number | undefined;
  readonly onLog: (line: string, level?: 'info' | 'warn' | 'error') => void;
  /** A write of seat `seat` for hand `hand` failed for good (already logged): that hand (if it still runs) must stop with `detail`. */
  readonly failed: (seat: number, hand: number, detail: string) => void;
}

/** A failed save of our own event is tried this many times, waiting base·2^k between tries. */
const SAVE_ATTEMPTS = 5;
const DEFAULT_SAVE_RETRY_MS = 250;

export class TableOutbox {
  /** Persist-then-send queue: each send waits for everything stored before it. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The hand whose own events could not be stored (nothing more of it is sent). */
  private unstorable = -1;
  /**
   * Verifies stored events again with a per-author cache (net/verify.ts): a
   * hand's events come from a handful of keys, and reading one back (a reload,
   * a catch-up answer) verifies every one, which without the cache decodes
   * and tables the author's key once per event.
   */
  private readonly verifier = new SignatureVerifier();
  /** Signatures (hex) of our own events queued and not yet stored and sent: nobody gets them, not even in a fetch answer. */
  private readonly unsent = new Set<string>();

  constructor(private readonly host: OutboxHost) {}

  /**
   * Whether `envelope` is one of our own events not yet stored and sent. Our hand session holds it from the moment it
   * is made; a fetch answered with it then would let a reload, which loses the unstored secrets it depends on, make
   * another event for its slot (or go on with keys that do not match the seal key it announced).
   */
  withheld(envelope: EnvelopeOf<'table-event'>): boolean {
    return this.unsent.size > 0 && this.unsent.has(keyHex(envelope.sig));
  }

  /** A hand's stored events (ours and received ones), verified again; undecodable ones are dropped. */
  async storedEvents(hand: number): Promise<EnvelopeOf<'table-event'>[]> {
    const table = this.host.now.table;
    return (await this.host.store.loadHandEvents(table, hand)).flatMap((bytes) => {
      const decoded = decodeStored(bytes, table, this.verifier);
      return decoded ? [decoded] : [];
    });
  }

  /** The newest secrets each seat (by key) kept, with their hand: what a retried write stores. */
  private readonly newest = new Map<string, { readonly hand: number; readonly secrets: HandSecrets }>();
  /** Secrets kept in this task and not written yet: the event made with them, next, carries them. */
  private kept: Kept | null = null;
  /** Writes queued and not settled yet. */
  private pending = 0;
  /** Own events waiting for their write before they are sent: a later one may not overtake them through the journal. */
  private waitingSends = 0;

  /**
   * A seat's secrets for hand `hand`. A seat keeps them just before it sends the event made with them, in the same
   * task: that event's write carries them (`sendAfterStoring`). Kept alone, they are written once the task's code has
   * run. Retries store the seat's newest secrets of the hand, which a later write may already have stored: older ones
   * put back over them would lack the keys of events sent since.
   */
  keepSecrets(seat: number, hand: number, seatKey: string, secrets: HandSecrets): void {
    this.newest.set(seatKey, { hand, secrets });
    if (this.kept && (this.kept.seatKey !== seatKey || this.kept.hand !== hand)) this.writeKept();
    if (!this.kept) queueMicrotask(() => this.writeKept());
    this.kept = { seat, hand, seatKey, secrets };
  }

  /** The secrets a seat kept and no event carried: written on their own, in queue order. */
  private writeKept(): void {
    const kept = this.kept;
    if (!kept) return;
    this.kept = null;
    this.enqueue(kept.seat, kept.hand, 'its secrets', () =>
      this.host.store.saveHandSecrets(this.host.now.table, kept.hand, kept.seatKey, this.newestOf(kept)),
    );
  }

  /** The seat's newest secrets of the hand `kept` are of (a seat that moved on to the next hand: those kept). */
  private newestOf(kept: Kept): HandSecrets {
    const newest = this.newest.get(kept.seatKey);
    return newest?.hand === kept.hand ? newest.secrets : kept.secrets;
  }

  /**
   * Stores seat `seat`'s own event, with the secrets it kept for it, then (if stored and the table is open) runs
   * `send` with the bytes stored; in queue order.
   */
  sendAfterStoring(seat: number, envelope: EnvelopeOf<'table-event'>, send: (bytes: Uint8Array) => void): void {
    const bytes = encodeEnvelope(envelope);
    const key = eventKey(envelope);
    const sig = keyHex(envelope.sig);
    const hand = envelope.body.hand;
    this.unsent.add(sig);
    const kept = this.kept?.seat === seat && this.kept.hand === hand ? this.kept : null;
    if (kept) this.kept = null;
    else this.writeKept();
    const { table } = this.host.now;
    const type = envelope.body.type;
    const carried = kept ? { seatKey: kept.seatKey, secrets: this.newestOf(kept) } : undefined;
    const sent = () => {
      this.unsent.delete(sig);
      send(bytes);
    };
    const early = !this.host.now.closed && this.waitingSends === 0 && this.journal(hand, key, bytes, envelope, carried);
    if (early) sent();
    else this.waitingSends++;
    this.enqueue(
      seat,
      hand,
      kept ? `its ${type} event and the secrets it depends on` : `its ${type} event`,
      () => this.host.store.saveOwnEvent(table, hand, key, bytes, carried),
      early,
      (stored) => {
        if (early) return;
        this.waitingSends--;
        // One never stored stays withheld: nothing unstored is ever sent.
        if (stored && !this.host.now.closed) sent();
      },
    );
  }

  /**
   * Writes our own event to the store's journal, with its author's newest secrets of the hand (those it carries, or
   * the newest kept before): true if the event may be sent now. Never for a hand whose writes failed.
   */
  private journal(
    hand: number,
    key: string,
    bytes: Uint8Array,
    envelope: EnvelopeOf<'table-event'>,
    carried: SeatSecrets | undefined,
  ): boolean {
    const store = this.host.store;
    if (!store.journalOwnEvent || this.unstorable === hand) return false;
    const author = keyHex(envelope.from);
    const newest = this.newest.get(author);
    const secrets = carried ?? (newest?.hand === hand ? { seatKey: author, secrets: newest.secrets } : undefined);
    return store.journalOwnEvent(this.host.now.table, hand, key, bytes, secrets);
  }

  /**
   * Queues a write, and `then` once it has settled (stored or failed for good). The first try of a write asked for
   * while the queue is empty starts at once, so it shares a transaction with what this task stores
   * (group-commit.ts); any other waits for everything queued before it to be stored, so nothing is stored after a
   * write that has not been. `sent`: the event this write stores has gone already (through the journal).
   */
  private enqueue(
    seat: number,
    hand: number,
    what: string,
    write: () => Promise<void>,
    sent = false,
    then?: (stored: boolean) => void,
  ): void {
    const first = this.pending === 0 && this.unstorable !== hand ? write() : undefined;
    first?.catch(() => {});
    this.pending++;
    this.queue = this.queue.then(async () => {
      const stored = await this.persist(seat, hand, what, write, sent, first);
      this.pending--;
      then?.(stored);
    });
  }

  /** Stores an event received from a peer (best effort: a failure is logged, the event can be fetched again). */
  saveReceived(envelope: EnvelopeOf<'table-event'>, bytes: Uint8Array = encodeEnvelope(envelope)): void {
    this.host.store
      .saveHandEvent(this.host.now.table, envelope.body.hand, eventKey(envelope), bytes)
      .catch((error: unknown) => {
        this.host.onLog(`could not store an event of hand ${envelope.body.hand + 1}: ${errorText(error)}`, 'warn');
      });
  }

  /**
   * One write of the outbox for hand `hand`, retried with backoff (a full
   * disk or a quota may clear); if it still fails, that hand (not whichever
   * one runs by then: a rematch may have started the next) stops with this
   * peer's own failure named (nothing unsent is ever sent unstored). Never
   * rejects, so the outbox goes on for later writes.
   */
  private async persist(
    seat: number,
    hand: number,
    what: string,
    write: () => Promise<void>,
    sent: boolean,
    first?: Promise<void>,
  ): Promise<boolean> {
    if (this.unstorable === hand) return false; // an earlier write of this hand failed for good: send nothing after it
    const base = this.host.retryMs ?? DEFAULT_SAVE_RETRY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await (attempt === 0 && first ? first : write());
        return true;
      } catch (error) {
        if (attempt + 1 >= SAVE_ATTEMPTS || this.host.now.closed) {
          this.unstorable = hand;
          const detail = sent
            ? `this browser could not store ${what} (${errorText(error)}) after sending it: free some storage and reload`
            : `this browser could not store ${what} (${errorText(error)}), so it was not sent: free some storage and reload`;
          this.host.onLog(detail, 'error');
          this.host.failed(seat, hand, detail);
          return false;
        }
        this.host.onLog(`storing ${what} failed (${errorText(error)}); trying again`, 'warn');
        await new Promise((resolve) => setTimeout(resolve, base * 2 ** attempt));
      }
    }
  }
}

/** The store key of one event: its author and its number in the author's sequence. */
function eventKey(envelope: EnvelopeOf<'table-event'>): string {
  return `${keyHex(envelope.from)}:${envelope.body.n}`;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Stored events were verified when they arrived; they are verified again all the same. */
function decodeStored(bytes: Uint8Array, table: string, verifier: SignatureVerifier): EnvelopeOf<'table-event'> | null {
  const decoded = decodeEnvelope(bytes, table, verifier);
  return decoded.ok && decoded.value.kind === 'table-event' ? decoded.value : null;
}
