/**
 * A TableStore in memory: for simulations, bots and tests (the browser uses
 * IndexedDB, src/app/persistence.ts). Values are copied in and out, as a real
 * store would, so nobody shares mutable state through it.
 */
import type { Roster } from '../../src/net/messages.js';
import type { HandSecrets } from '../../src/table/hand-session.js';
import type { HandRecord } from '../../src/table/hand/setup.js';
import type { SeatSecrets, TableStore } from '../../src/table/table-outbox.js';

export class MemoryTableStore implements TableStore {
  private readonly rosters = new Map<string, Roster>();
  private readonly events = new Map<string, Map<string, Uint8Array>>();
  private readonly secrets = new Map<string, HandSecrets>();
  private readonly bots = new Map<string, Uint8Array[]>();
  private readonly records = new Map<string, HandRecord>();

  async loadRoster(table: string) {
    const roster = this.rosters.get(table);
    return roster ? structuredClone(roster) : undefined;
  }
  async saveRoster(table: string, roster: Roster) {
    this.rosters.set(table, structuredClone(roster));
  }
  async loadHandEvents(table: string, hand: number) {
    return [...(this.events.get(`${table}/${hand}`)?.values() ?? [])].map((b) => b.slice());
  }
  async saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array) {
    const id = `${table}/${hand}`;
    const map = this.events.get(id) ?? new Map<string, Uint8Array>();
    map.set(key, bytes.slice());
    this.events.set(id, map);
  }
  /** The secrets first, then the event, each through its own method (tests script failures of either). */
  async saveOwnEvent(table: string, hand: number, key: string, bytes: Uint8Array, secrets?: SeatSecrets) {
    if (secrets) await this.saveHandSecrets(table, hand, secrets.seatKey, secrets.secrets);
    await this.saveHandEvent(table, hand, key, bytes);
  }
  async loadHandSecrets(table: string, hand: number, seatKey: string) {
    const s = this.secrets.get(`${table}/${hand}/${seatKey}`);
    return s ? structuredClone(s) : undefined;
  }
  async saveHandSecrets(table: string, hand: number, seatKey: string, secrets: HandSecrets) {
    this.secrets.set(`${table}/${hand}/${seatKey}`, structuredClone(secrets));
  }
  async loadHandRecord(table: string, hand: number) {
    const record = this.records.get(`${table}/${hand}`);
    return record ? structuredClone(record) : undefined;
  }
  async saveHandRecord(table: string, hand: number, record: HandRecord) {
    this.records.set(`${table}/${hand}`, structuredClone(record));
  }
  async loadBots(table: string) {
    return (this.bots.get(table) ?? []).map((b) => b.slice());
  }
  async saveBot(table: string, secretKey: Uint8Array) {
    this.bots.set(table, [...(this.bots.get(table) ?? []), secretKey.slice()]);
  }
}
