/**
 * Tabs of one browser tell each other where they sit (BroadcastChannel, as
 * Node runs it between objects of one process): a tab sees another that sits
 * at its table under another key, not one at another table, not one without
 * a seat, not itself; a tab that leaves or closes is forgotten; malformed
 * messages on the channel are ignored. It needs no secure context: a LAN
 * table is opened over plain http.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabPresence } from '../../src/app/tab-presence.js';

const TABLE = 'abcdefgh-0011223344556677';
const open: TabPresence[] = [];
afterEach(() => {
  for (const tab of open.splice(0)) tab.close();
  vi.unstubAllGlobals();
});

function tab(): { presence: TabPresence; changes: () => number } {
  let changes = 0;
  const presence = new TabPresence(() => changes++);
  open.push(presence);
  return { presence, changes: () => changes };
}

/** Until `check` holds (messages cross the channel asynchronously). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('a tab sees where the other tabs of its browser sit', () => {
  it('works on a page served over plain http (no secure context: crypto has getRandomValues, not randomUUID)', async () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const first = tab();
    const second = tab();
    first.presence.set({ table: TABLE, key: 'aa', seat: 0, name: 'Ann' });
    await until(() => second.presence.seatedElsewhere(TABLE, 'bb') !== null);
  });

  it('another tab seated at this table under another key is seen; it is forgotten once it leaves', async () => {
    const first = tab();
    const second = tab();
    first.presence.set({ table: TABLE, key: 'aa', seat: 0, name: 'Ann' });
    await until(() => second.presence.seatedElsewhere(TABLE, 'bb') !== null);
    expect(second.presence.seatedElsewhere(TABLE, 'bb')).toEqual({ table: TABLE, key: 'aa', seat: 0, name: 'Ann' });
    expect(second.presence.seatedElsewhere('zzzzzzzz-0011223344556677', 'bb')).toBeNull();
    expect(second.presence.seatedElsewhere(TABLE, 'aa')).toBeNull();
    expect(first.presence.seatedElsewhere(TABLE, 'aa')).toBeNull();
    first.presence.set(null);
    await until(() => second.presence.seatedElsewhere(TABLE, 'bb') === null);
  });

  it('a tab opened later asks, and a tab already seated answers', async () => {
    const first = tab();
    first.presence.set({ table: TABLE, key: 'aa', seat: 1, name: 'Ann' });
    const later = tab();
    await until(() => later.presence.seatedElsewhere(TABLE, 'bb')?.seat === 1);
    expect(later.changes()).toBeGreaterThan(0);
  });

  it('a tab at the table without a seat is not "seated elsewhere"', async () => {
    const first = tab();
    const second = tab();
    first.presence.set({ table: TABLE, key: 'aa', seat: null, name: 'Ann' });
    first.presence.set({ table: TABLE, key: 'aa', seat: 2, name: 'Ann' });
    await until(() => second.presence.seatedElsewhere(TABLE, 'bb') !== null);
    first.presence.set({ table: TABLE, key: 'aa', seat: null, name: 'Ann' });
    await until(() => second.presence.seatedElsewhere(TABLE, 'bb') === null);
  });

  it('a tab says where it sits only when that changed, and another tab hears a change only when there was one', async () => {
    const heard: string[] = [];
    const spy = new BroadcastChannel('fairdeck-tabs');
    spy.addEventListener('message', (event: MessageEvent<{ type: string; at?: { name: string } | null }>) => {
      if (event.data.type === 'here') heard.push(event.data.at?.name ?? '');
    });
    const first = tab();
    first.presence.set({ table: TABLE, key: 'aa', seat: 1, name: 'Ann' });
    first.presence.set({ table: TABLE, key: 'aa', seat: 1, name: 'Ann' });
    first.presence.set({ table: TABLE, key: 'aa', seat: 1, name: 'Annie' });
    await until(() => heard.length >= 2);
    expect(heard).toEqual(['Ann', 'Annie']);
    const second = tab();
    await until(() => second.presence.seatedElsewhere(TABLE, 'bb')?.name === 'Annie');
    const changes = second.changes();
    // The same place said again (an answer to another tab's ask) is no change.
    spy.postMessage({ type: 'ask', from: 'spy' });
    first.presence.set({ table: TABLE, key: 'aa', seat: 2, name: 'Annie' });
    await until(() => second.presence.seatedElsewhere(TABLE, 'bb')?.seat === 2);
    expect(second.changes()).toBe(changes + 1);
    spy.close();
  });

  it.each([
    ['not an object', 'here'],
    ['no sender', { type: 'here', at: { table: TABLE, key: 'aa', seat: 0, name: 'x' } }],
    ['an unknown type', { type: 'sit', from: 'x', at: { table: TABLE, key: 'aa', seat: 0, name: 'x' } }],
    ['a seat that is no index', { type: 'here', from: 'x', at: { table: TABLE, key: 'aa', seat: -1, name: 'x' } }],
    ['a fractional seat', { type: 'here', from: 'x', at: { table: TABLE, key: 'aa', seat: 0.5, name: 'x' } }],
    ['no key', { type: 'here', from: 'x', at: { table: TABLE, seat: 0, name: 'x' } }],
    ['a name that is no text', { type: 'here', from: 'x', at: { table: TABLE, key: 'aa', seat: 0, name: 7 } }],
  ])('a malformed message (%s) is ignored', async (_what, message) => {
    const listener = tab();
    const rogue = new BroadcastChannel('fairdeck-tabs');
    rogue.postMessage(message);
    // A well-formed message sent after it arrives after it: once it is seen, the malformed one was read and dropped.
    rogue.postMessage({ type: 'here', from: 'y', at: { table: 'other', key: 'cc', seat: 0, name: 'ok' } });
    await until(() => listener.presence.seatedElsewhere('other', 'bb') !== null);
    expect(listener.presence.seatedElsewhere(TABLE, 'bb')).toBeNull();
    rogue.close();
  });
});
