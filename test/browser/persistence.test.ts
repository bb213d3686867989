/**
 * The browser's store of a table's hands (src/app/persistence.ts), in
 * Chromium's own IndexedDB: events that arrive one after another while one
 * is being committed are written together, what one task asks for commits
 * in one transaction (all or nothing), and every one reads back. An own
 * event journaled in localStorage (own-journal.ts) reads back after a reload
 * before its IndexedDB write is done, with the journal's secrets over older
 * rows; its committed write lets go of the entry.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { BrowserStore } from '../../src/app/persistence.js';
import type { HandSecrets } from '../../src/table/hand-session.js';

afterEach(() => vi.restoreAllMocks());

/** Runs `job` in a task of its own (a message from a peer arrives in one). */
const task = <T>(job: () => T) =>
  new Promise<T>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(job());
    channel.port2.postMessage(null);
  });

test('a burst of hand events, one per task, is stored in fewer transactions than events, and reads back whole', async () => {
  const store = await BrowserStore.open();
  const table = `persistence-${crypto.randomUUID()}`;
  const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
  const bytes = (i: number) => Uint8Array.of(i, i + 1, i + 2);
  const saves = await Promise.all(
    Array.from({ length: 12 }, (_, i) => task(() => store.saveHandEvent(table, 0, `author:${i}`, bytes(i)))),
  );
  await Promise.all(saves);
  const writes = transactions.mock.calls.filter(([, mode]) => mode === 'readwrite').length;
  expect(writes).toBeGreaterThan(0);
  expect(writes).toBeLessThan(12);
  const stored = (await store.loadHandEvents(table, 0)).map((b) => [...b]);
  expect(stored.sort((a, b) => a[0]! - b[0]!)).toEqual(Array.from({ length: 12 }, (_, i) => [...bytes(i)]));
});

test('events saved one at a time are stored under their hand and read back', async () => {
  const store = await BrowserStore.open();
  const table = `persistence-${crypto.randomUUID()}`;
  await store.saveHandEvent(table, 3, 'author:0', Uint8Array.of(9));
  await store.saveHandEvent(table, 3, 'author:1', Uint8Array.of(8));
  expect((await store.loadHandEvents(table, 3)).map((b) => [...b])).toEqual([[9], [8]]);
  expect(await store.loadHandEvents(table, 2)).toEqual([]);
});

test("a peer's event taken in, and this page's answer with the secrets it depends on, asked in one task, commit in one transaction", async () => {
  const store = await BrowserStore.open();
  const table = `persistence-${crypto.randomUUID()}`;
  const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
  const secrets = { sealSecret: Uint8Array.of(7), packets: [], committed: null } as unknown as HandSecrets;
  await task(() =>
    Promise.all([
      store.saveHandEvent(table, 0, 'peer:4', Uint8Array.of(4)),
      store.saveOwnEvent(table, 0, 'me:2', Uint8Array.of(2), { seatKey: 'me', secrets }),
    ]),
  );
  expect(transactions.mock.calls.filter(([, mode]) => mode === 'readwrite')).toHaveLength(1);
  expect((await store.loadHandEvents(table, 0)).map((b) => [...b]).sort()).toEqual([[2], [4]]);
  expect(await store.loadHandSecrets(table, 0, 'me')).toEqual(secrets);
});

test('an own event whose write fails is not stored, and neither are its secrets', async () => {
  const store = await BrowserStore.open();
  const table = `persistence-${crypto.randomUUID()}`;
  // A value IndexedDB cannot clone (a function) makes its put fail: the transaction aborts, all or nothing.
  const unclonable = { sealSecret: () => {} } as unknown as HandSecrets;
  await expect(
    store.saveOwnEvent(table, 0, 'me:0', Uint8Array.of(1), { seatKey: 'me', secrets: unclonable }),
  ).rejects.toBeDefined();
  expect(await store.loadHandEvents(table, 0)).toEqual([]);
  expect(await store.loadHandSecrets(table, 0, 'me')).toBeUndefined();
});

