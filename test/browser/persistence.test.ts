/**
 * The browser's store of a table's hands (src/app/persistence.ts), in
 * Chromium's own IndexedDB: events that arrive one after another while one
 * is being committed are written together, and every one reads back.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { BrowserStore } from '../../src/app/persistence.js';

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
