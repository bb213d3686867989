/**
 * The watchers a table lists (src/table/table-watchers.ts): peers heard by
 * hello or presence that hold no seat and are not this page, for 20 s after
 * they were last heard, under the latest name they gave, sorted by name then
 * key.
 */
import { describe, expect, it } from 'vitest';
import { Watchers } from '../../src/table/table-watchers.js';
import type { Envelope } from '../../src/net/envelope.js';

describe('watchers', () => {
  const key = (b: number) => new Uint8Array(32).fill(b);
  const hex = (b: number) => b.toString(16).padStart(2, '0').repeat(32);
  const heard = (kind: string, b: number, name: string) =>
    ({ kind, from: key(b), body: { name } }) as unknown as Envelope;

  it('are the fresh unseated peers other than this page, sorted by name then key', () => {
    const watchers = new Watchers();
    watchers.observe(heard('hello', 1, 'Zed'), 1000);
    watchers.observe(heard('presence', 2, 'Amy'), 1000);
    watchers.observe(heard('presence', 3, 'Amy'), 1000);
    watchers.observe(heard('hello', 4, 'Seated'), 1000);
    watchers.observe(heard('hello', 5, 'Me'), 1000);
    watchers.observe(heard('join', 6, 'Joiner'), 1000);
    watchers.observe(heard('roster', 7, 'Roster'), 1000);
    expect(watchers.list(new Set([hex(4)]), hex(5), 1000)).toEqual([
      { keyHex: hex(2), name: 'Amy' },
      { keyHex: hex(3), name: 'Amy' },
      { keyHex: hex(1), name: 'Zed' },
    ]);
  });

  it('say when the list may show something new: a key first heard, a new name, a word heard again after going stale', () => {
    const watchers = new Watchers();
    expect(watchers.observe(heard('hello', 1, 'Ann'), 0)).toBe(true);
    expect(watchers.observe(heard('presence', 1, 'Ann'), 3000)).toBe(false);
    expect(watchers.observe(heard('presence', 1, 'Ann'), 23_000)).toBe(false);
    expect(watchers.observe(heard('presence', 1, 'Anna'), 26_000)).toBe(true);
    expect(watchers.observe(heard('presence', 1, 'Anna'), 46_001)).toBe(true);
    expect(watchers.observe(heard('join', 2, 'Bea'), 46_001)).toBe(false);
    expect(watchers.list(new Set(), 'me', 46_001)).toEqual([{ keyHex: hex(1), name: 'Anna' }]);
  });

  it('stay 20 s after they were last heard, and the latest name counts', () => {
    const watchers = new Watchers();
    watchers.observe(heard('hello', 1, 'Old'), 0);
    watchers.observe(heard('presence', 1, 'New'), 5000);
    watchers.observe(heard('hello', 2, 'Bea'), 0);
    expect(watchers.list(new Set(), 'me', 20_000)).toEqual([
      { keyHex: hex(2), name: 'Bea' },
      { keyHex: hex(1), name: 'New' },
    ]);
    expect(watchers.list(new Set(), 'me', 20_001)).toEqual([{ keyHex: hex(1), name: 'New' }]);
    expect(watchers.list(new Set(), 'me', 25_001)).toEqual([]);
  });
});