test('a write that fails stores none of the rows asked with it, and the writes after it still go', async () => {
  const store = await BrowserStore.open();
  const table = `persistence-${crypto.randomUUID()}`;
  const secrets = { sealSecret: Uint8Array.of(1) } as unknown as HandSecrets;
  const unclonable = { sealSecret: () => {} } as unknown as HandSecrets;
  const [peer, own] = await task(() => [
    store.saveHandEvent(table, 0, 'peer:0', Uint8Array.of(5)).then(
      () => 'stored',
      () => 'failed',
    ),
    store.saveOwnEvent(table, 0, 'me:0', Uint8Array.of(6), { seatKey: 'me', secrets: unclonable }).then(
      () => 'stored',
      () => 'failed',
    ),
  ]);
  expect([await peer, await own]).toEqual(['failed', 'failed']);
  expect(await store.loadHandEvents(table, 0)).toEqual([]);
  await store.saveOwnEvent(table, 0, 'me:0', Uint8Array.of(6), { seatKey: 'me', secrets });
  expect((await store.loadHandEvents(table, 0)).map((b) => [...b])).toEqual([[6]]);
  expect(await store.loadHandSecrets(table, 0, 'me')).toEqual(secrets);
});

/** The page's journal entries of `table` (own-journal.ts), by name. */
const journalOf = (table: string) =>
  Object.keys(localStorage).filter((name) => name.startsWith(`fairdeck.journal/${table}/`));

test('an own event journaled and not yet written reads back after a reload, with its newer secrets over the stored ones', async () => {
  const table = `persistence-${crypto.randomUUID()}`;
  const older = { sealSecret: Uint8Array.of(1), packets: [], committed: null } as HandSecrets;
  const newer = { sealSecret: Uint8Array.of(2), packets: [Uint8Array.of(9)], committed: null } as HandSecrets;
  const page = await BrowserStore.open();
  await page.tidied; // its journal's module is in
  await page.saveOwnEvent(table, 0, 'me:0', Uint8Array.of(10), { seatKey: 'me', secrets: older });
  expect(page.journalOwnEvent(table, 0, 'me:1', Uint8Array.of(11), { seatKey: 'me', secrets: newer })).toBe(true);
  // The page goes away before the event's own write: the next page finds it all the same.
  const reloaded = await BrowserStore.open();
  expect((await reloaded.loadHandEvents(table, 0)).map((b) => [...b])).toEqual([[10], [11]]);
  expect(await reloaded.loadHandSecrets(table, 0, 'me')).toEqual(newer);
  expect(await reloaded.loadHandEvents(table, 1)).toEqual([]);
  expect(journalOf(table)).toHaveLength(1);
});

test("a journaled event's committed write lets go of its entry, and a reload tidies away one a page left behind", async () => {
  const table = `persistence-${crypto.randomUUID()}`;
  const secrets = { sealSecret: Uint8Array.of(3), packets: [], committed: null } as HandSecrets;
  const page = await BrowserStore.open();
  await page.tidied;
  expect(page.journalOwnEvent(table, 0, 'me:0', Uint8Array.of(20), { seatKey: 'me', secrets })).toBe(true);
  expect(journalOf(table)).toHaveLength(1);
  await page.saveOwnEvent(table, 0, 'me:0', Uint8Array.of(20), { seatKey: 'me', secrets });
  expect(journalOf(table)).toEqual([]);
  // A page that closed after its write committed and before it let go: read once, and tidied at the next open.
  page.journalOwnEvent(table, 0, 'me:1', Uint8Array.of(21));
  await (await BrowserStore.open()).saveHandEvent(table, 0, 'me:1', Uint8Array.of(21));
  expect((await page.loadHandEvents(table, 0)).map((b) => [...b])).toEqual([[20], [21]]);
  await (
    await BrowserStore.open()
  ).tidied;
  expect(journalOf(table)).toEqual([]);
});
