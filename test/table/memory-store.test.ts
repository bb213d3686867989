/**
 * The in-memory table store (tools/sim/memory-store.ts), which simulations
 * and tests keep a table in: rosters, hand events, secrets, hand records and
 * bot keys, each kept per table (and hand, and seat key where it says), and
 * copied in and out, so a caller that changes what it saved or loaded
 * changes nothing stored.
 */
import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import type { Roster } from '../../src/net/messages.js';
import type { HandSecrets } from '../../src/table/hand-session.js';
import type { HandRecord } from '../../src/table/hand/setup.js';

describe('the memory store', () => {
  const roster: Roster = {
    version: 3,
    config: { game: 'stress-shed', seats: 2, options: {} },
    seats: [null, null],
    hands: 1,
  };

  it('keeps rosters per table, as copies', async () => {
    const store = new MemoryTableStore();
    expect(await store.loadRoster('t1')).toBeUndefined();
    const mine = structuredClone(roster);
    await store.saveRoster('t1', mine);
    mine.version = 99;
    const loaded = await store.loadRoster('t1');
    expect(loaded).toEqual(roster);
    loaded!.version = 50;
    expect((await store.loadRoster('t1'))!.version).toBe(3);
    expect(await store.loadRoster('t2')).toBeUndefined();
  });

  it('keeps hand events per table and hand, by key, as copies', async () => {
    const store = new MemoryTableStore();
    expect(await store.loadHandEvents('t1', 0)).toEqual([]);
    const bytes = new Uint8Array([1, 2, 3]);
    await store.saveHandEvent('t1', 0, 'a:0', bytes);
    await store.saveHandEvent('t1', 0, 'a:1', new Uint8Array([4]));
    await store.saveHandEvent('t1', 0, 'a:0', new Uint8Array([5])); // same key: replaced
    await store.saveHandEvent('t1', 1, 'a:0', new Uint8Array([6]));
    await store.saveHandEvent('t2', 0, 'a:0', new Uint8Array([7]));
    bytes[0] = 9;
    const loaded = await store.loadHandEvents('t1', 0);
    expect(loaded).toEqual([new Uint8Array([5]), new Uint8Array([4])]);
    loaded[0]![0] = 42;
    expect(await store.loadHandEvents('t1', 0)).toEqual([new Uint8Array([5]), new Uint8Array([4])]);
    expect(await store.loadHandEvents('t1', 1)).toEqual([new Uint8Array([6])]);
    expect(await store.loadHandEvents('t2', 0)).toEqual([new Uint8Array([7])]);
  });

  it('keeps the first event too, copied when saved', async () => {
    const store = new MemoryTableStore();
    const bytes = new Uint8Array([1, 2, 3]);
    await store.saveHandEvent('t1', 0, 'a:0', bytes);
    bytes[0] = 9;
    expect(await store.loadHandEvents('t1', 0)).toEqual([new Uint8Array([1, 2, 3])]);
  });

  it('keeps secrets per table, hand and seat key, as copies', async () => {
    const store = new MemoryTableStore();
    const secrets = { marker: [1, 2] } as unknown as HandSecrets;
    expect(await store.loadHandSecrets('t1', 0, 'k1')).toBeUndefined();
    await store.saveHandSecrets('t1', 0, 'k1', secrets);
    (secrets as unknown as { marker: number[] }).marker.push(3);
    const loaded = await store.loadHandSecrets('t1', 0, 'k1');
    expect(loaded).toEqual({ marker: [1, 2] });
    (loaded as unknown as { marker: number[] }).marker.push(4);
    expect(await store.loadHandSecrets('t1', 0, 'k1')).toEqual({ marker: [1, 2] });
    expect(await store.loadHandSecrets('t1', 0, 'k2')).toBeUndefined();
    expect(await store.loadHandSecrets('t1', 1, 'k1')).toBeUndefined();
    expect(await store.loadHandSecrets('t2', 0, 'k1')).toBeUndefined();
  });

  it('keeps hand records per table and hand, as copies', async () => {
    const store = new MemoryTableStore();
    const record = { outcome: { winner: 1 } } as unknown as HandRecord;
    expect(await store.loadHandRecord('t1', 0)).toBeUndefined();
    await store.saveHandRecord('t1', 0, record);
    (record as unknown as { outcome: { winner: number } }).outcome.winner = 2;
    const loaded = await store.loadHandRecord('t1', 0);
    expect(loaded).toEqual({ outcome: { winner: 1 } });
    (loaded as unknown as { outcome: { winner: number } }).outcome.winner = 3;
    expect(await store.loadHandRecord('t1', 0)).toEqual({ outcome: { winner: 1 } });
    expect(await store.loadHandRecord('t1', 1)).toBeUndefined();
    expect(await store.loadHandRecord('t2', 0)).toBeUndefined();
  });

  it('keeps bot keys per table, in order, as copies', async () => {
    const store = new MemoryTableStore();
    expect(await store.loadBots('t1')).toEqual([]);
    const first = new Uint8Array([1]);
    await store.saveBot('t1', first);
    await store.saveBot('t1', new Uint8Array([2]));
    first[0] = 9;
    const loaded = await store.loadBots('t1');
    expect(loaded).toEqual([new Uint8Array([1]), new Uint8Array([2])]);
    loaded[0]![0] = 7;
    expect(await store.loadBots('t1')).toEqual([new Uint8Array([1]), new Uint8Array([2])]);
    expect(await store.loadBots('t2')).toEqual([]);
  });
});
