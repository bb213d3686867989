/**
 * The log the app store (store.ts) shows beside a table: each table has its
 * own, it keeps the last LOG_LIMIT lines, a seat's line is not repeated
 * (log-lines.ts), and a rejected message makes one line per reason and sender.
 */
import type { Rejection } from '../net/mesh-types.js';
import { repeatsSeatLine } from './log-lines.js';
import type { LogEntry, LogLevel } from './store-types.js';

const LOG_LIMIT = 300;

export class TableLog {
  private list: LogEntry[] = [];
  private nextId = 1;
  /** The table the log belongs to. */
  private table: string | null = null;

  /** The lines, oldest first (a new array after each line added). */
  get entries(): readonly LogEntry[] {
    return this.list;
  }

  /** Starts `table`'s log; the table logged already (a retry of it) keeps its lines. */
  openTable(table: string): void {
    if (this.table === table) return;
    this.list = [];
    this.table = table;
  }

  /** Adds a line; false when it repeats a seat's line and is left out. */
  add(level: LogLevel, text: string): boolean {
    if (repeatsSeatLine(this.list, text)) return false;
    this.list = [...this.list.slice(-(LOG_LIMIT - 1)), { id: this.nextId++, at: Date.now(), level, text }];
    return true;
  }

  /**
   * The line for a message the mesh rejected (also written to the console), or null when one of the last lines
   * says it already: one line per distinct reason and sender is enough for a person.
   */
  rejectionLine(rejection: Rejection): string | null {
    const who = rejection.author ? `${rejection.author.slice(0, 8)}… via ${rejection.via}` : rejection.via;
    const text = `rejected a message from ${who}: ${rejection.reason}`;
    console.warn(`[fairdeck] ${text}`);
    return this.list.slice(-20).some((e) => e.text === text) ? null : text;
  }
}
